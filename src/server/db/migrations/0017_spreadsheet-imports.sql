CREATE TABLE "spreadsheet_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by_id" integer,
	"file_name" text NOT NULL,
	"sha256" text,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"sheets" jsonb NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb,
	"state" text DEFAULT 'mapping' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"change_set_id" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD CONSTRAINT "spreadsheet_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD CONSTRAINT "spreadsheet_imports_sha256_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD CONSTRAINT "spreadsheet_imports_change_set_id_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spreadsheet_imports_creator_idx" ON "spreadsheet_imports" USING btree ("created_by_id","id");--> statement-breakpoint
CREATE INDEX "spreadsheet_imports_sha256_idx" ON "spreadsheet_imports" USING btree ("sha256");--> statement-breakpoint
-- A file is kept while a CV version, an 'Add from CV' upload, a CV import row, a change-set row
-- (a deleted talent's CV, kept for undo) or a spreadsheet import refers to it.
CREATE OR REPLACE FUNCTION "delete_unreferenced_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."sha256" IS NULL THEN RETURN NULL; END IF;
  DELETE FROM "files" f
  WHERE f."sha256" = OLD."sha256"
    AND NOT EXISTS (SELECT 1 FROM "talent_cvs" c WHERE c."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_uploads" u WHERE u."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_import_items" i WHERE i."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "change_set_rows" r WHERE r."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "spreadsheet_imports" s WHERE s."sha256" = OLD."sha256");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "spreadsheet_imports_delete_file" AFTER DELETE ON "spreadsheet_imports"
  FOR EACH ROW EXECUTE FUNCTION "delete_unreferenced_file"();--> statement-breakpoint
CREATE TRIGGER "spreadsheet_imports_release_file" AFTER UPDATE OF "sha256" ON "spreadsheet_imports"
  FOR EACH ROW WHEN (OLD."sha256" IS DISTINCT FROM NEW."sha256")
  EXECUTE FUNCTION "delete_unreferenced_file"();
