import { Form, Steps } from 'antd-mobile';
import { INSTANCE_STATUS_LABELS, type InstanceView } from '@contract/workflow.ts';
import { ActionBarPhone } from '@/components/action-bar/action-bar-phone.tsx';
import type { ActionSpec } from '@/components/action-bar/action-spec.ts';
import { DetailListPhone } from '@/components/detail-list/detail-list-phone.tsx';
import { QueryStatePhone } from '@/components/query-state/query-state-phone.tsx';
import { SectionFormPhone } from '@/components/section-form/section-form-phone.tsx';
import { ToneTagPhone } from '@/components/tone-tag-phone.tsx';
import { INSTANCE_STATUS_TONE, InstanceSections, currentStepIndex, instanceFacts, stepItems, useDecisionForm, useInstanceDetail, type DetailMode } from './workflow-parts.tsx';

/** 审批意见 with 驳回 / 退回修改 / 同意, checked with the shared schema's messages before sending. */
function DecisionFormPhone({ taskId, instanceId, onDone }: { taskId: string; instanceId: string; onDone: () => void }) {
  const [form] = Form.useForm();
  return <SectionFormPhone form={form} {...useDecisionForm(form, { taskId, instanceId }, onDone)} />;
}

function Detail({ view, taskId, actions, onDone }: { view: InstanceView; taskId: string | null; actions: ActionSpec[]; onDone: () => void }) {
  const steps = (
    <Steps direction="vertical" current={currentStepIndex(view)}>
      {stepItems(view).map((step) => (
        <Steps.Step key={step.key} status={step.status} title={step.title} description={step.description} />
      ))}
    </Steps>
  );
  const status = <ToneTagPhone tone={INSTANCE_STATUS_TONE[view.status]} fill="outline">{INSTANCE_STATUS_LABELS[view.status]}</ToneTagPhone>;
  return (
    <article className="workflow-phone__detail" aria-labelledby="workflow-phone-title">
      <section className="workflow-phone__card">
        <h3 id="workflow-phone-title" className="workflow-detail__title">
          {view.title}
        </h3>
      </section>
      <DetailListPhone items={instanceFacts(view, status)} />
      <InstanceSections view={view} className="workflow-phone__card" steps={steps} />
      {taskId && <DecisionFormPhone key={taskId} taskId={taskId} instanceId={view.id} onDone={onDone} />}
      <ActionBarPhone actions={actions} className="workflow-phone__actions" />
    </article>
  );
}

/** An application full screen on the phone: loading, failure with 重试, or the application with what its reader may do. */
export function InstanceDetailPhone({ id, mode, onDone }: { id: string; mode: DetailMode; onDone: () => void }) {
  const { detail, taskId, actions } = useInstanceDetail(id, mode);
  return (
    <QueryStatePhone query={detail} what="申请">
      {(view) => <Detail view={view} taskId={taskId} actions={actions} onDone={onDone} />}
    </QueryStatePhone>
  );
}
