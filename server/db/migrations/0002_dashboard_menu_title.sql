-- The dashboard group is 仪表盘: the breadcrumb already starts with 首页.
UPDATE sys_permission SET name = '仪表盘' WHERE id = 'menu-dashboard';
