-- Built-in pages of the shell (issue 3): the analysis and monitor dashboards, the account centre and
-- settings, the profile samples and the exception pages. Analysis comes first, so "/" lands there.
UPDATE sys_permission SET sort_no = 3 WHERE id = 'menu-dashboard-workplace';
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-dashboard-analysis', 'menu-dashboard', '分析页', '/dashboard/analysis', 'dashboard/Analysis', 'dashboard-analysis', NULL, 1, 1, 'area-chart', true, false),
  ('menu-dashboard-monitor', 'menu-dashboard', '监控页', '/dashboard/monitor', 'dashboard/Monitor', 'dashboard-monitor', NULL, 1, 2, 'fund', true, false),
  ('menu-account', NULL, '个人页', '/account', 'layouts/RouteView', 'account', '/account/center', 0, 91, 'user', true, true),
  ('menu-account-center', 'menu-account', '个人中心', '/account/center', 'account/center/Index', 'account-center', NULL, 1, 1, 'user', true, true),
  ('menu-account-settings', 'menu-account', '个人设置', '/account/settings', 'layouts/RouteView', 'account-settings', '/account/settings/base', 1, 2, 'setting', true, true),
  ('menu-account-settings-base', 'menu-account-settings', '基本设置', '/account/settings/base', 'account/settings/BaseSetting', 'account-settings-base', NULL, 1, 1, NULL, true, true),
  ('menu-account-settings-security', 'menu-account-settings', '安全设置', '/account/settings/security', 'account/settings/Security', 'account-settings-security', NULL, 1, 2, NULL, true, true),
  ('menu-account-settings-custom', 'menu-account-settings', '个性化设置', '/account/settings/custom', 'account/settings/Custom', 'account-settings-custom', NULL, 1, 3, NULL, true, true),
  ('menu-account-settings-binding', 'menu-account-settings', '账户绑定', '/account/settings/binding', 'account/settings/Binding', 'account-settings-binding', NULL, 1, 4, NULL, true, true),
  ('menu-account-settings-notification', 'menu-account-settings', '新消息通知', '/account/settings/notification', 'account/settings/Notification', 'account-settings-notification', NULL, 1, 5, NULL, true, true),
  ('menu-profile', NULL, '详情页', '/profile', 'layouts/RouteView', 'profile', '/profile/basic', 0, 70, 'profile', true, false),
  ('menu-profile-basic', 'menu-profile', '基础详情页', '/profile/basic', 'profile/basic/Index', 'profile-basic', NULL, 1, 1, NULL, true, false),
  ('menu-profile-advanced', 'menu-profile', '高级详情页', '/profile/advanced', 'profile/advanced/Index', 'profile-advanced', NULL, 1, 2, NULL, true, false),
  ('menu-exception', NULL, '异常页', '/exception', 'layouts/RouteView', 'exception', '/exception/403', 0, 92, 'warning', true, true),
  ('menu-exception-403', 'menu-exception', '403', '/exception/403', 'exception/403', 'exception-403', NULL, 1, 1, NULL, true, true),
  ('menu-exception-404', 'menu-exception', '404', '/exception/404', 'exception/404', 'exception-404', NULL, 1, 2, NULL, true, true),
  ('menu-exception-500', 'menu-exception', '500', '/exception/500', 'exception/500', 'exception-500', NULL, 1, 3, NULL, true, true);
--> statement-breakpoint
-- The monitor page's server figures: a button rule in force, held by the administrators only.
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-dashboard-monitor-server', 'menu-dashboard-monitor', '服务器信息', 2, 'dashboard:monitor:server', 1, false, '1');
--> statement-breakpoint
-- Dashboards, the account pages and the exception pages for every role.
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT r.id, p.id FROM sys_role r CROSS JOIN sys_permission p
WHERE r.id IN ('role-admin', 'role-teacher', 'role-student', 'role-mentor')
  AND p.id IN (
    'menu-dashboard-analysis', 'menu-dashboard-monitor',
    'menu-account', 'menu-account-center', 'menu-account-settings', 'menu-account-settings-base', 'menu-account-settings-security',
    'menu-account-settings-custom', 'menu-account-settings-binding', 'menu-account-settings-notification',
    'menu-exception', 'menu-exception-403', 'menu-exception-404', 'menu-exception-500'
  );
--> statement-breakpoint
-- The profile samples need the permission profile or user (SPEC.md section 2): administrators only.
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-admin', 'menu-profile'),
  ('role-admin', 'menu-profile-basic'),
  ('role-admin', 'menu-profile-advanced'),
  ('role-admin', 'btn-dashboard-monitor-server');
