-- School-wide login statistics (今日访问, 总访问量, 今日IP, the last 7 days) are for staff holding this
-- button rule, in force: the administrators. Everyone else's dashboards show their own work.
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-dashboard-visit-stats', 'menu-dashboard-analysis', '全校访问统计', 2, 'dashboard:visit:stats', 1, false, '1');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-admin', 'btn-dashboard-visit-stats');
