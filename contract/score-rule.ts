import * as z from 'zod/mini';

/**
 * The one check of every score field, shared by the server and the browser: a 周记's review, the adviser's
 * score, each item of the mentor's evaluation, a cell of a 成绩单. A score out of its range or finer than
 * its field allows is refused, naming the field and the range; it is never rounded or clamped behind the
 * teacher's back. Computed scores (totals, averages) are rounded to the same places with roundScore.
 */

/** Decimal places a score may carry: whole points or tenths. */
export type ScorePlaces = 0 | 1;

export interface ScoreRule {
  /** The field as the messages name it: 分数, 指导教师评分, “专业技能”的得分, 成绩. */
  label: string;
  min: number;
  max: number;
  places: ScorePlaces;
}

/** An example within the rule's range for the "not a number" message: 85 or 85.5 for 0–100. */
const exampleOf = (rule: ScoreRule) => {
  const whole = Math.round(rule.min + (rule.max - rule.min) * 0.85);
  return rule.places === 0 ? `${whole}` : `${whole} 或 ${whole}.5`;
};

export const SCORE_RULE_MSG = {
  required: (rule: ScoreRule) => `请填写${rule.label}`,
  number: (rule: ScoreRule) => `${rule.label}应为数字，如 ${exampleOf(rule)}`,
  range: (rule: ScoreRule) => `${rule.label}应在${rule.min}到${rule.max}之间`,
  whole: (rule: ScoreRule) => `${rule.label}应为整数，不能有小数`,
  oneDecimal: (rule: ScoreRule) => `${rule.label}最多保留一位小数`,
} as const;

/** True when the value has no more decimal places than allowed (tenths checked in whole tenths, free of float noise). */
const hasPlaces = (value: number, places: ScorePlaces) => {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
};

const placesMessage = (rule: ScoreRule) => (rule.places === 0 ? SCORE_RULE_MSG.whole(rule) : SCORE_RULE_MSG.oneDecimal(rule));

/** Why a number is refused by the rule, or null. */
export function scoreRuleProblem(value: number, rule: ScoreRule): string | null {
  if (!Number.isFinite(value)) return SCORE_RULE_MSG.number(rule);
  if (value < rule.min || value > rule.max) return SCORE_RULE_MSG.range(rule);
  return hasPlaces(value, rule.places) ? null : placesMessage(rule);
}

/**
 * A score as a form holds it (text, or a number), read without judging it: blank is null; anything but
 * a plain decimal (８５, 1e2, abc) is refused as not a number.
 */
export function parseScoreText(text: string | number | null | undefined, rule: ScoreRule): { value: number | null; problem: string | null } {
  if (text === null || text === undefined) return { value: null, problem: null };
  if (typeof text === 'number') return { value: text, problem: null };
  const trimmed = text.trim().replace(/．/gu, '.');
  if (trimmed === '') return { value: null, problem: null };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/u.test(trimmed)) return { value: null, problem: SCORE_RULE_MSG.number(rule) };
  return { value: Number(trimmed), problem: null };
}

/** A required score as typed: parsed, then checked by the rule; a blank asks for it. */
export function readScore(text: string | number | null | undefined, rule: ScoreRule): { value: number | null; problem: string | null } {
  const { value, problem } = parseScoreText(text, rule);
  if (problem) return { value: null, problem };
  if (value === null) return { value: null, problem: SCORE_RULE_MSG.required(rule) };
  return { value, problem: scoreRuleProblem(value, rule) };
}

/** The rule as a request field: a number (else `required`), in range, with no more places than allowed. */
export const scoreRuleSchema = (rule: ScoreRule, required = SCORE_RULE_MSG.required(rule)) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : SCORE_RULE_MSG.number(rule)) }).check(
    z.refine((v) => v >= rule.min && v <= rule.max, SCORE_RULE_MSG.range(rule)),
    z.refine((v) => v < rule.min || v > rule.max || hasPlaces(v, rule.places), placesMessage(rule)),
  );

/** A computed score rounded half up to the places allowed, free of float noise (84.45 is 84.5, 89.5 is 90). */
export const roundScore = (value: number, places: ScorePlaces): number => {
  const scale = 10 ** places;
  return Math.round(Number((value * scale).toFixed(6))) / scale;
};
