
INSERT INTO sys_role (id, role_code, role_name, description, data_scope) VALUES
  ('role-depart-admin', 'departAdmin', '院系管理员', '管理本院系的专业、班级、课程、教师和学生', 'depart');
--> statement-breakpoint
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-classroom-type', 'classroom_type', '教室类型'),
  ('dict-classroom-status', 'classroom_status', '教室状态'),
  ('dict-major-level', 'major_level', '办学层次'),
  ('dict-course-type', 'course_type', '课程类型'),
  ('dict-teacher-title', 'teacher_title', '职称'),
  ('dict-student-status', 'student_status', '学籍状态');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-classroom-type', '普通教室', '1', 1),
  ('dict-classroom-type', '多媒体', '2', 2),
  ('dict-classroom-type', '实训室', '3', 3),
  ('dict-classroom-type', '机房', '4', 4),
  ('dict-classroom-status', '可用', '1', 1),
  ('dict-classroom-status', '停用', '0', 2),
  ('dict-major-level', '中职', '1', 1),
  ('dict-major-level', '高职', '2', 2),
  ('dict-major-level', '本科', '3', 3),
  ('dict-course-type', '理论', '1', 1),
  ('dict-course-type', '实训', '2', 2),
  ('dict-course-type', '理实一体', '3', 3),
  ('dict-teacher-title', '教授', '1', 1),
  ('dict-teacher-title', '副教授', '2', 2),
  ('dict-teacher-title', '讲师', '3', 3),
  ('dict-teacher-title', '助教', '4', 4),
  ('dict-teacher-title', '高级讲师', '5', 5),
  ('dict-teacher-title', '实习指导教师', '6', 6),
  ('dict-teacher-title', '其他', '9', 9),
  ('dict-student-status', '在读', '1', 1),
  ('dict-student-status', '休学', '2', 2),
  ('dict-student-status', '毕业', '3', 3);
