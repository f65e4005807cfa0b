CREATE TABLE "practice_booking" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"classroom_id" text NOT NULL,
	"course_id" text NOT NULL,
	"class_id" text NOT NULL,
	"teacher_user_id" text NOT NULL,
	"applicant_id" text NOT NULL,
	"purpose" text NOT NULL,
	"first_date" date NOT NULL,
	"repeat_until" date,
	"weeks" integer DEFAULT 1 NOT NULL,
	"period_from" integer NOT NULL,
	"period_to" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_booking_periods_ck" CHECK ("practice_booking"."period_from" between 1 and 12 and "practice_booking"."period_to" between "practice_booking"."period_from" and 12)
);
--> statement-breakpoint
CREATE TABLE "practice_booking_slot" (
	"booking_id" text NOT NULL,
	"slot_date" date NOT NULL,
	"period" integer NOT NULL,
	"classroom_id" text NOT NULL,
	"class_id" text NOT NULL,
	"teacher_user_id" text NOT NULL,
	CONSTRAINT "practice_booking_slot_booking_id_slot_date_period_pk" PRIMARY KEY("booking_id","slot_date","period")
);
--> statement-breakpoint
ALTER TABLE "practice_booking" ADD CONSTRAINT "practice_booking_classroom_id_basic_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."basic_classroom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_booking" ADD CONSTRAINT "practice_booking_course_id_basic_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."basic_course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_booking" ADD CONSTRAINT "practice_booking_class_id_basic_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."basic_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_booking" ADD CONSTRAINT "practice_booking_teacher_user_id_sys_user_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_booking" ADD CONSTRAINT "practice_booking_applicant_id_sys_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_booking_slot" ADD CONSTRAINT "practice_booking_slot_booking_id_practice_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."practice_booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_booking_applicant_idx" ON "practice_booking" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_booking_teacher_idx" ON "practice_booking" USING btree ("teacher_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_booking_slot_room_uq" ON "practice_booking_slot" USING btree ("classroom_id","slot_date","period");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_booking_slot_class_uq" ON "practice_booking_slot" USING btree ("class_id","slot_date","period");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_booking_slot_teacher_uq" ON "practice_booking_slot" USING btree ("teacher_user_id","slot_date","period");--> statement-breakpoint
INSERT INTO wf_process_model (key, name, steps) VALUES
  ('booking', '实训预约', '[{"name":"教务处审批","assignee":{"type":"role","roleId":"role-office"}}]'::jsonb);
