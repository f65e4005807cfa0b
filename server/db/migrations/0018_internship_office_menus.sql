-- 实习办 (issue 12): units, programs, placements, scores, warnings and statistics. One menu per screen, one
-- button rule in force per action. The internship office (实习办) and the administrator hold all of it; a
-- department administrator runs their department's; advisers, mentors and students see their own.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-internship-unit', 'menu-internship', '实习单位', '/internship/unit', 'internship/UnitList', 'internship-unit', NULL, 1, 10, 'bank', true, false),
  ('menu-internship-program', 'menu-internship', '实习计划', '/internship/program', 'internship/ProgramList', 'internship-program', NULL, 1, 11, 'schedule', true, false),
  ('menu-internship-placement', 'menu-internship', '实习安排', '/internship/placement', 'internship/PlacementList', 'internship-placement', NULL, 1, 12, 'team', true, false),
  ('menu-internship-score', 'menu-internship', '实习成绩', '/internship/score', 'internship/ScoreList', 'internship-score', NULL, 1, 13, 'trophy', true, false),
  ('menu-internship-warning', 'menu-internship', '实习预警', '/internship/warning', 'internship/WarningList', 'internship-warning', NULL, 1, 14, 'alert', true, false),
  ('menu-internship-stats', 'menu-internship', '实习统计', '/internship/stats', 'internship/Stats', 'internship-stats', NULL, 1, 15, 'bar-chart', true, false);
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-internship-unit-list', 'menu-internship-unit', '查看实习单位', 2, 'internship:unit:list', 1, false, '1'),
  ('btn-internship-unit-add', 'menu-internship-unit', '添加实习单位', 2, 'internship:unit:add', 2, false, '1'),
  ('btn-internship-unit-edit', 'menu-internship-unit', '编辑实习单位', 2, 'internship:unit:edit', 3, false, '1'),
  ('btn-internship-unit-delete', 'menu-internship-unit', '删除实习单位', 2, 'internship:unit:delete', 4, false, '1'),
  ('btn-internship-unit-import', 'menu-internship-unit', '导入实习单位', 2, 'internship:unit:import', 5, false, '1'),
  ('btn-internship-unit-export', 'menu-internship-unit', '导出实习单位', 2, 'internship:unit:export', 6, false, '1'),
  ('btn-internship-unit-review', 'menu-internship-unit', '审核实习单位', 2, 'internship:unit:review', 7, false, '1'),
  ('btn-internship-program-list', 'menu-internship-program', '查看实习计划', 2, 'internship:program:list', 1, false, '1'),
  ('btn-internship-program-add', 'menu-internship-program', '添加实习计划', 2, 'internship:program:add', 2, false, '1'),
  ('btn-internship-program-edit', 'menu-internship-program', '编辑实习计划', 2, 'internship:program:edit', 3, false, '1'),
  ('btn-internship-program-delete', 'menu-internship-program', '删除实习计划', 2, 'internship:program:delete', 4, false, '1'),
  ('btn-internship-program-export', 'menu-internship-program', '导出实习计划', 2, 'internship:program:export', 5, false, '1'),
  ('btn-internship-program-enrol', 'menu-internship-program', '按班级报名', 2, 'internship:program:enrol', 6, false, '1'),
  ('btn-internship-placement-list', 'menu-internship-placement', '查看实习安排', 2, 'internship:placement:list', 1, false, '1'),
  ('btn-internship-placement-add', 'menu-internship-placement', '添加实习安排', 2, 'internship:placement:add', 2, false, '1'),
  ('btn-internship-placement-edit', 'menu-internship-placement', '编辑实习安排', 2, 'internship:placement:edit', 3, false, '1'),
  ('btn-internship-placement-delete', 'menu-internship-placement', '删除实习安排', 2, 'internship:placement:delete', 4, false, '1'),
  ('btn-internship-placement-import', 'menu-internship-placement', '导入实习安排', 2, 'internship:placement:import', 5, false, '1'),
  ('btn-internship-placement-export', 'menu-internship-placement', '导出实习安排', 2, 'internship:placement:export', 6, false, '1'),
  ('btn-internship-placement-assign', 'menu-internship-placement', '分配指导教师', 2, 'internship:placement:assign', 7, false, '1'),
  ('btn-internship-placement-status', 'menu-internship-placement', '开始、结束或终止实习', 2, 'internship:placement:status', 8, false, '1'),
  ('btn-internship-score-list', 'menu-internship-score', '查看实习成绩', 2, 'internship:score:list', 1, false, '1'),
  ('btn-internship-score-evaluate', 'menu-internship-score', '企业导师评价', 2, 'internship:score:evaluate', 2, false, '1'),
  ('btn-internship-score-adviser', 'menu-internship-score', '指导教师评分', 2, 'internship:score:adviser', 3, false, '1'),
  ('btn-internship-score-publish', 'menu-internship-score', '发布与重新开放成绩', 2, 'internship:score:publish', 4, false, '1'),
  ('btn-internship-score-export', 'menu-internship-score', '导出实习成绩', 2, 'internship:score:export', 5, false, '1'),
  ('btn-internship-warning-list', 'menu-internship-warning', '查看实习预警', 2, 'internship:warning:list', 1, false, '1'),
  ('btn-internship-warning-handle', 'menu-internship-warning', '处理实习预警', 2, 'internship:warning:handle', 2, false, '1'),
  ('btn-internship-warning-export', 'menu-internship-warning', '导出实习预警', 2, 'internship:warning:export', 3, false, '1'),
  ('btn-internship-stats-view', 'menu-internship-stats', '查看实习统计', 2, 'internship:stats:view', 1, false, '1');
