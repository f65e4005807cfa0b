import { problemRule } from '@/lib/form-rule.ts';
import { MENTOR_ITEMS, MENTOR_ITEM_MAX, SCORE_MSG, checkAdviserScore, type MentorEvaluationInput, type MentorItems, type ScoreDetail } from '@contract/internship-score.ts';

/** The mentor's form as its inputs hold it: each item's score (a number or the phone's text) and comment, and the overall comment. */
export type MentorFormValues = Record<string, string | number | null | undefined>;

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : String(value ?? '').trim() === '' ? Number.NaN : Number(String(value).trim()));

/** Why an item's input is refused, or null: the contract's messages, as the server would say them. */
export function itemProblem(label: string, value: unknown): string | null {
  const score = numberOf(value);
  if (Number.isNaN(score)) return SCORE_MSG.itemRequired(label);
  return Number.isInteger(score) && score >= 0 && score <= MENTOR_ITEM_MAX ? null : SCORE_MSG.itemRange(label);
}

export function mentorInput(values: MentorFormValues): MentorEvaluationInput {
  const items = Object.fromEntries(
    MENTOR_ITEMS.map((item) => [item.key, { score: numberOf(values[item.key]), comment: String(values[`${item.key}Comment`] ?? '').trim() || null }]),
  ) as MentorItems;
  return { items, comment: String(values.comment ?? '').trim() || null };
}

/** The form's first values: what the mentor gave before, or blanks. */
export function mentorInitialValues(detail: ScoreDetail, asText = false): MentorFormValues {
  const values: MentorFormValues = { comment: detail.mentorComment ?? '' };
  for (const item of MENTOR_ITEMS) {
    const given = detail.mentorItems?.[item.key];
    values[item.key] = given ? (asText ? String(given.score) : given.score) : asText ? '' : null;
    values[`${item.key}Comment`] = given?.comment ?? '';
  }
  return values;
}

/** The sum of the items typed so far (an item not yet valid counts 0). */
export const typedTotal = (values: MentorFormValues): number =>
  MENTOR_ITEMS.reduce((sum, item) => sum + (itemProblem(item.label, values[item.key]) ? 0 : numberOf(values[item.key])), 0);

/** The rule of a mentor's item, with the server's messages. */
export const itemRule = (label: string) => problemRule((value) => itemProblem(label, value));

export interface AdviserFormValues {
  score: string;
  comment: string;
}

/** The adviser's form: its first values, its score rule with the program's precision, and the request it sends. */
export const adviserForm = (detail: ScoreDetail) => ({
  initialValues: { score: detail.adviserScore === null ? '' : String(detail.adviserScore), comment: detail.adviserComment ?? '' } satisfies AdviserFormValues,
  scoreRule: problemRule((value) => checkAdviserScore(value as string, detail.scorePrecision).problem),
  input: (values: AdviserFormValues) => ({ score: checkAdviserScore(values.score, detail.scorePrecision).value!, comment: values.comment?.trim() || null }),
});
