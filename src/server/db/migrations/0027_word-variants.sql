-- Issue 17 item 1, typos, looked up by deletions instead of by trigram distance (decision 014).
-- The GiST KNN over search_words cost 16-58 ms for every typed word of five letters or more at
-- 1,000,000 talents, found or not, and read only the 30 nearest words by trigrams, so a word
-- crowded out by closer-looking ones was never offered. Here each dictionary word is stored with
-- every spelling one or two deleted letters away; a typed word's corrections are the words
-- sharing one of its own deletions (a swap, a substitution, an extra or a missing letter each
-- need at most one deletion on each side), confirmed by optimal-string-alignment distance.
CREATE TABLE "search_word_variants" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_variants_variant_word_pk" PRIMARY KEY("variant","word")
);
--> statement-breakpoint
DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
-- The word itself and every spelling with up to `most` letters deleted (0, 1 or 2), with
-- repeats ('letter' less either t is 'leter'). PL/pgSQL, whose plans a session keeps: the same
-- as one SQL statement of generate_series and UNION was re-planned at every call, 4-8 ms.
CREATE FUNCTION "search_word_deletions"(word text, most integer) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n integer := length(word);
  found text[] := ARRAY[word];
  shorter text;
BEGIN
  FOR i IN 1..(CASE WHEN most >= 1 THEN n ELSE 0 END) LOOP
    shorter := overlay(word PLACING '' FROM i FOR 1);
    found := found || shorter;
    -- The second deletion from position i on: every pair once.
    FOR j IN i..(CASE WHEN most >= 2 THEN n - 1 ELSE 0 END) LOOP
      found := found || overlay(shorter PLACING '' FROM j FOR 1);
    END LOOP;
  END LOOP;
  RETURN found;
END $$;--> statement-breakpoint
-- How far a dictionary word must reach: a typed word of 9 letters or more may carry two typos
-- (shared/search/typo.ts), so may be a typo of a word of 7 or more; shorter typed words carry one.
CREATE FUNCTION "search_word_reach"(word text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(word) >= 7 THEN 2 ELSE 1 END
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.search_word_variants (variant, word)
  SELECT DISTINCT v, added.word
  FROM added, unnest(public.search_word_deletions(added.word, public.search_word_reach(added.word))) v;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the words a statement really inserted are in `added` (ON CONFLICT DO NOTHING skips the rest).
CREATE TRIGGER "search_words_variants" AFTER INSERT ON "search_words"
  REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_variants"();--> statement-breakpoint
INSERT INTO "search_word_variants" ("variant", "word")
SELECT DISTINCT v, w.word
FROM "search_words" w, unnest(search_word_deletions(w.word, search_word_reach(w.word))) v;
