import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sent } from '@/components/notification/show-failure.ts';
import { useSearchParams } from 'react-router-dom';
import { CLOCK_TOLERANCE_MS, submitTimeNote, type DeviceTimeFlag } from '@contract/device-time.ts';
import { REVIEW_LOG_ACTION_LABELS, RECORD_PERMISSIONS, RECORD_STATUS_LABELS, SCORE_HINTS, WEEKLY_COMMENT_MAX, WEEKLY_REASON_MAX, type ReviewLogEntry } from '@contract/internship.ts';
import { RECORD_KINDS, countRecordChars, isRecordKind, reviewKinds, type RecordDetail, type RecordKindDeclaration, type RecordReviewRow } from '@contract/records.ts';
import type { ActionSpec } from '@/components/action-bar/action-spec.ts';
import type { DetailItem } from '@/components/detail-list/detail-columns.ts';
import { pagedList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import type { FieldSpec } from '@/components/field-set/field-spec.ts';
import type { SectionFormSpec } from '@/components/section-form/section-form-spec.ts';
import { TitledSection } from '@/components/section-form/titled-section.tsx';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { useSession } from '@/lib/session-store.ts';
import { drafts, registerDraftFlush } from '@/offline/drafts.ts';
import dayjs from '@/lib/dayjs.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import { useReviewList, useReviewListInfinite, type ReviewStatusFilter } from '../api/review-list.ts';
import { recordDetailQuery } from '../api/record-detail.ts';
import { checkCorrection, useCorrectReview, type CorrectionField, type CorrectionFormValues } from '../api/correct-review.ts';
import { checkReview, useReviewRecord, type ReviewAction, type ReviewField, type ReviewFormValues } from '../api/review-record.ts';
import { useBatchReview } from '../api/batch-review.ts';
import { AttachmentView } from '../components/attachment-view.tsx';
import { MarkedText, SimilarityNotes } from '../components/similarity-notes.tsx';
import { useSimilarityFlags } from '../api/similarity.ts';
import './record-review.css';

/** What both layouts of 实习记录批阅 share (no UI library here). */

/** The kinds to choose between, as the list's switch shows them. */
export const KIND_CHOICES = reviewKinds().map((d) => ({ value: d.kind, label: d.label }));

export const STATUS_FILTERS: { value: ReviewStatusFilter; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'submitted', label: RECORD_STATUS_LABELS.submitted },
  { value: 'reviewed', label: RECORD_STATUS_LABELS.reviewed },
  { value: 'returned', label: RECORD_STATUS_LABELS.returned },
];

export const emptyTextFor = (declaration: RecordKindDeclaration, status: ReviewStatusFilter) =>
  status === 'submitted' || status === '' ? `暂无需要批阅的${declaration.label}` : `暂无${RECORD_STATUS_LABELS[status]}的${declaration.label}`;


export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

interface SubmitTimes {
  submittedAt: string | null;
  receivedAt: string | null;
  submitTimeFlag: DeviceTimeFlag | null;
}

/** What a reader is told beside 提交时间 (sent late from the phone, or a phone clock not trusted), or null. */
export const submitTimeNoteOf = (row: SubmitTimes) => submitTimeNote(row.submittedAt, row.receivedAt, row.submitTimeFlag, formatTime);

/** A short mark for the list's 提交时间 column; its note says the rest. */
export function submitTimeMark(row: SubmitTimes): { label: string; tone: 'info' | 'warning' } | null {
  if (row.submitTimeFlag === 'future' || row.submitTimeFlag === 'too-old') return { label: '时间异常', tone: 'warning' };
  if (row.submitTimeFlag === 'clock-corrected') return { label: '时钟已校正', tone: 'warning' };
  if (row.submittedAt && row.receivedAt && Date.parse(row.receivedAt) - Date.parse(row.submittedAt) > CLOCK_TOLERANCE_MS) return { label: '离线提交', tone: 'info' };
  return null;
}

