import { z } from 'zod';
import {
  DECISIONS,
  INSTANCE_STATUSES,
  PROCESS_KEYS,
  STEP_RELATIONS,
  type ApplicationRow,
  type HistoryEntry,
  type InstanceView,
  type ProcessModel,
  type ProcessStep,
  type TaskRow,
} from '@contract/workflow.ts';
import { counted, envelope, pageOf } from '../../lib/answers.ts';

const isoTime = z.string().meta({ description: 'ISO 8601 时间' });
const processKey = z.enum(PROCESS_KEYS).meta({ description: '流程：leave请假，company_change单位变更，booking实训预约，makeup补卡，rule_exception实习例外备案' });
const instanceStatus = z.enum(INSTANCE_STATUSES).meta({ description: 'running审批中，approved已通过，rejected已驳回，returned已退回，withdrawn已撤回' });
const decision = z.enum(DECISIONS).meta({ description: 'approve同意，reject驳回，return退回修改' });

const processStep = z.object({
  name: z.string(),
  assignee: z.discriminatedUnion('type', [
    z.object({ type: z.literal('relation'), relation: z.enum(STEP_RELATIONS).meta({ description: 'adviser学生的指导教师，departAdmin学生所在院系的管理员' }) }),
    z.object({ type: z.literal('role'), roleId: z.string() }),
  ]),
}) satisfies z.ZodType<ProcessStep>;

const taskRow = z.object({
  id: z.string(),
  instanceId: z.string(),
  processKey,
  processName: z.string(),
  title: z.string(),
  applicantName: z.string(),
  stepName: z.string(),
  createdAt: isoTime,
  decision: decision.nullable(),
  comment: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  instanceStatus,
}) satisfies z.ZodType<TaskRow>;

const applicationRow = z.object({
  id: z.string(),
  processKey,
  processName: z.string(),
  title: z.string(),
  status: instanceStatus,
  currentStep: z.string().nullable().meta({ description: '审批中时等待的步骤' }),
  createdAt: isoTime,
  endedAt: isoTime.nullable(),
}) satisfies z.ZodType<ApplicationRow>;

const historyEntry = z.object({
  id: z.string(),
  action: z.enum(['submit', 'resubmit', ...DECISIONS, 'withdraw']),
  stepName: z.string().nullable(),
  actorName: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: isoTime,
}) satisfies z.ZodType<HistoryEntry>;

const instanceView = z.object({
  id: z.string(),
  processKey,
  processName: z.string(),
  businessId: z.string().meta({ description: '申请所审批的业务记录id' }),
  title: z.string(),
  summary: z.array(z.string()).meta({ description: '申请内容，一行一项' }),
  applicantName: z.string(),
  status: instanceStatus,
  currentStep: z.string().nullable(),
  currentAssignees: z.array(z.string()).meta({ description: '可审批当前步骤的人' }),
  steps: z.array(processStep),
  stepIndex: counted,
  createdAt: isoTime,
  endedAt: isoTime.nullable(),
  history: z.array(historyEntry),
  canWithdraw: z.boolean(),
  myTaskId: z.string().nullable().meta({ description: '调用者在此申请上待办任务的id' }),
}) satisfies z.ZodType<InstanceView>;

const processModel = z.object({
  key: processKey,
  name: z.string(),
  steps: z.array(processStep),
  updatedAt: isoTime,
  updatedByName: z.string().nullable(),
}) satisfies z.ZodType<ProcessModel>;

export const taskPageAnswer = envelope(pageOf(taskRow));
export const applicationPageAnswer = envelope(pageOf(applicationRow));
export const instanceAnswer = envelope(instanceView);
export const processModelsAnswer = envelope(z.array(processModel));
export const processModelAnswer = envelope(processModel);
