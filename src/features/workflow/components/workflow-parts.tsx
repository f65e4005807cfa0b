import type { ReactNode } from 'react';
import { sent } from '@/components/notification/show-failure.ts';
import { DECISION_LABELS, HISTORY_ACTION_LABELS, STEP_RELATION_LABELS, type Decision, type HistoryEntry, type InstanceStatus, type InstanceView } from '@contract/workflow.ts';
import type { DetailItem } from '@/components/detail-list/detail-columns.ts';
import type { ActionSpec } from '@/components/action-bar/action-spec.ts';
import type { FieldSpec } from '@/components/field-set/field-spec.ts';
import type { SectionFormSpec } from '@/components/section-form/section-form-spec.ts';
import { TitledSection } from '@/components/section-form/titled-section.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import type { Tone } from '@/components/tone-colors.ts';
import dayjs from '@/lib/dayjs.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import { checkDecision, useDecideTask, type DecisionFormValues } from '../api/decide-task.ts';
import { useInstance } from '../api/get-instance.ts';
import { useWithdrawInstance } from '../api/withdraw-instance.ts';
import '../workflow.css';

/** What the desktop and phone screens of 我的待办, 我的已办 and 我的申请 share (no UI library here). */

export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

/** Each status's and decision's colour, as both libraries' tags take it (components/tone-colors.ts). */
export const INSTANCE_STATUS_TONE: Record<InstanceStatus, Tone> = { running: 'processing', approved: 'success', rejected: 'danger', returned: 'warning', withdrawn: 'default' };
export const DECISION_TONE: Record<Decision, Tone> = { approve: 'success', reject: 'danger', return: 'warning' };

/** What the detail offers: 我的待办 decides, 我的已办 only reads, 我的申请 may withdraw. */
export type DetailMode = 'decide' | 'read' | 'applicant';

/** The application shown in the detail, and what its reader may do with it there (撤回申请, asked first). */
export function useInstanceDetail(id: string, mode: DetailMode) {
  const detail = useInstance(id);
  const view = detail.data;
  const withdraw = useWithdraw(id);
  const withdrawAction: ActionSpec = { key: 'withdraw', label: '撤回申请', tone: 'danger', loading: withdraw.pending, confirm: { title: WITHDRAW_CONFIRM, ok: '撤回' }, run: withdraw.withdraw };
  return {
    detail,
    taskId: mode === 'decide' ? (view?.myTaskId ?? null) : null,
    actions: mode === 'applicant' && view?.canWithdraw ? [withdrawAction] : [],
  };
}

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';
export interface StepItem {
  key: string;
  /** The step's name, marked as the current step when it waits now or the application ended there (驳回, 退回修改). */
  title: ReactNode;
  description: string;
  status: StepStatus;
}

/** The history since the last (re)submission: the decisions that count for the steps as they stand. */
function currentRound(history: HistoryEntry[]): HistoryEntry[] {
  // Not findLastIndex: the build targets ES2020 and older phones' browsers lack it.
  let start = -1;
  history.forEach((entry, index) => {
    if (entry.action === 'submit' || entry.action === 'resubmit') start = index;
  });
  return history.slice(start + 1);
}

/** The application's steps as both libraries' Steps draw them: done, waiting (with who may decide), or where it stopped. */
export function stepItems(view: InstanceView): StepItem[] {
  // Each step is decided once per round, in order: the round's n-th decision is step n's.
  const decisions = currentRound(view.history).filter((e) => e.action === 'approve' || e.action === 'reject' || e.action === 'return');
  return view.steps.map((step, index) => {
    const decided = decisions[index];
    const who = step.assignee.type === 'relation' ? STEP_RELATION_LABELS[step.assignee.relation] : '指定角色的人员';
    const here = index === view.stepIndex;
    let status: StepStatus = 'wait';
    if (view.status === 'approved' || index < view.stepIndex) status = 'finish';
    else if (here && view.status === 'running') status = 'process';
    else if (here && (view.status === 'rejected' || view.status === 'returned')) status = 'error';
    let description = who;
    if (status === 'process') description = view.currentAssignees.length > 0 ? `待 ${view.currentAssignees.join('、')} 审批` : `待${who}审批`;
    else if (decided && status !== 'wait') description = `${decided.actorName ?? '—'} ${HISTORY_ACTION_LABELS[decided.action]}`;
    else if (here && view.status === 'withdrawn') description = '申请已撤回';
    const current = here && status !== 'finish' && view.status !== 'withdrawn';
    return { key: `${index}-${step.name}`, title: current ? <span aria-current="step">{step.name}</span> : step.name, description, status };
  });
}

/** The index the Steps components mark as current (past the end once approved). */
export const currentStepIndex = (view: InstanceView) => (view.status === 'approved' ? view.steps.length : view.stepIndex);

