-- Issue 19: where the similar-name rule looks (duplicates/rules.ts). 0018 looked among talents
-- sharing any word of the name; a common word ("john", "smith") made that hundreds of talents
-- fetched and compared per name, a 100,000-talent scan of realistic names 524 s. A block is now
-- a word with the initial of one other word, in the area the rule requires anyway: "Dana Reyes"
-- in Design is {Design|dana|r, Design|reyes|d}, and "Dana Reyez" or "Dana M. Reyes" still shares
-- one. What it gives up: a typo in the first letter of a word of a two-word name.
CREATE FUNCTION "talent_name_blocks"(area text, name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT CASE WHEN cardinality(words) = 1 THEN ARRAY[area || '|' || words[1]]
    ELSE ARRAY(
      SELECT DISTINCT area || '|' || w.word || '|' || left(o.word, 1)
      FROM unnest(words) WITH ORDINALITY AS w(word, i), unnest(words) WITH ORDINALITY AS o(word, j)
      WHERE i <> j)
    END
  FROM (SELECT string_to_array(public.talent_name_key(name), ' ') AS words) AS n
$$;--> statement-breakpoint
-- fastupdate off, as 0018's: PGlite runs no autovacuum to empty a pending list.
CREATE INDEX "talents_name_blocks_idx" ON "talents" USING gin (talent_name_blocks("area_of_interest", "full_name")) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX "talents_name_tokens_idx";--> statement-breakpoint
DROP FUNCTION "talent_name_tokens"(text);
