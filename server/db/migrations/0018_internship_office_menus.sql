
INSERT INTO sys_role (id, role_code, role_name, description, data_scope) VALUES
  ('role-office', 'internshipOffice', '实习办', '实习办（教务处）：审核实习单位，管理全校实习计划、安排、成绩、预警与统计', 'all');
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
