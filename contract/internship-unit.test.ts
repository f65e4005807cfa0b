import { describe, expect, it } from 'vitest';
import { addDays, schoolToday } from './internship.ts';
import { CREDIT_CODE_MSG, UNIT_SITE_VISIT_MSG, contactSchema, creditCodeCheckChar, creditCodeField, creditCodeProblem, postSchema, unitReviewSchema, unitSchema } from './internship-unit.ts';

/** Codes of real companies, as printed on their business licences. */
const REAL_CODES = {
  华为技术有限公司: '914403001922038216',
  '腾讯科技（深圳）有限公司': '9144030071526726XG',
  '阿里巴巴（中国）有限公司': '91330100799655058B',
  北京小米科技有限责任公司: '91110108551385082Q',
};

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts real codes, the check character being a digit or a letter', () => {
    for (const [name, code] of Object.entries(REAL_CODES)) {
      expect(creditCodeCheckChar(code.slice(0, 17)), name).toBe(code[17]);
      expect(creditCodeProblem(code), name).toBeNull();
    }
  });

  it('refuses each one-character typo of a real code: a changed character, or two neighbours swapped', () => {
    for (const code of Object.values(REAL_CODES)) {
      for (let i = 0; i < 18; i++) {
        const other = code[i] === '8' ? '9' : '8';
        expect(creditCodeProblem(`${code.slice(0, i)}${other}${code.slice(i + 1)}`), `${code} at ${i}`).toBe(CREDIT_CODE_MSG.check);
      }
      for (let i = 0; i < 17; i++) {
        if (code[i] === code[i + 1]) continue;
        const swapped = `${code.slice(0, i)}${code[i + 1]}${code[i]}${code.slice(i + 2)}`;
        expect(creditCodeProblem(swapped), `${code} swapped at ${i}`).toBe(CREDIT_CODE_MSG.check);
      }
    }
  });

  it('refuses a wrong length or characters outside the code set (I, O, Z, S, V, lower case) with the shape message', () => {
    for (const code of ['91440300192203821', '9144030019220382160', '91440300192203821I', '9144030O1922038216', '9144030071526726xg', '91440300 192203821']) {
      expect(creditCodeProblem(code), code).toBe(CREDIT_CODE_MSG.shape);
    }
  });

  it('the form field says which: blank, shape, check character', () => {
    const message = (value: string) => {
      const result = creditCodeField.safeParse(value);
      return result.success ? null : result.error.issues.map((i) => i.message);
    };
    expect(message('')).toEqual([CREDIT_CODE_MSG.required]);
    expect(message('123')).toEqual([CREDIT_CODE_MSG.shape]);
    expect(message('914403001922038217')).toEqual([CREDIT_CODE_MSG.check]);
    expect(message('914403001922038216')).toBeNull();
  });

  it('a code pasted with spaces or in lower case is taken as the code itself', () => {
    expect(creditCodeField.safeParse(' 9144 0300 7152 6726xg\t').data).toBe('9144030071526726XG');
    expect(unitSchema.safeParse({ name: '腾讯', creditCode: '91330100 799655058b', industry: 'it', employeeCount: 10 }).data?.creditCode).toBe('91330100799655058B');
  });
});

describe('the unit, post, contact and review schemas', () => {
  const unit = { name: '星辰软件科技有限公司', creditCode: '91441900MA51XC8T24', industry: 'it', employeeCount: 120 };

  it('a unit needs its name, code, industry and a whole 职工总数 of at least 1', () => {
    expect(unitSchema.safeParse(unit).success).toBe(true);
    expect(unitSchema.safeParse({ ...unit, employeeCount: 0 }).error?.issues[0]?.message).toBe('职工总数不能小于1');
    expect(unitSchema.safeParse({ ...unit, employeeCount: 10.5 }).error?.issues[0]?.message).toBe('职工总数必须是整数');
    expect(unitSchema.safeParse({ ...unit, employeeCount: undefined }).error?.issues[0]?.message).toBe('请输入职工总数');
    expect(unitSchema.safeParse({ ...unit, industry: '' }).error?.issues[0]?.message).toBe('请选择所属行业');
  });

  it('a unit’s 实地考察日期 is a day not after today, or none', () => {
    expect(unitSchema.safeParse({ ...unit, siteVisitDate: schoolToday(), siteVisitBy: '周老师' }).success).toBe(true);
    expect(unitSchema.safeParse({ ...unit, siteVisitDate: '' }).success).toBe(true);
    expect(unitSchema.safeParse({ ...unit, siteVisitDate: addDays(schoolToday(), 1) }).error?.issues[0]?.message).toBe(UNIT_SITE_VISIT_MSG.date);
    expect(unitSchema.safeParse({ ...unit, siteVisitDate: '2025-02-30' }).error?.issues[0]?.message).toBe(UNIT_SITE_VISIT_MSG.date);
  });

  it('a status sent with a unit is dropped: only the review sets it', () => {
    expect(unitSchema.parse({ ...unit, status: 'active' })).not.toHaveProperty('status');
  });

  it('a refusal needs its reason, an approval does not', () => {
    expect(unitReviewSchema.safeParse({ id: 'u', action: 'approve' }).success).toBe(true);
    expect(unitReviewSchema.safeParse({ id: 'u', action: 'disable', comment: '  ' }).error?.issues[0]?.message).toBe('请填写不通过或停用的原因');
    expect(unitReviewSchema.safeParse({ id: 'u', action: 'disable', comment: '行业不符' }).success).toBe(true);
  });

  it('a post has a headcount and a probation wage in 元 with at most two decimals; a contact a mobile number or none', () => {
    expect(postSchema.safeParse({ unitId: 'u', name: '软件测试实习生', headcount: 12, probationWage: 4500.5 }).success).toBe(true);
    expect(postSchema.safeParse({ unitId: 'u', name: '软件测试实习生', headcount: 12, probationWage: 4500.555 }).error?.issues[0]?.message).toBe('试用期工资最多两位小数');
    expect(postSchema.safeParse({ unitId: 'u', name: '软件测试实习生', headcount: 0, probationWage: 4500 }).error?.issues[0]?.message).toBe('在岗人数不能小于1');
    expect(contactSchema.safeParse({ unitId: 'u', name: '张工', phone: '' }).success).toBe(true);
    expect(contactSchema.safeParse({ unitId: 'u', name: '张工', phone: '0769-2288' }).success).toBe(false);
  });
});
