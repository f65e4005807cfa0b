import { describe, expect, it } from 'vitest';
import { SCORE_MSG, adviserScoreRule, adviserScoreSchema, checkAdviserScore, computeScore, gradeOf, mentorEvaluationSchema, mentorItemRule, mentorScoreOf, scoreLogText, summaryScoreOf, type ScoreWeights } from './internship-score.ts';
import { SCORE_RULE_MSG } from './score-rule.ts';

const WEIGHTS: ScoreWeights = { mentor: 40, adviser: 30, summary: 20, report: 10 };
const items = (score: number) => ({
  professionalism: { score },
  attitude: { score },
  skill: { score },
  teamwork: { score },
  discipline: { score },
});

describe('total and grade', () => {
  it('weighs each component by the program and rounds the total to one decimal where the program allows tenths', () => {
    expect(computeScore({ mentor: 85, adviser: 90, summary: 88, report: 70 }, WEIGHTS, 1)).toEqual({ total: 85.6, grade: '良好', missing: [] });
    // 0.5 × 89 + 0.5 × 90.9 = 89.95, rounded half up to 90.0: the grade follows the rounded total.
    expect(computeScore({ mentor: 89, adviser: 90.9, summary: null, report: null }, { mentor: 50, adviser: 50, summary: 0, report: 0 }, 1)).toEqual({ total: 90, grade: '优秀', missing: [] });
  });

  it('keeps a whole-points program’s total whole: 87, not 87.1, graded by what is published', () => {
    const weights = { mentor: 50, adviser: 30, summary: 20, report: 0 };
    expect(computeScore({ mentor: 85, adviser: 90, summary: 88, report: null }, weights, 0)).toEqual({ total: 87, grade: '良好', missing: [] });
    // 0.5 × 89 + 0.3 × 90 + 0.2 × 92 = 89.9: whole points make it 90, 优秀.
    expect(computeScore({ mentor: 89, adviser: 90, summary: 92, report: null }, weights, 0)).toEqual({ total: 90, grade: '优秀', missing: [] });
    expect(computeScore({ mentor: 89, adviser: 90, summary: 92, report: null }, weights, 1)).toEqual({ total: 89.9, grade: '良好', missing: [] });
  });

  it('waits while a weighted component is missing, naming each, and ignores components of weight 0', () => {
    expect(computeScore({ mentor: 85, adviser: null, summary: 88, report: null }, WEIGHTS, 1)).toEqual({ total: null, grade: null, missing: ['adviser', 'report'] });
    expect(computeScore({ mentor: 85, adviser: 90, summary: 88, report: null }, { mentor: 50, adviser: 30, summary: 20, report: 0 }, 1)).toEqual({ total: 87.1, grade: '良好', missing: [] });
  });

  it('grades at the boundaries', () => {
    expect([90, 89.9, 80, 79.9, 70, 69.9, 60, 59.9, 0].map(gradeOf)).toEqual(['优秀', '良好', '良好', '中等', '中等', '及格', '及格', '不及格', '不及格']);
  });

  it('averages the reviewed 周记 scores to the program’s precision', () => {
    expect(summaryScoreOf([], 1)).toBeNull();
    expect(summaryScoreOf([88, 75, 90], 1)).toBe(84.3);
    expect(summaryScoreOf([84.4, 84.5], 1)).toBe(84.5);
    expect(summaryScoreOf([88, 75, 90], 0)).toBe(84);
    expect(summaryScoreOf([90, 91], 0)).toBe(91);
  });
});

describe('the mentor evaluation', () => {
  it('takes five items of 0 to 20 whole points and sums them', () => {
    const parsed = mentorEvaluationSchema.parse({ items: items(17), comment: '认真负责' });
    expect(mentorScoreOf(parsed.items)).toBe(85);
  });

  it('refuses an item out of range, a fraction, or a missing item, naming it and its range', () => {
    const message = (input: unknown) => mentorEvaluationSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ items: { ...items(10), skill: { score: 21 } } })).toBe('“专业技能”的得分应在0到20之间');
    expect(message({ items: { ...items(10), attitude: { score: -1 } } })).toBe(SCORE_RULE_MSG.range(mentorItemRule('工作态度')));
    expect(message({ items: { ...items(10), teamwork: { score: 15.5 } } })).toBe('“团队协作”的得分应为整数，不能有小数');
    expect(message({ items: { ...items(10), teamwork: { score: '15' } } })).toBe(SCORE_RULE_MSG.number(mentorItemRule('团队协作')));
    const { discipline: _left, ...four } = items(10);
    expect(message({ items: four })).toBe(SCORE_MSG.itemRequired('遵章守纪'));
  });
});

describe('the adviser score', () => {
  it('follows the program precision with the one score rule, naming the field', () => {
    expect(checkAdviserScore('88', 0)).toEqual({ value: 88, problem: null });
    expect(checkAdviserScore('88.5', 0)).toEqual({ value: 88.5, problem: '指导教师评分应为整数，不能有小数' });
    expect(checkAdviserScore('88.5', 1)).toEqual({ value: 88.5, problem: null });
    expect(checkAdviserScore('101', 1)).toEqual({ value: 101, problem: '指导教师评分应在0到100之间' });
    expect(checkAdviserScore('', 1)).toEqual({ value: null, problem: SCORE_MSG.adviserScoreRequired });
    expect(SCORE_RULE_MSG.range(adviserScoreRule(0))).toBe('指导教师评分应在0到100之间');
    const message = (input: unknown) => adviserScoreSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ score: 101 })).toBe('指导教师评分应在0到100之间');
    expect(message({})).toBe(SCORE_MSG.adviserScoreRequired);
  });
});

describe('the log', () => {
  it('says what each change replaced', () => {
    const base = { id: '1', reason: null, actorName: '张工', createdAt: '2026-01-01T00:00:00Z' };
    expect(scoreLogText({ ...base, action: 'evaluate', detail: { previous: { score: 80, comment: null }, next: { score: 85, comment: null } } })).toBe('企业导师评价 85（原 80）');
    expect(scoreLogText({ ...base, action: 'score', detail: { previous: null, next: { score: 90, comment: null } } })).toBe('指导教师评分 90');
    expect(scoreLogText({ ...base, action: 'publish', detail: { total: 85.6, grade: '良好' } })).toBe('发布：总评 85.6，良好');
    expect(scoreLogText({ ...base, action: 'reopen', detail: null, reason: '导师评价录入有误' })).toBe('重新开放：导师评价录入有误');
  });
});
