-- The student's records, one menu per declared kind (contract/records.ts pages.mine), and one review list
-- for all of them. The button rules keep their codes: they now cover every kind.
UPDATE sys_permission SET name = '实习记录批阅', url = '/internship/review', component = 'internship/RecordReview', component_name = 'internship-review', sort_no = 5
  WHERE id = 'menu-internship-weekly-review';
--> statement-breakpoint
UPDATE sys_permission SET sort_no = 2 WHERE id = 'menu-internship-weekly';
--> statement-breakpoint
UPDATE sys_permission SET name = '填写实习记录' WHERE id = 'btn-internship-weekly-mine';
--> statement-breakpoint
UPDATE sys_permission SET name = '批阅实习记录' WHERE id = 'btn-internship-weekly-review';
--> statement-breakpoint
UPDATE sys_permission SET name = '全部学生的实习记录' WHERE id = 'btn-internship-weekly-all';
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-internship-plan', 'menu-internship', '实习计划书', '/internship/plan', 'internship/MyPlan', 'internship-plan', NULL, 1, 1, 'profile', true, false),
  ('menu-internship-monthly', 'menu-internship', '我的月报', '/internship/monthly', 'internship/MyMonthly', 'internship-monthly', NULL, 1, 3, 'calendar', true, false),
  ('menu-internship-report', 'menu-internship', '实习报告', '/internship/report', 'internship/MyReport', 'internship-report', NULL, 1, 4, 'file-text', true, false);
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-student', 'menu-internship-plan'),
  ('role-student', 'menu-internship-monthly'),
  ('role-student', 'menu-internship-report');
