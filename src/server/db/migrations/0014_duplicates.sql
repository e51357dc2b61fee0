-- Issue 19: keys for the duplicate rules (duplicates/check.ts, duplicates/scan.ts).
-- A LinkedIn profile as one text: no scheme, no www or locale subdomain (de.linkedin.com), no
-- query or fragment, no trailing slash, lower-cased. IMMUTABLE, so it feeds a stored column.
CREATE FUNCTION "talent_linkedin_key"(url text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(btrim(url)),
    '^[a-z][a-z0-9+.-]*://', ''), '[?#].*$', ''), '^(www|[a-z]{2})\.(linkedin\.com)', '\2'), '/+$', ''), '')
$$;--> statement-breakpoint
-- A name as words: accents folded (0012's search_unaccent), lower-case, punctuation as spaces.
CREATE FUNCTION "talent_name_key"(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(lower(public.search_unaccent(name)), '[^[:alnum:]]+', ' ', 'g'))
$$;--> statement-breakpoint
-- An e-mail's local part without a +suffix or punctuation: dana.reyes+jobs@x → danareyes.
CREATE FUNCTION "talent_email_local"(email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT regexp_replace(split_part(split_part(lower(email), '@', 1), '+', 1), '[^[:alnum:]]+', '', 'g')
$$;--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"low_id" integer NOT NULL,
	"high_id" integer NOT NULL,
	"dismissed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_low_id_high_id_pk" PRIMARY KEY("low_id","high_id")
);
--> statement-breakpoint
CREATE TABLE "merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"survivor_id" integer NOT NULL,
	"merged_ids" integer[] NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_by_id" integer,
	"undo_until" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "phone_e164" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "linkedin_key" text GENERATED ALWAYS AS (talent_linkedin_key("talents"."linkedin_url")) STORED;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_dismissed_by_id_users_id_fk" FOREIGN KEY ("dismissed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merges_survivor_idx" ON "merges" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX "merges_merged_ids_idx" ON "merges" USING gin ("merged_ids");--> statement-breakpoint
CREATE INDEX "talents_phone_e164_idx" ON "talents" USING btree ("phone_e164") WHERE "talents"."phone_e164" <> '';--> statement-breakpoint
CREATE INDEX "talents_phone_e164_stale_idx" ON "talents" USING btree ("id") WHERE "talents"."phone_e164" IS NULL AND "talents"."phone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "talents_linkedin_key_idx" ON "talents" USING btree ("linkedin_key");--> statement-breakpoint
CREATE INDEX "talents_name_key_idx" ON "talents" USING btree (talent_name_key("full_name"));--> statement-breakpoint
-- The E.164 form needs libphonenumber (JavaScript): whichever path changes a phone, its key is
-- cleared here, in the same statement, and duplicates/phone-keys.ts computes it again before the
-- next check (and at start, which also fills rows written before this migration).
CREATE FUNCTION "talents_phone_e164_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS DISTINCT FROM OLD.phone AND NEW.phone_e164 IS NOT DISTINCT FROM OLD.phone_e164 THEN
    NEW.phone_e164 := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "talents_phone_e164_stale" BEFORE UPDATE OF "phone" ON "talents"
  FOR EACH ROW EXECUTE FUNCTION "talents_phone_e164_stale"();