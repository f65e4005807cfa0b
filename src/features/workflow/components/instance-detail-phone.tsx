import { Button, Form, Steps } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { DECISION_LABELS, INSTANCE_STATUS_LABELS, type Decision, type InstanceStatus, type InstanceView } from '@contract/workflow.ts';
import { DetailListPhone } from '@/components/detail-list/detail-list-phone.tsx';
import { FieldSetPhone } from '@/components/field-set/field-set-phone.tsx';
import { QueryStatePhone } from '@/components/query-state/query-state-phone.tsx';
import { ToneTagPhone } from '@/components/tone-tag-phone.tsx';
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

export const InstanceStatusTagPhone = ({ status }: { status: InstanceStatus }) => (
  <ToneTagPhone tone={INSTANCE_STATUS_TONE[status]} fill="outline">
    {INSTANCE_STATUS_LABELS[status]}
  </ToneTagPhone>
);
export const DecisionTagPhone = ({ decision }: { decision: Decision }) => (
  <ToneTagPhone tone={DECISION_TONE[decision]} fill="outline">
    {DECISION_LABELS[decision]}
  </ToneTagPhone>
);

interface DecisionValues extends DecisionFormValues {
  decision?: Decision;
}

/** 审批意见 with 驳回 / 退回修改 / 同意, checked with the shared schema's messages before sending. */
export function DecisionFormPhone({ taskId, instanceId, onDone }: { taskId: string; instanceId: string; onDone: () => void }) {
  const [form] = Form.useForm<DecisionValues>();
  const { act, pending, pendingDecision } = useDecisionActions(form, { taskId, instanceId }, onDone);
  return (
    <Form
      form={form}
      mode="card"
      layout="vertical"
      initialValues={{ comment: '' }}
      footer={
        <div className="workflow-phone__actions">
          <Button block color="danger" fill="outline" loading={pendingDecision === 'reject'} disabled={pending} onClick={() => void act('reject')}>
            驳回
          </Button>
          <Button block fill="outline" loading={pendingDecision === 'return'} disabled={pending} onClick={() => void act('return')}>
            退回修改
          </Button>
          <Button block color="primary" loading={pendingDecision === 'approve'} disabled={pending} onClick={() => void act('approve')}>
            同意
          </Button>
        </div>
      }
    >
      <Form.Header>审批</Form.Header>
      <FieldSetPhone fields={DECISION_FIELDS} />
    </Form>
  );
}

function WithdrawButton({ instanceId }: { instanceId: string }) {
  const { withdraw, pending } = useWithdraw(instanceId);
  const confirmThenWithdraw = async () => {
    if (await confirmDialog({ content: WITHDRAW_CONFIRM, confirmText: '撤回', cancelText: '取消' })) await withdraw();
  };
  return (
    <div className="workflow-phone__actions">
      <Button block color="danger" fill="outline" loading={pending} onClick={() => void confirmThenWithdraw()}>
        撤回申请
      </Button>
    </div>
  );
}

function Detail({ view, taskId, canWithdraw, onDone }: { view: InstanceView; taskId: string | null; canWithdraw: boolean; onDone: () => void }) {
  const steps = (
    <Steps direction="vertical" current={currentStepIndex(view)}>
      {stepItems(view).map((step) => (
        <Steps.Step key={step.key} status={step.status} title={step.current ? <span aria-current="step">{step.title}</span> : step.title} description={step.description} />
      ))}
    </Steps>
  );
  return (
    <article className="workflow-phone__detail" aria-labelledby="workflow-phone-title">
      <section className="workflow-phone__card">
        <h3 id="workflow-phone-title" className="workflow-detail__title">
          {view.title}
        </h3>
      </section>
      <DetailListPhone items={instanceFacts(view, <InstanceStatusTagPhone status={view.status} />)} />
      <InstanceSections view={view} className="workflow-phone__card" steps={steps} />
      {taskId && <DecisionFormPhone key={taskId} taskId={taskId} instanceId={view.id} onDone={onDone} />}
      {canWithdraw && <WithdrawButton instanceId={view.id} />}
    </article>
  );
}

/** An application full screen on the phone: loading, failure with 重试, or the application with what its reader may do. */
export function InstanceDetailPhone({ id, mode, onDone }: { id: string; mode: DetailMode; onDone: () => void }) {
  const { detail, taskId, canWithdraw } = useInstanceDetail(id, mode);
  return (
    <QueryStatePhone query={detail} what="申请">
      {(view) => <Detail view={view} taskId={taskId} canWithdraw={canWithdraw} onDone={onDone} />}
    </QueryStatePhone>
  );
}
