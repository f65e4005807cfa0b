CREATE TABLE "internship_program_class" (
	"program_id" text NOT NULL,
	"class_id" text NOT NULL,
	CONSTRAINT "internship_program_class_program_id_class_id_pk" PRIMARY KEY("program_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "internship_score" (
	"enrolment_id" text PRIMARY KEY NOT NULL,
	"mentor_items" jsonb,
	"mentor_score" numeric(4, 1),
	"mentor_comment" text,
	"mentor_user_id" text,
	"mentor_at" timestamp with time zone,
	"adviser_score" numeric(4, 1),
	"adviser_comment" text,
	"adviser_user_id" text,
	"adviser_at" timestamp with time zone,
	"report_score" numeric(4, 1),
	"total" numeric(4, 1),
	"grade" text,
	"published_at" timestamp with time zone,
	"published_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internship_score_mentor_range" CHECK ("internship_score"."mentor_score" is null or "internship_score"."mentor_score" between 0 and 100),
	CONSTRAINT "internship_score_adviser_range" CHECK ("internship_score"."adviser_score" is null or "internship_score"."adviser_score" between 0 and 100),
	CONSTRAINT "internship_score_report_range" CHECK ("internship_score"."report_score" is null or "internship_score"."report_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "internship_score_log" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"enrolment_id" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb,
	"reason" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_unit_contact" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"unit_id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"title" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_unit_post" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"unit_id" text NOT NULL,
	"name" text NOT NULL,
	"headcount" integer NOT NULL,
	"probation_wage" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_warning" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"kind" text NOT NULL,
	"enrolment_id" text NOT NULL,
	"period" text NOT NULL,
	"adviser_user_id" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"handled_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "post_id" text;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "agreement_attachment_id" text;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "consent_attachment_id" text;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "pre_training_date" date;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "insured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "insurance_policy_no" text;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "monthly_pay" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "no_fee_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "work_terms_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "terminate_reason" text;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "min_monthly_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "report_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "min_report_length" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "weight_mentor" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "weight_adviser" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "weight_summary" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "weight_report" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "depart_id" text;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "employee_count" integer;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "site_report_attachment_id" text;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "internship_program_class" ADD CONSTRAINT "internship_program_class_program_id_internship_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."internship_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_program_class" ADD CONSTRAINT "internship_program_class_class_id_basic_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."basic_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_score" ADD CONSTRAINT "internship_score_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_score" ADD CONSTRAINT "internship_score_mentor_user_id_sys_user_id_fk" FOREIGN KEY ("mentor_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_score" ADD CONSTRAINT "internship_score_adviser_user_id_sys_user_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_score" ADD CONSTRAINT "internship_score_published_by_sys_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_score_log" ADD CONSTRAINT "internship_score_log_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_score_log" ADD CONSTRAINT "internship_score_log_actor_id_sys_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_unit_contact" ADD CONSTRAINT "internship_unit_contact_unit_id_internship_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."internship_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_unit_contact" ADD CONSTRAINT "internship_unit_contact_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_unit_post" ADD CONSTRAINT "internship_unit_post_unit_id_internship_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."internship_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_warning" ADD CONSTRAINT "internship_warning_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_warning" ADD CONSTRAINT "internship_warning_adviser_user_id_sys_user_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_warning" ADD CONSTRAINT "internship_warning_handled_by_sys_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_program_class_class_idx" ON "internship_program_class" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "internship_score_log_enrolment_idx" ON "internship_score_log" USING btree ("enrolment_id","created_at");--> statement-breakpoint
CREATE INDEX "internship_unit_contact_unit_idx" ON "internship_unit_contact" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_unit_contact_user_uq" ON "internship_unit_contact" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_unit_post_name_uq" ON "internship_unit_post" USING btree ("unit_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_warning_once_uq" ON "internship_warning" USING btree ("kind","enrolment_id","period");--> statement-breakpoint
CREATE INDEX "internship_warning_status_idx" ON "internship_warning" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "internship_warning_adviser_idx" ON "internship_warning" USING btree ("adviser_user_id","status");--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD CONSTRAINT "internship_enrolment_post_id_internship_unit_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."internship_unit_post"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_program" ADD CONSTRAINT "internship_program_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD CONSTRAINT "internship_unit_reviewed_by_sys_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_enrolment_unit_idx" ON "internship_enrolment" USING btree ("unit_id","status");--> statement-breakpoint
CREATE INDEX "internship_unit_status_idx" ON "internship_unit" USING btree ("status");--> statement-breakpoint
ALTER TABLE "internship_program" ADD CONSTRAINT "internship_program_weights" CHECK ("internship_program"."weight_mentor" + "internship_program"."weight_adviser" + "internship_program"."weight_summary" + "internship_program"."weight_report" = 100);