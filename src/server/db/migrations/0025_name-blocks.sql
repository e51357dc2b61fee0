-- Issue 19: where the similar-name rule looks (duplicates/rules.ts). 0018 looked among talents
-- sharing any word of the name; a common word ("john", "smith") made that hundreds of talents
-- fetched and compared per name, a 100,000-talent scan of realistic names 524 s. A block is now
-- a word with an initial, in the area the rule requires anyway: each word with the last word's
-- initial, the last word with the first word's. "Dana Reyes" in Design is {Design|dana|r,
-- Design|reyes|d}; "Dana Reyez", "Dana M Reyes" and "Reyes Dana" each share one; "Eli" and
-- "Grace Greenfelder" share none. What it gives up: a typo in the first letter of a word of a
-- two-word name. One block per word, as 0018's index had: more entries made every insert slower.
-- plpgsql: the same in SQL (unnest WITH ORDINALITY) cost ~47 µs a call, a tenth of an insert.
CREATE FUNCTION "talent_name_blocks"(area text, name text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  words text[] := string_to_array(public.talent_name_key(name), ' ');
  n int := cardinality(words);
  blocks text[] := '{}';
BEGIN
  IF n = 0 THEN RETURN blocks; END IF;
  IF n = 1 THEN RETURN ARRAY[area || '|' || words[1]]; END IF;
  FOR i IN 1 .. n - 1 LOOP
    blocks := blocks || (area || '|' || words[i] || '|' || left(words[n], 1));
  END LOOP;
  RETURN blocks || (area || '|' || words[n] || '|' || left(words[1], 1));
END
$$;--> statement-breakpoint
-- fastupdate off, as 0018's: PGlite runs no autovacuum to empty a pending list.
CREATE INDEX "talents_name_blocks_idx" ON "talents" USING gin (talent_name_blocks("area_of_interest", "full_name")) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX "talents_name_tokens_idx";--> statement-breakpoint
DROP FUNCTION "talent_name_tokens"(text);
