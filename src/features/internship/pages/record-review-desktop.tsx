import { Alert, Button, Drawer, Form, Modal, Segmented, Tag, Tooltip, type TableProps } from 'antd';
import type { RecordDetail, RecordReviewRow } from '@contract/records.ts';
import { ActionBar } from '@/components/action-bar/action-bar.tsx';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import { FieldSet } from '@/components/field-set/field-set.tsx';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { QueryState } from '@/components/query-state/query-state.tsx';
import { SectionForm } from '@/components/section-form/section-form.tsx';
import { TitledSection } from '@/components/section-form/titled-section.tsx';
import type { ReviewStatusFilter } from '../api/review-list.ts';
import { RecordStatusTag } from '../components/record-status-tag.tsx';
import {
  STATUS_FILTERS,
  RecordBody,
  ReviewHistory,
  batchable,
  formatTime,
  recordFacts,
  reviewResultItems,
  submitTimeMark,
  submitTimeNoteOf,
  useBatchApprove,
  useCorrectActions,
  useCorrectionForm,
  useReviewForm,
  type BatchValues,
  type CorrectionValues,
  type RecordReviewState,
  type ReviewValues,
} from './record-review-parts.tsx';

/** 分数 and 批阅意见 with 通过 / 退回; each button checks the fields with the shared schema's messages. */
function ReviewForm({ summary, onDone }: { summary: RecordDetail; onDone: () => void }) {
  const [form] = Form.useForm<ReviewValues>();
  return <SectionForm form={form} {...useReviewForm(form, summary, onDone)} />;
}

/** 更正批阅: the new score and comment, and why; the student is told. */
function CorrectionForm({ summary, onClose }: { summary: RecordDetail; onClose: () => void }) {
  const [form] = Form.useForm<CorrectionValues>();
  return <SectionForm form={form} {...useCorrectionForm(form, summary, onClose)} />;
}

/** How a record that is no longer waiting was reviewed, its review history, and 更正批阅 for who may. */
function ReviewResult({ summary, state }: { summary: RecordDetail; state: RecordReviewState }) {
  const corrections = useCorrectActions(summary, state);
  if (summary.status !== 'reviewed' && summary.status !== 'returned') return null;
  return (
    <section className="titled-section" aria-label="批阅结果">
      <DetailList
        title="批阅结果"
        size="small"
        col={2}
        bordered
        items={reviewResultItems(summary, <RecordStatusTag status={summary.status} />)}
        extra={<ActionBar actions={corrections} />}
      />
      {state.correcting && <CorrectionForm key={summary.updatedAt} summary={summary} onClose={() => state.setCorrecting(false)} />}
      {summary.reviewHistory.length > 0 && (
        <TitledSection title="批阅记录">
          <ReviewHistory summary={summary} />
        </TitledSection>
      )}
    </section>
  );
}

/** 提交时间 as the student's phone had it, with what the reader should know about it. */
function SubmitTime({ row }: { row: RecordReviewRow }) {
  const mark = submitTimeMark(row);
  if (!mark) return <>{formatTime(row.submittedAt)}</>;
  return (
    <Tooltip title={submitTimeNoteOf(row)}>
      <span className="record-review__submit-time">
        {formatTime(row.submittedAt)}
        <Tag color={mark.tone === 'warning' ? 'orange' : 'blue'}>{mark.label}</Tag>
      </span>
    </Tooltip>
  );
}

function RecordDetailView({ state }: { state: RecordReviewState }) {
  return (
    <QueryState query={state.record} what={state.declaration.label}>
      {(summary) => (
        <article className="record-review__detail" aria-labelledby="record-review-title">
          <DetailList size="small" col={2} items={recordFacts(summary, <RecordStatusTag status={summary.status} lateDays={summary.lateDays} />)} />
          <RecordBody summary={summary} titleId="record-review-title" canReview={state.openCanReview} />
          {summary.status !== 'submitted' ? (
            <ReviewResult summary={summary} state={state} />
          ) : state.openCanReview ? (
            <ReviewForm key={summary.id} summary={summary} onDone={state.close} />
          ) : (
            <Alert type="info" showIcon title="等待指导教师批阅" description="你可以查阅这份记录，批阅由学生的指导教师进行。" />
          )}
        </article>
      )}
    </QueryState>
  );
}

/** 批量通过 of the chosen rows: one score and comment for all, each student told. */
function BatchApproveModal({ state }: { state: RecordReviewState }) {
  const [form] = Form.useForm<BatchValues>();
  const { title, label, fields, initialValues, approve, pending } = useBatchApprove(state, form);
  return (
    <Modal title={title} open={state.batchOpen} onCancel={() => state.setBatchOpen(false)} onOk={() => void approve()} okText="确认通过" confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initialValues} aria-label={label}>
        <FieldSet fields={fields} />
      </Form>
    </Modal>
  );
}

/** 实习记录批阅 on desktop and tablet: the kind and status filters, the paged table, the record in a drawer. */
export default function RecordReviewDesktop({ state }: { state: RecordReviewState }) {
  const toolbar = (
    <>
      <Segmented<ReviewStatusFilter> aria-label="按状态筛选" options={STATUS_FILTERS} value={state.status} onChange={state.setStatus} />
      {state.anyBatchable && (
        <Button type="primary" disabled={state.selected.length === 0} onClick={() => state.setBatchOpen(true)}>
          {state.batchLabel}
        </Button>
      )}
    </>
  );
  const rowSelection: TableProps<RecordReviewRow>['rowSelection'] = {
    selectedRowKeys: state.selected,
    onChange: (keys) => state.setSelected(keys.map(String)),
    getCheckboxProps: (row) => ({ disabled: !batchable(row), 'aria-label': `选择${row.studentName}的${row.title}` }),
  };
  return (
    <ListDesktop
      list={state.list}
      toolbar={toolbar}
      rowSelection={state.anyBatchable ? rowSelection : undefined}
      cells={{ status: (row) => <RecordStatusTag status={row.status} lateDays={row.lateDays} />, submittedAt: (row) => <SubmitTime row={row} /> }}
    >
      <Drawer title={`${state.declaration.label}详情`} size={640} open={state.detailOpen} onClose={state.close} destroyOnHidden>
        {state.openId && <RecordDetailView state={state} />}
      </Drawer>
      <BatchApproveModal state={state} />
    </ListDesktop>
  );
}