/** One line of the 批阅记录: who did what, when, and for a correction what it replaced and why. */
function reviewHistoryLine(entry: ReviewLogEntry): string {
  const who = `${formatTime(entry.createdAt)} ${entry.reviewerName ?? '—'} ${REVIEW_LOG_ACTION_LABELS[entry.action]}`;
  if (entry.action === 'return') return `${who}：${entry.comment ?? ''}`;
  if (entry.action === 'approve') return `${who}，${entry.score ?? '—'} 分`;
  return `${who}：分数 ${entry.previousScore ?? '—'} → ${entry.score ?? '—'}，原因：${entry.reason ?? '—'}`;
}

/** The record's facts as both layouts list them, its status drawn as the layout's tag. */
export const recordFacts = (summary: RecordDetail, status: ReactNode): DetailItem[] => [
  { key: 'student', label: '学生', content: summary.studentName },
  { key: 'status', label: '状态', content: status },
  { key: 'program', label: '实习计划', span: 2, content: summary.programName },
  { key: 'period', label: '时段', content: summary.periodLabel },
  { key: 'submittedAt', label: '提交时间', span: 2, content: formatTime(summary.submittedAt), note: submitTimeNoteOf(summary) },
];

/** How a record that is no longer waiting was reviewed, its result drawn as the layout's tag. */
export const reviewResultItems = (summary: RecordDetail, status: ReactNode): DetailItem[] => [
  { key: 'status', label: '结果', content: status },
  { key: 'score', label: '分数', content: summary.score ?? '—' },
  { key: 'reviewer', label: '批阅人', content: summary.reviewerName ?? '—' },
  { key: 'reviewedAt', label: '批阅时间', content: formatTime(summary.reviewedAt) },
  { key: 'comment', label: '批阅意见', span: 2, block: true, content: <span className="record-review__pre">{summary.adviserComment || '—'}</span> },
];

/** 批阅记录, oldest first. */
export function ReviewHistory({ summary }: { summary: RecordDetail }) {
  return (
    <ol className="record-review__history" aria-label="批阅记录">
      {summary.reviewHistory.map((entry) => (
        <li key={entry.id}>{reviewHistoryLine(entry)}</li>
      ))}
    </ol>
  );
}

/** 更正批阅 while it is not open: the reviewer may correct a 已批阅 record, and so may whoever sees every record (the office). */
export function useCorrectActions(summary: RecordDetail, state: RecordReviewState): ActionSpec[] {
  const userId = useSession().userInfo?.id;
  const office = usePermission(RECORD_PERMISSIONS.all);
  const may = summary.status === 'reviewed' && (office || (Boolean(userId) && summary.reviewerId === userId));
  return may && !state.correcting ? [{ key: 'correct', label: '更正批阅', run: () => state.setCorrecting(true) }] : [];
}

/** The desktop's table (the phone draws its own cards, with their select mode); 状态 and 提交时间 are drawn by the desktop. */
const REVIEW_COLUMNS: ListColumn<RecordReviewRow>[] = [
  { key: 'studentName', label: '学生', width: 96, fixed: 'left' },
  { key: 'studentNo', label: '学号', width: 120 },
  { key: 'departName', label: '院系', width: 140, ellipsis: true },
  { key: 'programName', label: '实习计划', width: 150, ellipsis: true },
  { key: 'periodLabel', label: '时段', width: 200 },
  { key: 'title', label: '标题', ellipsis: true, opens: true },
  { key: 'status', label: '状态', width: 88 },
  { key: 'score', label: '分数', width: 72, align: 'right' },
  { key: 'submittedAt', label: '提交时间', width: 190 },
];

/** The phone's list loads this many records at a time. */
const PHONE_PAGE_SIZE = 10;

/** The page's hook (components/device-page.tsx): both renderings get its state. */
export function useRecordReviewPage(device: Device) {
  return { state: useRecordReviewState(device) };
}

/**
 * The page's choices, lists and open record, kept above the two layouts so crossing a breakpoint keeps
 * them; the kind is in the address (?kind=monthly). The desktop pages through a table, the phone scrolls
 * a list loading page after page: each reads only its own.
 */