--> statement-breakpoint
INSERT INTO sys_role (id, role_code, role_name, description, data_scope) VALUES
  ('role-office', 'internshipOffice', '实习办', '实习办（教务处）：审核实习单位，管理全校实习计划、安排、成绩、预警与统计', 'all');
--> statement-breakpoint
-- What every role starts with (as 0011 gave 院系管理员), then all of 实习管理 except filing one's own 周记.
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT 'role-office', id FROM sys_permission WHERE id IN (
  'menu-dashboard', 'menu-dashboard-workplace', 'menu-dashboard-analysis', 'menu-dashboard-monitor',
  'menu-account', 'menu-account-center', 'menu-account-settings', 'menu-account-settings-base', 'menu-account-settings-security',
  'menu-account-settings-custom', 'menu-account-settings-binding', 'menu-account-settings-notification',
  'menu-user-announcement', 'menu-exception', 'menu-exception-403', 'menu-exception-404', 'menu-exception-500',
  'menu-internship', 'menu-internship-weekly-review', 'btn-internship-weekly-review', 'btn-internship-weekly-all'
) OR id LIKE 'menu-internship-%' AND id NOT IN ('menu-internship-weekly', 'menu-internship-weekly-review')
  OR id LIKE 'btn-internship-unit-%' OR id LIKE 'btn-internship-program-%' OR id LIKE 'btn-internship-placement-%'
  OR id LIKE 'btn-internship-score-%' OR id LIKE 'btn-internship-warning-%' OR id LIKE 'btn-internship-stats-%';
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT 'role-admin', id FROM sys_permission
WHERE id IN ('menu-internship-unit', 'menu-internship-program', 'menu-internship-placement', 'menu-internship-score', 'menu-internship-warning', 'menu-internship-stats')
   OR id LIKE 'btn-internship-unit-%' OR id LIKE 'btn-internship-program-%' OR id LIKE 'btn-internship-placement-%'
   OR id LIKE 'btn-internship-score-%' OR id LIKE 'btn-internship-warning-%' OR id LIKE 'btn-internship-stats-%';
