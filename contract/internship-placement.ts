import * as z from 'zod/mini';
import { ALL_RELATED, type RelationAccess } from './relations.ts';
import { INTERNSHIP_RULES, needsConsent, postPlacementRefusals, ruleMessage, type InternshipRuleCode } from './internship-rules.ts';
import { exceptionCovers, type ExceptionRule, type PlacementException } from './internship-exception.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus, type ProgramType } from './internship.ts';
import { DEFAULT_WORK_RADIUS } from './geo.ts';
import { optionalText, withId, type RefTarget, type ResourceDescription } from './resource.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';

/**
 * 实习安排: a row of internship_enrolment, a student of a program placed with a unit, post, mentor and
 * adviser, with the records the 2021 rules ask for. The rules are checked here, as pure functions of the
 * placement and the facts it touches, so the form's checklist and the server's refusals say the same.
 */

/** Who reads a placement (everyone related to it) and who manages it (the department, the office), by relation. */
export const PLACEMENT_ACCESS: RelationAccess = { read: ALL_RELATED, review: ['department', 'office', 'admin'] };

export const PLACEMENT_PERMISSIONS = {
  list: 'internship:placement:list',
  add: 'internship:placement:add',
  edit: 'internship:placement:edit',
  remove: 'internship:placement:delete',
  import: 'internship:placement:import',
  export: 'internship:placement:export',
  assign: 'internship:placement:assign',
  status: 'internship:placement:status',
  /** 三方协议 and 知情同意书 filled from the placement (PDF), and the school's templates of them. */
  print: 'internship:placement:print',
  template: 'internship:placement:template',
} as const;

/** The pickers' lists: only what the placement form may choose (合作中 units, a unit's posts and mentors). */
export const PLACEMENT_OPTIONS = {
  program: '/internship/placement/options/program',
  student: '/internship/placement/options/student',
  unit: '/internship/placement/options/unit',
  post: '/internship/placement/options/post',
  mentor: '/internship/placement/options/mentor',
  adviser: '/internship/placement/options/adviser',
  depart: '/internship/placement/options/depart',
  class: '/internship/placement/options/class',
  major: '/internship/placement/options/major',
} as const;

export const PLACEMENT_API = {
  facts: '/internship/placement/facts',
  status: '/internship/placement/status',
  upload: '/internship/placement/upload',
  file: '/internship/placement/file',
  adviserList: '/adviser/ti03/apiList',
  assign: '/adviser/ti03/assign',
} as const;

/** An option row of the pickers: id, label and code (学号, 工号, 统一社会信用代码). */
export interface PlacementOption {
  id: string;
  name: string;
  code: string | null;
}

const option = (key: string, title: string, list: string, codeField = 'code'): RefTarget => ({ key: `placement-${key}`, title, list, labelField: 'name', searchField: 'name', codeField });
export const PLACEMENT_REFS = {
  program: option('program', '实习计划', PLACEMENT_OPTIONS.program),
  student: option('student', '学生', PLACEMENT_OPTIONS.student),
  unit: option('unit', '实习单位', PLACEMENT_OPTIONS.unit),
  post: option('post', '岗位', PLACEMENT_OPTIONS.post),
  mentor: option('mentor', '企业导师', PLACEMENT_OPTIONS.mentor),
  adviser: option('adviser', '指导教师', PLACEMENT_OPTIONS.adviser),
  depart: option('depart', '院系', PLACEMENT_OPTIONS.depart),
  class: option('class', '班级', PLACEMENT_OPTIONS.class),
  major: option('major', '专业', PLACEMENT_OPTIONS.major),
} as const;

/**
 * 落实情况, as 实习统计 counts it: 已落实 has a unit; 未落实 has none and is not 终止 (a terminated placement
 * without a unit is no longer waiting for one).
 */
export const PLACED_OPTIONS = [
  { value: '1', label: '已落实' },
  { value: '0', label: '未落实' },
] as const;

/** The post and mentor pickers list those of the chosen unit. */
export const refOfUnit = (target: RefTarget, unitId: string | null | undefined): RefTarget =>
  unitId ? { ...target, key: `${target.key}-${unitId}`, list: `${target.list}?unitId=${encodeURIComponent(unitId)}` } : target;

