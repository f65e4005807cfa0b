import { Button, CapsuleTabs, Checkbox, DotLoading, ErrorBlock, Form, InfiniteScroll, Input, List, NoticeBar, PullToRefresh, Tabs, TextArea } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SCORE_HINTS, WEEKLY_COMMENT_MAX, WEEKLY_REASON_MAX } from '@contract/internship.ts';
import type { RecordDetail, RecordKindDeclaration } from '@contract/records.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useReviewListInfinite, type ReviewStatusFilter } from '../api/review-list.ts';
import type { ReviewFormValues } from '../api/review-record.ts';
import { recordDetailQuery } from '../api/record-detail.ts';
import { AttachmentView } from '../components/attachment-view.tsx';
import { RecordStatusTagPhone } from '../components/record-status-tag-phone.tsx';
import {
  KIND_CHOICES,
  STATUS_FILTERS,
  RecordText,
  batchFieldRule,
  batchable,
  correctionFieldRule,
  emptyTextFor,
  formatTime,
  reviewFieldRule,
  reviewHistoryLine,
  submitTimeMark,
  submitTimeNoteOf,
  useBatchApprove,
  useCanCorrect,
  useCorrection,
  useReviewActions,
  type BatchValues,
  type CorrectionValues,
  type RecordReviewState,
} from './record-review-parts.tsx';

const PAGE_SIZE = 10;
/** antd-mobile tabs need a non-empty key: 全部 is 'all' here and '' in the request. */
const tabKey = (status: ReviewStatusFilter) => status || 'all';

function Loading({ text }: { text: string }) {
  return (
    <div className="record-review-phone__loading" role="status">
      {text}
      <DotLoading />
    </div>
  );
}

function ReviewForm({ summary, onDone }: { summary: RecordDetail; onDone: () => void }) {
  const [form] = Form.useForm<ReviewFormValues>();
  const review = useReviewActions(form, summary, onDone);
  const { act } = review;
  return (
    <>
      {summary.adviserComment && (
        <List header="上次退回的意见" mode="card">
          <List.Item>
            <span className="record-review__pre">{summary.adviserComment}</span>
          </List.Item>
        </List>
      )}
      <Form
        form={form}
        onValuesChange={review.onValuesChange}
        mode="card"
        layout="vertical"
        initialValues={{ score: '', comment: '' }}
        footer={
          <div className="record-review-phone__actions">
            <Button block color="danger" fill="outline" loading={review.pendingAction === 'return'} disabled={review.pending} onClick={() => act('return')}>
              退回
            </Button>
            <Button block color="primary" loading={review.pendingAction === 'approve'} disabled={review.pending} onClick={() => act('approve')}>
              通过
            </Button>
          </div>
        }
      >
        <Form.Header>批阅</Form.Header>
        <Form.Item name="score" label="分数" rules={[reviewFieldRule('score', summary)]}>
          <Input inputMode="decimal" autoComplete="off" placeholder={`通过时必填，${SCORE_HINTS[summary.scorePrecision]}`} />
        </Form.Item>
        <Form.Item name="comment" label="批阅意见" rules={[reviewFieldRule('comment', summary)]}>
          <TextArea rows={4} maxLength={WEEKLY_COMMENT_MAX} showCount placeholder="退回时必填，请写明需要修改的地方" />
        </Form.Item>
      </Form>
    </>
  );
}

function CorrectionForm({ summary, onClose }: { summary: RecordDetail; onClose: () => void }) {
  const [form] = Form.useForm<CorrectionValues>();
  const { correct, pending, initialValues } = useCorrection(form, summary, onClose);
  return (
    <Form
      form={form}
      mode="card"
      layout="vertical"
      aria-label="更正批阅"
      initialValues={initialValues}
      footer={
        <div className="record-review-phone__actions">
          <Button block fill="outline" disabled={pending} onClick={onClose}>
            取消
          </Button>
          <Button block color="primary" loading={pending} onClick={() => void correct()}>
            确认更正
          </Button>
        </div>
      }
    >
      <Form.Header>更正批阅</Form.Header>
      <Form.Item name="score" label="更正后的分数" rules={[correctionFieldRule('score', summary)]}>
        <Input inputMode="decimal" autoComplete="off" placeholder={SCORE_HINTS[summary.scorePrecision]} />
      </Form.Item>
      <Form.Item name="comment" label="批阅意见" rules={[correctionFieldRule('comment', summary)]}>
        <TextArea rows={3} maxLength={WEEKLY_COMMENT_MAX} showCount />
      </Form.Item>
      <Form.Item name="reason" label="更正原因" description="学生会收到更正通知，其中写明原因" rules={[correctionFieldRule('reason', summary)]}>
        <Input maxLength={WEEKLY_REASON_MAX} placeholder="例如：批阅时漏看了附件" />
      </Form.Item>
    </Form>
  );
}

