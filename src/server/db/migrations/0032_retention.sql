CREATE TABLE "retention_due" (
	"talent_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"due_since" date NOT NULL,
	"act_on" date NOT NULL,
	CONSTRAINT "retention_due_talent_id_rule_id_pk" PRIMARY KEY("talent_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "retention_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"condition_kind" text NOT NULL,
	"condition_amount" integer NOT NULL,
	"action" text NOT NULL,
	"exempt_statuses" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"notice_days" integer DEFAULT 14 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"rule_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_runs_day_unique" UNIQUE("day")
);
--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "keep_until" date;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "keep_reason" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention_due" ADD CONSTRAINT "retention_due_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_due" ADD CONSTRAINT "retention_due_rule_id_retention_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."retention_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_due_act_on_idx" ON "retention_due" USING btree ("act_on");