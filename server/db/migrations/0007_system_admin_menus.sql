
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-position-rank', 'position_rank', '职级'),
  ('dict-msg-type', 'msg_type', '通告对象'),
  ('dict-send-status', 'send_status', '发布状态'),
  ('dict-msg-category', 'msg_category', '消息类型'),
  ('dict-menu-type', 'menu_type', '菜单类型'),
  ('dict-job-status', 'job_status', '任务状态');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-position-rank', '正高级', '1', 1),
  ('dict-position-rank', '副高级', '2', 2),
  ('dict-position-rank', '中级', '3', 3),
  ('dict-position-rank', '初级', '4', 4),
  ('dict-position-rank', '其他', '9', 9),
  ('dict-msg-type', '全体用户', 'ALL', 1),
  ('dict-msg-type', '指定用户', 'USER', 2),
  ('dict-send-status', '未发布', '0', 1),
  ('dict-send-status', '已发布', '1', 2),
  ('dict-send-status', '已撤销', '2', 3),
  ('dict-msg-category', '通知', '1', 1),
  ('dict-msg-category', '系统消息', '2', 2),
  ('dict-menu-type', '一级菜单', '0', 1),
  ('dict-menu-type', '子菜单', '1', 2),
  ('dict-menu-type', '按钮/权限', '2', 3),
  ('dict-job-status', '运行中', '0', 1),
  ('dict-job-status', '已暂停', '-1', 2);
