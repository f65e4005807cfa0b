import * as z from 'zod/mini';
import { DEPART_REF } from './basic-data.ts';
import { optionalText, requiredText, type RefTarget, type ResourceDescription } from './resource.ts';
import { schoolToday } from './internship.ts';
import { isCalendarDate } from './patterns.ts';
import { termOf } from './practice-score.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';
import { CHECKIN_MODES } from './records.ts';

/**
 * 实习计划 (ti01, DOMAIN.md "Internship"): a program's requirements and score weights, its classes, and the
 * students enrolled from them (each enrolment is a placement the placements screen completes).
 */

export const PROGRAM_TYPES = [
  { value: 'cognition', label: '认识实习' },
  { value: 'post', label: '岗位实习' },
] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number]['value'];

export const PROGRAM_STATUSES = [
  { value: 'draft', label: '草稿' },
  { value: 'running', label: '进行中' },
  { value: 'ended', label: '已结束' },
] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number]['value'];

export const SCORE_PRECISIONS = [
  { value: '0', label: '整数' },
  { value: '1', label: '一位小数' },
] as const;

/** A placement's status as the students list shows it. */
export const ENROLMENT_STATUS_LABELS: Record<string, string> = { pending: '未开始', active: '实习中', ended: '已结束', terminated: '终止' };

export const PROGRAM_PERMISSIONS = {
  list: 'internship:program:list',
  add: 'internship:program:add',
  edit: 'internship:program:edit',
  remove: 'internship:program:delete',
  export: 'internship:program:export',
  enrol: 'internship:program:enrol',
} as const;

const BASE = '/internshipprogram/ti01';
export const PROGRAM_URL = {
  status: `${BASE}/status`,
  classes: `${BASE}/classes`,
  classOptions: `${BASE}/classOptions`,
  addClasses: `${BASE}/addClasses`,
  removeClass: `${BASE}/removeClass`,
  enrol: `${BASE}/enrol`,
  students: `${BASE}/getStuList`,
} as const;

/** The status actions: where each leads from where, and what its button says. */
export const STATUS_ACTIONS = [
  { from: 'draft', to: 'running', label: '启动' },
  { from: 'running', to: 'ended', label: '结束' },
  { from: 'running', to: 'draft', label: '退回草稿' },
] as const satisfies readonly { from: ProgramStatus; to: ProgramStatus; label: string }[];

export const PROGRAM_MSG = {
  weightSum: (sum: number) => `四项成绩权重之和须为100，现为 ${sum}`,
  dateOrder: '结束日期不能早于开始日期',
  badTransition: (from: string, to: string) => `实习计划不能从“${from}”改为“${to}”`,
  ended: '已结束的实习计划不能修改',
  started: (n: number) => `已有 ${n} 名学生开始实习，不能退回草稿`,
  inUse: (subject: string, n: number) => `${subject}已有 ${n} 名学生报名，不能删除`,
  schoolWide: '全校实习计划由实习办维护，您只能查看',
  classDepart: (name: string) => `班级“${name}”不属于该实习计划的院系`,
  classEnrolled: (n: number) => `该班级已有 ${n} 名学生报名，不能移除`,
  noClasses: '请选择班级',
  enrolEnded: '已结束的实习计划不能报名',
  alreadyIn: '已在本实习计划中',
  notStudying: '学籍状态不是在读',
  termShape: '学期应写作如“2025-2026学年第二学期”',
  termDates: (startDate: string, term: string) => `开始日期${startDate}属于${term}，与所填学期不符`,
  endedBefore: (today: string) => `结束日期早于今天（${today}），不能新建已经结束的实习计划`,
} as const;

/** The term a date falls in, as a program names it: August to January the first term of the school year, February to July the second. */
export function termLabelOf(date: string): string {
  const [from, to, half] = termOf(date).split('-');
  return `${from}-${to}学年第${half === '1' ? '一' : '二'}学期`;
}
const TERM_PATTERN = /^\d{4}-\d{4}学年第[一二]学期$/;

const statusLabel = (value: string) => PROGRAM_STATUSES.find((s) => s.value === value)?.label ?? value;
export const programStatusLabel = statusLabel;