--> statement-breakpoint
-- 院系管理员: their department's programs, placements, scores, warnings and statistics; units to look up and propose.
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT 'role-depart-admin', id FROM sys_permission
WHERE id IN ('menu-internship', 'menu-internship-unit', 'menu-internship-program', 'menu-internship-placement', 'menu-internship-score', 'menu-internship-warning', 'menu-internship-stats',
             'btn-internship-unit-list', 'btn-internship-unit-add', 'btn-internship-unit-export',
             'btn-internship-score-list', 'btn-internship-score-export', 'btn-internship-stats-view')
   OR id LIKE 'btn-internship-program-%' OR id LIKE 'btn-internship-placement-%' OR id LIKE 'btn-internship-warning-%';
--> statement-breakpoint
-- 指导教师: their students' placements and scores, their warnings. 企业导师: their students, the evaluation. 学生: their own placements.
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-teacher', 'menu-internship-placement'),
  ('role-teacher', 'btn-internship-placement-list'),
  ('role-teacher', 'menu-internship-score'),
  ('role-teacher', 'btn-internship-score-list'),
  ('role-teacher', 'btn-internship-score-adviser'),
  ('role-teacher', 'menu-internship-warning'),
  ('role-teacher', 'btn-internship-warning-list'),
  ('role-teacher', 'btn-internship-warning-handle'),
  ('role-mentor', 'menu-internship'),
  ('role-mentor', 'menu-internship-placement'),
  ('role-mentor', 'btn-internship-placement-list'),
  ('role-mentor', 'menu-internship-score'),
  ('role-mentor', 'btn-internship-score-list'),
  ('role-mentor', 'btn-internship-score-evaluate'),
  ('role-student', 'menu-internship-placement'),
  ('role-student', 'btn-internship-placement-list');
--> statement-breakpoint
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-internship-industry', 'internship_industry', '实习单位行业'),
  ('dict-internship-forbidden-industry', 'internship_forbidden_industry', '禁止安排实习的单位类型'),
  ('dict-internship-region', 'internship_region', '实习单位所在地区');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-internship-industry', '制造业', 'manufacturing', 1),
  ('dict-internship-industry', '信息传输、软件和信息技术服务业', 'it', 2),
  ('dict-internship-industry', '批发和零售业', 'retail', 3),
  ('dict-internship-industry', '住宿和餐饮业', 'hospitality', 4),
  ('dict-internship-industry', '交通运输、仓储和邮政业', 'logistics', 5),
  ('dict-internship-industry', '建筑业', 'construction', 6),
  ('dict-internship-industry', '卫生和社会工作', 'health', 7),
  ('dict-internship-industry', '教育', 'education', 8),
  ('dict-internship-industry', '金融业', 'finance', 9),
  ('dict-internship-industry', '文化、体育和娱乐业', 'culture', 10),
  ('dict-internship-industry', '酒吧', 'bar', 20),
  ('dict-internship-industry', '歌厅（KTV）', 'ktv', 21),
  ('dict-internship-industry', '网吧', 'internet_cafe', 22),
  ('dict-internship-industry', '游戏厅', 'game_hall', 23),
  ('dict-internship-industry', '洗浴场所', 'bathhouse', 24),
  ('dict-internship-industry', '劳务派遣、人力资源中介', 'labour_agency', 25),
  ('dict-internship-forbidden-industry', '酒吧', 'bar', 1),
  ('dict-internship-forbidden-industry', '歌厅（KTV）', 'ktv', 2),
  ('dict-internship-forbidden-industry', '网吧', 'internet_cafe', 3),
  ('dict-internship-forbidden-industry', '游戏厅', 'game_hall', 4),
  ('dict-internship-forbidden-industry', '洗浴场所', 'bathhouse', 5),
  ('dict-internship-forbidden-industry', '劳务派遣、人力资源中介', 'labour_agency', 6),
  ('dict-internship-region', '广州市', 'guangzhou', 1),
  ('dict-internship-region', '深圳市', 'shenzhen', 2),
  ('dict-internship-region', '东莞市', 'dongguan', 3),
  ('dict-internship-region', '佛山市', 'foshan', 4),
  ('dict-internship-region', '珠海市', 'zhuhai', 5),
  ('dict-internship-region', '其他', 'other', 99);
