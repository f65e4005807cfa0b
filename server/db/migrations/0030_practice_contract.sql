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
INSERT INTO sys_dict (id, dict_code, dict_name) VALUES
  ('dict-contract-type', 'contract_type', '校企合作协议类型');
--> statement-breakpoint
INSERT INTO sys_dict_item (dict_id, item_text, item_value, sort_order) VALUES
  ('dict-contract-type', '顶岗实习协议', '1', 1),
  ('dict-contract-type', '订单培养协议', '2', 2),
  ('dict-contract-type', '共建实训基地协议', '3', 3),
  ('dict-contract-type', '现代学徒制协议', '4', 4),
  ('dict-contract-type', '其他', '5', 5);
