import { useCallback, useEffect, useRef, useState } from 'react';
import { WEEKLY_STATUS_LABELS, countWeeklyChars, type WeeklyStatus, type WeeklySummary } from '@contract/internship.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session-store.ts';
import { drafts, registerDraftFlush } from '@/offline/drafts.ts';
import dayjs from '@/lib/dayjs.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import type { ReviewStatusFilter } from '../api/review-list.ts';
import { checkReview, useReviewWeekly, type ReviewAction, type ReviewField, type ReviewFormValues } from '../api/review-weekly.ts';
import './weekly-review.css';

/** What both layouts of 周记批阅 share (no UI library here). */

export const STATUS_FILTERS: { value: ReviewStatusFilter; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'submitted', label: WEEKLY_STATUS_LABELS.submitted },
  { value: 'reviewed', label: WEEKLY_STATUS_LABELS.reviewed },
  { value: 'returned', label: WEEKLY_STATUS_LABELS.returned },
];

export const EMPTY_TEXT = '暂无需要批阅的周记';
export const emptyTextFor = (status: ReviewStatusFilter) => (status === 'submitted' || status === '' ? EMPTY_TEXT : `暂无${WEEKLY_STATUS_LABELS[status]}的周记`);

/** antd Tag colours; the phone maps them to its own. */
export const STATUS_COLORS: Record<WeeklyStatus, 'default' | 'processing' | 'success' | 'warning'> = {
  draft: 'default',
  submitted: 'processing',
  reviewed: 'success',
  returned: 'warning',
};

export const weekRange = (row: { weekStart: string; weekEnd: string }) => `${row.weekStart} ~ ${row.weekEnd}`;
export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** The page's choices, kept above the two layouts so crossing a breakpoint keeps them. */
export function useWeeklyReviewState() {
  const [status, setStatusState] = useState<ReviewStatusFilter>('submitted');
  const [paging, setPagingState] = useState({ page: 1, pageSize: 10 });
  // The id stays while the drawer or popup closes, so its content does not vanish mid-animation.
  const [detail, setDetail] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const setPaging = useCallback(
    (page: number, pageSize: number) => setPagingState((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
    [],
  );
  return {
    status,
    setStatus: (next: ReviewStatusFilter) => {
      setStatusState(next);
      setPagingState((current) => ({ ...current, page: 1 }));
    },
    page: paging.page,
    pageSize: paging.pageSize,
    setPaging,
    openId: detail.id,
    detailOpen: detail.open,
    open: (id: string) => setDetail({ id, open: true }),
    close: () => setDetail((d) => ({ ...d, open: false })),
  };
}

export type WeeklyReviewState = ReturnType<typeof useWeeklyReviewState>;

/** The action last tried is kept in the form under this name (no input shows it). */
export const ACTION_FIELD = 'action';

/**
 * The review form's rule for one field: the shared schema's message for the action last tried, so
 * 通过 asks for a score, 退回 for a comment, and fixing the field clears the message as one types.
 */
export function reviewFieldRule(field: ReviewField) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): ValidatorRule => ({
    validator: () => {
      const action = getFieldValue(ACTION_FIELD) as ReviewAction | undefined;
      if (!action) return Promise.resolve();
      const { errors } = checkReview(action, { score: getFieldValue('score') as ReviewFormValues['score'], comment: getFieldValue('comment') as string | null });
      const message = errors?.[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

const DONE: Record<ReviewAction, string> = { approve: '批阅成功', return: '已退回' };

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
  const key = `weekly-review:${summaryId}`;
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
 * 通过 / 退回 for a summary: marks which button was pressed (the rules depend on it), checks the form,
 * sends the review and calls onDone when it went through (the toast is shown here). The form's input
 * is kept as a draft until then.
 */
export function useReviewActions(form: ReviewFormHandle, summaryId: string, onDone: () => void) {
  const mutation = useReviewWeekly();
  const draft = useReviewDraft(form, summaryId);
  const submit = async (id: string, action: ReviewAction, values: ReviewFormValues): Promise<boolean> => {
    const { input } = checkReview(action, values);
    if (!input) return false;
    try {
      await mutation.mutateAsync({ id, input });
    } catch (error) {
      // HTTP failures were shown by the client; a plain "success: false" answer is shown here.
      if (!(error instanceof ApiError && error.notified)) notify.warning(error instanceof Error ? error.message : '操作失败');
      return false;
    }
    notify.success(DONE[action], { title: '周记批阅' });
    return true;
  };
  const act = async (action: ReviewAction) => {
    form.setFieldValue(ACTION_FIELD, action);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (await submit(summaryId, action, form.getFieldsValue())) {
      await draft.clear();
      onDone();
    }
  };
  return { act, onValuesChange: draft.onValuesChange, pending: mutation.isPending, pendingAction: mutation.isPending ? mutation.variables?.input.action : undefined };
}

/** The summary's text with its line breaks, and how long it is as the minimum counts it. */
export function WeeklyText({ summary }: { summary: WeeklySummary }) {
  return (
    <div className="weekly-review__text">
      <div className="weekly-review__content">{summary.content || '（未填写内容）'}</div>
      <p className="weekly-review__count">
        共 {countWeeklyChars(summary.content)} 字（不含空白），本实习要求不少于 {summary.minWeeklyLength} 字
      </p>
    </div>
  );
}
