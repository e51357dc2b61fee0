-- Issue 17: full-text search over names, e-mails, notes, tags and CV text. Language-neutral: the
-- 'simple' configuration (no stemming, no stop words: CVs come in many languages) with accents
-- folded by unaccent, on both engines (PGlite loads the unaccent contrib, db/open.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE (it looks its dictionary up by name at each call), so it cannot feed a
-- stored column or an index. Naming the dictionary makes the result depend on the
-- input alone. Schema-qualified so it works under any search_path (a restore sets it empty).
CREATE FUNCTION "search_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- A talent's own fields as one weighted document: A name and e-mail (also cut into words, so
-- 'smith' finds smith.j@x.com), B tags, statuses, area and level, C notes, the phone (also as
-- bare digits) and the link's path words (its host is the same for everyone).
CREATE FUNCTION "talent_search_document"(
  full_name text, email text, phone text, linkedin_url text, area text, level text, notes text,
  tags text[], status text[]
) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT
    setweight(to_tsvector('simple', public.search_unaccent(concat_ws(' ', full_name, email,
      regexp_replace(email, '[^[:alnum:]]+', ' ', 'g')))), 'A')
    || setweight(to_tsvector('simple', public.search_unaccent(concat_ws(' ',
      array_to_string(tags, ' '), array_to_string(status, ' '), area, level))), 'B')
    || setweight(to_tsvector('simple', public.search_unaccent(concat_ws(' ', notes, phone,
      regexp_replace(phone, '[^0-9]+', '', 'g'),
      regexp_replace(regexp_replace(linkedin_url, '^[a-zA-Z]+://[^/]*', ''), '[^[:alnum:]]+', ' ', 'g')))), 'C')
$$;--> statement-breakpoint
-- The text of the talent's current CV (its newest version) as weight D; empty while unread.
-- Its first 100,000 characters (~40 pages): a tsvector holds at most 1 MB and positions stop
-- counting at 16,383, and the embedded engine computes this on the server's own thread.
CREATE FUNCTION "talent_cv_search_document"(talent integer) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((
    SELECT setweight(to_tsvector('simple', public.search_unaccent(left(f.text, 100000))), 'D')
    FROM public.talent_cvs c JOIN public.files f ON f.sha256 = c.sha256
    WHERE c.talent_id = talent
    ORDER BY c.id DESC
    LIMIT 1
  ), ''::tsvector)
$$;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (talent_search_document("talents"."full_name", "talents"."email", "talents"."phone", "talents"."linkedin_url", "talents"."area_of_interest", "talents"."seniority_level", "talents"."notes", "talents"."tags", "talents"."status")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "search_cv_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "talents_search_idx" ON "talents" USING gin (("search_document" || "search_cv_document"));--> statement-breakpoint
-- Sets a talent's CV document from its current CV, writing the row only when it changes. Raw
-- UPDATEs leave updated_at alone: reading a CV is no edit (security rule 27, undo's stamps).
CREATE FUNCTION "refresh_talent_cv_search_document"(talent integer) RETURNS void LANGUAGE sql AS $$
  UPDATE public.talents t SET search_cv_document = d.document
  FROM (SELECT public.talent_cv_search_document(talent) AS document) d
  WHERE t.id = talent AND t.search_cv_document IS DISTINCT FROM d.document
$$;--> statement-breakpoint
-- Whichever code path attaches, replaces or removes a CV (the CV routes, imports, undo, a
-- talent's deletion), its talent's document follows in the same transaction.
CREATE FUNCTION "talent_cvs_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM public.refresh_talent_cv_search_document(OLD.talent_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM public.refresh_talent_cv_search_document(NEW.talent_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "talent_cvs_search_document" AFTER INSERT OR DELETE OR UPDATE OF "talent_id", "sha256"
  ON "talent_cvs" FOR EACH ROW EXECUTE FUNCTION "talent_cvs_search_document"();--> statement-breakpoint
-- A CV's text becoming ready (or cleared) reaches every talent holding that file.
CREATE FUNCTION "files_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.refresh_talent_cv_search_document(c.talent_id)
  FROM (SELECT DISTINCT talent_id FROM public.talent_cvs WHERE sha256 = NEW.sha256) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "files_search_document" AFTER UPDATE OF "text" ON "files"
  FOR EACH ROW WHEN (OLD."text" IS DISTINCT FROM NEW."text")
  EXECUTE FUNCTION "files_search_document"();--> statement-breakpoint
-- CVs attached before this migration.
UPDATE "talents" SET "search_cv_document" = talent_cv_search_document("id")
WHERE EXISTS (SELECT 1 FROM "talent_cvs" c WHERE c."talent_id" = "talents"."id");
