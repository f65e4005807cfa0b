import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * The approval workflow (DOMAIN.md "Workflow"): a process model per kind of application is an ordered list
 * of steps, each resolved to people by a relation to the applicant (their adviser, their department's
 * administrators) or by a role. An application is an instance; each step it reaches is a task for the
 * people it resolved to, decided by one of them. Shared by the server's engine and the screens.
 */

/** Who a step goes to: a relation to the student the application is about, or everyone holding a role. */
export type StepAssignee = { type: 'relation'; relation: StepRelation } | { type: 'role'; roleId: string };
export const STEP_RELATIONS = ['adviser', 'departAdmin'] as const;
export type StepRelation = (typeof STEP_RELATIONS)[number];
export const STEP_RELATION_LABELS: Record<StepRelation, string> = { adviser: '学生的指导教师', departAdmin: '学生所在院系的管理员' };

export interface ProcessStep {
  name: string;
  assignee: StepAssignee;
}

export const PROCESS_KEYS = ['leave', 'company_change', 'booking', 'makeup', 'rule_exception'] as const;
export type ProcessKey = (typeof PROCESS_KEYS)[number];

export interface ProcessModel {
  key: ProcessKey;
  name: string;
  steps: ProcessStep[];
  updatedAt: string;
  updatedByName: string | null;
}

