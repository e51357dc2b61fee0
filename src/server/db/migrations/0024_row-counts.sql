CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
-- The pool's size, kept in the transaction of every statement that adds or removes talents (the
-- transition tables hold the rows a statement inserted or deleted; an upsert's updated rows are
-- not in its insert table). Writers already queue on the data version's row, so one more row
-- updated in the same transaction adds no wait.
INSERT INTO "row_counts" ("name", "rows") SELECT 'talents', count(*) FROM "talents";
--> statement-breakpoint
CREATE FUNCTION "count_talents_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = "rows" + (SELECT count(*) FROM "inserted") WHERE "name" = 'talents';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_talents_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = "rows" - (SELECT count(*) FROM "deleted") WHERE "name" = 'talents';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_talents_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = 0 WHERE "name" = 'talents';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "talents_count_inserted" AFTER INSERT ON "talents" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_talents_inserted"();
--> statement-breakpoint
CREATE TRIGGER "talents_count_deleted" AFTER DELETE ON "talents" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_talents_deleted"();
--> statement-breakpoint
CREATE TRIGGER "talents_count_truncated" AFTER TRUNCATE ON "talents"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_talents_truncated"();