const date = (message: string) => z.string({ error: message }).check(z.refine((v) => isCalendarDate(v), { error: message }));
const count = (label: string, max: number) =>
  z.number({ error: `请输入${label}` }).check(z.int(`${label}必须是整数`), z.minimum(0, `${label}不能小于0`), z.maximum(max, `${label}不能大于${max}`));
const weight = (label: string) => count(label, 100);

const programFields = {
  name: requiredText('请输入计划名称', 100),
  type: z.enum(['cognition', 'post'], { error: '请选择实习类型' }),
  term: z.optional(z.nullable(z.string().check(z.refine((v) => v.trim() === '' || TERM_PATTERN.test(v.trim()), { error: PROGRAM_MSG.termShape })))),
  departId: z.optional(z.nullable(z.string())),
  startDate: date('请选择开始日期'),
  endDate: date('请选择结束日期'),
  minWeeklyCount: count('最少周记篇数', 100),
  minWeeklyLength: count('周记最少字数', 10000),
  minMonthlyCount: count('最少月报篇数', 24),
  minMonthlyLength: z.optional(count('月报最少字数', 10000)),
  dailyLog: z.optional(z.boolean({ error: '请选择是否需填写日报' })),
  minDailyCount: z.optional(count('最少日报篇数', 366)),
  minDailyLength: z.optional(count('日报最少字数', 5000)),
  reportRequired: z.boolean({ error: '请选择是否需提交实习报告' }),
  minReportLength: count('报告最少字数', 100000),
  scorePrecision: z.enum(['0', '1'], { error: '请选择成绩精度' }),
  weightMentor: weight('企业导师评价权重'),
  weightAdviser: weight('指导教师评价权重'),
  weightSummary: weight('周记月报权重'),
  weightReport: weight('实习报告权重'),
  requirements: optionalText(2000),
  makeupPerMonth: z.optional(count('每月最多补卡次数', 31)),
  checkinMode: z.optional(z.enum(['single', 'pair'], { error: '请选择签到方式' })),
  checkinPhoto: z.optional(z.boolean({ error: '请选择签到是否拍照' })),
  minAdviserContacts: z.optional(count('指导教师每月联系学生次数', 31)),
  minHeadTeacherContacts: z.optional(count('班主任每月联系学生次数', 31)),
};
const programObject = z.object(programFields);
type ProgramFields = z.infer<typeof programObject>;

export const weightSum = (v: Pick<ProgramFields, 'weightMentor' | 'weightAdviser' | 'weightSummary' | 'weightReport'>) => v.weightMentor + v.weightAdviser + v.weightSummary + v.weightReport;

const WEIGHTS = ['weightMentor', 'weightAdviser', 'weightSummary', 'weightReport'] as const;
/** Checked as soon as the values it compares are there, whatever else the form still lacks. */
const given = (names: readonly string[], type: 'number' | 'string') => (payload: { value: unknown }) =>
  names.every((name) => typeof (payload.value as Record<string, unknown>)[name] === type);

/** Between fields, shown by the form at the field named by the path before saving and refused by the server alike. */
const crossFieldRules = <T extends ProgramFields>() => [
  z.refine<T>((v) => weightSum(v) === 100, { path: ['weightReport'], error: (issue) => PROGRAM_MSG.weightSum(weightSum(issue.input as T)), when: given(WEIGHTS, 'number') }),
  z.refine<T>((v) => v.endDate >= v.startDate, { path: ['endDate'], error: PROGRAM_MSG.dateOrder, when: given(['startDate', 'endDate'], 'string') }),
  // 学期 is the term the program starts in, not free text beside the dates.
  z.refine<T>((v) => !v.term?.trim() || v.term.trim() === termLabelOf(v.startDate), {
    path: ['term'],
    error: (issue) => PROGRAM_MSG.termDates((issue.input as T).startDate, termLabelOf((issue.input as T).startDate)),
    when: (payload) => given(['startDate', 'term'], 'string')(payload) && isCalendarDate((payload.value as T).startDate) && TERM_PATTERN.test(String((payload.value as T).term).trim()),
  }),
];

