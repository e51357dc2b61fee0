CREATE TABLE "import_dry_runs" (
	"import_id" integer PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"state" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_dry_runs" ADD CONSTRAINT "import_dry_runs_import_id_spreadsheet_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."spreadsheet_imports"("id") ON DELETE cascade ON UPDATE no action;