import { describe, expect, it } from 'vitest';
import { RECORD_MSG, scoreProblem } from './internship.ts';
import { SCORE_RULE_MSG, readScore, roundScore, scoreRuleProblem, scoreRuleSchema, type ScoreRule } from './score-rule.ts';

const ITEM: ScoreRule = { label: '“专业技能”的得分', min: 0, max: 20, places: 0 };
const CELL: ScoreRule = { label: '成绩', min: 0, max: 100, places: 1 };

describe('the one score rule', () => {
  it('refuses a score out of range, naming the field and the range, and never clamps it', () => {
    expect(scoreRuleProblem(21, ITEM)).toBe('“专业技能”的得分应在0到20之间');
    expect(scoreRuleProblem(-1, ITEM)).toBe('“专业技能”的得分应在0到20之间');
    expect(readScore('21', ITEM)).toEqual({ value: 21, problem: '“专业技能”的得分应在0到20之间' });
    expect(scoreRuleProblem(20, ITEM)).toBeNull();
    expect(scoreRuleProblem(0, ITEM)).toBeNull();
  });

  it('refuses places finer than the field allows', () => {
    expect(scoreRuleProblem(15.5, ITEM)).toBe('“专业技能”的得分应为整数，不能有小数');
    expect(scoreRuleProblem(85.55, CELL)).toBe('成绩最多保留一位小数');
    expect(scoreRuleProblem(0.3, CELL)).toBeNull();
  });

  it('reads what is typed: blank asks for it, anything but a plain decimal is not a number', () => {
    expect(readScore('', CELL)).toEqual({ value: null, problem: '请填写成绩' });
    expect(readScore(' 85．5 ', CELL)).toEqual({ value: 85.5, problem: null });
    expect(readScore('1e2', CELL)).toEqual({ value: null, problem: '成绩应为数字，如 85 或 85.5' });
    expect(readScore('x', ITEM)).toEqual({ value: null, problem: '“专业技能”的得分应为数字，如 17' });
  });

  it('is the schema of every score request, with the same messages', () => {
    const schema = scoreRuleSchema(ITEM, '请填写“专业技能”的得分');
    const message = (input: unknown) => schema.safeParse(input).error?.issues[0]?.message;
    expect(message(21)).toBe(SCORE_RULE_MSG.range(ITEM));
    expect(message(15.5)).toBe(SCORE_RULE_MSG.whole(ITEM));
    expect(message(undefined)).toBe('请填写“专业技能”的得分');
    expect(message('15')).toBe(SCORE_RULE_MSG.number(ITEM));
    expect(message(15)).toBeUndefined();
  });

  it('is the reviews’ rule too, with the program’s precision', () => {
    expect(scoreProblem(150, 1)).toBe(RECORD_MSG.reviewScoreRange);
    expect(RECORD_MSG.reviewScoreRange).toBe('分数应在0到100之间');
    expect(scoreProblem(85.5, 0)).toBe('分数应为整数，不能有小数');
  });

  it('rounds computed scores half up to the places allowed, free of float noise', () => {
    expect(roundScore(90.05, 1)).toBe(90.1);
    expect(roundScore(84.45, 1)).toBe(84.5);
    expect(roundScore(90.1, 0)).toBe(90);
    expect(roundScore(89.5, 0)).toBe(90);
  });
});
