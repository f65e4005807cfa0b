ALTER TABLE "sys_role" ADD COLUMN "relation" text;--> statement-breakpoint
-- Relation roles (contract/relations.ts): held by whoever advises, mentors or is 班主任 of some student's
-- placement, whatever roles they were given, and never assigned. Their grants are edited like any role's.
INSERT INTO sys_role (id, role_code, role_name, description, data_scope, relation) VALUES
  ('role-rel-adviser', 'relationAdviser', '指导教师（按指导关系）', '凡指导学生实习的教师自动具有，无论其角色', 'all', 'adviser'),
  ('role-rel-mentor', 'relationMentor', '企业导师（按带教关系）', '凡带教实习学生的企业导师自动具有', 'all', 'mentor'),
  ('role-rel-head-teacher', 'relationHeadTeacher', '班主任（按班级）', '凡担任班主任的教师自动具有', 'all', 'headTeacher');
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
