ALTER TABLE "internship_score" ADD COLUMN "summary_score" numeric(4, 1);--> statement-breakpoint
-- A student reads their own 实习成绩 once the office has published it (the server shows them nothing else).
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-student', 'menu-internship-score'),
  ('role-student', 'btn-internship-score-list');
