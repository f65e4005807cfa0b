import { describe, expect, it } from 'vitest';
import { SCORE_MSG } from '@contract/internship-score.ts';
import { itemProblem, mentorInput, typedTotal } from './score-parts.ts';

describe('the mentor form as typed', () => {
  it('refuses a blank, a fraction or an item out of range with the server’s messages', () => {
    expect(itemProblem('专业技能', '')).toBe(SCORE_MSG.itemRequired('专业技能'));
    expect(itemProblem('专业技能', '25')).toBe(SCORE_MSG.itemRange('专业技能'));
    expect(itemProblem('专业技能', '15.5')).toBe(SCORE_MSG.itemRange('专业技能'));
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
