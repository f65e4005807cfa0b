import { useId } from 'react';
import { Form, Steps } from 'antd';
import { INSTANCE_STATUS_LABELS, type InstanceView } from '@contract/workflow.ts';
import { ActionBar } from '@/components/action-bar/action-bar.tsx';
import type { ActionSpec } from '@/components/action-bar/action-spec.ts';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import { QueryState } from '@/components/query-state/query-state.tsx';
import { SectionForm } from '@/components/section-form/section-form.tsx';
import { ToneTag } from '@/components/tone-tag.tsx';
import { INSTANCE_STATUS_TONE, InstanceSections, currentStepIndex, instanceFacts, stepItems, useDecisionForm, useInstanceDetail, type DecisionValues, type DetailMode } from './workflow-parts.tsx';

/** 审批意见 with 同意 / 驳回 / 退回修改; each button checks the comment with the shared schema's messages before sending. */
export function DecisionForm({ taskId, instanceId, onDone }: { taskId: string; instanceId: string; onDone: () => void }) {
  const [form] = Form.useForm<DecisionValues>();
  return <SectionForm form={form} {...useDecisionForm(form, { taskId, instanceId }, onDone)} />;
}

function Detail({ view, taskId, actions, onDone }: { view: InstanceView; taskId: string | null; actions: ActionSpec[]; onDone: () => void }) {
  const titleId = useId();
  const steps = stepItems(view).map(({ description, ...step }) => ({ ...step, content: description }));
  return (
    <article className="workflow-detail" aria-labelledby={titleId}>
      <h3 id={titleId} className="workflow-detail__title">
        {view.title}
      </h3>
      <DetailList size="small" col={2} items={instanceFacts(view, <ToneTag tone={INSTANCE_STATUS_TONE[view.status]}>{INSTANCE_STATUS_LABELS[view.status]}</ToneTag>)} />
      <InstanceSections view={view} steps={<Steps orientation="vertical" size="small" current={currentStepIndex(view)} items={steps} />} />
      {taskId && <DecisionForm key={taskId} taskId={taskId} instanceId={view.id} onDone={onDone} />}
      <ActionBar actions={actions} />
    </article>
  );
}

/** An application in the desktop drawer: loading, failure with 重试, or the application with what its reader may do. */
export function InstanceDetailDesktop({ id, mode, onDone }: { id: string; mode: DetailMode; onDone: () => void }) {
  const { detail, taskId, actions } = useInstanceDetail(id, mode);
  return (
    <QueryState query={detail} what="申请">
      {(view) => <Detail view={view} taskId={taskId} actions={actions} onDone={onDone} />}
    </QueryState>
  );
}
