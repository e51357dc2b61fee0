-- Tells an embedded (PGlite) server that a cached session lookup may be stale
-- (auth/session-cache.ts): any change to sessions, users or the data versions read with them.
-- Only sessions that set scout.notify_auth = 'on' notify; on PostgreSQL nobody sets it, so no
-- commit takes the notification queue's lock there.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('scout.notify_auth', true) = 'on' THEN
    PERFORM pg_notify('scout_auth_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "data_versions_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "data_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
