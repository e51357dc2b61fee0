CREATE TABLE "name_blocks" (
	"block" text NOT NULL,
	"talent_id" integer NOT NULL,
	CONSTRAINT "name_blocks_block_talent_id_pk" PRIMARY KEY("block","talent_id")
);
--> statement-breakpoint
ALTER TABLE "name_blocks" ADD CONSTRAINT "name_blocks_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "name_blocks_talent_id_idx" ON "name_blocks" USING btree ("talent_id");--> statement-breakpoint
-- Issue 19: the similar-name rule's blocks (0025) move from an expression index on talents to
-- this table. A talent updated in any column (a bulk tag: a new search document, so no HOT
-- update) wrote a new entry in every index of talents, and this one ran talent_name_blocks()
-- for each row: 250-450 ms of a 10,000-talent bulk tag on the embedded engine (~2.1 s in all).
-- Here only a new name or area writes blocks. Kept by triggers, in the writing transaction.
CREATE FUNCTION "talents_name_blocks_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.name_blocks (block, talent_id)
  SELECT DISTINCT b, added.id
  FROM added, unnest(public.talent_name_blocks(added.area_of_interest, added.full_name)) b;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "talents_name_blocks_added" AFTER INSERT ON "talents"
  REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "talents_name_blocks_added"();--> statement-breakpoint
CREATE FUNCTION "talents_name_blocks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.name_blocks WHERE talent_id = NEW.id;
  INSERT INTO public.name_blocks (block, talent_id)
  SELECT DISTINCT b, NEW.id
  FROM unnest(public.talent_name_blocks(NEW.area_of_interest, NEW.full_name)) b;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deletes need nothing: the foreign key cascades.
CREATE TRIGGER "talents_name_blocks_changed" AFTER UPDATE OF "full_name", "area_of_interest" ON "talents"
  FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.area_of_interest IS DISTINCT FROM NEW.area_of_interest)
  EXECUTE FUNCTION "talents_name_blocks_changed"();--> statement-breakpoint
INSERT INTO "name_blocks" ("block", "talent_id")
SELECT DISTINCT b, t.id
FROM "talents" t, unnest(talent_name_blocks(t.area_of_interest, t.full_name)) b;--> statement-breakpoint
DROP INDEX "talents_name_blocks_idx";
