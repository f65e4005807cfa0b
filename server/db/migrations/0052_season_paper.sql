CREATE TABLE "document_archive" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"scope" text NOT NULL,
	"subject_id" text NOT NULL,
	"program_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"sha256" text,
	"size" integer,
	"error" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "internship_rule_exception" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"program_id" text NOT NULL,
	"student_user_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"post_id" text,
	"rule" text NOT NULL,
	"reason" text NOT NULL,
	"attachment_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"requested_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "insurance_start" date;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "insurance_end" date;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "major_match" text;--> statement-breakpoint
ALTER TABLE "document_archive" ADD CONSTRAINT "document_archive_program_id_internship_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."internship_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_archive" ADD CONSTRAINT "document_archive_requested_by_sys_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_rule_exception" ADD CONSTRAINT "internship_rule_exception_program_id_internship_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."internship_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_rule_exception" ADD CONSTRAINT "internship_rule_exception_student_user_id_sys_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_rule_exception" ADD CONSTRAINT "internship_rule_exception_unit_id_internship_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."internship_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_rule_exception" ADD CONSTRAINT "internship_rule_exception_post_id_internship_unit_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."internship_unit_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_rule_exception" ADD CONSTRAINT "internship_rule_exception_requested_by_sys_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_setting" ADD CONSTRAINT "report_setting_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_archive_requested_idx" ON "document_archive" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "internship_rule_exception_lookup_idx" ON "internship_rule_exception" USING btree ("program_id","student_user_id","status");--> statement-breakpoint
INSERT INTO "wf_process_model" ("key", "name", "steps") VALUES
  ('rule_exception', '实习例外备案', '[{"name":"实习办审批","assignee":{"type":"role","roleId":"role-office"}}]'::jsonb);
