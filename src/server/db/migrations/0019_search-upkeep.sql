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
    -- Its words for typo correction (below); new talents' once per statement instead.
    IF TG_OP = 'UPDATE' THEN
      PERFORM public.add_search_words(NEW.search_document);
    END IF;
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
  EXECUTE FUNCTION "talents_search_document"();--> statement-breakpoint
-- Issue 17 item 1, typos: a dictionary of the words the documents hold, for `pyhton` to find
-- python. Candidates come from its trigram index, nearest first (KNN on GiST: no similarity
-- threshold to set per session, and `pyhton` is only 0.273 similar to python), and are confirmed
-- by optimal-string-alignment distance (search_osa_distance). Words are only ever added: a word no
-- document holds any more still corrects to itself, and then finds nothing, as it should.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a document worth correcting to: letters only (no e-mails, numbers, phones), 4 to
-- 32 of them (a 5-letter typo may be one letter longer than its word).
CREATE FUNCTION "search_dictionary_words"(document tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(document)) w
  WHERE length(w) BETWEEN 4 AND 32 AND w ~ '^[[:alpha:]]+$'
$$;--> statement-breakpoint
-- Sorted, so two transactions adding overlapping words wait on each other instead of deadlocking.
CREATE FUNCTION "add_search_words"(document tsvector) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.search_words (word)
  SELECT DISTINCT w FROM public.search_dictionary_words(document) w ORDER BY w
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- Optimal-string-alignment distance: an insertion, deletion, substitution or swap of two
-- adjacent letters each costs one (`pyhton` → python is 1, Levenshtein says 2). Neither engine
-- ships it (fuzzystrmatch has Levenshtein only). Same as shared/search/typo.ts osaDistance.
CREATE FUNCTION "search_osa_distance"(a text, b text) RETURNS integer
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text[] := string_to_array(a, NULL);
  t text[] := string_to_array(b, NULL);
  m integer := coalesce(array_length(s, 1), 0);
  n integer := coalesce(array_length(t, 1), 0);
  w integer := n + 1;
  d integer[];
  v integer;
BEGIN
  IF m = 0 THEN RETURN n; END IF;
  IF n = 0 THEN RETURN m; END IF;
  -- d[i][j] (0-based) is d[i * w + j + 1].
  d := array_fill(0, ARRAY[(m + 1) * w]);
  FOR i IN 0..m LOOP d[i * w + 1] := i; END LOOP;
  FOR j IN 0..n LOOP d[j + 1] := j; END LOOP;
  FOR i IN 1..m LOOP
    FOR j IN 1..n LOOP
      v := least(d[(i - 1) * w + j + 1] + 1, d[i * w + j] + 1,
        d[(i - 1) * w + j] + CASE WHEN s[i] = t[j] THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND s[i] = t[j - 1] AND s[i - 1] = t[j] THEN
        v := least(v, d[(i - 2) * w + j - 1] + 1);
      END IF;
      d[i * w + j + 1] := v;
    END LOOP;
  END LOOP;
  RETURN d[m * w + n + 1];
END $$;--> statement-breakpoint
-- New talents' words, once per statement (an import of thousands inserts them in one go).
CREATE FUNCTION "talents_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.search_words (word)
  SELECT DISTINCT w FROM added, public.search_dictionary_words(added.search_document) w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "talents_search_words" AFTER INSERT ON "talents" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "talents_search_words"();--> statement-breakpoint
-- A tag's words when it is created or renamed: a talent's labels (B) come from the tags, the
-- statuses, areas and levels, so a bulk tag adds no word and needs no dictionary work.
CREATE FUNCTION "tags_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.add_search_words(to_tsvector('simple', public.search_unaccent(NEW.name)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tags_search_words" AFTER INSERT OR UPDATE OF "name" ON "tags"
  FOR EACH ROW EXECUTE FUNCTION "tags_search_words"();--> statement-breakpoint
-- A CV's document, as it is set (the function of 0012, then its words).
CREATE OR REPLACE FUNCTION "refresh_talent_cv_search_document"(talent integer) RETURNS void LANGUAGE sql AS $$
  UPDATE public.talents t SET search_cv_document = d.document
  FROM (SELECT public.talent_cv_search_document(talent) AS document) d
  WHERE t.id = talent AND t.search_cv_document IS DISTINCT FROM d.document;
  SELECT public.add_search_words(search_cv_document) FROM public.talents WHERE id = talent;
$$;--> statement-breakpoint
-- What the pool holds today, and the fixed labels (spec section 9) before any talent carries them.
INSERT INTO "search_words" ("word")
SELECT w FROM (
  SELECT word AS w FROM ts_stat('SELECT search_document || search_cv_document FROM public.talents')
  UNION
  SELECT search_dictionary_words(to_tsvector('simple', search_unaccent(name))) FROM "tags"
  UNION
  SELECT search_dictionary_words(to_tsvector('simple', 'Interview Scheduled Interviewed Pending Feedback Hired Needs Updating Shortlisted Open for Hiring Science Engineering Health Education Social Sciences Law Ethics Design Arts Culture Media Communication Policy Governance Economics Business Environment Sustainability Entrepreneurship Innovation intern junior senior exec'))
) words
WHERE length(w) BETWEEN 4 AND 32 AND w ~ '^[[:alpha:]]+$'
ON CONFLICT DO NOTHING;
