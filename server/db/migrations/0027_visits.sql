CREATE TABLE "internship_visit" (
	"id" text PRIMARY KEY NOT NULL,
	"adviser_user_id" text NOT NULL,
	"visit_date" date NOT NULL,
	"mode" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_visit_student" (
	"visit_id" text NOT NULL,
	"enrolment_id" text NOT NULL,
	CONSTRAINT "internship_visit_student_visit_id_enrolment_id_pk" PRIMARY KEY("visit_id","enrolment_id")
);
--> statement-breakpoint
ALTER TABLE "internship_visit" ADD CONSTRAINT "internship_visit_adviser_user_id_sys_user_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_visit_student" ADD CONSTRAINT "internship_visit_student_visit_id_internship_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."internship_visit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_visit_student" ADD CONSTRAINT "internship_visit_student_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_visit_adviser_idx" ON "internship_visit" USING btree ("adviser_user_id","visit_date");--> statement-breakpoint
CREATE INDEX "internship_visit_student_enrolment_idx" ON "internship_visit_student" USING btree ("enrolment_id");