-- Data every installation needs: roles, the menu tree of the screens that exist, and system dictionaries.
-- Each later feature adds its own menus in its own migration, so a menu never points at a missing page.
INSERT INTO sys_role (id, role_code, role_name, description) VALUES
  ('role-admin', 'admin', '系统管理员', '管理学校基础数据、权限与流程'),
  ('role-teacher', 'teacher', '指导教师', '校内指导教师'),
  ('role-student', 'student', '学生', '参加实习实训的学生'),
  ('role-mentor', 'mentor', '企业导师', '实习单位的企业导师');
--> statement-breakpoint
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-sex', 'sex', '性别'),
  ('dict-user-type', 'user_type', '用户类型'),
  ('dict-user-status', 'user_status', '用户状态'),
  ('dict-priority', 'priority', '优先级');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-sex', '男', '1', 1),
  ('dict-sex', '女', '2', 2),
  ('dict-user-type', '教职工', '0', 1),
  ('dict-user-type', '学生', '1', 2),
  ('dict-user-type', '企业导师', '2', 3),
  ('dict-user-status', '正常', '1', 1),
  ('dict-user-status', '冻结', '2', 2),
  ('dict-priority', '一般', 'L', 1),
  ('dict-priority', '重要', 'M', 2),
  ('dict-priority', '紧急', 'H', 3);