export const PLACEMENT_STATUS_OPTIONS = (Object.keys(ENROLMENT_STATUS_LABELS) as EnrolmentStatus[]).map((value) => ({ value, label: ENROLMENT_STATUS_LABELS[value] }));
export const PLACEMENT_STATUS_COLORS: Record<EnrolmentStatus, string> = { pending: 'default', active: 'processing', ended: 'success', terminated: 'error' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const requiredRef = (message: string) => z.string({ error: message }).check(z.minLength(1, message));
const optionalRef = z.optional(z.nullable(z.string()));
const requiredDate = (message: string) => z.string({ error: message }).check(z.regex(DATE, message));
const optionalDate = z.optional(z.nullable(z.string().check(z.refine((v) => v === '' || DATE.test(v), { error: '日期格式应为YYYY-MM-DD' }))));
const optionalFlag = z.optional(z.nullable(z.boolean()));
const optionalNumber = (label: string, min: number, max: number) =>
  z.optional(z.nullable(z.number({ error: `${label}必须是数字` }).check(z.minimum(min, `${label}应在${min}到${max}之间`), z.maximum(max, `${label}应在${min}到${max}之间`))));

/** 专业对口: whether the post fits the student's major (统计报表 counts placements by it). */
export const MAJOR_MATCH_LABELS = { yes: '对口', partly: '基本对口', no: '不对口' } as const;
export type MajorMatch = keyof typeof MAJOR_MATCH_LABELS;
export const MAJOR_MATCH_OPTIONS = (Object.keys(MAJOR_MATCH_LABELS) as MajorMatch[]).map((value) => ({ value, label: MAJOR_MATCH_LABELS[value] }));

const placementFields = {
  unitId: optionalRef,
  postId: optionalRef,
  post: optionalText(100),
  mentorUserId: optionalRef,
  adviserUserId: optionalRef,
  startDate: requiredDate('请选择开始日期'),
  endDate: requiredDate('请选择结束日期'),
  agreementAttachmentId: optionalRef,
  consentAttachmentId: optionalRef,
  preTrainingDate: optionalDate,
  insured: optionalFlag,
  insurancePolicyNo: optionalText(64),
  insuranceStart: optionalDate,
  insuranceEnd: optionalDate,
  // Blank (an Excel cell, a cleared choice) is 未填写.
  majorMatch: z.pipe(
    z.optional(z.nullable(z.union([z.literal(''), z.enum(['yes', 'partly', 'no'])], { error: '专业对口只能是对口、基本对口或不对口' }))),
    z.transform((v) => (v === '' ? null : v)),
  ),
  monthlyPay: z.optional(z.nullable(z.number({ error: '实习报酬必须是数字' }).check(z.minimum(0, '实习报酬不能小于0'), z.maximum(1000000, '实习报酬不能大于1000000')))),
  noFeeConfirmed: optionalFlag,
  workTermsConfirmed: optionalFlag,
  workAddress: optionalText(200),
  workLatitude: optionalNumber('纬度', -90, 90),
  workLongitude: optionalNumber('经度', -180, 180),
  workRadius: z.optional(z.nullable(z.number({ error: '签到范围必须是数字' }).check(z.int('签到范围应为整数米'), z.minimum(50, '签到范围不能小于50米'), z.maximum(50000, '签到范围不能大于50000米')))),
};
export const placementSchema = z.object({ programId: requiredRef('请选择实习计划'), studentUserId: requiredRef('请选择学生'), ...placementFields });
export const placementEditSchema = withId(z.object({ programId: optionalRef, ...placementFields }));
export type PlacementInput = z.infer<typeof placementSchema>;

export const PLACEMENT_RESOURCE: ResourceDescription = {
  key: 'internship-placement',
  title: '实习安排',
  api: { base: '/internship/placement', list: '/internship/placement/list' },
  permissions: { list: PLACEMENT_PERMISSIONS.list, add: PLACEMENT_PERMISSIONS.add, edit: PLACEMENT_PERMISSIONS.edit, remove: PLACEMENT_PERMISSIONS.remove, import: PLACEMENT_PERMISSIONS.import, export: PLACEMENT_PERMISSIONS.export },
  fields: [
    { name: 'studentUserId', label: '学生', kind: 'ref', ref: PLACEMENT_REFS.student, list: { width: 100 }, search: true, form: 'create', excel: true, placeholder: '按学号或姓名查找' },
    { name: 'studentNo', label: '学号', kind: 'text', list: { width: 120, priority: 'key' }, form: false },
    // The student's class and department: the columns that tell two 王瑞 apart, and searches the statistics' figures link to.
    { name: 'classId', label: '班级', kind: 'ref', ref: PLACEMENT_REFS.class, list: { width: 170, priority: 2 }, search: true, form: false },
    { name: 'departId', label: '院系', kind: 'ref', ref: PLACEMENT_REFS.depart, list: { width: 150 }, search: true, form: false },
    // Searches only, which 统计报表's figures link to (contract/stats-report.ts REPORT_SEARCH): 专业, 实习年份, the unit's 行业 and 地区.
    { name: 'majorId', label: '专业', kind: 'ref', ref: PLACEMENT_REFS.major, search: true, form: false },
    { name: 'programId', label: '实习计划', kind: 'ref', ref: PLACEMENT_REFS.program, list: { width: 160, priority: 2 }, search: true, readOnlyOnEdit: true, excel: true },
    { name: 'unitId', label: '实习单位', kind: 'ref', ref: PLACEMENT_REFS.unit, list: { width: 200, priority: 3 }, search: true, excel: true, placeholder: '只能选择合作中的单位' },
    { name: 'unitIndustry', label: '单位行业', kind: 'dict', dictCode: 'internship_industry', search: true, form: false },
    { name: 'unitRegion', label: '单位地区', kind: 'text', search: 'link', form: false },
    { name: 'programYear', label: '实习年份', kind: 'text', search: 'link', form: false },
    { name: 'postId', label: '岗位', kind: 'ref', ref: PLACEMENT_REFS.post, placeholder: '先选择实习单位' },
    { name: 'post', label: '岗位名称', kind: 'text', list: { width: 130 }, form: false, excel: true },
    { name: 'mentorUserId', label: '企业导师', kind: 'ref', ref: PLACEMENT_REFS.mentor, list: { width: 100 }, excel: true },
    { name: 'adviserUserId', label: '指导教师', kind: 'ref', ref: PLACEMENT_REFS.adviser, list: { width: 100, priority: 3 }, search: true, excel: true },
    { name: 'startDate', label: '开始日期', kind: 'date', list: { width: 110, sortable: true }, excel: true },
    { name: 'endDate', label: '结束日期', kind: 'date', list: { width: 110, sortable: true }, excel: true },
    { name: 'agreementAttachmentId', label: '三方协议', kind: 'text' },
    { name: 'consentAttachmentId', label: '知情同意书', kind: 'text' },
    { name: 'preTrainingDate', label: '岗前培训日期', kind: 'date', excel: true },
    { name: 'insured', label: '已投保实习责任保险', kind: 'switch', excel: true },
    { name: 'insurancePolicyNo', label: '保单号', kind: 'text', excel: true },
    { name: 'insuranceStart', label: '保险起始日期', kind: 'date', excel: true },
    { name: 'insuranceEnd', label: '保险截止日期', kind: 'date', excel: true },
    { name: 'majorMatch', label: '专业对口', kind: 'select', options: MAJOR_MATCH_OPTIONS, list: { width: 90, priority: 0 }, search: true, excel: true },
    { name: 'monthlyPay', label: '实习报酬（元/月）', kind: 'number', list: { width: 110, priority: 0 }, excel: true },
    { name: 'noFeeConfirmed', label: '未向学生收取任何费用', kind: 'switch', excel: true },
    { name: 'workTermsConfirmed', label: '协议约定不安排夜班、节假日和加班', kind: 'switch', excel: true },
    // The workplace a check-in is measured from (contract/geo.ts: WGS-84, as phones give it).
    { name: 'workAddress', label: '工作地址', kind: 'text', excel: true },
    { name: 'workLatitude', label: '工作地点纬度', kind: 'number', excel: true, placeholder: 'WGS-84，如 23.020700（手机定位所用坐标）' },
    { name: 'workLongitude', label: '工作地点经度', kind: 'number', excel: true, placeholder: 'WGS-84，如 113.751800' },
    { name: 'workRadius', label: '签到范围（米）', kind: 'number', excel: true, placeholder: `不填为 ${DEFAULT_WORK_RADIUS} 米；超出范围的签到会提示指导教师` },
    { name: 'placed', label: '落实情况', kind: 'select', options: PLACED_OPTIONS, search: true, form: false },
    { name: 'status', label: '状态', kind: 'select', options: PLACEMENT_STATUS_OPTIONS, list: { width: 90 }, search: true, form: false },
    { name: 'terminateReason', label: '终止原因', kind: 'textarea', form: false, excel: true },
    // The approved exceptions to the 10 %, 20 % and 80 % limits (contract/internship-exception.ts) the placement stands on.
    { name: 'ruleExceptions', label: '例外备案', kind: 'text', list: { width: 170, priority: 0 }, form: false, excel: true },
  ],
  createSchema: placementSchema,
  editSchema: placementEditSchema,
  titleField: 'studentUserId',
  subtitleFields: ['studentNo', 'programId', 'unitId', 'status'],
  defaultSort: { field: 'startDate', order: 'desc' },
};

/** What the rules read besides the placement itself; the server gathers it, the form asks for it (facts). */
export interface PlacementFacts {
  program: { name: string; type: ProgramType; startDate: string; endDate: string } | null;
  student: { name: string; grade: number; birthday: string | null } | null;
  unit: { name: string; status: string; employeeCount: number | null; placed: number } | null;
  /** placed: the students in 岗位实习 (未开始 or 实习中) at the unit or post, this placement left out. */
  post: { id: string; name: string; unitId: string; headcount: number; probationWage: number | null; placed: number } | null;
  /** The exceptions asked for the student in the program (running or approved); the checklist matches unit and post. */
  exceptions?: PlacementException[];
}

export type PlacementValues = Partial<Record<'startDate' | 'endDate' | 'preTrainingDate' | 'insurancePolicyNo' | 'insuranceStart' | 'insuranceEnd' | 'agreementAttachmentId' | 'consentAttachmentId', string | null>> & {
  unitId?: string | null;
  postId?: string | null;
  monthlyPay?: number | null;
  insured?: boolean | null;
  noFeeConfirmed?: boolean | null;
  workTermsConfirmed?: boolean | null;
};

export const UNIT_STATUS_LABELS: Record<string, string> = { pending: '待审核', active: '合作中', disabled: '停用' };

/** One line of the checklist: a rule, whether the placement keeps it (null: not known yet), and why not. */
export interface ChecklistItem {
  code: InternshipRuleCode;
  text: string;
  source: string;
  met: boolean | null;
  /** The refusal, quoting the figures (ruleMessage), when not met. */
  message?: string;
  /**
   * A limit the rules set 原则上 (contract/internship-exception.ts): 'open' when it is broken by the figures and an
   * exception may be asked, else the exception asked for it (审批中) or approved (已备案, and the item is met).
   */
  exception?: 'open' | PlacementException['status'];
}

const item = (code: InternshipRuleCode, met: boolean | null, problem?: string): ChecklistItem => ({
  code,
  text: INTERNSHIP_RULES[code].text,
  source: INTERNSHIP_RULES[code].source,
  met,
  message: met === false ? ruleMessage(code, problem) : undefined,
});

/** A limit broken by its figures, unless an approved exception covers it (a running one is said in the refusal). */
function limitItem(code: ExceptionRule, met: boolean, problem: string, values: PlacementValues, facts: PlacementFacts): ChecklistItem {
  if (met) return item(code, true);
  const asked = facts.exceptions?.find((e) => exceptionCovers(e, code, values.unitId, values.postId));
  if (asked?.status === 'approved') return { ...item(code, true), exception: 'approved' };
  if (asked) return { ...item(code, false, `${problem}；例外备案审批中`), exception: 'running' };
  return { ...item(code, false, problem), exception: 'open' };
}

const percentOf = (total: number, percent: number) => Math.floor((total * percent) / 100);
const yuan = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/**
 * The rules a placement must keep to be saved, each met or not: the unit 合作中, its dates inside the
 * program's and, for a 岗位实习, Art. 16 (first year, under 16), the unit's 10 % and the post's 20 %, the
 * pay (80 % of the post's probation wage), and the no-fee and working-time terms recorded.
 */
export function placementChecklist(values: PlacementValues, facts: PlacementFacts): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  const { program, student, unit, post } = facts;
  const start = values.startDate ?? '';
  const end = values.endDate ?? '';
  if (values.unitId) items.push(unit ? item('unitActive', unit.status === 'active', `实习单位“${unit.name}”的状态为“${UNIT_STATUS_LABELS[unit.status] ?? unit.status}”，不能接收实习学生`) : item('unitActive', null));
  if (!program || !DATE.test(start) || !DATE.test(end)) items.push(item('withinProgram', null));
  else items.push(item('withinProgram', start >= program.startDate && end <= program.endDate, `实习安排的日期 ${start} 至 ${end} 超出实习计划“${program.name}”的 ${program.startDate} 至 ${program.endDate}`));
  if (program?.type !== 'post') return items;

  if (!student || !DATE.test(start)) items.push(item('firstYear', null), item('under16', null));
  else {
    const refusals = postPlacementRefusals(student, start);
    const firstYear = refusals.find((r) => r.includes(INTERNSHIP_RULES.firstYear.text));
    const under16 = refusals.find((r) => r.includes(INTERNSHIP_RULES.under16.text));
    items.push({ ...item('firstYear', !firstYear), message: firstYear }, { ...item('under16', !under16), message: under16 });
  }
  if (!values.unitId) return items;

  if (!unit) items.push(item('unitRatio', null));
  else if (unit.employeeCount === null) items.push(item('unitRatio', false, `实习单位“${unit.name}”未登记在岗职工总数，无法核对岗位实习学生人数`));
  else {
    const after = unit.placed + 1;
    const limit = percentOf(unit.employeeCount, 10);
    items.push(limitItem('unitRatio', after <= limit, `该单位岗位实习学生将达 ${after} 人，超过在岗职工总数 ${unit.employeeCount} 人的 10%（${limit} 人）`, values, facts));
  }
  if (!values.postId || !post) items.push(item('postRatio', values.postId ? null : false, '未选择实习单位的岗位，无法核对该岗位实习学生人数'));
  else {
    const after = post.placed + 1;
    const limit = percentOf(post.headcount, 20);
    items.push(limitItem('postRatio', after <= limit, `岗位“${post.name}”实习学生将达 ${after} 人，超过该岗位在岗职工 ${post.headcount} 人的 20%（${limit} 人）`, values, facts));
  }
  const pay = values.monthlyPay;
  if (pay === null || pay === undefined) items.push(item('pay', false, '未填写实习报酬（元/月）'));
  else if (!post) items.push(item('pay', values.postId ? null : false, '未选择实习单位的岗位，无法核对实习报酬'));
  else if (post.probationWage === null) items.push(item('pay', false, `岗位“${post.name}”未登记试用期工资，无法核对实习报酬`));
  else {
    const floor = Math.round(post.probationWage * 80) / 100;
    items.push(limitItem('pay', pay >= floor, `实习报酬 ${yuan(pay)} 元/月，低于岗位“${post.name}”试用期工资 ${yuan(post.probationWage)} 元/月的 80%（${yuan(floor)} 元/月）`, values, facts));
  }
  items.push(item('noFee', Boolean(values.noFeeConfirmed), '未确认“未向学生收取任何费用”'));
  items.push(item('workTerms', Boolean(values.workTermsConfirmed), '未确认“协议约定不安排夜班、节假日和加班”'));
  return items;
}

