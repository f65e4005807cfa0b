CREATE TABLE "internship_attachment" (
	"id" text PRIMARY KEY NOT NULL,
	"summary_id" text NOT NULL,
	"uploader_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_enrolment" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"program_id" text NOT NULL,
	"student_user_id" text NOT NULL,
	"unit_id" text,
	"post" text,
	"mentor_user_id" text,
	"adviser_user_id" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_program" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"term" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"min_weekly_length" integer DEFAULT 200 NOT NULL,
	"min_weekly_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_unit" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"credit_code" text,
	"address" text,
	"contact" text,
	"phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_weekly" (
	"id" text PRIMARY KEY NOT NULL,
	"enrolment_id" text NOT NULL,
	"week_start" date NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"adviser_comment" text,
	"score" integer,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internship_weekly_score_range" CHECK ("internship_weekly"."score" is null or "internship_weekly"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "sys_idempotency" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_idempotency_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "internship_attachment" ADD CONSTRAINT "internship_attachment_uploader_id_sys_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD CONSTRAINT "internship_enrolment_program_id_internship_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."internship_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD CONSTRAINT "internship_enrolment_student_user_id_sys_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD CONSTRAINT "internship_enrolment_unit_id_internship_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."internship_unit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD CONSTRAINT "internship_enrolment_mentor_user_id_sys_user_id_fk" FOREIGN KEY ("mentor_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD CONSTRAINT "internship_enrolment_adviser_user_id_sys_user_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_weekly" ADD CONSTRAINT "internship_weekly_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_weekly" ADD CONSTRAINT "internship_weekly_reviewer_id_sys_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_idempotency" ADD CONSTRAINT "sys_idempotency_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_attachment_summary_idx" ON "internship_attachment" USING btree ("summary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_enrolment_program_student_uq" ON "internship_enrolment" USING btree ("program_id","student_user_id");--> statement-breakpoint
CREATE INDEX "internship_enrolment_student_idx" ON "internship_enrolment" USING btree ("student_user_id");--> statement-breakpoint
CREATE INDEX "internship_enrolment_adviser_idx" ON "internship_enrolment" USING btree ("adviser_user_id");--> statement-breakpoint
CREATE INDEX "internship_enrolment_mentor_idx" ON "internship_enrolment" USING btree ("mentor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_unit_credit_code_uq" ON "internship_unit" USING btree ("credit_code");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_weekly_week_uq" ON "internship_weekly" USING btree ("enrolment_id","week_start");--> statement-breakpoint
CREATE INDEX "internship_weekly_status_idx" ON "internship_weekly" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "sys_idempotency_created_idx" ON "sys_idempotency" USING btree ("created_at");