CREATE TABLE "files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"mime_type" text NOT NULL,
	"text_status" text DEFAULT 'pending' NOT NULL,
	"text" text,
	"text_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_cvs" (
	"id" serial PRIMARY KEY NOT NULL,
	"talent_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talent_cvs" ADD CONSTRAINT "talent_cvs_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_cvs" ADD CONSTRAINT "talent_cvs_sha256_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_cvs" ADD CONSTRAINT "talent_cvs_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talent_cvs_talent_id_idx" ON "talent_cvs" USING btree ("talent_id","id");--> statement-breakpoint
CREATE INDEX "talent_cvs_sha256_idx" ON "talent_cvs" USING btree ("sha256");
--> statement-breakpoint
-- Issue 16: a file goes when its last CV version does (a talent deleted, a CV removed or merged
-- away), whichever code path deleted the version. Identical bytes shared by two talents stay.
CREATE FUNCTION "delete_unreferenced_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "files" f
  WHERE f."sha256" = OLD."sha256"
    AND NOT EXISTS (SELECT 1 FROM "talent_cvs" c WHERE c."sha256" = OLD."sha256");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "talent_cvs_delete_file" AFTER DELETE ON "talent_cvs"
  FOR EACH ROW EXECUTE FUNCTION "delete_unreferenced_file"();--> statement-breakpoint
-- A talent's CV shows in the list's JSON: its changes bump the data version like talent writes.
CREATE TRIGGER "talent_cvs_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "talent_cvs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();--> statement-breakpoint
CREATE TRIGGER "files_data_version" AFTER UPDATE OF "text_status" ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_talents_data_version"();
