CREATE TABLE "bulk_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_set_id" integer NOT NULL,
	"created_by_id" integer,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"affected" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_set_rows" ADD COLUMN "op" text DEFAULT 'created' NOT NULL;--> statement-breakpoint
ALTER TABLE "change_set_rows" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "change_set_rows" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_change_set_id_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_actions_created_at_idx" ON "bulk_actions" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "change_set_rows" ADD CONSTRAINT "change_set_rows_sha256_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_set_rows_sha256_idx" ON "change_set_rows" USING btree ("sha256") WHERE "change_set_rows"."sha256" is not null;--> statement-breakpoint
-- Issue 19: a CV version recorded by a change set (a bulk delete) keeps its file, so undo brings
-- the CV back; the file goes once neither a CV version, an upload, an import row nor a change
-- set row refers to it.
CREATE OR REPLACE FUNCTION "delete_unreferenced_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."sha256" IS NULL THEN RETURN NULL; END IF;
  DELETE FROM "files" f
  WHERE f."sha256" = OLD."sha256"
    AND NOT EXISTS (SELECT 1 FROM "talent_cvs" c WHERE c."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_uploads" u WHERE u."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_import_items" i WHERE i."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "change_set_rows" r WHERE r."sha256" = OLD."sha256");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "change_set_rows_delete_file" AFTER DELETE ON "change_set_rows"
  FOR EACH ROW WHEN (OLD."sha256" IS NOT NULL) EXECUTE FUNCTION "delete_unreferenced_file"();
