ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_state" text;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_by_id" integer;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_restored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD COLUMN "undo_kept" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheet_imports" ADD CONSTRAINT "spreadsheet_imports_undo_by_id_users_id_fk" FOREIGN KEY ("undo_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;