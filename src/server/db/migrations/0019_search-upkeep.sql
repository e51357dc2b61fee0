-- Issue 19: a bulk tag of 10,000 talents spent most of its time re-cutting their search documents.
-- The generated column recomputed the whole document on every UPDATE of a talent, whatever changed,
-- through a function the planner could not inline (IMMUTABLE around STABLE concat_ws, unaccent).
-- A trigger keeps the column instead: the whole document when a talent's own text changes (or on
-- INSERT), only the labels' words (B) when tags, statuses, area or level alone change, and nothing
-- when no input changes (a CV's document, updated_at). The document is the same value as before
-- for the same row, in the same transaction as the write.
ALTER TABLE "talents" ALTER COLUMN "search_document" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "talents" ALTER COLUMN "search_document" SET DEFAULT ''::tsvector;--> statement-breakpoint
-- The talent's own text: A name and e-mail (also cut into words, so 'smith' finds smith.j@x.com),
-- C notes, the phone (also as bare digits) and the link's path words (its host is everyone's).
-- STABLE, as its body is (unaccent reads its dictionary), so the planner inlines it: the trigger
-- is its only caller, nothing indexes it. Accents folded as search_unaccent folds them (0012).
CREATE FUNCTION "talent_search_own_document"(
  full_name text, email text, phone text, linkedin_url text, notes text
) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT
    setweight(to_tsvector('simple', public.unaccent('public.unaccent'::regdictionary,
      concat_ws(' ', full_name, email, regexp_replace(email, '[^[:alnum:]]+', ' ', 'g')))), 'A')
    || setweight(to_tsvector('simple', public.unaccent('public.unaccent'::regdictionary,
      concat_ws(' ', notes, phone, regexp_replace(phone, '[^0-9]+', '', 'g'),
        regexp_replace(regexp_replace(linkedin_url, '^[a-zA-Z]+://[^/]*', ''), '[^[:alnum:]]+', ' ', 'g')))), 'C')
$$;--> statement-breakpoint
-- The labels: B tags, statuses, area and level.
CREATE FUNCTION "talent_search_label_document"(
  tags text[], status text[], area text, level text
) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', public.unaccent('public.unaccent'::regdictionary,
    concat_ws(' ', array_to_string(tags, ' '), array_to_string(status, ' '), area, level))), 'B')
$$;--> statement-breakpoint
-- The whole document: the labels last, so that dropping the old labels' words (ts_filter keeps
-- the A and C positions as they are) and appending the new ones gives exactly this value.
CREATE OR REPLACE FUNCTION "talent_search_document"(
  full_name text, email text, phone text, linkedin_url text, area text, level text, notes text,
  tags text[], status text[]
) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT public.talent_search_own_document(full_name, email, phone, linkedin_url, notes)
    || public.talent_search_label_document(tags, status, area, level)
$$;--> statement-breakpoint
-- Every talent's document in the new order (the labels moved from the middle to the end).
UPDATE "talents" SET "search_document" = talent_search_document("full_name", "email", "phone",
  "linkedin_url", "area_of_interest", "seniority_level", "notes", "tags", "status");--> statement-breakpoint
CREATE FUNCTION "talents_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (NEW.full_name, NEW.email, NEW.phone, NEW.linkedin_url, NEW.notes, NEW.search_document)
      IS NOT DISTINCT FROM (OLD.full_name, OLD.email, OLD.phone, OLD.linkedin_url, OLD.notes, OLD.search_document)
  THEN
    -- Only labels changed (the trigger's WHEN let the row through): the own text's words stay.
    NEW.search_document := ts_filter(OLD.search_document, '{a,c}')
      || public.talent_search_label_document(NEW.tags, NEW.status, NEW.area_of_interest, NEW.seniority_level);
  ELSE
    -- An insert, an edit of the talent's own text, or a document written directly (it is the
    -- database's to keep, as the generated column was).
    NEW.search_document := public.talent_search_document(NEW.full_name, NEW.email, NEW.phone,
      NEW.linkedin_url, NEW.area_of_interest, NEW.seniority_level, NEW.notes, NEW.tags, NEW.status);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "talents_search_document" BEFORE INSERT ON "talents"
  FOR EACH ROW EXECUTE FUNCTION "talents_search_document"();--> statement-breakpoint
CREATE TRIGGER "talents_search_document_update" BEFORE UPDATE OF "full_name", "email", "phone",
  "linkedin_url", "notes", "area_of_interest", "seniority_level", "tags", "status", "search_document"
  ON "talents" FOR EACH ROW
  WHEN ((OLD."full_name", OLD."email", OLD."phone", OLD."linkedin_url", OLD."notes",
    OLD."area_of_interest", OLD."seniority_level", OLD."tags", OLD."status", OLD."search_document")
    IS DISTINCT FROM (NEW."full_name", NEW."email", NEW."phone", NEW."linkedin_url", NEW."notes",
    NEW."area_of_interest", NEW."seniority_level", NEW."tags", NEW."status", NEW."search_document"))
  EXECUTE FUNCTION "talents_search_document"();
