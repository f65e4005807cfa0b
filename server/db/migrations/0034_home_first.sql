-- What a school does not use goes (issue 33, item 22). The template's 详情页 samples (基础详情页,
-- 高级详情页) leave the menu; their pages are gone from the app. Their grants go with them (cascade).
DELETE FROM sys_permission WHERE id IN ('menu-profile-basic', 'menu-profile-advanced');
--> statement-breakpoint
DELETE FROM sys_permission WHERE id = 'menu-profile';
--> statement-breakpoint
-- 分析页 and 监控页 are the school-wide login and server figures: only for roles that see those
-- (dashboard:visit:stats). Everyone else's own figures are on their home, 工作台.
DELETE FROM sys_role_permission
WHERE permission_id IN ('menu-dashboard-analysis', 'menu-dashboard-monitor')
  AND role_id NOT IN (SELECT role_id FROM sys_role_permission WHERE permission_id = 'btn-dashboard-visit-stats');
--> statement-breakpoint
-- 工作台 is each person's home: first in the menu, so it is the first tab and where "/" lands.
UPDATE sys_permission SET sort_no = 1 WHERE id = 'menu-dashboard-workplace';
--> statement-breakpoint
UPDATE sys_permission SET sort_no = 2 WHERE id = 'menu-dashboard-analysis';
--> statement-breakpoint
UPDATE sys_permission SET sort_no = 3 WHERE id = 'menu-dashboard-monitor';
