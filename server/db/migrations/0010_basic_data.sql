CREATE TABLE "basic_building" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"campus_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"floors" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_campus" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_class" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"major_id" text NOT NULL,
	"grade" integer NOT NULL,
	"head_teacher_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_classroom" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"building_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"capacity" integer,
	"equipment" text,
	"status" text DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_course" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"credits" numeric(4, 1),
	"hours" integer,
	"major_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_major" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"depart_id" text NOT NULL,
	"level" text NOT NULL,
	"years" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_student" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"student_no" text NOT NULL,
	"name" text NOT NULL,
	"sex" text,
	"birthday" date,
	"phone" text,
	"class_id" text NOT NULL,
	"grade" integer NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basic_teacher" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"work_no" text NOT NULL,
	"name" text NOT NULL,
	"sex" text,
	"phone" text,
	"depart_id" text NOT NULL,
	"title" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "basic_building" ADD CONSTRAINT "basic_building_campus_id_basic_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."basic_campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_class" ADD CONSTRAINT "basic_class_major_id_basic_major_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."basic_major"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_class" ADD CONSTRAINT "basic_class_head_teacher_id_basic_teacher_id_fk" FOREIGN KEY ("head_teacher_id") REFERENCES "public"."basic_teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_classroom" ADD CONSTRAINT "basic_classroom_building_id_basic_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."basic_building"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_course" ADD CONSTRAINT "basic_course_major_id_basic_major_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."basic_major"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_major" ADD CONSTRAINT "basic_major_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_student" ADD CONSTRAINT "basic_student_class_id_basic_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."basic_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_student" ADD CONSTRAINT "basic_student_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_teacher" ADD CONSTRAINT "basic_teacher_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_teacher" ADD CONSTRAINT "basic_teacher_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "basic_building_code_uq" ON "basic_building" USING btree ("code");--> statement-breakpoint
CREATE INDEX "basic_building_campus_idx" ON "basic_building" USING btree ("campus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_campus_code_uq" ON "basic_campus" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_class_code_uq" ON "basic_class" USING btree ("code");--> statement-breakpoint
CREATE INDEX "basic_class_major_idx" ON "basic_class" USING btree ("major_id");--> statement-breakpoint
CREATE INDEX "basic_class_head_teacher_idx" ON "basic_class" USING btree ("head_teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_classroom_code_uq" ON "basic_classroom" USING btree ("code");--> statement-breakpoint
CREATE INDEX "basic_classroom_building_idx" ON "basic_classroom" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_course_code_uq" ON "basic_course" USING btree ("code");--> statement-breakpoint
CREATE INDEX "basic_course_major_idx" ON "basic_course" USING btree ("major_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_major_code_uq" ON "basic_major" USING btree ("code");--> statement-breakpoint
CREATE INDEX "basic_major_depart_idx" ON "basic_major" USING btree ("depart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_student_no_uq" ON "basic_student" USING btree ("student_no");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_student_user_uq" ON "basic_student" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "basic_student_class_idx" ON "basic_student" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "basic_student_name_idx" ON "basic_student" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_teacher_work_no_uq" ON "basic_teacher" USING btree ("work_no");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_teacher_user_uq" ON "basic_teacher" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "basic_teacher_depart_idx" ON "basic_teacher" USING btree ("depart_id");--> statement-breakpoint
CREATE INDEX "basic_teacher_name_idx" ON "basic_teacher" USING btree ("name");