import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseScore, scoreProblem, weeklyReviewSchema, type ScorePrecision, type WeeklyReviewInput } from '@contract/internship.ts';
import type { RecordDetail, RecordKindDeclaration } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';
import { REVIEW_LIST_KEY } from './review-list.ts';
import { recordDetailKey } from './record-detail.ts';

export type ReviewAction = WeeklyReviewInput['action'];
/** The review form's fields as the inputs hold them (a phone's number field gives text). */
export interface ReviewFormValues {
  score?: number | string | null;
  comment?: string | null;
}
export type ReviewField = 'score' | 'comment';

/**
 * The score as typed, refused with the shared messages when it is not a number, out of range or finer
 * than the program allows: never rounded or clamped, so what is sent is what the adviser sees.
 */
export function checkScore(text: ReviewFormValues['score'], precision: ScorePrecision): { value: number | null; problem: string | null } {
  const { value, problem } = parseScore(text);
  if (problem || value === null) return { value, problem };
  return { value, problem: scoreProblem(value, precision) };
}

/** The request for an action, or the shared schema's message for each field that stops it. */
export function checkReview(
  action: ReviewAction,
  values: ReviewFormValues,
  precision: ScorePrecision,
): { input: WeeklyReviewInput; errors: null } | { input: null; errors: Partial<Record<ReviewField, string>> } {
  const errors: Partial<Record<ReviewField, string>> = {};
  // A returned record gets no score (the server drops it), so a half-typed one never blocks returning.
  const score = action === 'approve' ? checkScore(values.score, precision) : { value: null, problem: null };
  if (score.problem) errors.score = score.problem;
  const result = weeklyReviewSchema.safeParse({ action, score: score.value, comment: values.comment?.trim() ? values.comment : null });
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] === 'comment' ? 'comment' : 'score';
    errors[field] ??= issue.message;
  }
  if (result.success && !errors.score) return { input: result.data, errors: null };
  return { input: null, errors };
}

/** Approves (with a score) or returns (with a comment) a submitted record. */
export const reviewRecord = (declaration: RecordKindDeclaration, { id, input }: { id: string; input: WeeklyReviewInput }) =>
  http.post<RecordDetail>(`${declaration.base}/${id}/review`, input);

/** A write that answers the record: the detail takes the answer, the lists and the detail refetch. */
export function useRecordWrite<Input>(declaration: RecordKindDeclaration, mutationFn: (declaration: RecordKindDeclaration, variables: { id: string; input: Input }) => Promise<RecordDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; input: Input }) => mutationFn(declaration, variables),
    onSuccess: (record) => client.setQueryData(recordDetailKey(declaration, record.id), record),
    // Also after a failure: someone else may have reviewed it meanwhile (409), so show what is there now.
    onSettled: (_data, _error, { id }) =>
      Promise.all([client.invalidateQueries({ queryKey: REVIEW_LIST_KEY }), client.invalidateQueries({ queryKey: recordDetailKey(declaration, id) })]),
  });
}

export const useReviewRecord = (declaration: RecordKindDeclaration) => useRecordWrite(declaration, reviewRecord);
