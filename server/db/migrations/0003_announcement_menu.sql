-- 我的消息 (the notice bell's "查看更多"): a hidden page every role may open; it never shows in the menu.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-user-announcement', NULL, '我的消息', '/isps/userAnnouncement', 'isps/UserAnnouncement', 'isps-userAnnouncement', NULL, 0, 90, 'message', true, true);
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id) VALUES
  ('role-admin', 'menu-user-announcement'),
  ('role-teacher', 'menu-user-announcement'),
  ('role-student', 'menu-user-announcement'),
  ('role-mentor', 'menu-user-announcement');