function ReviewResult({ summary }: { summary: RecordDetail }) {
  const canCorrect = useCanCorrect(summary);
  const [correcting, setCorrecting] = useState(false);
  if (summary.status !== 'reviewed' && summary.status !== 'returned') return null;
  if (correcting) return <CorrectionForm key={summary.updatedAt} summary={summary} onClose={() => setCorrecting(false)} />;
  return (
    <List header="批阅结果" mode="card">
      <List.Item extra={<RecordStatusTagPhone status={summary.status} fill="outline" />}>结果</List.Item>
      <List.Item extra={summary.score ?? '—'}>分数</List.Item>
      <List.Item extra={summary.reviewerName ?? '—'}>批阅人</List.Item>
      <List.Item extra={formatTime(summary.reviewedAt)}>批阅时间</List.Item>
      <List.Item title="批阅意见">
        <span className="record-review__pre">{summary.adviserComment || '—'}</span>
      </List.Item>
      {summary.reviewHistory.length > 0 && (
        <List.Item title="批阅记录">
          <ol className="record-review__history" aria-label="批阅记录">
            {summary.reviewHistory.map((entry) => (
              <li key={entry.id}>{reviewHistoryLine(entry)}</li>
            ))}
          </ol>
        </List.Item>
      )}
      {canCorrect && !correcting && (
        <List.Item>
          <Button block fill="outline" color="primary" onClick={() => setCorrecting(true)}>
            更正批阅
          </Button>
        </List.Item>
      )}
    </List>
  );
}

