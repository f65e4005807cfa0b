-- 基础数据 (issue 11): one menu per entity, one button rule in force per action, all for the administrator.
-- 院系管理员 (department administrator) reaches only the basic data of their departments (data_scope 'depart'):
-- majors, classes, courses, teachers and students in full, campuses, buildings and rooms to look up.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-basic', NULL, '基础数据', '/basic', 'layouts/RouteView', 'basic', NULL, 0, 20, 'database', true, false),
  ('menu-basic-campus', 'menu-basic', '校区管理', '/basic/campus', 'basic/CampusList', 'basic-campus', NULL, 1, 1, 'bank', true, false),
  ('menu-basic-building', 'menu-basic', '楼宇管理', '/basic/building', 'basic/BuildingList', 'basic-building', NULL, 1, 2, 'build', true, false),
  ('menu-basic-classroom', 'menu-basic', '教室/实训室管理', '/basic/classroom', 'basic/ClassroomList', 'basic-classroom', NULL, 1, 3, 'home', true, false),
  ('menu-basic-major', 'menu-basic', '专业管理', '/basic/major', 'basic/MajorList', 'basic-major', NULL, 1, 4, 'read', true, false),
  ('menu-basic-class', 'menu-basic', '班级管理', '/basic/class', 'basic/ClassList', 'basic-class', NULL, 1, 5, 'team', true, false),
  ('menu-basic-course', 'menu-basic', '课程管理', '/basic/course', 'basic/CourseList', 'basic-course', NULL, 1, 6, 'book', true, false),
  ('menu-basic-teacher', 'menu-basic', '教师管理', '/basic/teacher', 'basic/TeacherList', 'basic-teacher', NULL, 1, 7, 'solution', true, false),
  ('menu-basic-student', 'menu-basic', '学生管理', '/basic/student', 'basic/StudentList', 'basic-student', NULL, 1, 8, 'user', true, false);
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-basic-campus-list', 'menu-basic-campus', '查看校区', 2, 'basic:campus:list', 1, false, '1'),
  ('btn-basic-campus-add', 'menu-basic-campus', '添加校区', 2, 'basic:campus:add', 2, false, '1'),
  ('btn-basic-campus-edit', 'menu-basic-campus', '编辑校区', 2, 'basic:campus:edit', 3, false, '1'),
  ('btn-basic-campus-delete', 'menu-basic-campus', '删除校区', 2, 'basic:campus:delete', 4, false, '1'),
  ('btn-basic-campus-import', 'menu-basic-campus', '导入校区', 2, 'basic:campus:import', 5, false, '1'),
  ('btn-basic-campus-export', 'menu-basic-campus', '导出校区', 2, 'basic:campus:export', 6, false, '1'),
  ('btn-basic-building-list', 'menu-basic-building', '查看楼宇', 2, 'basic:building:list', 1, false, '1'),
  ('btn-basic-building-add', 'menu-basic-building', '添加楼宇', 2, 'basic:building:add', 2, false, '1'),
  ('btn-basic-building-edit', 'menu-basic-building', '编辑楼宇', 2, 'basic:building:edit', 3, false, '1'),
  ('btn-basic-building-delete', 'menu-basic-building', '删除楼宇', 2, 'basic:building:delete', 4, false, '1'),
  ('btn-basic-building-import', 'menu-basic-building', '导入楼宇', 2, 'basic:building:import', 5, false, '1'),
  ('btn-basic-building-export', 'menu-basic-building', '导出楼宇', 2, 'basic:building:export', 6, false, '1'),
  ('btn-basic-classroom-list', 'menu-basic-classroom', '查看教室/实训室', 2, 'basic:classroom:list', 1, false, '1'),
  ('btn-basic-classroom-add', 'menu-basic-classroom', '添加教室/实训室', 2, 'basic:classroom:add', 2, false, '1'),
  ('btn-basic-classroom-edit', 'menu-basic-classroom', '编辑教室/实训室', 2, 'basic:classroom:edit', 3, false, '1'),
  ('btn-basic-classroom-delete', 'menu-basic-classroom', '删除教室/实训室', 2, 'basic:classroom:delete', 4, false, '1'),
  ('btn-basic-classroom-import', 'menu-basic-classroom', '导入教室/实训室', 2, 'basic:classroom:import', 5, false, '1'),
  ('btn-basic-classroom-export', 'menu-basic-classroom', '导出教室/实训室', 2, 'basic:classroom:export', 6, false, '1'),
  ('btn-basic-major-list', 'menu-basic-major', '查看专业', 2, 'basic:major:list', 1, false, '1'),
  ('btn-basic-major-add', 'menu-basic-major', '添加专业', 2, 'basic:major:add', 2, false, '1'),
  ('btn-basic-major-edit', 'menu-basic-major', '编辑专业', 2, 'basic:major:edit', 3, false, '1'),
  ('btn-basic-major-delete', 'menu-basic-major', '删除专业', 2, 'basic:major:delete', 4, false, '1'),
  ('btn-basic-major-import', 'menu-basic-major', '导入专业', 2, 'basic:major:import', 5, false, '1'),
  ('btn-basic-major-export', 'menu-basic-major', '导出专业', 2, 'basic:major:export', 6, false, '1'),
  ('btn-basic-class-list', 'menu-basic-class', '查看班级', 2, 'basic:class:list', 1, false, '1'),
  ('btn-basic-class-add', 'menu-basic-class', '添加班级', 2, 'basic:class:add', 2, false, '1'),
  ('btn-basic-class-edit', 'menu-basic-class', '编辑班级', 2, 'basic:class:edit', 3, false, '1'),
  ('btn-basic-class-delete', 'menu-basic-class', '删除班级', 2, 'basic:class:delete', 4, false, '1'),
  ('btn-basic-class-import', 'menu-basic-class', '导入班级', 2, 'basic:class:import', 5, false, '1'),
  ('btn-basic-class-export', 'menu-basic-class', '导出班级', 2, 'basic:class:export', 6, false, '1'),
  ('btn-basic-course-list', 'menu-basic-course', '查看课程', 2, 'basic:course:list', 1, false, '1'),
  ('btn-basic-course-add', 'menu-basic-course', '添加课程', 2, 'basic:course:add', 2, false, '1'),
  ('btn-basic-course-edit', 'menu-basic-course', '编辑课程', 2, 'basic:course:edit', 3, false, '1'),
  ('btn-basic-course-delete', 'menu-basic-course', '删除课程', 2, 'basic:course:delete', 4, false, '1'),
  ('btn-basic-course-import', 'menu-basic-course', '导入课程', 2, 'basic:course:import', 5, false, '1'),
  ('btn-basic-course-export', 'menu-basic-course', '导出课程', 2, 'basic:course:export', 6, false, '1'),
  ('btn-basic-teacher-list', 'menu-basic-teacher', '查看教师', 2, 'basic:teacher:list', 1, false, '1'),
  ('btn-basic-teacher-add', 'menu-basic-teacher', '添加教师', 2, 'basic:teacher:add', 2, false, '1'),
  ('btn-basic-teacher-edit', 'menu-basic-teacher', '编辑教师', 2, 'basic:teacher:edit', 3, false, '1'),
  ('btn-basic-teacher-delete', 'menu-basic-teacher', '删除教师', 2, 'basic:teacher:delete', 4, false, '1'),
  ('btn-basic-teacher-import', 'menu-basic-teacher', '导入教师', 2, 'basic:teacher:import', 5, false, '1'),
  ('btn-basic-teacher-export', 'menu-basic-teacher', '导出教师', 2, 'basic:teacher:export', 6, false, '1'),
  ('btn-basic-student-list', 'menu-basic-student', '查看学生', 2, 'basic:student:list', 1, false, '1'),
  ('btn-basic-student-add', 'menu-basic-student', '添加学生', 2, 'basic:student:add', 2, false, '1'),
  ('btn-basic-student-edit', 'menu-basic-student', '编辑学生', 2, 'basic:student:edit', 3, false, '1'),
  ('btn-basic-student-delete', 'menu-basic-student', '删除学生', 2, 'basic:student:delete', 4, false, '1'),
  ('btn-basic-student-import', 'menu-basic-student', '导入学生', 2, 'basic:student:import', 5, false, '1'),
  ('btn-basic-student-export', 'menu-basic-student', '导出学生', 2, 'basic:student:export', 6, false, '1');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT 'role-admin', id FROM sys_permission WHERE id = 'menu-basic' OR id LIKE 'menu-basic-%' OR id LIKE 'btn-basic-%';