export const INSTANCE_STATUSES = ['running', 'approved', 'rejected', 'returned', 'withdrawn'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const INSTANCE_STATUS_LABELS: Record<InstanceStatus, string> = { running: '审批中', approved: '已通过', rejected: '已驳回', returned: '已退回', withdrawn: '已撤回' };

export const DECISIONS = ['approve', 'reject', 'return'] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_LABELS: Record<Decision, string> = { approve: '同意', reject: '驳回', return: '退回修改' };

export type HistoryAction = 'submit' | 'resubmit' | Decision | 'withdraw';
export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = { submit: '提交申请', resubmit: '重新提交', approve: '同意', reject: '驳回', return: '退回修改', withdraw: '撤回申请' };

export const WORKFLOW_PERMISSIONS = {
  /** The administrator's process model editor. */
  model: 'workflow:model:edit',
  /** Every application of the school, not only one's own and one's tasks (the office, administrators). */
  all: 'workflow:instance:all',
} as const;

export const WORKFLOW_URL = {
  todo: '/workflow/todo',
  done: '/workflow/done',
  mine: '/workflow/mine',
  instance: (id: string) => `/workflow/instance/${id}`,
  decide: (taskId: string) => `/workflow/task/${taskId}/decide`,
  withdraw: (id: string) => `/workflow/instance/${id}/withdraw`,
  models: '/workflow/models',
  model: (key: string) => `/workflow/models/${key}`,
} as const;

export const WORKFLOW_MSG = {
  taskNotFound: '待办任务不存在或不是您的任务',
  taskDone: '该任务已处理，请刷新后查看',
  instanceNotFound: '申请不存在或无权查看',
  commentRequired: (decision: Decision) => `${DECISION_LABELS[decision]}时请填写意见`,
  commentTooLong: '审批意见不能超过500字',
  withdrawNotOwn: '只能撤回自己的申请',
  withdrawDecided: '申请已有审批意见，不能撤回',
  withdrawEnded: '申请已结束，不能撤回',
  noAssignee: (step: string) => `流程步骤“${step}”找不到审批人，请联系管理员`,
  stepsRequired: '流程至少需要一个步骤',
  stepNameRequired: '请填写步骤名称',
  stepNameTooLong: '步骤名称不能超过20字',
  assigneeRequired: '请选择审批人',
  unknownRole: '所选角色不存在',
  tooManySteps: '流程最多10个步骤',
} as const;


/**
 * The bell messages of an application, declared once: a step's candidates are told who applies for what
 * (请假待审批：李明 12-03 ~ 12-04), the applicant of the outcome.
 */
export const WORKFLOW_NOTICES = {
  todoTitle: (processName: string, applicantName: string, subject: string) => `${processName}待审批：${applicantName} ${subject}`.trim(),
  todoText: (applicantName: string, title: string, stepName: string) => `${applicantName}的“${title}”等待您${stepName}，请到“我的待办”处理。`,
  resultTitle: (told: string) => `申请${told}`,
  resultText: (title: string, told: string, comment: string | null) => `您的“${title}”${told}${comment ? `，意见：${comment}` : ''}。`,
  /** To those who approved an application its applicant then took back (a leave not needed after all). */
  withdrawnTitle: (applicantName: string) => `${applicantName}撤回了已批准的申请`,
  withdrawnText: (applicantName: string, title: string) => `${applicantName}撤回了您已同意的“${title}”，该申请不再生效。`,
} as const;

/** POST /workflow/task/{id}/decide: 同意 with an optional comment; 驳回 and 退回修改 say why. */
export const decisionSchema = lazySchema(() =>
  z
    .object({
      decision: z.enum(DECISIONS, { error: '审批操作应为同意、驳回或退回修改' }),
      comment: z.optional(z.nullable(z.string().check(z.maxLength(500, WORKFLOW_MSG.commentTooLong)))),
    })
    .check(
      z.refine((v) => v.decision === 'approve' || (v.comment ?? '').trim().length > 0, {
        error: (issue) => WORKFLOW_MSG.commentRequired((issue.input as { decision: Decision }).decision),
        path: ['comment'],
      }),
    ),
);
export type DecisionInput = z.infer<typeof decisionSchema>;

const assigneeSchema = lazySchema(() =>
  z.union(
    [
      z.object({ type: z.literal('relation'), relation: z.enum(STEP_RELATIONS, { error: WORKFLOW_MSG.assigneeRequired }) }),
      z.object({ type: z.literal('role'), roleId: z.string({ error: WORKFLOW_MSG.assigneeRequired }).check(z.minLength(1, WORKFLOW_MSG.assigneeRequired)) }),
    ],
    { error: WORKFLOW_MSG.assigneeRequired },
  ),
);

/** PUT /workflow/models/{key}: the ordered steps (the name stays the kind's). */
export const processModelSchema = lazySchema(() =>
  z.object({
    steps: z
      .array(
        z.object({
          name: z.string({ error: WORKFLOW_MSG.stepNameRequired }).check(z.trim(), z.minLength(1, WORKFLOW_MSG.stepNameRequired), z.maxLength(20, WORKFLOW_MSG.stepNameTooLong)),
          assignee: assigneeSchema,
        }),
      )
      .check(z.minLength(1, WORKFLOW_MSG.stepsRequired), z.maxLength(10, WORKFLOW_MSG.tooManySteps)),
  }),
);
export type ProcessModelInput = z.infer<typeof processModelSchema>;

export const workflowPageQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number({ error: '页码有误' }).check(z.int('页码有误'), z.gte(1, '页码有误')), 1),
    pageSize: z._default(z.coerce.number({ error: '每页条数应为1到100' }).check(z.int('每页条数应为1到100'), z.gte(1, '每页条数应为1到100'), z.lte(100, '每页条数应为1到100')), 10),
    _t: z.optional(z.coerce.number()),
  }),
);

/** One event of an application's history. */
export interface HistoryEntry {
  id: string;
  action: HistoryAction;
  stepName: string | null;
  actorName: string | null;
  comment: string | null;
  createdAt: string;
}

/** An application as its applicant and its approvers see it. */
export interface InstanceView {
  id: string;
  processKey: ProcessKey;
  processName: string;
  /** The record it decides (a leave, a company change) and what the list calls it. */
  businessId: string;
  title: string;
  /** What the application asks, line by line (请假类型: 事假, 时间: …), for the approver. */
  summary: string[];
  applicantName: string;
  status: InstanceStatus;
  /** The step waiting now, while running. */
  currentStep: string | null;
  /** Who may decide the waiting step. */
  currentAssignees: string[];
  steps: ProcessStep[];
  stepIndex: number;
  createdAt: string;
  endedAt: string | null;
  history: HistoryEntry[];
  /** The applicant may withdraw it (running, nothing decided yet; approved, where its process allows). */
  canWithdraw: boolean;
  /** The caller's open task on it, if any. */
  myTaskId: string | null;
}

