-- The approval workflow's process models (contract/workflow.ts DEFAULT_MODELS), its screens and rules,
-- and the student's two record kinds that go through it: 请假 and 单位变更.
INSERT INTO wf_process_model (key, name, steps) VALUES
  ('leave', '请假', '[{"name":"指导教师审批","assignee":{"type":"relation","relation":"adviser"}}]'::jsonb),
  ('company_change', '单位变更', '[{"name":"指导教师审批","assignee":{"type":"relation","relation":"adviser"}},{"name":"实习办审批","assignee":{"type":"role","roleId":"role-office"}}]'::jsonb);
