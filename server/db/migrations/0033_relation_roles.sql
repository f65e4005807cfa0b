ALTER TABLE "sys_role" ADD COLUMN "relation" text;--> statement-breakpoint
-- Relation roles (contract/relations.ts): held by whoever advises, mentors or is 班主任 of some student's
-- placement, whatever roles they were given, and never assigned. Their grants are edited like any role's.
INSERT INTO sys_role (id, role_code, role_name, description, data_scope, relation) VALUES
  ('role-rel-adviser', 'relationAdviser', '指导教师（按指导关系）', '凡指导学生实习的教师自动具有，无论其角色', 'all', 'adviser'),
  ('role-rel-mentor', 'relationMentor', '企业导师（按带教关系）', '凡带教实习学生的企业导师自动具有', 'all', 'mentor'),
  ('role-rel-head-teacher', 'relationHeadTeacher', '班主任（按班级）', '凡担任班主任的教师自动具有', 'all', 'headTeacher');
--> statement-breakpoint
-- Reading students' records (the review list, read only) apart from reviewing them.
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-internship-record-read', 'menu-internship-weekly-review', '查阅实习记录', 2, 'internship:record:read', 3, false, '1');
--> statement-breakpoint
-- 班主任 read their class's records (the season's grid, the records themselves) without a review list.
-- The adviser's pages (批阅, 今日签到, 互动, 走访) follow the relation, not the teacher role: a teacher who
-- advises nobody no longer sees them empty.
DELETE FROM sys_role_permission WHERE role_id = 'role-teacher' AND permission_id IN (
  'menu-internship-weekly-review', 'btn-internship-weekly-review', 'menu-internship-checkin-daily',
  'menu-internship-interaction', 'btn-internship-interaction-use', 'menu-internship-visit', 'btn-internship-visit-file', 'btn-internship-visit-list');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT role_id, permission_id FROM (VALUES
  ('role-rel-adviser', 'menu-internship'),
  ('role-rel-adviser', 'menu-internship-weekly-review'),
  ('role-rel-adviser', 'btn-internship-weekly-review'),
  ('role-rel-adviser', 'btn-internship-record-read'),
  ('role-rel-adviser', 'menu-internship-checkin-daily'),
  ('role-rel-adviser', 'menu-internship-interaction'),
  ('role-rel-adviser', 'btn-internship-interaction-use'),
  ('role-rel-adviser', 'menu-internship-visit'),
  ('role-rel-adviser', 'btn-internship-visit-file'),
  ('role-rel-adviser', 'btn-internship-visit-list'),
  ('role-rel-mentor', 'menu-internship'),
  ('role-rel-mentor', 'menu-internship-weekly-review'),
  ('role-rel-mentor', 'btn-internship-record-read'),
  ('role-rel-head-teacher', 'menu-internship'),
  ('role-rel-head-teacher', 'btn-internship-record-read'),
  ('role-office', 'btn-internship-record-read'),
  ('role-admin', 'btn-internship-record-read')
) AS grants(role_id, permission_id)
WHERE EXISTS (SELECT 1 FROM sys_role WHERE id = grants.role_id) AND EXISTS (SELECT 1 FROM sys_permission WHERE id = grants.permission_id);
--> statement-breakpoint
-- 学生实习进度 (contract/season.ts): a program's students × weeks with each 周记's state and 一键催交, for whoever
-- looks after students' placements (advisers, 班主任, the department, the office, administrators). A department
-- administrator reads the students' records on it (internship:record:read) as the relation model lets them.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-internship-season', 'menu-internship', '学生实习进度', '/internship/season', 'internship/Season', 'internship-season', NULL, 1, 3, 'table', true, false);
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT role_id, permission_id FROM (VALUES
  ('role-rel-adviser', 'menu-internship-season'),
  ('role-rel-head-teacher', 'menu-internship-season'),
  ('role-office', 'menu-internship-season'),
  ('role-admin', 'menu-internship-season'),
  ('role-depart-admin', 'menu-internship-season'),
  ('role-depart-admin', 'btn-internship-record-read')
) AS grants(role_id, permission_id)
WHERE EXISTS (SELECT 1 FROM sys_role WHERE id = grants.role_id) AND EXISTS (SELECT 1 FROM sys_permission WHERE id = grants.permission_id);
--> statement-breakpoint
-- 立即检查 on 实习预警: the warnings job run now (the office and the administrator).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-internship-warning-check', 'menu-internship-warning', '立即检查实习预警', 2, 'internship:warning:check', 4, false, '1');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT role_id, 'btn-internship-warning-check' FROM (VALUES ('role-office'), ('role-admin')) AS grants(role_id)
WHERE EXISTS (SELECT 1 FROM sys_role WHERE id = grants.role_id);
--> statement-breakpoint
-- A bell message that merges the events arriving at once for its one recipient (李明等3人提交了周记):
-- its key and the events it holds (server/modules/announcement/notify.ts).
ALTER TABLE sys_announcement ADD COLUMN IF NOT EXISTS digest jsonb;
--> statement-breakpoint
-- Finding the open digest of a key: only merging messages carry one.
CREATE INDEX IF NOT EXISTS sys_announcement_digest_idx ON sys_announcement ((digest->>'key'), send_time) WHERE digest IS NOT NULL;
--> statement-breakpoint
-- Which classroom types a 实训预约 may name (classroom_type's values): a setting, 实训室 and 机房 to begin with.
INSERT INTO sys_dict (id, dict_code, dict_name, description) VALUES
  ('dict-bookable-room-type', 'practice_bookable_room_type', '可预约教室类型', '实训预约可选的教室类型，项目值取自“教室类型”');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-bookable-room-type', '实训室', '3', 1),
  ('dict-bookable-room-type', '机房', '4', 2);
