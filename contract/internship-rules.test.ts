import { describe, expect, it } from 'vitest';
import { ageOn, isFirstYear, isNightHour, needsConsent, postPlacementRefusals, ruleMessage } from './internship-rules.ts';

describe('the 2021 rules on who may be placed', () => {
  it('counts age in whole years, the birthday itself included', () => {
    expect(ageOn('2010-03-01', '2026-02-28')).toBe(15);
    expect(ageOn('2010-03-01', '2026-03-01')).toBe(16);
    expect(ageOn(null, '2026-03-01')).toBeNull();
  });

  it('keeps a student in the first year until 31 August after entry', () => {
    expect(isFirstYear(2025, '2026-08-31')).toBe(true);
    expect(isFirstYear(2025, '2026-09-01')).toBe(false);
  });

  it('asks a guardian’s consent under 18 and when the age is unknown', () => {
    expect(needsConsent('2008-09-02', '2026-09-01')).toBe(true);
    expect(needsConsent('2008-09-01', '2026-09-01')).toBe(false);
    expect(needsConsent(null, '2026-09-01')).toBe(true);
  });

  it('refuses a first-year student and one under 16, quoting Art. 16', () => {
    const refusals = postPlacementRefusals({ name: '王小明', grade: 2026, birthday: '2011-05-01' }, '2026-10-08');
    expect(refusals).toEqual([
      '王小明是2026级学生，2026-10-08时仍在一年级（依据：《职业学校学生实习管理规定》（教职成〔2021〕4号）第十六条：不得安排、接收一年级在校学生进行岗位实习）',
      '王小明在2026-10-08时15周岁，未满16周岁（依据：《职业学校学生实习管理规定》（教职成〔2021〕4号）第十六条：不得安排、接收未满16周岁的学生进行岗位实习）',
    ]);
    expect(postPlacementRefusals({ name: '李明', grade: 2023, birthday: '2006-05-12' }, '2026-10-08')).toEqual([]);
  });

  it('quotes a rule without a problem as the rule itself', () => {
    expect(ruleMessage('unitActive')).toBe('只有状态为“合作中”的实习单位可以接收实习学生（依据：学校实习管理要求）');
  });
});

describe('night by the school’s clock', () => {
  it('is 22:00 to 06:00', () => {
    expect([21, 22, 23, 0, 2, 5, 6, 7].map(isNightHour)).toEqual([false, true, true, true, true, true, false, false]);
  });
});