export function useRecordReviewState(device: Device) {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const declaration = RECORD_KINDS[isRecordKind(kindParam) && RECORD_KINDS[kindParam].lifecycle.type === 'review' ? kindParam : 'weekly'];
  const [status, setStatusState] = useState<ReviewStatusFilter>('submitted');
  const [paging, setPagingState] = useState({ page: 1, pageSize: 10 });
  // The id stays while the drawer or popup closes, so its content does not vanish mid-animation.
  const [detail, setDetail] = useState<{ id: string | null; open: boolean; canReview: boolean }>({ id: null, open: false, canReview: false });
  const [correcting, setCorrecting] = useState(false);
  // 批量通过: the chosen submitted records of this kind (the phone chooses in its select mode).
  const [selected, setSelected] = useState<string[]>([]);
  const [selecting, setSelecting] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const setPaging = useCallback(
    (page: number, pageSize: number) => setPagingState((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
    [],
  );
  const phone = device === 'phone';
  const table = useReviewList(declaration, { status, page: paging.page, pageSize: paging.pageSize }, !phone);
  const feed = useReviewListInfinite(declaration, status, PHONE_PAGE_SIZE, phone);
  const rows = (phone ? feed.data?.pages.flatMap((page) => page.records) : table.data?.records) ?? [];
  const total = table.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  // Reviewing the last waiting one of a page can leave the page empty: step back.
  if (table.data && !table.isPlaceholderData && paging.page > lastPage) setPagingState({ ...paging, page: lastPage });
  // A bell message opens its record (?id=…) until it is closed; whether the viewer reviews it, the server decides.
  const linked = params.get('id');
  const openId = linked ?? detail.id;
  const record = useQuery({ ...recordDetailQuery(declaration, openId ?? ''), enabled: openId !== null });
  const kindParams = (kind: string): Record<string, string> => (kind === 'weekly' ? {} : { kind });
  const setKind = (kind: string) => {
    setParams(kindParams(kind), { replace: true });
    setPagingState((current) => ({ ...current, page: 1 }));
    setDetail({ id: null, open: false, canReview: false });
    setSelected([]);
  };
  const open = (row: { id: string; canReview: boolean }) => {
    setCorrecting(false);
    setDetail({ id: row.id, open: true, canReview: row.canReview });
  };
  const emptyText = emptyTextFor(declaration, status);
  const list: DeclaredList<RecordReviewRow> = {
    title: declaration.pages.reviewTitle,
    rowKey: (row) => row.id,
    columns: REVIEW_COLUMNS,
    filter: { label: '记录类型', options: KIND_CHOICES, value: declaration.kind, onChange: setKind },
    open,
    empty: emptyText,
    scrollX: 1220,
    data: pagedList(table, { pageNo: paging.page, pageSize: paging.pageSize, go: setPaging }),
  };
  return {
    declaration,
    /** The desktop's table, declared. */
    list,
    setKind,
    status,
    setStatus: (next: ReviewStatusFilter) => {
      setStatusState(next);
      setPagingState((current) => ({ ...current, page: 1 }));
      setSelected([]);
    },
    /** The phone's list, page after page. */
    feed,
    rows,
    emptyText,
    openId,
    detailOpen: Boolean(linked) || detail.open,
    /** Whether the open record is the viewer's to review (RecordReviewRow.canReview): mentors and 班主任 only read. */
    openCanReview: Boolean(linked) || detail.canReview,
    /** The open record as the server has it. */
    record,
    open,
    close: () => {
      setCorrecting(false);
      setDetail((d) => (linked ? { id: linked, open: false, canReview: true } : { ...d, open: false }));
      if (linked) setParams(kindParams(declaration.kind), { replace: true });
    },
    /** 更正批阅 is open under the review's result. */
    correcting,
    setCorrecting,
    anyBatchable: rows.some(batchable),
    /** 批量通过 with the number chosen, on both layouts' buttons. */
    batchLabel: `批量通过${selected.length > 0 ? `（${selected.length}）` : ''}`,
    selected,
    setSelected,
    /** A tap on a row in the phone's select mode: chosen, or no longer. */
    toggle: (id: string) => setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]),
    selecting,
    setSelecting: (next: boolean) => {
      setSelecting(next);
      setSelected([]);
    },
    batchOpen,
    setBatchOpen,
  };
}

