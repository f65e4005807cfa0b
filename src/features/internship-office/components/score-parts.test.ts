import { describe, expect, it } from 'vitest';
import { SCORE_MSG } from '@contract/internship-score.ts';
import type { ScoreDetail } from '@contract/internship-score.ts';
import { adviserForm, itemProblem, itemRule, mentorInput, typedTotal } from './score-parts.ts';

describe('the mentor form as typed', () => {
  it('refuses a blank, a fraction or an item out of range with the server’s messages', () => {
    expect(itemProblem('专业技能', '')).toBe(SCORE_MSG.itemRequired('专业技能'));
    expect(itemProblem('专业技能', '21')).toBe('“专业技能”的得分应在0到20之间');
    expect(itemProblem('专业技能', '15.5')).toBe('“专业技能”的得分应为整数，不能有小数');
    expect(itemProblem('专业技能', 'abc')).toBe('“专业技能”的得分应为数字，如 17');
    expect(itemProblem('专业技能', ' 20 ')).toBeNull();
    expect(itemProblem('专业技能', 0)).toBeNull();
  });

  it('sums what is valid so far and sends numbers with trimmed comments', () => {
    const values = { professionalism: '17', attitude: '18', skill: '25', teamwork: '', discipline: 17, skillComment: '  规范 ', comment: ' ' };
    expect(typedTotal(values)).toBe(52);
    expect(mentorInput({ ...values, skill: '16', teamwork: '17' })).toEqual({
      items: {
        professionalism: { score: 17, comment: null },
        attitude: { score: 18, comment: null },
        skill: { score: 16, comment: '规范' },
        teamwork: { score: 17, comment: null },
        discipline: { score: 17, comment: null },
      },
      comment: null,
    });
  });
});

describe('the form rules, the same on desktop and phone', () => {
  it('refuse an item with its message and take a good one', async () => {
    await expect(itemRule('专业技能').validator(null, '21')).rejects.toThrow('“专业技能”的得分应在0到20之间');
    await expect(itemRule('专业技能').validator(null, 20)).resolves.toBeUndefined();
  });

  it('give the adviser’s form its values, refuse a score beyond the program’s precision and send a number', async () => {
    const form = adviserForm({ id: 'p1', adviserScore: 88, adviserComment: null, scorePrecision: 0 } as ScoreDetail);
    expect(form.initialValues).toEqual({ score: '88', comment: '' });
    await expect(form.scoreRule.validator(null, '88.5')).rejects.toThrow('指导教师评分应为整数，不能有小数');
    await expect(form.scoreRule.validator(null, '101')).rejects.toThrow('指导教师评分应在0到100之间');
    await expect(form.scoreRule.validator(null, '')).rejects.toThrow(SCORE_MSG.adviserScoreRequired);
    expect(form.input({ score: ' 90 ', comment: ' 认真 ' })).toEqual({ score: 90, comment: '认真' });
  });
});
