import { Alert, Button, Drawer, Form, Modal, Segmented, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { RecordDetail, RecordKindCode, RecordReviewRow, RecordStatus } from '@contract/records.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import { FieldSet } from '@/components/field-set/field-set.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { QueryState } from '@/components/query-state/query-state.tsx';
import { SectionForm } from '@/components/section-form/section-form.tsx';
import { TitledSection } from '@/components/section-form/titled-section.tsx';
import type { ReviewStatusFilter } from '../api/review-list.ts';
import { RecordStatusTag } from '../components/record-status-tag.tsx';
import {
  KIND_CHOICES,
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
  useCanCorrect,
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
  const canCorrect = useCanCorrect(summary);
  if (summary.status !== 'reviewed' && summary.status !== 'returned') return null;
  return (
    <section className="record-review__section" aria-label="批阅结果">
      <DetailList
        title="批阅结果"
        size="small"
        col={2}
        bordered
        items={reviewResultItems(summary, <RecordStatusTag status={summary.status} />)}
        extra={canCorrect && !state.correcting && <Button onClick={() => state.setCorrecting(true)}>更正批阅</Button>}
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
          <RecordBody summary={summary} titleId="record-review-title" />
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
  const { declaration, table } = state;
  const columns: TableColumnsType<RecordReviewRow> = [
    { title: '学生', dataIndex: 'studentName', width: 96, fixed: 'left' },
    { title: '学号', dataIndex: 'studentNo', width: 120, render: (value: string | null) => value || '—' },
    { title: '院系', dataIndex: 'departName', width: 140, ellipsis: true, render: (value: string | null) => value || '—' },
    { title: '实习计划', dataIndex: 'programName', width: 150, ellipsis: true },
    { title: '时段', dataIndex: 'periodLabel', width: 200 },
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (value: string, row) => (
        <Button
          type="link"
          className="record-review__link"
          onClick={(event) => {
            event.stopPropagation();
            state.open(row);
          }}
        >
          {value}
        </Button>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 88, render: (value: RecordStatus, row) => <RecordStatusTag status={value} lateDays={row.lateDays} /> },
    { title: '分数', dataIndex: 'score', width: 72, align: 'right', render: (value: number | null) => value ?? '—' },
    { title: '提交时间', dataIndex: 'submittedAt', width: 190, render: (_value: string | null, row) => <SubmitTime row={row} /> },
  ];

  return (
    <AntdProvider>
      <section className="record-review" aria-label={declaration.pages.reviewTitle}>
        <div className="record-review__toolbar">
          <h2 className="record-review__heading">{declaration.pages.reviewTitle}</h2>
          <Segmented<RecordKindCode> aria-label="记录类型" options={KIND_CHOICES} value={declaration.kind} onChange={state.setKind} />
          <Segmented<ReviewStatusFilter> aria-label="按状态筛选" options={STATUS_FILTERS} value={state.status} onChange={state.setStatus} />
          {state.anyBatchable && (
            <Button type="primary" disabled={state.selected.length === 0} onClick={() => state.setBatchOpen(true)}>
              批量通过{state.selected.length > 0 ? `（${state.selected.length}）` : ''}
            </Button>
          )}
        </div>
        <Table<RecordReviewRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={state.rows}
          rowSelection={
            state.anyBatchable
              ? {
                  selectedRowKeys: state.selected,
                  onChange: (keys) => state.setSelected(keys.map(String)),
                  getCheckboxProps: (row) => ({ disabled: !batchable(row), 'aria-label': `选择${row.studentName}的${row.title}` }),
                }
              : undefined
          }
          loading={table.isFetching}
          scroll={{ x: 1220 }}
          onRow={(row) => ({ onClick: () => state.open(row), className: 'record-review__row' })}
          locale={{ emptyText: table.isPending ? '加载中…' : table.isError ? '加载失败，请稍后重试' : state.emptyText }}
          pagination={{
            ...PAGER_ICONS,
            current: state.page,
            pageSize: state.pageSize,
            total: state.total,
            showSizeChanger: true,
            showTotal: (count) => `共 ${count} 条`,
            onChange: state.setPaging,
          }}
        />
      </section>
      <Drawer title={`${declaration.label}详情`} size={640} open={state.detailOpen} onClose={state.close} destroyOnHidden>
        {state.openId && <RecordDetailView state={state} />}
      </Drawer>
      <BatchApproveModal state={state} />
    </AntdProvider>
  );
}
