CREATE TABLE "wf_history" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"instance_id" text NOT NULL,
	"action" text NOT NULL,
	"step_name" text,
	"actor_id" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instance" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"process_key" text NOT NULL,
	"business_id" text NOT NULL,
	"title" text NOT NULL,
	"applicant_id" text NOT NULL,
	"enrolment_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_process_model" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "wf_task" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"instance_id" text NOT NULL,
	"step_index" integer NOT NULL,
	"step_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"comment" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_task_candidate" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "wf_task_candidate_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
DROP INDEX "internship_enrolment_program_student_uq";--> statement-breakpoint
DROP INDEX "internship_record_period_uq";--> statement-breakpoint
ALTER TABLE "internship_record" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "internship_record" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "internship_record" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wf_history" ADD CONSTRAINT "wf_history_instance_id_wf_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_history" ADD CONSTRAINT "wf_history_actor_id_sys_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instance" ADD CONSTRAINT "wf_instance_applicant_id_sys_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instance" ADD CONSTRAINT "wf_instance_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_process_model" ADD CONSTRAINT "wf_process_model_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task" ADD CONSTRAINT "wf_task_instance_id_wf_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task" ADD CONSTRAINT "wf_task_decided_by_sys_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task_candidate" ADD CONSTRAINT "wf_task_candidate_task_id_wf_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."wf_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task_candidate" ADD CONSTRAINT "wf_task_candidate_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wf_history_instance_idx" ON "wf_history" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_instance_business_uq" ON "wf_instance" USING btree ("process_key","business_id");--> statement-breakpoint
CREATE INDEX "wf_instance_applicant_idx" ON "wf_instance" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "wf_task_instance_idx" ON "wf_task" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "wf_task_decided_idx" ON "wf_task" USING btree ("decided_by","decided_at");--> statement-breakpoint
CREATE INDEX "wf_task_candidate_user_idx" ON "wf_task_candidate" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "internship_record_range_idx" ON "internship_record" USING btree ("kind","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_enrolment_program_student_uq" ON "internship_enrolment" USING btree ("program_id","student_user_id") WHERE "internship_enrolment"."status" in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "internship_record_period_uq" ON "internship_record" USING btree ("enrolment_id","kind","period_start") WHERE "internship_record"."kind" in ('plan', 'weekly', 'monthly', 'report');