-- The embedded engine's session cache (auth/session-cache.ts) used to drop every entry when the
-- talents' data version moved, so each write cost one session query per waiting request (~25
-- writes a second during a CV import, 20 requests each). A version change now says what the
-- version became, and the cache keeps its sessions: 'data_versions:talents=42'. Deleting or
-- truncating data versions still says only 'data_versions', which drops everything.
CREATE FUNCTION "notify_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('scout.notify_auth', true) = 'on' THEN
    PERFORM pg_notify('scout_auth_change', 'data_versions:' || NEW."name" || '=' || NEW."version");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "data_versions_auth_change" ON "data_versions";
--> statement-breakpoint
CREATE TRIGGER "data_versions_auth_change" AFTER DELETE OR TRUNCATE ON "data_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "data_versions_version_notify" AFTER INSERT OR UPDATE ON "data_versions"
  FOR EACH ROW EXECUTE FUNCTION "notify_data_version"();
