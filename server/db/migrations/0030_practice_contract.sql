CREATE TABLE "practice_contract" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"contract_no" text NOT NULL,
	"name" text NOT NULL,
	"unit_id" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"remark" text,
	"warned_end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_contract_dates" CHECK ("practice_contract"."end_date" >= "practice_contract"."start_date"),
	CONSTRAINT "practice_contract_status" CHECK ("practice_contract"."status" in ('active', 'terminated'))
);
--> statement-breakpoint
ALTER TABLE "practice_contract" ADD CONSTRAINT "practice_contract_unit_id_internship_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."internship_unit"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_contract_no_uq" ON "practice_contract" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "practice_contract_unit_idx" ON "practice_contract" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "practice_contract_end_idx" ON "practice_contract" USING btree ("status","end_date");--> statement-breakpoint
SELECT sys_track_changes('practice_contract');
--> statement-breakpoint
-- 校企合作协议: the office (实习办) and the administrator keep the school's contracts and are told of those ending soon.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, redirect, menu_type, sort_no, icon, is_route, hidden) VALUES
  ('menu-practice-contract', 'menu-practice', '校企合作协议', '/practice/contract', 'practice/Contracts', 'practice-contract', NULL, 1, 30, 'file-protect', true, false);
--> statement-breakpoint
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, status) VALUES
  ('btn-practice-contract-list', 'menu-practice-contract', '查看合作协议', 2, 'practice:contract:list', 1, false, '1'),
  ('btn-practice-contract-add', 'menu-practice-contract', '添加合作协议', 2, 'practice:contract:add', 2, false, '1'),
  ('btn-practice-contract-edit', 'menu-practice-contract', '编辑合作协议及附件', 2, 'practice:contract:edit', 3, false, '1'),
  ('btn-practice-contract-delete', 'menu-practice-contract', '删除合作协议', 2, 'practice:contract:delete', 4, false, '1'),
  ('btn-practice-contract-export', 'menu-practice-contract', '导出合作协议', 2, 'practice:contract:export', 5, false, '1'),
  ('btn-practice-contract-import', 'menu-practice-contract', '导入合作协议', 2, 'practice:contract:import', 6, false, '1');
--> statement-breakpoint
INSERT INTO sys_role_permission (role_id, permission_id)
SELECT role_id, id FROM (VALUES ('role-office'), ('role-admin')) AS r(role_id), sys_permission
WHERE id = 'menu-practice-contract' OR id LIKE 'btn-practice-contract-%';
--> statement-breakpoint
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-contract-type', 'contract_type', '校企合作协议类型');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-contract-type', '顶岗实习协议', '1', 1),
  ('dict-contract-type', '订单培养协议', '2', 2),
  ('dict-contract-type', '共建实训基地协议', '3', 3),
  ('dict-contract-type', '现代学徒制协议', '4', 4),
  ('dict-contract-type', '其他', '5', 5);
