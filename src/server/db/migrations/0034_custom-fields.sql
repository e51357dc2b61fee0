CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"help" text,
	"required" boolean DEFAULT false NOT NULL,
	"on_cards" boolean DEFAULT false NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"personal_data" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_key_idx" ON "custom_fields" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_label_idx" ON "custom_fields" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "talents_custom_fields_gin_idx" ON "talents" USING gin ("custom_fields" jsonb_path_ops);--> statement-breakpoint
-- hand-written: a change of field definitions changes what talents show (their labels, which
-- values a caller may see), so it moves the talents data version like a talent write: cached
-- definitions and pages follow.
CREATE TRIGGER "custom_fields_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_fields"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();
