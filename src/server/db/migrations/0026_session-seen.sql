-- The embedded server's session cache (auth/session-cache.ts) forgot every session whenever any
-- session was touched (last_seen_at, at most once a minute a session: auth/sessions.ts). Every
-- request then read its session again, and on the embedded engine waited out any transaction
-- under way: during a bulk action of 10,000 talents, ~2.3 s for everyone (docs/performance.md,
-- stop 34). A touch now says which session was seen when, and the cache updates that one entry.
DROP TRIGGER "sessions_auth_change" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change"
  AFTER UPDATE OF "id", "user_id", "secret_hash", "expires_at", "ip", "user_agent", "created_at"
    OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE FUNCTION "notify_session_seen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('scout.notify_auth', true) = 'on' THEN
    PERFORM pg_notify('scout_auth_change', 'sessions:seen:' || NEW."id" || '='
      || floor(extract(epoch FROM NEW."last_seen_at") * 1000)::bigint);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_seen" AFTER UPDATE OF "last_seen_at" ON "sessions" FOR EACH ROW
  WHEN (OLD."last_seen_at" IS DISTINCT FROM NEW."last_seen_at")
  EXECUTE FUNCTION "notify_session_seen"();
