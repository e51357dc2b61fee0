-- The privacy log (security rules 54 and 55): who handed over whose data, by id only.
CREATE TABLE "privacy_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"talent_id" integer,
	"count" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_log" ADD CONSTRAINT "privacy_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_log_talent_id_idx" ON "privacy_log" USING btree ("talent_id");