CREATE TABLE "practice_course_rating" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"course_id" text NOT NULL,
	"teacher_user_id" text NOT NULL,
	"student_user_id" text NOT NULL,
	"score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_course_rating_score_ck" CHECK ("practice_course_rating"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "practice_student_rating" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"course_id" text NOT NULL,
	"class_id" text NOT NULL,
	"teacher_user_id" text NOT NULL,
	"student_user_id" text NOT NULL,
	"score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_student_rating_score_ck" CHECK ("practice_student_rating"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "practice_course_rating" ADD CONSTRAINT "practice_course_rating_course_id_basic_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."basic_course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_course_rating" ADD CONSTRAINT "practice_course_rating_teacher_user_id_sys_user_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_course_rating" ADD CONSTRAINT "practice_course_rating_student_user_id_sys_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_student_rating" ADD CONSTRAINT "practice_student_rating_course_id_basic_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."basic_course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_student_rating" ADD CONSTRAINT "practice_student_rating_class_id_basic_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."basic_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_student_rating" ADD CONSTRAINT "practice_student_rating_teacher_user_id_sys_user_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_student_rating" ADD CONSTRAINT "practice_student_rating_student_user_id_sys_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_course_rating_once_uq" ON "practice_course_rating" USING btree ("course_id","teacher_user_id","student_user_id");--> statement-breakpoint
CREATE INDEX "practice_course_rating_teacher_idx" ON "practice_course_rating" USING btree ("teacher_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_student_rating_once_uq" ON "practice_student_rating" USING btree ("course_id","teacher_user_id","student_user_id");--> statement-breakpoint
CREATE INDEX "practice_student_rating_class_idx" ON "practice_student_rating" USING btree ("class_id");