/** What the application asks, line by line. */
export function SummaryLines({ summary }: { summary: string[] }) {
  if (summary.length === 0) return <p className="workflow-muted">（无申请内容）</p>;
  return (
    <ul className="workflow-summary">
      {summary.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

/** 审批记录: who did what when, with the comment. */
export function HistoryList({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <p className="workflow-muted">暂无审批记录</p>;
  return (
    <ol className="workflow-history" aria-label="审批记录">
      {history.map((entry) => (
        <li key={entry.id} className={`workflow-history__item workflow-history__item--${entry.action}`}>
          <div className="workflow-history__head">
            <span className="workflow-history__action">{HISTORY_ACTION_LABELS[entry.action]}</span>
            <span>{entry.actorName ?? '—'}</span>
            {entry.stepName && <span className="workflow-history__step">{entry.stepName}</span>}
            <time className="workflow-history__time" dateTime={entry.createdAt}>
              {formatTime(entry.createdAt)}
            </time>
          </div>
          {entry.comment && <p className="workflow-history__comment">{entry.comment}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The application's facts as both layouts list them, its status drawn as the layout's tag. */
export const instanceFacts = (view: InstanceView, status: ReactNode): DetailItem[] => [
  { key: 'process', label: '流程', content: view.processName },
  { key: 'applicant', label: '申请人', content: view.applicantName },
  { key: 'status', label: '状态', content: status },
  { key: 'createdAt', label: '提交时间', content: formatTime(view.createdAt) },
  ...(view.currentStep ? [{ key: 'current', label: '当前步骤', content: view.currentStep }] : []),
  ...(view.endedAt ? [{ key: 'endedAt', label: '结束时间', content: formatTime(view.endedAt) }] : []),
];

/** 申请内容, 审批流程 (drawn by the layout's Steps) and 审批记录, each a titled section (the phone's as cards). */
export function InstanceSections({ view, steps, className }: { view: InstanceView; steps: ReactNode; className?: string }) {
  const sections: [string, ReactNode][] = [
    ['申请内容', <SummaryLines key="summary" summary={view.summary} />],
    ['审批流程', steps],
    ['审批记录', <HistoryList key="history" history={view.history} />],
  ];
  return sections.map(([title, content]) => (
    <TitledSection key={title} title={title} className={className}>
      {content}
    </TitledSection>
  ));
}

/** 我的已办's 我的意见: the decision and, when there is one, the comment. */
export const decisionText = (decision: Decision | null, comment: string | null) => (decision ? `${DECISION_LABELS[decision]}${comment ? `：${comment}` : ''}` : '—');

/** The button last pressed is kept in the form under this name (no input shows it): the comment's rule depends on it. */
export const ACTION_FIELD = 'decision';

/**
 * The comment's rule in both layouts (antd and antd-mobile share rc-field-form): the shared schema's
 * message for the button last pressed (驳回时请填写意见), cleared as one types.
 */
const commentRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): ValidatorRule => ({
  validator: () => {
    const decision = getFieldValue(ACTION_FIELD) as Decision | undefined;
    const message = decision ? checkDecision(decision, { comment: getFieldValue('comment') as string | null }).errors?.comment : undefined;
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** The decision's one field: 审批意见, required to 驳回 or 退回修改. */
export const DECISION_FIELDS: FieldSpec[] = [{ name: 'comment', label: '审批意见', hint: '驳回和退回修改时必填，请写明原因', prompt: '请输入审批意见', input: 'text', rows: 4, maxLength: 500, rule: commentRule }];

const DECIDED: Record<Decision, string> = { approve: '已同意该申请', reject: '已驳回该申请', return: '已退回申请人修改' };

/** The decision form's values, with the button last pressed (ACTION_FIELD) for the comment's rule. */
export type DecisionValues = DecisionFormValues & { decision?: Decision };

/** What the decision forms of both layouts offer. */
export interface DecisionFormHandle {
  setFieldValue(name: typeof ACTION_FIELD, value: Decision): void;
  validateFields(): Promise<unknown>;
  getFieldsValue(): DecisionFormValues;
}

const DECISION_BUTTONS: { decision: Decision; tone?: ActionSpec['tone'] }[] = [{ decision: 'approve', tone: 'primary' }, { decision: 'reject', tone: 'danger' }, { decision: 'return' }];

/**
 * 审批 with 同意 / 驳回 / 退回修改 on a task: marks which button was pressed, checks the form with the shared schema,
 * sends the decision, shows the toast and calls onDone when it went through.
 */
export function useDecisionForm(form: DecisionFormHandle, task: { taskId: string; instanceId: string }, onDone: () => void): SectionFormSpec<DecisionValues> {
  const mutation = useDecideTask();
  const act = async (decision: Decision) => {
    form.setFieldValue(ACTION_FIELD, decision);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { input } = checkDecision(decision, form.getFieldsValue());
    if (!input || !(await sent(mutation.mutateAsync({ ...task, input })))) return;
    notify.success(DECIDED[decision], { title: '我的待办' });
    onDone();
  };
  const pendingDecision = mutation.isPending ? mutation.variables?.input.decision : undefined;
  return {
    title: '审批',
    fields: DECISION_FIELDS,
    initialValues: { comment: '' },
    actions: DECISION_BUTTONS.map(({ decision, tone }) => ({ key: decision, label: DECISION_LABELS[decision], tone, loading: pendingDecision === decision, disabled: mutation.isPending, run: () => act(decision) })),
  };
}

/** 撤回申请 (after the confirmation): the detail then shows it 已撤回. */
function useWithdraw(instanceId: string) {
  const mutation = useWithdrawInstance();
  const withdraw = async () => {
    if (await sent(mutation.mutateAsync(instanceId))) notify.success('申请已撤回，可在原记录中修改后重新提交', { title: '我的申请' });
  };
  return { withdraw, pending: mutation.isPending };
}

export const WITHDRAW_CONFIRM = '确定撤回这份申请吗？撤回后可修改再提交。';
