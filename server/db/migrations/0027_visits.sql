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
CREATE INDEX "internship_visit_student_enrolment_idx" ON "internship_visit_student" USING btree ("enrolment_id");--> statement-breakpoint
-- 走访记录: the adviser's visits, filed on the phone (internship:visit:file); listed by advisers, the office and
-- administrators (internship:visit:list), everyone's for holders of internship:weekly:all.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-internship-visit', 'menu-internship', '走访记录', '/internship/visit', 'internship/Visits', 'internship-visit', NULL, 1, 10, 'environment', true, false);
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-internship-visit-file', 'menu-internship-visit', '填写走访记录', 2, 'internship:visit:file', 1, false, '1'),
  ('btn-internship-visit-list', 'menu-internship-visit', '查看走访记录', 2, 'internship:visit:list', 2, false, '1');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-teacher', 'menu-internship-visit'),
  ('role-teacher', 'btn-internship-visit-file'),
  ('role-teacher', 'btn-internship-visit-list'),
  ('role-office', 'menu-internship-visit'),
  ('role-office', 'btn-internship-visit-list'),
  ('role-admin', 'menu-internship-visit'),
  ('role-admin', 'btn-internship-visit-list');