/** The refusals of a placement's save: the messages of the checklist's unmet rules. */
export const placementRefusals = (values: PlacementValues, facts: PlacementFacts): string[] =>
  placementChecklist(values, facts)
    .filter((i) => i.met === false)
    .map((i) => i.message!);

/**
 * What a 岗位实习 needs before it starts (未开始 → 实习中): the 三方协议, the guardian's 知情同意书 when the
 * student is under 18 (or of unknown age) on the start day, 岗前培训 and 实习责任保险 with its policy number.
 */
export function startChecklist(values: PlacementValues, facts: PlacementFacts): ChecklistItem[] {
  if (facts.program?.type !== 'post') return [];
  const items = [item('agreement', Boolean(values.agreementAttachmentId), '未上传三方协议')];
  if (!facts.student || needsConsent(facts.student.birthday, values.startDate ?? '')) items.push(item('consent', Boolean(values.consentAttachmentId), '未上传监护人签字的知情同意书'));
  items.push(item('preTraining', Boolean(values.preTrainingDate), '未登记岗前培训日期'));
  items.push(item('insurance', insuranceProblem(values) === null, insuranceProblem(values) ?? undefined));
  return items;
}

/** Why the placement's 实习责任保险 falls short: not insured, no policy number, or a period not covering the placement. */
function insuranceProblem(values: PlacementValues): string | null {
  if (!values.insured) return '未投保实习责任保险';
  if (!values.insurancePolicyNo?.trim()) return '已投保但未填写保单号';
  const { insuranceStart: from, insuranceEnd: to, startDate, endDate } = values;
  if (!from || !to) return '未填写保险起止日期';
  if (startDate && endDate && (from > startDate || to < endDate)) return `保险期间（${from} 至 ${to}）未覆盖实习期（${startDate} 至 ${endDate}）`;
  return null;
}

