ALTER TABLE "internship_program" ADD COLUMN "makeup_per_month" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
-- 补卡 goes to the student's adviser (contract/workflow.ts DEFAULT_MODELS).
INSERT INTO wf_process_model (key, name, steps) VALUES
  ('makeup', '补卡', '[{"name":"指导教师审批","assignee":{"type":"relation","relation":"adviser"}}]'::jsonb);
