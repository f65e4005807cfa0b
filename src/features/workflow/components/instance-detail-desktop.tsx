import { useId } from 'react';
import { Button, Form, Popconfirm, Space, Steps } from 'antd';
import { DECISION_LABELS, INSTANCE_STATUS_LABELS, type Decision, type InstanceStatus, type InstanceView } from '@contract/workflow.ts';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import { FieldSet } from '@/components/field-set/field-set.tsx';
import { QueryState } from '@/components/query-state/query-state.tsx';
import { ToneTag } from '@/components/tone-tag.tsx';
import type { DecisionFormValues } from '../api/decide-task.ts';
import {
  DECISION_TONE,
  INSTANCE_STATUS_TONE,
  InstanceSections,
  DECISION_FIELDS,
  WITHDRAW_CONFIRM,
  currentStepIndex,
  instanceFacts,
  stepItems,
  useDecisionActions,
  useInstanceDetail,
  useWithdraw,
  type DetailMode,
} from './workflow-parts.tsx';

export const InstanceStatusTag = ({ status }: { status: InstanceStatus }) => <ToneTag tone={INSTANCE_STATUS_TONE[status]}>{INSTANCE_STATUS_LABELS[status]}</ToneTag>;
export const DecisionTag = ({ decision }: { decision: Decision }) => <ToneTag tone={DECISION_TONE[decision]}>{DECISION_LABELS[decision]}</ToneTag>;

interface DecisionValues extends DecisionFormValues {
  /** The button last pressed (ACTION_FIELD), for the comment's rule. */
  decision?: Decision;
}

/** 审批意见 with 同意 / 驳回 / 退回修改; each button checks the comment with the shared schema's messages before sending. */
export function DecisionForm({ taskId, instanceId, onDone }: { taskId: string; instanceId: string; onDone: () => void }) {
  const [form] = Form.useForm<DecisionValues>();
  const { act, pending, pendingDecision } = useDecisionActions(form, { taskId, instanceId }, onDone);
  const titleId = useId();
  return (
    <section className="workflow-section" aria-labelledby={titleId}>
      <h4 id={titleId} className="workflow-section__title">
        审批
      </h4>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ comment: '' }}>
        <FieldSet fields={DECISION_FIELDS} />
        <Space wrap>
          <Button type="primary" loading={pendingDecision === 'approve'} disabled={pending} onClick={() => void act('approve')}>
            同意
          </Button>
          <Button danger loading={pendingDecision === 'reject'} disabled={pending} onClick={() => void act('reject')}>
            驳回
          </Button>
          <Button loading={pendingDecision === 'return'} disabled={pending} onClick={() => void act('return')}>
            退回修改
          </Button>
        </Space>
      </Form>
    </section>
  );
}

function WithdrawButton({ instanceId }: { instanceId: string }) {
  const { withdraw, pending } = useWithdraw(instanceId);
  return (
    <Popconfirm title={WITHDRAW_CONFIRM} okText="撤回" cancelText="取消" onConfirm={withdraw}>
      <Button danger loading={pending}>
        撤回申请
      </Button>
    </Popconfirm>
  );
}

function Detail({ view, taskId, canWithdraw, onDone }: { view: InstanceView; taskId: string | null; canWithdraw: boolean; onDone: () => void }) {
  const titleId = useId();
  const steps = stepItems(view).map((step) => ({
    key: step.key,
    status: step.status,
    title: step.current ? <span aria-current="step">{step.title}</span> : step.title,
    content: step.description,
  }));
  return (
    <article className="workflow-detail" aria-labelledby={titleId}>
      <h3 id={titleId} className="workflow-detail__title">
        {view.title}
      </h3>
      <DetailList size="small" col={2} items={instanceFacts(view, <InstanceStatusTag status={view.status} />)} />
      <InstanceSections view={view} className="workflow-section" steps={<Steps orientation="vertical" size="small" current={currentStepIndex(view)} items={steps} />} />
      {taskId && <DecisionForm key={taskId} taskId={taskId} instanceId={view.id} onDone={onDone} />}
      {canWithdraw && (
        <div className="workflow-detail__actions">
          <WithdrawButton instanceId={view.id} />
        </div>
      )}
    </article>
  );
}

/** An application in the desktop drawer: loading, failure with 重试, or the application with what its reader may do. */
export function InstanceDetailDesktop({ id, mode, onDone }: { id: string; mode: DetailMode; onDone: () => void }) {
  const { detail, taskId, canWithdraw } = useInstanceDetail(id, mode);
  return (
    <QueryState query={detail} what="申请">
      {(view) => <Detail view={view} taskId={taskId} canWithdraw={canWithdraw} onDone={onDone} />}
    </QueryState>
  );
}
