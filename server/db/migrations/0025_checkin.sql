DROP INDEX "internship_record_period_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "internship_record_period_uq" ON "internship_record" USING btree ("enrolment_id","kind","period_start") WHERE "internship_record"."kind" in ('plan', 'weekly', 'monthly', 'report', 'checkin');--> statement-breakpoint
-- The statutory holidays (《全国年节及纪念日放假办法》): the office adds each year's in 数据字典 as the State Council announces them.
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-statutory-holiday', 'statutory_holiday', '法定节假日');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-statutory-holiday', '元旦', '2026-01-01', 1),
  ('dict-statutory-holiday', '春节', '2026-02-16', 2),
  ('dict-statutory-holiday', '春节', '2026-02-17', 3),
  ('dict-statutory-holiday', '春节', '2026-02-18', 4),
  ('dict-statutory-holiday', '春节', '2026-02-19', 5),
  ('dict-statutory-holiday', '清明节', '2026-04-05', 6),
  ('dict-statutory-holiday', '劳动节', '2026-05-01', 7),
  ('dict-statutory-holiday', '劳动节', '2026-05-02', 8),
  ('dict-statutory-holiday', '端午节', '2026-06-19', 9),
  ('dict-statutory-holiday', '中秋节', '2026-09-25', 10),
  ('dict-statutory-holiday', '国庆节', '2026-10-01', 11),
  ('dict-statutory-holiday', '国庆节', '2026-10-02', 12),
  ('dict-statutory-holiday', '国庆节', '2026-10-03', 13),
  ('dict-statutory-holiday', '元旦', '2027-01-01', 14);