/** The refusal of starting a 岗位实习, listing what is missing; null when nothing is. */
export function startRefusal(values: PlacementValues, facts: PlacementFacts): string | null {
  const missing = startChecklist(values, facts).filter((i) => !i.met);
  if (missing.length === 0) return null;
  const what = { agreement: '三方协议', consent: '知情同意书', preTraining: '岗前培训日期', insurance: '实习责任保险（保单号及保险期间）' } as Record<string, string>;
  return `岗位实习开始前尚缺：${missing.map((i) => what[i.code]).join('、')}。${missing.map((i) => i.message).join('；')}`;
}

/** 开始, 结束, 终止: from which statuses each may be taken. */
export const STATUS_ACTIONS = {
  start: { label: '开始实习', from: ['pending'], to: 'active' },
  end: { label: '结束实习', from: ['active'], to: 'ended' },
  terminate: { label: '终止实习', from: ['pending', 'active'], to: 'terminated' },
} as const satisfies Record<string, { label: string; from: readonly EnrolmentStatus[]; to: EnrolmentStatus }>;
export type StatusAction = keyof typeof STATUS_ACTIONS;

export const placementStatusSchema = z.object({
  id: requiredRef('缺少参数 id'),
  action: z.enum(['start', 'end', 'terminate'], { error: '未知的操作' }),
  reason: z.optional(z.nullable(z.string().check(z.maxLength(500, '不能超过500个字符')))),
});
export const TERMINATE_REASON_REQUIRED = '终止实习须填写终止原因';

