CREATE TABLE "cv_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cv_uploads" ADD CONSTRAINT "cv_uploads_sha256_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_uploads" ADD CONSTRAINT "cv_uploads_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cv_uploads_sha256_idx" ON "cv_uploads" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "cv_uploads_created_at_idx" ON "cv_uploads" USING btree ("created_at");--> statement-breakpoint
-- A file is kept while a CV version or a pending 'Add from CV' upload refers to it (issue 16).
CREATE OR REPLACE FUNCTION "delete_unreferenced_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "files" f
  WHERE f."sha256" = OLD."sha256"
    AND NOT EXISTS (SELECT 1 FROM "talent_cvs" c WHERE c."sha256" = OLD."sha256")
    AND NOT EXISTS (SELECT 1 FROM "cv_uploads" u WHERE u."sha256" = OLD."sha256");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cv_uploads_delete_file" AFTER DELETE ON "cv_uploads"
  FOR EACH ROW EXECUTE FUNCTION "delete_unreferenced_file"();
