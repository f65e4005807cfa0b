CREATE TABLE "practice_score_entry" (
	"sheet_id" text NOT NULL,
	"student_id" text NOT NULL,
	"value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_score_entry_sheet_id_student_id_pk" PRIMARY KEY("sheet_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "practice_score_log" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"sheet_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_score_sheet" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"course_id" text NOT NULL,
	"class_id" text NOT NULL,
	"term" text NOT NULL,
	"teacher_user_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_score_sheet_status" CHECK ("practice_score_sheet"."status" in ('draft', 'submitted'))
);
--> statement-breakpoint
ALTER TABLE "basic_course" ADD COLUMN "score_mode" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_score_entry" ADD CONSTRAINT "practice_score_entry_sheet_id_practice_score_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."practice_score_sheet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_entry" ADD CONSTRAINT "practice_score_entry_student_id_basic_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."basic_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_log" ADD CONSTRAINT "practice_score_log_sheet_id_practice_score_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."practice_score_sheet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_log" ADD CONSTRAINT "practice_score_log_actor_id_sys_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_sheet" ADD CONSTRAINT "practice_score_sheet_course_id_basic_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."basic_course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_sheet" ADD CONSTRAINT "practice_score_sheet_class_id_basic_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."basic_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_sheet" ADD CONSTRAINT "practice_score_sheet_teacher_user_id_sys_user_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_score_entry_student_idx" ON "practice_score_entry" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "practice_score_log_sheet_idx" ON "practice_score_log" USING btree ("sheet_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_score_sheet_uq" ON "practice_score_sheet" USING btree ("course_id","class_id","term");--> statement-breakpoint
CREATE INDEX "practice_score_sheet_teacher_idx" ON "practice_score_sheet" USING btree ("teacher_user_id","updated_at");--> statement-breakpoint
ALTER TABLE "basic_course" ADD CONSTRAINT "basic_course_score_mode" CHECK ("basic_course"."score_mode" in ('percent', 'grade'));--> statement-breakpoint
-- The demo's 实训 courses (course_type 2) keep 百分制, except 网店运营, scored 优/良/中/及格/不及格.
UPDATE basic_course SET score_mode = 'grade' WHERE id = 'course-53070103';
