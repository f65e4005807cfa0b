CREATE TABLE "sys_category" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"pid" text,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"rule_code" text NOT NULL,
	"rule_name" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"date_pattern" text DEFAULT 'YYYYMMDD' NOT NULL,
	"seq_digits" integer DEFAULT 4 NOT NULL,
	"seq_value" integer DEFAULT 0 NOT NULL,
	"seq_period" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"job_key" text PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"description" text,
	"cron" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_message" text,
	"next_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_position" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"post_rank" text,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "user_ids" text;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "sys_dict_item" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "request_params" text;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "status_code" integer;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "cost_time" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_category_code_uq" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_category_pid_idx" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_fill_rule_code_uq" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_position_code_uq" ON "sys_position" USING btree ("code");