CREATE TABLE "duplicate_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"talent_ids" integer[] NOT NULL,
	"first_id" integer NOT NULL,
	"confidence" double precision NOT NULL,
	"reasons" text[] NOT NULL,
	"pairs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_scans" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_scans_one_row" CHECK ("duplicate_scans"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "duplicate_groups_rank_idx" ON "duplicate_groups" USING btree ("confidence" DESC NULLS LAST,"first_id");--> statement-breakpoint
CREATE INDEX "duplicate_groups_talent_ids_idx" ON "duplicate_groups" USING gin ("talent_ids");--> statement-breakpoint
-- A name's words as an array ('Dana  Reyes-Ortiz' → {dana,reyes,ortiz}): the similar-name rule
-- looks up talents sharing a word through this GIN index, then compares whole names by trigram
-- similarity (duplicates/rules.ts). A `%` lookup on the trigram GIN took ~58 ms per name at
-- 100,000 talents on PGlite (frequent trigrams); a shared word is a short posting list.
-- fastupdate off: new rows go straight into the index, not into a pending list that every lookup
-- reads through until a vacuum (PGlite has no autovacuum: 5 ms a lookup at 3,000 fresh rows).
CREATE FUNCTION "talent_name_tokens"(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT string_to_array(public.talent_name_key(name), ' ')
$$;--> statement-breakpoint
CREATE INDEX "talents_name_tokens_idx" ON "talents" USING gin (talent_name_tokens("full_name")) WITH (fastupdate = off);--> statement-breakpoint
-- Any write that can change what looks duplicated schedules one whole-pool scan (duplicates/
-- scan-job.ts), a few seconds later so a burst of writes (an import, a bulk action) is one scan.
-- At most one is queued: the row lock on duplicate_scans makes a concurrent writer wait, then see
-- `pending` and enqueue nothing. The job clears `pending` as it starts, so a write during a scan
-- queues the next one.
CREATE FUNCTION "schedule_duplicate_scan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH claimed AS (
    INSERT INTO duplicate_scans (id, pending) VALUES (1, true)
    ON CONFLICT (id) DO UPDATE SET pending = true, updated_at = now() WHERE NOT duplicate_scans.pending
    RETURNING id
  )
  INSERT INTO jobs (kind, payload, max_attempts, run_at)
  SELECT 'duplicates.scan', '{}'::jsonb, 1, now() + interval '5 seconds' FROM claimed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "talents_duplicate_scan"
  AFTER INSERT OR DELETE ON "talents"
  FOR EACH STATEMENT EXECUTE FUNCTION "schedule_duplicate_scan"();--> statement-breakpoint
-- An update only when a field a rule reads really changed (an edit form sets every column; a
-- bulk tag or status change sets none of these): per row, but the WHEN test costs nothing.
CREATE TRIGGER "talents_duplicate_scan_update"
  AFTER UPDATE ON "talents" FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.linkedin_url IS DISTINCT FROM NEW.linkedin_url
    OR OLD.area_of_interest IS DISTINCT FROM NEW.area_of_interest)
  EXECUTE FUNCTION "schedule_duplicate_scan"();