export const ASSIGN_MAX = 5000;
/** The chosen placements by id, or (全部符合条件的记录) by the list's search, which the server applies within the caller's reach. */
export const assignSchema = z
  .object({
    ids: z.optional(z.array(z.string()).check(z.maxLength(1000, '一次最多分配1000名学生'))),
    search: z.optional(z.record(z.string(), z.string().check(z.maxLength(100)))),
    adviserUserId: requiredRef('请选择指导教师'),
  })
  .check(z.refine((v) => Boolean(v.ids?.length) || v.search !== undefined, { error: '请选择要分配的学生', path: ['ids'] }));
export const ASSIGN_MSG = {
  noneMatching: '没有符合条件的学生',
  tooMany: `一次最多分配${ASSIGN_MAX}名学生，请缩小查询范围`,
} as const;

export const adviserListQuery = z.object({
  pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 10),
  programId: z.optional(z.string().check(z.maxLength(64))),
  classId: z.optional(z.string().check(z.maxLength(64))),
  adviserUserId: z.optional(z.string().check(z.maxLength(64))),
  unassigned: z.optional(z.enum(['0', '1'])),
  keyword: z.optional(z.string().check(z.maxLength(50))),
});

/** A row of ti03: a placement with its student and adviser. */
export interface AdviserAssignmentRow {
  id: string;
  studentNo: string | null;
  studentName: string | null;
  className: string | null;
  programName: string;
  unitName: string | null;
  adviserUserId: string | null;
  adviserName: string | null;
  status: EnrolmentStatus;
}