/** A row may be chosen for 批量通过 when it is submitted and the viewer reviews it. */
export const batchable = (row: { status: string; canReview: boolean }) => row.canReview && row.status === 'submitted';

/** The 批量通过 form's fields as both layouts hold them. */
export interface BatchValues {
  score: string;
  comment: string;
}

/** The 批量通过 form's rule for one field: a score the school accepts (a program's whole points the server checks). */
const batchFieldRule = (field: ReviewField) => ruleFromCheck(field, (get) => checkReview('approve', { score: get('score') as string, comment: get('comment') as string | null }, 1).errors);

/** 批量通过 of the chosen records with one score and comment; clears the choice and closes the form when it went through. */
export function useBatchApprove(state: RecordReviewState, form: { validateFields(): Promise<unknown>; getFieldsValue(): BatchValues }): SectionFormSpec<BatchValues> & { approve: () => Promise<void>; pending: boolean } {
  const { declaration, selected } = state;
  const mutation = useBatchReview(declaration);
  const approve = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { input } = checkReview('approve', form.getFieldsValue(), 1);
    if (!input || selected.length === 0) return;
    if (!(await sent(mutation.mutateAsync({ action: 'approve', ids: selected, score: input.score, comment: input.comment })))) return;
    notify.success(`已批量通过${selected.length}份${declaration.label}，已通知学生`, { title: declaration.pages.reviewTitle });
    state.setSelecting(false);
    state.setBatchOpen(false);
  };
  const pending = mutation.isPending;
  return {
    title: `批量通过（${selected.length}份${declaration.label}）`,
    label: '批量通过',
    fields: BATCH_FIELDS,
    initialValues: { score: '', comment: '' },
    actions: [
      { key: 'approve', label: '确认通过', tone: 'primary', loading: pending, run: approve },
      { key: 'cancel', label: '取消', disabled: pending, run: () => state.setBatchOpen(false) },
    ],
    approve,
    pending,
  };
}

export type RecordReviewState = ReturnType<typeof useRecordReviewState>;

/** The action last tried is kept in the form under this name (no input shows it). */
export const ACTION_FIELD = 'action';

type FieldGetter = { getFieldValue: (name: string) => unknown };

