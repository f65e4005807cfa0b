-- The approval workflow's process models (contract/workflow.ts DEFAULT_MODELS), its screens and rules,
-- and the student's two record kinds that go through it: 请假 and 单位变更.
INSERT INTO wf_process_model (key, name, steps) VALUES
  ('leave', '请假', '[{"name":"指导教师审批","assignee":{"type":"relation","relation":"adviser"}}]'::jsonb),
  ('company_change', '单位变更', '[{"name":"指导教师审批","assignee":{"type":"relation","relation":"adviser"}},{"name":"实习办审批","assignee":{"type":"role","roleId":"role-office"}}]'::jsonb);
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-workflow', NULL, '流程', '/workflow', 'layouts/RouteView', 'workflow', NULL, 0, 25, 'cluster', true, false),
  ('menu-workflow-todo', 'menu-workflow', '我的待办', '/todo-list', 'workflow/TodoList', 'todo-list', NULL, 1, 1, 'audit', true, false),
  ('menu-workflow-done', 'menu-workflow', '我的已办', '/my-do-list', 'workflow/DoneList', 'my-do-list', NULL, 1, 2, 'file-search', true, false),
  ('menu-workflow-mine', 'menu-workflow', '我的申请', '/my-start-list', 'workflow/MyApplications', 'my-start-list', NULL, 1, 3, 'profile', true, false),
  ('menu-workflow-model', 'menu-workflow', '流程模型', '/workflow/model', 'workflow/ModelEditor', 'workflow-model', NULL, 1, 4, 'apartment', true, false),
  ('menu-internship-leave', 'menu-internship', '我的请假', '/internship/leave', 'internship/MyLeave', 'internship-leave', NULL, 1, 6, 'clock-circle', true, false),
  ('menu-internship-change', 'menu-internship', '单位变更', '/internship/change', 'internship/MyChange', 'internship-change', NULL, 1, 7, 'bank', true, false);
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-workflow-model-edit', 'menu-workflow-model', '编辑流程模型', 2, 'workflow:model:edit', 1, false, '1'),
  ('btn-workflow-instance-all', 'menu-workflow-todo', '查看全部申请', 2, 'workflow:instance:all', 2, false, '1');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-student', 'menu-workflow'),
  ('role-student', 'menu-workflow-mine'),
  ('role-student', 'menu-internship-leave'),
  ('role-student', 'menu-internship-change'),
  ('role-teacher', 'menu-workflow'),
  ('role-teacher', 'menu-workflow-todo'),
  ('role-teacher', 'menu-workflow-done'),
  ('role-teacher', 'menu-workflow-mine'),
  ('role-office', 'menu-workflow'),
  ('role-office', 'menu-workflow-todo'),
  ('role-office', 'menu-workflow-done'),
  ('role-office', 'btn-workflow-instance-all'),
  ('role-depart-admin', 'menu-workflow'),
  ('role-depart-admin', 'menu-workflow-todo'),
  ('role-depart-admin', 'menu-workflow-done'),
  ('role-admin', 'menu-workflow'),
  ('role-admin', 'menu-workflow-todo'),
  ('role-admin', 'menu-workflow-done'),
  ('role-admin', 'menu-workflow-mine'),
  ('role-admin', 'menu-workflow-model'),
  ('role-admin', 'btn-workflow-model-edit'),
  ('role-admin', 'btn-workflow-instance-all');