/** One row of 我的待办 and 我的已办. */
export interface TaskRow {
  id: string;
  instanceId: string;
  processKey: ProcessKey;
  processName: string;
  title: string;
  applicantName: string;
  stepName: string;
  createdAt: string;
  /** 我的已办: what was decided, when and with which comment. */
  decision: Decision | null;
  comment: string | null;
  decidedAt: string | null;
  instanceStatus: InstanceStatus;
}

/** One row of 我的申请. */
export interface ApplicationRow {
  id: string;
  processKey: ProcessKey;
  processName: string;
  title: string;
  status: InstanceStatus;
  currentStep: string | null;
  createdAt: string;
  endedAt: string | null;
}

/** The default models (the migration stores them; the administrator edits them in 流程模型). */
export const DEFAULT_MODELS: Record<ProcessKey, { name: string; steps: ProcessStep[] }> = {
  leave: { name: '请假', steps: [{ name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } }] },
  company_change: {
    name: '单位变更',
    steps: [
      { name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } },
      { name: '实习办审批', assignee: { type: 'role', roleId: 'role-office' } },
    ],
  },
  booking: { name: '实训预约', steps: [{ name: '教务处审批', assignee: { type: 'role', roleId: 'role-office' } }] },
  makeup: { name: '补卡', steps: [{ name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } }] },
  rule_exception: { name: '实习例外备案', steps: [{ name: '实习办审批', assignee: { type: 'role', roleId: 'role-office' } }] },
};

/** What a step's assignee reads as in the editor and the history (学生的指导教师, or the role's name). */
export function assigneeLabel(assignee: StepAssignee, roleNames: ReadonlyMap<string, string>): string {
  return assignee.type === 'relation' ? STEP_RELATION_LABELS[assignee.relation] : (roleNames.get(assignee.roleId) ?? assignee.roleId);
}

export const TODO_PAGE = {
  id: 'menu-workflow-todo',
  parent: 'menu-workflow',
  name: '我的待办',
  path: '/todo-list',
  component: 'workflow/TodoList',
  componentName: 'todo-list',
  icon: 'audit',
  order: 1,
  roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher'],
  rules: [
    { code: WORKFLOW_PERMISSIONS.all, name: '查看全部申请', roles: ['admin', 'internshipOffice'] },
  ],
} as const satisfies MenuDeclaration;

export const DONE_PAGE = {
  id: 'menu-workflow-done',
  parent: 'menu-workflow',
  name: '我的已办',
  path: '/my-do-list',
  component: 'workflow/DoneList',
  componentName: 'my-do-list',
  icon: 'file-search',
  order: 2,
  roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher'],
} as const satisfies MenuDeclaration;

export const MY_APPLICATIONS_PAGE = {
  id: 'menu-workflow-mine',
  parent: 'menu-workflow',
  name: '我的申请',
  path: '/my-start-list',
  component: 'workflow/MyApplications',
  componentName: 'my-start-list',
  icon: 'profile',
  order: 3,
  roles: ['admin', 'teacher', 'student'],
} as const satisfies MenuDeclaration;

export const PROCESS_MODEL_PAGE = {
  id: 'menu-workflow-model',
  parent: 'menu-workflow',
  name: '流程模型',
  path: '/workflow/model',
  component: 'workflow/ModelEditor',
  icon: 'apartment',
  order: 4,
  roles: ['admin'],
  rules: [
    { code: WORKFLOW_PERMISSIONS.model, name: '编辑流程模型' },
  ],
} as const satisfies MenuDeclaration;

/** The pages a workflow message opens: 我的待办, 我的已办, and 我的申请 for an application without a page of its own. */
export const WORKFLOW_PAGES = { todo: TODO_PAGE.path, done: DONE_PAGE.path, mine: MY_APPLICATIONS_PAGE.path } as const;
