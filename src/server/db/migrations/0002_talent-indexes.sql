CREATE INDEX "talents_name_id_idx" ON "talents" USING btree (lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "talents_area_id_idx" ON "talents" USING btree ("area_of_interest","id");--> statement-breakpoint
CREATE INDEX "talents_seniority_level_idx" ON "talents" USING btree ("seniority_level");--> statement-breakpoint
CREATE INDEX "talents_tags_gin_idx" ON "talents" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "talents_status_gin_idx" ON "talents" USING gin ("status");--> statement-breakpoint
CREATE INDEX "talents_full_name_trgm_idx" ON "talents" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "talents_email_trgm_idx" ON "talents" USING gin ("email" gin_trgm_ops);