-- Issue 20 item 6: the default admin account (spec section 6, 'Edit Profile' rule) is a marker on
-- its row, set by the bootstrap that creates it (bootstrap.ts adopts the ADMIN_EMAIL row of a
-- database made before this column).
ALTER TABLE "users" ADD COLUMN "is_default_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_default_admin_idx" ON "users" USING btree ("is_default_admin") WHERE "users"."is_default_admin";--> statement-breakpoint
-- The talent list shows the marker with each adder (talent-json.ts): changing it bumps the version.
DROP TRIGGER "users_data_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_data_version" AFTER UPDATE OF "email", "first_name", "last_name", "is_default_admin" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();
