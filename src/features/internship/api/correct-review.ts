import { weeklyCorrectionSchema, type ScorePrecision, type WeeklyCorrectionInput } from '@contract/internship.ts';
import type { RecordDetail, RecordKindDeclaration } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';
import { checkScore, useRecordWrite } from './review-record.ts';

export interface CorrectionFormValues {
  score?: number | string | null;
  comment?: string | null;
  reason?: string | null;
}
export type CorrectionField = keyof CorrectionFormValues;

/** The correction's request, or the shared messages for each field that stops it. */
export function checkCorrection(
  values: CorrectionFormValues,
  precision: ScorePrecision,
): { input: WeeklyCorrectionInput; errors: null } | { input: null; errors: Partial<Record<CorrectionField, string>> } {
  const errors: Partial<Record<CorrectionField, string>> = {};
  const score = checkScore(values.score, precision);
  if (score.problem) errors.score = score.problem;
  const result = weeklyCorrectionSchema.safeParse({ score: score.value ?? undefined, comment: values.comment?.trim() ? values.comment : null, reason: values.reason ?? '' });
  for (const issue of result.error?.issues ?? []) {
    const field = (['score', 'comment', 'reason'] as const).find((f) => f === issue.path[0]) ?? 'score';
    errors[field] ??= field === 'score' && score.value === null && !score.problem ? '请填写更正后的分数' : issue.message;
  }
  if (result.success && !errors.score) return { input: result.data, errors: null };
  return { input: null, errors };
}

/** Corrects a 已批阅 record's score and comment (its reviewer or the office); the student is told. */
export const correctReview = (declaration: RecordKindDeclaration, { id, input }: { id: string; input: WeeklyCorrectionInput }) =>
  http.post<RecordDetail>(`${declaration.base}/${id}/review/correct`, input);

export const useCorrectReview = (declaration: RecordKindDeclaration) => useRecordWrite(declaration, correctReview);