/** A new program is still to be run: one wholly in the past is a typo of the year (an edit of an old one may keep its dates). */
const notEnded = z.refine<ProgramFields>((v) => v.endDate >= schoolToday(), { path: ['endDate'], error: () => PROGRAM_MSG.endedBefore(schoolToday()), when: given(['endDate'], 'string') });

export const programSchema = programObject.check(...crossFieldRules<ProgramFields>(), notEnded);
export type ProgramInput = z.infer<typeof programSchema>;
export const programEditSchema = z
  .extend(programObject, { id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')) })
  .check(...crossFieldRules<ProgramFields & { id: string }>());

export const PROGRAM_RESOURCE: ResourceDescription = {
  key: 'internship-program',
  title: '实习计划',
  api: { base: BASE },
  permissions: { list: PROGRAM_PERMISSIONS.list, add: PROGRAM_PERMISSIONS.add, edit: PROGRAM_PERMISSIONS.edit, remove: PROGRAM_PERMISSIONS.remove, export: PROGRAM_PERMISSIONS.export },
  fields: [
    { name: 'name', label: '计划名称', kind: 'text', list: { width: 170, sortable: true }, search: true, excel: true },
    { name: 'type', label: '实习类型', kind: 'select', options: PROGRAM_TYPES, list: { width: 100, priority: 2 }, search: true, excel: true },
    { name: 'term', label: '学期', kind: 'text', list: { width: 160 }, excel: true, placeholder: '如 2025-2026学年第二学期（开始日期所在学期）', dependsOn: ['startDate'] },
    { name: 'departId', label: '院系', kind: 'ref', ref: DEPART_REF, list: { width: 120 }, search: true, excel: true, placeholder: '不选为全校' },
    { name: 'startDate', label: '开始日期', kind: 'date', list: { width: 110, sortable: true, priority: 2 }, excel: true },
    { name: 'endDate', label: '结束日期', kind: 'date', list: { width: 110, sortable: true }, excel: true, dependsOn: ['startDate'] },
    { name: 'status', label: '状态', kind: 'select', options: PROGRAM_STATUSES, list: { width: 90 }, search: true, form: false, excel: true },
    { name: 'minWeeklyCount', label: '最少周记篇数', kind: 'number', excel: true },
    { name: 'minWeeklyLength', label: '周记最少字数', kind: 'number', excel: true },
    { name: 'minMonthlyCount', label: '最少月报篇数', kind: 'number', excel: true },
    { name: 'minMonthlyLength', label: '月报最少字数', kind: 'number', excel: true },
    { name: 'dailyLog', label: '需填写日报', kind: 'switch', excel: true },
    { name: 'minDailyCount', label: '最少日报篇数', kind: 'number', excel: true, placeholder: '需填写日报时，学生应交的篇数' },
    { name: 'minDailyLength', label: '日报最少字数', kind: 'number', excel: true },
    { name: 'reportRequired', label: '需提交实习报告', kind: 'switch', excel: true },
    { name: 'minReportLength', label: '报告最少字数', kind: 'number', excel: true },
    { name: 'scorePrecision', label: '成绩精度', kind: 'select', options: SCORE_PRECISIONS, excel: true },
    { name: 'weightMentor', label: '企业导师评价(%)', kind: 'number', excel: true },
    { name: 'weightAdviser', label: '指导教师评价(%)', kind: 'number', excel: true },
    { name: 'weightSummary', label: '周记月报(%)', kind: 'number', excel: true },
    { name: 'weightReport', label: '实习报告(%)', kind: 'number', excel: true, dependsOn: WEIGHTS.filter((w) => w !== 'weightReport') },
    // The similarity flags leave its wording out: students may quote what the program asks of their records.
    { name: 'requirements', label: '实习要求', kind: 'textarea', excel: true, placeholder: '周记、月报应写的内容；学生引用这些文字不算雷同' },
    { name: 'checkinMode', label: '签到方式', kind: 'select', options: CHECKIN_MODES, excel: true },
    { name: 'checkinPhoto', label: '签到需拍照', kind: 'switch', excel: true },
    { name: 'minAdviserContacts', label: '指导教师每月联系学生次数', kind: 'number', excel: true, placeholder: '走访、电话、微信、面谈和互动回复都算；月末一周仍不足时预警' },
    { name: 'minHeadTeacherContacts', label: '班主任每月联系学生次数', kind: 'number', excel: true, placeholder: '班主任的走访、电话、微信、面谈都算；0 为不要求' },
    { name: 'makeupPerMonth', label: '每月最多补卡次数', kind: 'number', placeholder: '漏签的日子，学生可申请补卡，由指导教师审批' },
  ],
  createSchema: programSchema,
  editSchema: programEditSchema,
  titleField: 'name',
  subtitleFields: ['type', 'term', 'status'],
  defaultSort: { field: 'startDate', order: 'desc' },
};

/** A new program's form starts from the school's usual requirements and weights. */
export const PROGRAM_DEFAULTS = {
  type: 'post',
  minWeeklyCount: 16,
  minWeeklyLength: 200,
  minMonthlyCount: 4,
  minMonthlyLength: 400,
  dailyLog: false,
  minDailyCount: 0,
  minDailyLength: 50,
  makeupPerMonth: 3,
  checkinMode: 'single',
  checkinPhoto: false,
  minAdviserContacts: 1,
  minHeadTeacherContacts: 0,
  reportRequired: true,
  minReportLength: 1000,
  scorePrecision: '0',
  weightMentor: 40,
  weightAdviser: 30,
  weightSummary: 20,
  weightReport: 10,
} as const;

/** The classes a picker offers: those in the caller's reach, searched by name. */
export const PROGRAM_CLASS_REF: RefTarget = { key: 'internship-program-class', title: '班级', list: PROGRAM_URL.classOptions, labelField: 'name', searchField: 'name', codeField: 'code' };

export const programIdQuery = z.object({ programId: z.string({ error: '缺少参数 programId' }).check(z.minLength(1, '缺少参数 programId')) });
export const programStatusSchema = z.object({
  id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')),
  status: z.enum(['draft', 'running', 'ended'], { error: '请选择状态' }),
});
export const programClassesSchema = z.object({
  programId: z.string({ error: '缺少参数 programId' }).check(z.minLength(1, '缺少参数 programId')),
  classIds: z.array(z.string()).check(z.minLength(1, PROGRAM_MSG.noClasses), z.maxLength(100, '一次最多选择100个班级')),
});
export const programClassSchema = z.object({
  programId: z.string({ error: '缺少参数 programId' }).check(z.minLength(1, '缺少参数 programId')),
  classId: z.string({ error: '缺少参数 classId' }).check(z.minLength(1, '缺少参数 classId')),
});

/** A class of a program: its students and how many of them are enrolled. */
export interface ProgramClassRow {
  id: string;
  code: string;
  name: string;
  grade: number;
  students: number;
  enrolled: number;
}

export interface ClassOptionRow {
  id: string;
  code: string;
  name: string;
  grade: number;
}

/** A student the enrolment left out, and why. */
export interface EnrolSkip {
  studentNo: string;
  name: string;
  className: string;
  reason: string;
}

export interface EnrolResult {
  enrolled: number;
  skipped: EnrolSkip[];
}

export const enrolMessage = (r: EnrolResult) => `报名完成：新增 ${r.enrolled} 人${r.skipped.length > 0 ? `，未报名 ${r.skipped.length} 人` : ''}`;

export const studentListQuery = z.object({
  programId: z.string({ error: '缺少参数 programId' }).check(z.minLength(1, '缺少参数 programId')),
  pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 10),
  keyword: z.optional(z.string().check(z.maxLength(50))),
});

/** One enrolled student (getStuList). */
export interface ProgramStudentRow {
  id: string;
  studentNo: string;
  name: string;
  className: string;
  unitName: string | null;
  post: string | null;
  adviserName: string | null;
  status: string;
}

export const PROGRAM_PAGE = {
  id: 'menu-internship-program',
  parent: 'menu-internship',
  name: '实习计划',
  path: '/internship/program',
  component: 'internship/ProgramList',
  icon: 'schedule',
  order: 11,
  roles: ['admin', 'internshipOffice', 'departAdmin'],
  rules: [
    ...resourceRules(PROGRAM_PERMISSIONS, '实习计划'),
    { code: PROGRAM_PERMISSIONS.enrol, name: '按班级报名' },
  ],
} as const satisfies MenuDeclaration;
