/**
 * The rules a placement must keep, each with its source: the screens list them before saving, and the
 * server's refusals quote them, so the office sees why and where it is written.
 *
 * Article numbers are given only where checked against the text of 教职成〔2021〕4号; the others name the
 * regulation alone. The school's own rules (a unit must be 合作中, a placement inside its program) say so.
 */

export const REGULATION = '《职业学校学生实习管理规定》（教职成〔2021〕4号）';
export const SCHOOL_RULE = '学校实习管理要求';

export interface InternshipRule {
  /** What is required or forbidden, in the regulation's words. */
  text: string;
  /** Where it is written: the regulation (with its article when checked) or the school's own rule. */
  source: string;
}

const regulation = (text: string, article?: string): InternshipRule => ({ text, source: article ? `${REGULATION}${article}` : REGULATION });
const school = (text: string): InternshipRule => ({ text, source: SCHOOL_RULE });

export const INTERNSHIP_RULES = {
  firstYear: regulation('不得安排、接收一年级在校学生进行岗位实习', '第十六条'),
  under16: regulation('不得安排、接收未满16周岁的学生进行岗位实习', '第十六条'),
  forbiddenIndustry: regulation('不得安排学生到酒吧、夜总会、歌厅、洗浴中心、电子游戏厅、网吧等营业性娱乐场所实习，不得通过中介机构或有偿代理组织、安排和管理学生实习', '第十六条'),
  pay: regulation('岗位实习报酬原则上不低于本单位相同岗位工资标准的80%', '第十八条'),
  unitRatio: regulation('岗位实习学生的人数原则上不超过实习单位在岗职工总数的10%'),
  postRatio: regulation('在具体岗位实习的学生人数原则上不高于同类岗位在岗职工总人数的20%'),
  noFee: regulation('不得向学生收取实习押金、培训费、实习报酬提成、管理费或者其他形式的实习费用'),
  workTerms: regulation('岗位实习期间不得安排学生在法定节假日实习，不得安排学生加班和上夜班'),
  agreement: regulation('岗位实习前，职业学校、实习单位和学生应当签订三方实习协议'),
  consent: regulation('未满18周岁的学生参加岗位实习，应当取得其监护人签字的知情同意书'),
  preTraining: regulation('学生岗位实习前应当接受岗前培训'),
  insurance: regulation('学生岗位实习期间应当投保实习责任保险'),
  unitActive: school('只有状态为“合作中”的实习单位可以接收实习学生'),
  withinProgram: school('实习安排的起止日期应在实习计划的起止日期之内'),
} as const satisfies Record<string, InternshipRule>;

export type InternshipRuleCode = keyof typeof INTERNSHIP_RULES;

/** Night by the school's clock: from 22:00 to 06:00, when the rules keep students from work (workTerms: 不得上夜班). */
export const NIGHT_HOURS = { from: 22, to: 6 } as const;
export const isNightHour = (hour: number): boolean => hour >= NIGHT_HOURS.from || hour < NIGHT_HOURS.to;

/**
 * A refusal that quotes its rule: what is wrong (with the figures that broke it), then the rule and its
 * source. E.g. 该单位岗位实习学生将达 12 人，超过在岗职工总数 100 人的 10%（依据…）.
 */
export function ruleMessage(code: InternshipRuleCode, problem?: string): string {
  const rule = INTERNSHIP_RULES[code];
  return `${problem ?? rule.text}（依据：${rule.source}${problem ? `：${rule.text}` : ''}）`;
}

/** Whole years of age on a day (both YYYY-MM-DD); null when the birthday is not recorded. */
export function ageOn(birthday: string | null | undefined, day: string): number | null {
  if (!birthday) return null;
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5) < birthday.slice(5) ? years - 1 : years;
}

/** A student of grade (entry year) G is in their first school year until 31 August of G + 1. */
export const isFirstYear = (grade: number, day: string): boolean => day < `${grade + 1}-09-01`;

/** Under 18 on that day, or of unknown age: a guardian's consent is needed. */
export const needsConsent = (birthday: string | null | undefined, day: string): boolean => {
  const age = ageOn(birthday, day);
  return age === null || age < 18;
};

export interface StudentForPlacement {
  name: string;
  grade: number;
  birthday: string | null;
}

/**
 * Why a student may not be placed in a 岗位实习 starting on that day (Art. 16: not in the first year,
 * not under 16; an unrecorded birthday cannot show the age): the refusals, empty when none.
 */
export function postPlacementRefusals(student: StudentForPlacement, startDate: string): string[] {
  const refusals: string[] = [];
  if (isFirstYear(student.grade, startDate)) refusals.push(ruleMessage('firstYear', `${student.name}是${student.grade}级学生，${startDate}时仍在一年级`));
  const age = ageOn(student.birthday, startDate);
  if (age === null) refusals.push(ruleMessage('under16', `${student.name}未登记出生日期，无法核对是否年满16周岁`));
  else if (age < 16) refusals.push(ruleMessage('under16', `${student.name}在${startDate}时${age}周岁，未满16周岁`));
  return refusals;
}
