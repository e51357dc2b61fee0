CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('talents', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every statement that changes what the talent list, its counts or the tag list show bumps the
-- 'talents' version in its own transaction: talent rows, tags, and the adder's public fields
-- shown with each talent.
CREATE FUNCTION "bump_talents_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'talents';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "talents_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "talents"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();
--> statement-breakpoint
CREATE TRIGGER "users_data_version" AFTER UPDATE OF "email", "first_name", "last_name" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();
--> statement-breakpoint
CREATE TRIGGER "tags_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();
