-- The privacy record on talents (security rule 49; defaults: source other, legitimate interest,
-- not informed, for talents from before it) and the erasure records (security rule 51).
CREATE TABLE "erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"talent_id" integer NOT NULL,
	"erased_by_id" integer,
	"reason" text NOT NULL,
	"email_hash" text,
	"phone_hash" text,
	"key_id" text NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "privacy_source" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "privacy_source_detail" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "lawful_basis" text DEFAULT 'legitimate interest' NOT NULL;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "consent_given_on" date;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "consent_valid_until" date;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "informed_on" date;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_id_users_id_fk" FOREIGN KEY ("erased_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasures_email_hash_idx" ON "erasures" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "erasures_phone_hash_idx" ON "erasures" USING btree ("phone_hash");--> statement-breakpoint
CREATE INDEX "talents_consent_valid_until_idx" ON "talents" USING btree ("consent_valid_until") WHERE "talents"."lawful_basis" = 'consent';