/** A field's rule from a check of the whole form: the check's message for that field, cleared as one types. */
function ruleFromCheck<F extends string>(field: F, check: (get: (name: string) => unknown) => Partial<Record<F, string>> | null) {
  return ({ getFieldValue }: FieldGetter): ValidatorRule => ({
    validator: () => {
      const message = check(getFieldValue)?.[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

/**
 * The review form's rule for one field: the shared check's message for the action last tried, so
 * 通过 asks for a score the program accepts, 退回 for a comment.
 */
function reviewFieldRule(field: ReviewField, summary: RecordDetail) {
  return ruleFromCheck(field, (get) => {
    const action = get(ACTION_FIELD) as ReviewAction | undefined;
    if (!action) return null;
    return checkReview(action, { score: get('score') as ReviewFormValues['score'], comment: get('comment') as string | null }, summary.scorePrecision).errors;
  });
}

function correctionFieldRule(field: CorrectionField, summary: RecordDetail) {
  return ruleFromCheck(field, (get) => checkCorrection({ score: get('score') as CorrectionFormValues['score'], comment: get('comment') as string | null, reason: get('reason') as string | null }, summary.scorePrecision).errors);
}

/** 批阅's fields: 通过 asks for a score the program accepts, 退回 for a comment. */
export const reviewFields = (summary: RecordDetail): FieldSpec[] => [
  { name: 'score', label: '分数', hint: `通过时必填，${SCORE_HINTS[summary.scorePrecision]}`, prompt: '请输入分数', input: 'decimal', width: 160, rule: reviewFieldRule('score', summary) },
  { name: 'comment', label: '批阅意见', hint: '退回时必填，请写明需要修改的地方', prompt: '请输入批阅意见', input: 'text', rows: 4, maxLength: WEEKLY_COMMENT_MAX, rule: reviewFieldRule('comment', summary) },
];

/** 更正批阅's fields: the new score and comment, and why. */
export const correctionFields = (summary: RecordDetail): FieldSpec[] => [
  { name: 'score', label: '更正后的分数', hint: SCORE_HINTS[summary.scorePrecision], input: 'decimal', width: 160, rule: correctionFieldRule('score', summary) },
  { name: 'comment', label: '批阅意见', input: 'text', rows: 3, maxLength: WEEKLY_COMMENT_MAX, rule: correctionFieldRule('comment', summary) },
  { name: 'reason', label: '更正原因', hint: '学生会收到更正通知，其中写明原因', example: '例如：批阅时漏看了附件', input: 'line', maxLength: WEEKLY_REASON_MAX, rule: correctionFieldRule('reason', summary) },
];

/** 批量通过's fields: one score and comment for every chosen record. */
export const BATCH_FIELDS: FieldSpec[] = [
  { name: 'score', label: '分数', hint: '所选记录都给这个分数', prompt: '请输入分数', input: 'decimal', width: 160, rule: batchFieldRule('score') },
  { name: 'comment', label: '批阅意见', example: '选填，所选记录共用', input: 'text', rows: 3, maxLength: WEEKLY_COMMENT_MAX, rule: batchFieldRule('comment') },
];

const DONE: Record<ReviewAction, string> = { approve: '批阅成功', return: '已退回' };

/** The review form's values, with the button last pressed (ACTION_FIELD) for the rules. */
export type ReviewValues = ReviewFormValues & { action?: ReviewAction };

/** What the review forms of both layouts offer (antd and antd-mobile share rc-field-form). */
interface ReviewFormHandle {
  setFieldValue(name: typeof ACTION_FIELD, value: ReviewAction): void;
  setFieldsValue(values: Partial<ReviewFormValues>): void;
  validateFields(): Promise<unknown>;
  getFieldsValue(): ReviewFormValues;
}

/**
 * The adviser's unsent score and comment as a draft on the device, like the student's records: a
 * reload or an accepted app update brings them back. Returns the form's onValuesChange.
 */
function useReviewDraft(form: ReviewFormHandle, summaryId: string) {
  const userId = useSession().userInfo?.id ?? '';
  const key = `record-review:${summaryId}`;
  const latest = useRef<ReviewFormValues | null>(null);
  useEffect(() => {
    let current = true;
    void drafts.load<ReviewFormValues>(userId, key).then((saved) => {
      if (current && saved && !latest.current) form.setFieldsValue(saved);
    });
    return () => {
      current = false;
    };
  }, [form, userId, key]);
  useEffect(() => registerDraftFlush(async () => (latest.current ? drafts.save(userId, key, latest.current) : undefined)), [userId, key]);
  return {
    onValuesChange: (_changed: unknown, values: ReviewFormValues) => {
      latest.current = { score: values.score, comment: values.comment };
      void drafts.save(userId, key, latest.current);
    },
    clear: () => {
      latest.current = null;
      return drafts.remove(userId, key);
    },
  };
}

/**
 * 批阅 with 通过 / 退回: marks which button was pressed (the rules depend on it), checks the form,
 * sends the review and calls onDone when it went through (the toast is shown here). The form's input
 * is kept as a draft until then; the comment it was returned with last time stands above it.
 */
export function useReviewForm(form: ReviewFormHandle, summary: RecordDetail, onDone: () => void): SectionFormSpec<ReviewValues> {
  const declaration = RECORD_KINDS[summary.kind];
  const mutation = useReviewRecord(declaration);
  const draft = useReviewDraft(form, summary.id);
  const act = async (action: ReviewAction) => {
    form.setFieldValue(ACTION_FIELD, action);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { input } = checkReview(action, form.getFieldsValue(), summary.scorePrecision);
    if (!input || !(await sent(mutation.mutateAsync({ id: summary.id, input })))) return;
    notify.success(DONE[action], { title: declaration.pages.reviewTitle });
    await draft.clear();
    onDone();
  };
  const pendingAction = mutation.isPending ? mutation.variables?.input.action : undefined;
  return {
    title: '批阅',
    note: summary.adviserComment ? { title: '上次退回的意见', content: summary.adviserComment } : undefined,
    fields: reviewFields(summary),
    initialValues: { score: '', comment: '' },
    onValuesChange: draft.onValuesChange,
    actions: [
      { key: 'approve', label: '通过', tone: 'primary', loading: pendingAction === 'approve', disabled: mutation.isPending, run: () => act('approve') },
      { key: 'return', label: '退回', tone: 'danger', loading: pendingAction === 'return', disabled: mutation.isPending, run: () => act('return') },
    ],
  };
}

/** 更正批阅: checks the form with the shared messages, sends the correction, and calls onDone when it went through (or on 取消). */
export function useCorrectionForm(form: { validateFields(): Promise<unknown>; getFieldsValue(): CorrectionFormValues }, summary: RecordDetail, onDone: () => void): SectionFormSpec<CorrectionValues> {
  const declaration = RECORD_KINDS[summary.kind];
  const mutation = useCorrectReview(declaration);
  const correct = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { input } = checkCorrection(form.getFieldsValue(), summary.scorePrecision);
    if (!input || !(await sent(mutation.mutateAsync({ id: summary.id, input })))) return;
    notify.success('批阅已更正，已通知学生', { title: declaration.pages.reviewTitle });
    onDone();
  };
  return {
    label: '更正批阅',
    fields: correctionFields(summary),
    // The form starts from the review as it stands; the reason is always new.
    initialValues: { score: summary.score === null ? '' : String(summary.score), comment: summary.adviserComment ?? '', reason: '' },
    actions: [
      { key: 'correct', label: '确认更正', tone: 'primary', loading: mutation.isPending, run: correct },
      { key: 'cancel', label: '取消', disabled: mutation.isPending, run: onDone },
    ],
  };
}

/** The 更正批阅 form's fields as both layouts hold them. */
export interface CorrectionValues {
  score: string;
  comment: string;
  reason: string;
}

/**
 * The record as its student wrote it: the title, 雷同提示 when its text repeats an earlier record (the shared passages
 * marked in the text), files another record holds byte for byte (a photo used twice), the text with its line breaks
 * and how long it is as the minimum counts it, what the student sent before and took back (撤回), the attachments.
 */
export function RecordBody({ summary, titleId, canReview }: { summary: RecordDetail; titleId: string; canReview: boolean }) {
  const declaration = RECORD_KINDS[summary.kind];
  const { data: flags } = useSimilarityFlags(declaration, summary.id);
  const marked = (flags ?? []).filter((flag) => !flag.dismissed).flatMap((flag) => flag.ranges);
  return (
    <>
      <h3 id={titleId} className="record-review__title">
        {summary.title}
      </h3>
      <SimilarityNotes declaration={declaration} recordId={summary.id} canDismiss={canReview} />
      {summary.repeatedFiles.length > 0 && (
        <TitledSection title={`照片重复（${summary.repeatedFiles.length}）`} className="titled-section record-review__repeated">
          <ul>
            {summary.repeatedFiles.map((file) => (
              <li key={`${file.fileName}/${file.title}/${file.studentName}`}>{`${file.fileName} 与${file.own ? '本人' : file.studentName}的《${file.title}》中的附件完全相同`}</li>
            ))}
          </ul>
        </TitledSection>
      )}
      <div className="record-review__text">
        <div className="record-review__content">{summary.content ? <MarkedText text={summary.content} ranges={marked} /> : '（未填写内容）'}</div>
        <p className="record-review__count">
          共 {countRecordChars(summary.content)} 字（不含空白），本实习要求不少于 {summary.minLength} 字
        </p>
      </div>
      {summary.withdrawnVersions.length > 0 && (
        <TitledSection title={`撤回前的版本（${summary.withdrawnVersions.length}）`}>
          {summary.withdrawnVersions.map((version) => (
            <details key={version.withdrawnAt} className="record-review__version">
              <summary>{`${formatTime(version.submittedAt)} 提交，${formatTime(version.withdrawnAt)} 撤回：${version.title}`}</summary>
              <div className="record-review__content">{version.content}</div>
            </details>
          ))}
        </TitledSection>
      )}
      <TitledSection title="附件">
        <AttachmentView attachments={summary.attachments} />
      </TitledSection>
    </>
  );
}
