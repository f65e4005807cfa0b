import { Button, CapsuleTabs, Checkbox, Form, List, NoticeBar, Tabs } from 'antd-mobile';
import type { RecordDetail } from '@contract/records.ts';
import { ActionBarPhone } from '@/components/action-bar/action-bar-phone.tsx';
import { DetailListPhone } from '@/components/detail-list/detail-list-phone.tsx';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { QueryStatePhone } from '@/components/query-state/query-state-phone.tsx';
import { SectionFormPhone } from '@/components/section-form/section-form-phone.tsx';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { Popup } from '@/components/sheet/popup.tsx';
import type { ReviewStatusFilter } from '../api/review-list.ts';
import { RecordStatusTagPhone } from '../components/record-status-tag-phone.tsx';
import {
  KIND_CHOICES,
  STATUS_FILTERS,
  RecordBody,
  ReviewHistory,
  batchable,
  recordFacts,
  reviewResultItems,
  submitTimeMark,
  useBatchApprove,
  useCorrectActions,
  useCorrectionForm,
  useReviewForm,
  type RecordReviewState,
} from './record-review-parts.tsx';

/** antd-mobile tabs need a non-empty key: 全部 is 'all' here and '' in the request. */
const tabKey = (status: ReviewStatusFilter) => status || 'all';

function ReviewForm({ summary, onDone }: { summary: RecordDetail; onDone: () => void }) {
  const [form] = Form.useForm();
  return <SectionFormPhone form={form} {...useReviewForm(form, summary, onDone)} />;
}

/** 更正批阅 in the result's place, under its own heading. */
function CorrectionForm({ summary, onClose }: { summary: RecordDetail; onClose: () => void }) {
  const [form] = Form.useForm();
  return <SectionFormPhone form={form} title="更正批阅" {...useCorrectionForm(form, summary, onClose)} />;
}

function ReviewResult({ summary, state }: { summary: RecordDetail; state: RecordReviewState }) {
  const corrections = useCorrectActions(summary, state);
  if (summary.status !== 'reviewed' && summary.status !== 'returned') return null;
  if (state.correcting) return <CorrectionForm key={summary.updatedAt} summary={summary} onClose={() => state.setCorrecting(false)} />;
  return (
    <DetailListPhone title="批阅结果" items={reviewResultItems(summary, <RecordStatusTagPhone status={summary.status} fill="outline" />)}>
      {summary.reviewHistory.length > 0 && (
        <List.Item title="批阅记录">
          <ReviewHistory summary={summary} />
        </List.Item>
      )}
      {corrections.length > 0 && (
        <List.Item>
          <ActionBarPhone actions={corrections} />
        </List.Item>
      )}
    </DetailListPhone>
  );
}

function PhoneDetail({ state }: { state: RecordReviewState }) {
  return (
    <QueryStatePhone query={state.record} what={state.declaration.label}>
      {(summary) => (
        <article className="record-review-phone__detail" aria-labelledby="record-review-phone-title">
          <DetailListPhone items={recordFacts(summary, <RecordStatusTagPhone status={summary.status} lateDays={summary.lateDays} fill="outline" />)} />
          <section className="record-review-phone__card">
            <RecordBody summary={summary} titleId="record-review-phone-title" canReview={state.openCanReview} />
          </section>
          {summary.status !== 'submitted' ? (
            <ReviewResult summary={summary} state={state} />
          ) : state.openCanReview ? (
            <ReviewForm key={summary.id} summary={summary} onDone={state.close} />
          ) : (
            <NoticeBar content="等待指导教师批阅：你可以查阅，批阅由学生的指导教师进行" color="info" wrap />
          )}
        </article>
      )}
    </QueryStatePhone>
  );
}

/** 批量通过 on the phone: one score and comment for the chosen records, in a sheet from below. */
function BatchApproveSheet({ state }: { state: RecordReviewState }) {
  const [form] = Form.useForm();
  const close = () => state.setBatchOpen(false);
  return (
    <Popup visible={state.batchOpen} onMaskClick={close} onClose={close} destroyOnClose>
      <SectionFormPhone form={form} {...useBatchApprove(state, form)} />
    </Popup>
  );
}

/** 实习记录批阅 on the phone (antd-mobile only): kind and status tabs, a pull-to-refresh list loading page by page, the record full screen. */
export default function RecordReviewPhone({ state }: { state: RecordReviewState }) {
  const { declaration, selecting, selected } = state;
  return (
    <section className="record-review-phone" aria-label={declaration.pages.reviewTitle}>
      <CapsuleTabs className="record-review-phone__kinds" activeKey={declaration.kind} onChange={state.setKind}>
        {KIND_CHOICES.map((k) => (
          <CapsuleTabs.Tab key={k.value} title={k.label} />
        ))}
      </CapsuleTabs>
      <Tabs className="record-review-phone__tabs" activeKey={tabKey(state.status)} onChange={(key) => state.setStatus(key === 'all' ? '' : (key as ReviewStatusFilter))}>
        {STATUS_FILTERS.map((f) => (
          <Tabs.Tab key={tabKey(f.value)} title={f.label} />
        ))}
      </Tabs>
      {(state.anyBatchable || selecting) && (
        <div className="record-review-phone__select">
          {selecting ? (
            <>
              <Button size="small" fill="outline" onClick={() => state.setSelecting(false)}>
                取消选择
              </Button>
              <Button size="small" color="primary" disabled={selected.length === 0} onClick={() => state.setBatchOpen(true)}>
                {state.batchLabel}
              </Button>
            </>
          ) : (
            <Button size="small" fill="outline" color="primary" onClick={() => state.setSelecting(true)}>
              选择批量通过
            </Button>
          )}
        </div>
      )}
      <div className="record-review-phone__list">
        <PhoneInfiniteList query={state.feed} empty={state.rows.length === 0} emptyTitle={state.emptyText} emptyDescription="下拉可刷新">
          <List mode="card" aria-label={`${declaration.label}列表`}>
            {state.rows.map((row) => (
              <List.Item
                key={row.id}
                title={row.studentName}
                description={
                  <span className="record-review-phone__meta">
                    {row.periodLabel}
                    {row.score !== null && <span>{row.score} 分</span>}
                    {submitTimeMark(row) && <span className="record-review-phone__mark">{submitTimeMark(row)!.label}</span>}
                  </span>
                }
                prefix={selecting ? <Checkbox checked={selected.includes(row.id)} disabled={!batchable(row)} aria-label={`选择${row.studentName}的${row.title}`} /> : undefined}
                extra={<RecordStatusTagPhone status={row.status} lateDays={row.lateDays} fill="outline" />}
                onClick={() => (selecting ? batchable(row) && state.toggle(row.id) : state.open(row))}
              >
                <span className="record-review-phone__item-title">{row.title}</span>
              </List.Item>
            ))}
          </List>
        </PhoneInfiniteList>
      </div>
      <PhoneSheet open={state.detailOpen} title={`${declaration.label}详情`} onClose={state.close} shaded className="record-review-phone__sheet">
        {state.openId && <PhoneDetail state={state} />}
      </PhoneSheet>
      <BatchApproveSheet state={state} />
    </section>
  );
}
