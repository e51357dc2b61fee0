DROP INDEX "talents_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "talents_needs_updating_idx" ON "talents" USING btree ("id") WHERE "talents"."tags" @> '{"Needs Updating"}'::text[];--> statement-breakpoint
CREATE INDEX "talents_created_at_id_idx" ON "talents" USING btree ("created_at","id");