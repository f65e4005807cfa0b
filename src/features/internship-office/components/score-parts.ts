import { problemRule } from '@/lib/form-rule.ts';
import { MENTOR_ITEMS, checkAdviserScore, mentorItemRule, type MentorEvaluationInput, type MentorItems, type ScoreDetail } from '@contract/internship-score.ts';
import { readScore } from '@contract/score-rule.ts';

/** The mentor's form as its inputs hold it: each item's score as typed and comment, and the overall comment. */
export type MentorFormValues = Record<string, string | number | null | undefined>;

/** An item as typed, by the one score rule: never clamped or rounded (21 on 0–20 is refused, not saved as 20). */
const itemScore = (label: string, value: unknown) => readScore(typeof value === 'number' ? value : String(value ?? ''), mentorItemRule(label));

/** Why an item's input is refused, or null: the contract's messages, as the server would say them. */
export const itemProblem = (label: string, value: unknown): string | null => itemScore(label, value).problem;

const numberOf = (label: string, value: unknown): number => itemScore(label, value).value ?? Number.NaN;

export function mentorInput(values: MentorFormValues): MentorEvaluationInput {
  const items = Object.fromEntries(
    MENTOR_ITEMS.map((item) => [item.key, { score: numberOf(item.label, values[item.key]), comment: String(values[`${item.key}Comment`] ?? '').trim() || null }]),
  ) as MentorItems;
  return { items, comment: String(values.comment ?? '').trim() || null };
}

/** The form's first values, as text (what the mentor gave before, or blanks). */
export function mentorInitialValues(detail: ScoreDetail): MentorFormValues {
  const values: MentorFormValues = { comment: detail.mentorComment ?? '' };
  for (const item of MENTOR_ITEMS) {
    const given = detail.mentorItems?.[item.key];
    values[item.key] = given ? String(given.score) : '';
    values[`${item.key}Comment`] = given?.comment ?? '';
  }
  return values;
}

/** The sum of the items typed so far (an item not yet valid counts 0). */
export const typedTotal = (values: MentorFormValues): number =>
  MENTOR_ITEMS.reduce((sum, item) => sum + (itemProblem(item.label, values[item.key]) ? 0 : numberOf(item.label, values[item.key])), 0);

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