--> statement-breakpoint
INSERT INTO sys_role (id, role_code, role_name, description, data_scope) VALUES
  ('role-depart-admin', 'departAdmin', '院系管理员', '管理本院系的专业、班级、课程、教师和学生', 'depart');
--> statement-breakpoint
-- What every role starts with (the same set the server grants a new role): dashboards, the account pages, messages, the exception pages.
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT 'role-depart-admin', id FROM sys_permission WHERE id IN (
  'menu-dashboard', 'menu-dashboard-workplace', 'menu-dashboard-analysis', 'menu-dashboard-monitor',
  'menu-account', 'menu-account-center', 'menu-account-settings', 'menu-account-settings-base', 'menu-account-settings-security',
  'menu-account-settings-custom', 'menu-account-settings-binding', 'menu-account-settings-notification',
  'menu-user-announcement', 'menu-exception', 'menu-exception-403', 'menu-exception-404', 'menu-exception-500'
);
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT 'role-depart-admin', id FROM sys_permission
WHERE id = 'menu-basic'
   OR id IN ('menu-basic-campus', 'menu-basic-building', 'menu-basic-classroom', 'btn-basic-campus-list', 'btn-basic-building-list', 'btn-basic-classroom-list')
   OR id IN ('menu-basic-major', 'menu-basic-class', 'menu-basic-course', 'menu-basic-teacher', 'menu-basic-student')
   OR id LIKE 'btn-basic-major-%' OR id LIKE 'btn-basic-class-%' OR id LIKE 'btn-basic-course-%' OR id LIKE 'btn-basic-teacher-%' OR id LIKE 'btn-basic-student-%';
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
