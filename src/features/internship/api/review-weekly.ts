import { useMutation, useQueryClient } from '@tanstack/react-query';
import { weeklyReviewSchema, type WeeklyReviewInput, type WeeklySummary } from '@contract/internship.ts';
import { http } from '@/lib/api-client.ts';
import { REVIEW_LIST_KEY } from './review-list.ts';
import { weeklyDetailKey } from './weekly-detail.ts';

export { weeklyReviewSchema };

export type ReviewAction = WeeklyReviewInput['action'];
/** The review form's fields as the inputs hold them (a phone's number field gives text). */
export interface ReviewFormValues {
  score?: number | string | null;
  comment?: string | null;
}
export type ReviewField = 'score' | 'comment';

const toScore = (value: ReviewFormValues['score']): number | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  return typeof value === 'number' ? value : Number(value);
};

/** The request for an action, or the shared schema's message for each field that stops it. */
export function checkReview(action: ReviewAction, values: ReviewFormValues): { input: WeeklyReviewInput; errors: null } | { input: null; errors: Partial<Record<ReviewField, string>> } {
  // A returned summary gets no score (the server drops it), so a half-typed one never blocks returning.
  const score = action === 'approve' ? toScore(values.score) : null;
  const result = weeklyReviewSchema.safeParse({ action, score, comment: values.comment?.trim() ? values.comment : null });
  if (result.success) return { input: result.data, errors: null };
  const errors: Partial<Record<ReviewField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] === 'comment' ? 'comment' : 'score';
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}

/** Approves (with a score) or returns (with a comment) a submitted summary. */
export const reviewWeekly = ({ id, input }: { id: string; input: WeeklyReviewInput }) => http.post<WeeklySummary>(`/internship/weekly/${id}/review`, input);

export function useReviewWeekly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewWeekly,
    onSuccess: (summary) => client.setQueryData(weeklyDetailKey(summary.id), summary),
    // Also after a failure: someone else may have reviewed it meanwhile (409), so show what is there now.
    onSettled: (_data, _error, { id }) =>
      Promise.all([client.invalidateQueries({ queryKey: REVIEW_LIST_KEY }), client.invalidateQueries({ queryKey: weeklyDetailKey(id) })]),
  });
}
