CREATE TABLE "change_set_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_set_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"stamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_by_id" integer,
	"undo_until" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cv_import_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"talent_id" integer,
	"reason" text,
	"suggested" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cv_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_set_id" integer NOT NULL,
	"created_by_id" integer,
	"state" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_set_rows" ADD CONSTRAINT "change_set_rows_change_set_id_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_sets" ADD CONSTRAINT "change_sets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_sets" ADD CONSTRAINT "change_sets_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_import_items" ADD CONSTRAINT "cv_import_items_import_id_cv_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."cv_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_import_items" ADD CONSTRAINT "cv_import_items_sha256_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_import_items" ADD CONSTRAINT "cv_import_items_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_imports" ADD CONSTRAINT "cv_imports_change_set_id_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_imports" ADD CONSTRAINT "cv_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_set_rows_set_idx" ON "change_set_rows" USING btree ("change_set_id","id");--> statement-breakpoint
CREATE INDEX "cv_import_items_import_idx" ON "cv_import_items" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "cv_import_items_sha256_idx" ON "cv_import_items" USING btree ("sha256");--> statement-breakpoint
-- A file is kept while a CV version, an 'Add from CV' upload or a CV import row refers to it.
CREATE OR REPLACE FUNCTION "delete_unreferenced_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."sha256" IS NULL THEN RETURN NULL; END IF;
  DELETE FROM "files" f
  WHERE f."sha256" = OLD."sha256"
    AND NOT EXISTS (SELECT 1 FROM "talent_cvs" c WHERE c."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_uploads" u WHERE u."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_import_items" i WHERE i."sha256" = OLD."sha256");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cv_import_items_delete_file" AFTER DELETE ON "cv_import_items"
  FOR EACH ROW EXECUTE FUNCTION "delete_unreferenced_file"();--> statement-breakpoint
CREATE TRIGGER "cv_import_items_release_file" AFTER UPDATE OF "sha256" ON "cv_import_items"
  FOR EACH ROW WHEN (OLD."sha256" IS DISTINCT FROM NEW."sha256")
  EXECUTE FUNCTION "delete_unreferenced_file"();