export const PLACEMENT_FILE_KINDS = { agreement: '三方协议', consent: '知情同意书' } as const;
export type PlacementFileKind = keyof typeof PLACEMENT_FILE_KINDS;
export const placementFileQuery = z.object({ id: requiredRef('缺少参数 id'), kind: z.enum(['agreement', 'consent'], { error: '未知的文件' }) });
/** What the internship_attachment row of a placement's file holds in summary_id (no weekly summary has it). */
export const PLACEMENT_FILE_OWNER = 'placement';

/** Who arranges placements: the office, a department for its students, the administrator. */
const ARRANGERS = ['admin', 'internshipOffice', 'departAdmin'] as const;

export const PLACEMENT_PAGE = {
  id: 'menu-internship-placement',
  parent: 'menu-internship',
  name: '实习安排',
  path: '/internship/placement',
  component: 'internship/PlacementList',
  icon: 'team',
  order: 12,
  roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher', 'mentor', 'student'],
  rules: [
    ...resourceRules(PLACEMENT_PERMISSIONS, '实习安排', { others: ARRANGERS }),
    { code: PLACEMENT_PERMISSIONS.assign, name: '分配指导教师', roles: ARRANGERS },
    { code: PLACEMENT_PERMISSIONS.status, name: '开始、结束或终止实习', roles: ARRANGERS },
    { code: PLACEMENT_PERMISSIONS.print, name: '打印三方协议与知情同意书', roles: [...ARRANGERS, 'teacher'] },
    { code: PLACEMENT_PERMISSIONS.template, name: '编辑文书模板', roles: ['admin', 'internshipOffice'] },
  ],
} as const satisfies MenuDeclaration;