function PhoneDetail({ declaration, id, canReview, onDone }: { declaration: RecordKindDeclaration; id: string; canReview: boolean; onDone: () => void }) {
  const detail = useQuery(recordDetailQuery(declaration, id));
  if (detail.isPending) return <Loading text={`正在加载${declaration.label}`} />;
  if (detail.isError) {
    return (
      <ErrorBlock status="default" title={`${declaration.label}加载失败`} description={detail.error.message}>
        <Button color="primary" onClick={() => void detail.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  }
  const summary = detail.data;
  return (
    <article className="record-review-phone__detail" aria-labelledby="record-review-phone-title">
      <List mode="card">
        <List.Item extra={summary.studentName}>学生</List.Item>
        <List.Item extra={summary.programName}>实习计划</List.Item>
        <List.Item extra={summary.periodLabel}>时段</List.Item>
        <List.Item extra={<RecordStatusTagPhone status={summary.status} lateDays={summary.lateDays} fill="outline" />}>状态</List.Item>
        <List.Item extra={formatTime(summary.submittedAt)} description={submitTimeNoteOf(summary)}>
          提交时间
        </List.Item>
      </List>
      <section className="record-review-phone__card">
        <h3 id="record-review-phone-title" className="record-review__title">
          {summary.title}
        </h3>
        <RecordText summary={summary} />
        <h4 className="record-review__section-title">附件</h4>
        <AttachmentView attachments={summary.attachments} />
      </section>
      {summary.status !== 'submitted' ? (
        <ReviewResult summary={summary} />
      ) : canReview ? (
        <ReviewForm key={summary.id} summary={summary} onDone={onDone} />
      ) : (
        <NoticeBar content="等待指导教师批阅：你可以查阅，批阅由学生的指导教师进行" color="info" wrap />
      )}
    </article>
  );
}

/** 批量通过 on the phone: one score and comment for the chosen records, in a sheet from below. */
function BatchApproveSheet({ state, open, onClose }: { state: RecordReviewState; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<BatchValues>();
  const { approve, pending } = useBatchApprove(state, form, onClose);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <Form
        form={form}
        layout="vertical"
        aria-label="批量通过"
        initialValues={{ score: '', comment: '' }}
        footer={
          <div className="record-review-phone__actions">
            <Button block fill="outline" disabled={pending} onClick={onClose}>
              取消
            </Button>
            <Button block color="primary" loading={pending} onClick={() => void approve()}>
              确认通过
            </Button>
          </div>
        }
      >
        <Form.Header>
          批量通过（{state.selected.length}份{state.declaration.label}）
        </Form.Header>
        <Form.Item name="score" label="分数" rules={[batchFieldRule('score')]}>
          <Input inputMode="decimal" autoComplete="off" placeholder="所选记录都给这个分数" />
        </Form.Item>
        <Form.Item name="comment" label="批阅意见" rules={[batchFieldRule('comment')]}>
          <TextArea rows={3} maxLength={WEEKLY_COMMENT_MAX} showCount placeholder="选填，所选记录共用" />
        </Form.Item>
      </Form>
    </Popup>
  );
}

/** 实习记录批阅 on the phone (antd-mobile only): kind and status tabs, a pull-to-refresh list loading page by page, the record full screen. */
export default function RecordReviewPhone({ state }: { state: RecordReviewState }) {
  const { declaration } = state;
  const list = useReviewListInfinite(declaration, state.status, PAGE_SIZE);
  const rows = list.data?.pages.flatMap((page) => page.records) ?? [];
  const [batchOpen, setBatchOpen] = useState(false);
  const { selecting, selected, setSelected } = state;
  const anyBatchable = rows.some(batchable);
  const toggle = (id: string) => setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isError) throw result.error;
  };

  let body;
  if (list.isPending) body = <Loading text="加载中" />;
  else if (list.isError && rows.length === 0) {
    body = (
      <ErrorBlock status="default" title="加载失败" description="请检查网络后下拉刷新或重试">
        <Button color="primary" onClick={() => void list.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (rows.length === 0) body = <ErrorBlock status="empty" title={emptyTextFor(declaration, state.status)} description="下拉可刷新" />;
  else {
    body = (
      <>
        <List mode="card" aria-label={`${declaration.label}列表`}>
          {rows.map((row) => (
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
              onClick={() => (selecting ? batchable(row) && toggle(row.id) : state.open(row))}
            >
              <span className="record-review-phone__item-title">{row.title}</span>
            </List.Item>
          ))}
        </List>
        <InfiniteScroll loadMore={loadMore} hasMore={Boolean(list.hasNextPage)} />
      </>
    );
  }

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
      {(anyBatchable || selecting) && (
        <div className="record-review-phone__select">
          {selecting ? (
            <>
              <Button size="small" fill="outline" onClick={() => state.setSelecting(false)}>
                取消选择
              </Button>
              <Button size="small" color="primary" disabled={selected.length === 0} onClick={() => setBatchOpen(true)}>
                批量通过{selected.length > 0 ? `（${selected.length}）` : ''}
              </Button>
            </>
          ) : (
            <Button size="small" fill="outline" color="primary" onClick={() => state.setSelecting(true)}>
              选择批量通过
            </Button>
          )}
        </div>
      )}
      <PullToRefresh
        onRefresh={async () => {
          await list.refetch();
        }}
      >
        <div className="record-review-phone__list">{body}</div>
      </PullToRefresh>
      <Popup visible={state.detailOpen} position="right" onClose={state.close} destroyOnClose bodyClassName="record-review-phone__sheet">
        <PhoneNavBar onBack={state.close}>{declaration.label}详情</PhoneNavBar>
        <div className="record-review-phone__body">
          {state.openId && <PhoneDetail declaration={declaration} id={state.openId} canReview={state.openCanReview} onDone={state.close} />}
        </div>
      </Popup>
      <BatchApproveSheet state={state} open={batchOpen} onClose={() => setBatchOpen(false)} />
    </section>
  );
}
