import * as z from 'zod/mini';
import { isIsoDate, schoolToday } from './internship.ts';
import { MSG } from './messages.ts';
import { optionalText, personName, refTo, requiredText, withId, type FieldOption, type ResourceDescription } from './resource.ts';
import { PASSWORD_PATTERN, PROFILE_PHONE_PATTERN } from './patterns.ts';
import { resourceMenu, resourceRules, type MenuDeclaration } from './menu-declaration.ts';
import { PROGRAM_RESOURCE } from './internship-program.ts';

/**
 * 实习单位 (ti04, DOMAIN.md "Internship"): the unit with its 统一社会信用代码, industry and headcount, its posts
 * (岗位: headcount and probation wage, which the 2021 rules' 20 % and 80 % limits count against) and its
 * contact people, who become enterprise-mentor accounts on request. Only the office approves a unit.
 */

// 统一社会信用代码 (GB 32100-2015): 17 body characters and a check character, from 31 characters (no I, O, Z, S, V).
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character of 17 body characters: weights 3^i mod 31, check = 31 − (sum mod 31), 31 read as 0. */
export function creditCodeCheckChar(body: string): string {
  let sum = 0;
  let weight = 1;
  for (const char of body) {
    sum += CREDIT_CODE_CHARS.indexOf(char) * weight;
    weight = (weight * 3) % 31;
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31]!;
}

export const CREDIT_CODE_MSG = {
  required: '请输入统一社会信用代码',
  shape: '统一社会信用代码应为18位，由数字和大写字母组成（不含I、O、Z、S、V）',
  check: '统一社会信用代码校验位不符，请逐位核对',
  taken: '该统一社会信用代码已登记，单位已存在',
} as const;

/** Why a code is not a 统一社会信用代码, or null when it is one. */
export function creditCodeProblem(code: string): string | null {
  if (!CREDIT_CODE_SHAPE.test(code)) return CREDIT_CODE_MSG.shape;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : CREDIT_CODE_MSG.check;
}

export const UNIT_PERMISSIONS = {
  list: 'internship:unit:list',
  add: 'internship:unit:add',
  edit: 'internship:unit:edit',
  remove: 'internship:unit:delete',
  import: 'internship:unit:import',
  export: 'internship:unit:export',
  /** Approve, refuse and disable: 实习办 and the administrator. */
  review: 'internship:unit:review',
} as const;

export type UnitStatus = 'pending' | 'active' | 'disabled';
export const UNIT_STATUSES: readonly (FieldOption & { value: UnitStatus })[] = [
  { value: 'pending', label: '待审核', tone: 'warning' },
  { value: 'active', label: '合作中', tone: 'success' },
  { value: 'disabled', label: '停用', tone: 'default' },
];
export const unitStatusLabel = (status: unknown) => UNIT_STATUSES.find((s) => s.value === status)?.label ?? String(status ?? '');

/**
 * What a unit of a forbidden industry is refused with (the rule quoted by ruleMessage around it): the review
 * modal shows it before 通过 is pressed, the server answers it. `doing`: 不能审核通过, or the edit refused.
 */
export const forbiddenIndustryProblem = (unitName: string, industryLabel: string, doing: string) =>
  `“${unitName}”的行业为“${industryLabel}”，属于禁止安排学生实习的单位类型，${doing}`;
export const FORBIDDEN_INDUSTRY_DICT = 'internship_forbidden_industry';
export const INDUSTRY_DICT = 'internship_industry';

/** The posts are part of the unit's staff: together they cannot outnumber it. */
export const UNIT_RULE_MSG = {
  postsAboveStaff: (posts: number, staff: number) => `各岗位在岗人数之和（${posts}）不能超过单位职工总数（${staff}）`,
  staffBelowPosts: (staff: number, posts: number) => `单位职工总数（${staff}）不能少于各岗位在岗人数之和（${posts}）`,
} as const;

const requiredInt = (label: string, min: number, max: number) =>
  z.number({ error: `请输入${label}` }).check(z.int(`${label}必须是整数`), z.minimum(min, `${label}不能小于${min}`), z.maximum(max, `${label}不能大于${max}`));
const optionalInt = (label: string, min: number, max: number) =>
  z.optional(z.nullable(z.number({ error: `${label}必须是数字` }).check(z.int(`${label}必须是整数`), z.minimum(min, `${label}不能小于${min}`), z.maximum(max, `${label}不能大于${max}`))));
const phoneText = z.optional(z.nullable(z.string().check(z.maxLength(20, '联系电话不能超过20个字符'), z.regex(/^[0-9+\-() ]*$/, '联系电话只能包含数字、空格和 + - ( )'))));

/** A code as pasted from a licence or a chat (spaces, lower case) as it is stored: without white space, upper case. */
export const normalCreditCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export const creditCodeField = z.string({ error: CREDIT_CODE_MSG.required }).check(
  z.overwrite(normalCreditCode),
  z.refine((v) => v.length > 0, { error: CREDIT_CODE_MSG.required, abort: true }),
  z.refine((v) => creditCodeProblem(v) !== CREDIT_CODE_MSG.shape, { error: CREDIT_CODE_MSG.shape, abort: true }),
  z.refine((v) => creditCodeProblem(v) === null, { error: CREDIT_CODE_MSG.check }),
);

export const UNIT_SITE_VISIT_MSG = { date: '实地考察日期应为不晚于今天的日期', reportMissing: '所选考察报告文件不存在，请重新上传', noReport: '该单位未上传考察报告' } as const;

/** The site assessment's report (考察报告, PDF or image): uploaded before the unit's save names it, then read by id. */
export const UNIT_SITE_REPORT = { owner: 'unit-site-report', upload: '/internshipunit/ti04/siteReport/upload', file: '/internshipunit/ti04/siteReport' } as const;
export const unitFileQuery = z.object({ id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')) });

/** GET: the year's published list of the school's units (Art. 7): every unit 合作中 with its site assessment, as a PDF. */
export const UNIT_PUBLISHED_URL = '/internshipunit/ti04/publishedList';

export const unitSchema = z.object({
  name: requiredText('请输入单位名称', 100),
  creditCode: creditCodeField,
  industry: z.string({ error: '请选择所属行业' }).check(z.minLength(1, '请选择所属行业')),
  region: z.optional(z.nullable(z.string())),
  address: optionalText(200),
  contact: optionalText(32),
  phone: phoneText,
  /** 职工总数: the 10 % limit of students in 岗位实习 counts against it. */
  employeeCount: requiredInt('职工总数', 1, 10_000_000),
  capacity: optionalInt('可接收人数', 0, 100_000),
  /** 实地考察 (Art. 7: the school assesses a unit before it takes students): when, and by whom. */
  siteVisitDate: z.optional(z.nullable(z.string().check(z.refine((v) => v === '' || (isIsoDate(v) && v <= schoolToday()), { error: UNIT_SITE_VISIT_MSG.date })))),
  siteVisitBy: optionalText(32),
  siteReportAttachmentId: z.optional(z.nullable(z.string())),
});
export type UnitInput = z.infer<typeof unitSchema>;

export const UNIT_RESOURCE: ResourceDescription = {
  key: 'internshipUnit',
  title: '实习单位',
  api: { base: '/internshipunit/ti04', list: '/internshipunit/ti04/apiList' },
  permissions: { list: UNIT_PERMISSIONS.list, add: UNIT_PERMISSIONS.add, edit: UNIT_PERMISSIONS.edit, remove: UNIT_PERMISSIONS.remove, import: UNIT_PERMISSIONS.import, export: UNIT_PERMISSIONS.export },
  fields: [
    { name: 'name', label: '单位名称', kind: 'text', list: { width: 220, sortable: true }, search: true, excel: true },
    {
      name: 'creditCode',
      label: '统一社会信用代码',
      kind: 'text',
      list: { width: 190, priority: 3 },
      search: 'prefix',
      excel: true,
      unique: { table: 'internship_unit', field: 'credit_code', message: CREDIT_CODE_MSG.taken },
      placeholder: '18位，如 91441900MA51XC8T24',
    },
    { name: 'industry', label: '所属行业', kind: 'dict', dictCode: 'internship_industry', list: { width: 170, priority: 2 }, search: true, excel: true },
    { name: 'region', label: '所在地区', kind: 'dict', dictCode: 'internship_region', list: { width: 100 }, search: true, excel: true },
    { name: 'address', label: '地址', kind: 'text', excel: true },
    { name: 'contact', label: '联系人', kind: 'text', list: { width: 90 }, excel: true },
    { name: 'phone', label: '联系电话', kind: 'text', list: { width: 130 }, excel: true },
    { name: 'employeeCount', label: '职工总数', kind: 'number', list: { width: 100, sortable: true, priority: 2 }, excel: true, placeholder: '在岗职工总人数（岗位实习学生不超过其10%）' },
    { name: 'capacity', label: '可接收人数', kind: 'number', list: { width: 100 }, excel: true },
    { name: 'siteVisitDate', label: '实地考察日期', kind: 'date', list: { width: 110, sortable: true }, excel: true, placeholder: '学校实地考察该单位的日期' },
    { name: 'siteVisitBy', label: '考察人', kind: 'text', excel: true, placeholder: '实地考察的教师' },
    { name: 'siteReportAttachmentId', label: '考察报告', kind: 'text' },
    { name: 'status', label: '状态', kind: 'select', options: UNIT_STATUSES, list: { width: 90 }, search: true, form: false },
    { name: 'reviewComment', label: '审核意见', kind: 'textarea', form: false },
    // 实习基地评价 (RATING_RESOURCE below): the mean of the ratings' four marks, and how many.
    { name: 'ratingAverage', label: '基地评价', kind: 'number', list: { width: 90 }, form: false },
    { name: 'ratingCount', label: '评价次数', kind: 'number', list: { width: 90 }, form: false },
  ],
  createSchema: unitSchema,
  editSchema: withId(unitSchema),
  titleField: 'name',
  subtitleFields: ['status', 'industry', 'region'],
  defaultSort: { field: 'name', order: 'asc' },
};

/** POST …/review: approve (待审核 or 停用 → 合作中) or disable (→ 停用, a refusal: the reason is required). */
export const UNIT_REVIEW_ACTIONS = ['approve', 'disable'] as const;
export type UnitReviewAction = (typeof UNIT_REVIEW_ACTIONS)[number];
export const UNIT_REVIEW_MSG = {
  commentRequired: '请填写不通过或停用的原因',
  alreadyActive: '该单位已是合作中',
  alreadyDisabled: '该单位已停用',
  approved: '审核通过，单位状态为合作中',
  disabled: '单位已停用',
} as const;
export const unitReviewSchema = z
  .object({
    id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')),
    action: z.enum(UNIT_REVIEW_ACTIONS, { error: '请选择审核结果' }),
    comment: optionalText(500),
  })
  .check(
    z.refine((v) => v.action === 'approve' || Boolean(v.comment?.trim()), { error: UNIT_REVIEW_MSG.commentRequired, path: ['comment'] }),
  );
export type UnitReviewInput = z.infer<typeof unitReviewSchema>;
export const unitReviewUrl = `${UNIT_RESOURCE.api.base}/review`;

/** The rows of one unit's posts and contacts: its id is fixed by the page and sent with every save. */
const unitIdField = z.string({ error: '请选择实习单位' }).check(z.minLength(1, '请选择实习单位'));
const UNIT_REF = refTo(UNIT_RESOURCE, 'creditCode');

// 岗位
export const postSchema = z.object({
  unitId: unitIdField,
  name: requiredText('请输入岗位名称', 50),
  /** 在岗人数: the 20 % limit of students on one post counts against it. */
  headcount: requiredInt('在岗人数', 1, 1_000_000),
  /** 岗位试用期工资, 元/月: the agreed pay must be at least 80 % of it. */
  probationWage: z.number({ error: '请输入试用期工资' }).check(
    z.minimum(0, '试用期工资不能小于0'),
    z.maximum(1_000_000, '试用期工资不能大于1000000'),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: '试用期工资最多两位小数' }),
  ),
});
export const POST_RESOURCE: ResourceDescription = {
  key: 'internshipUnitPost',
  title: '岗位',
  api: { base: '/internshipunit/ti04/post' },
  permissions: { list: UNIT_PERMISSIONS.list, add: UNIT_PERMISSIONS.edit, edit: UNIT_PERMISSIONS.edit, remove: UNIT_PERMISSIONS.edit },
  fields: [
    { name: 'unitId', label: '实习单位', kind: 'ref', ref: UNIT_REF, search: true, form: false, readOnlyOnEdit: true },
    { name: 'name', label: '岗位名称', kind: 'text', list: true },
    { name: 'headcount', label: '在岗人数', kind: 'number', list: { width: 100 } },
    { name: 'probationWage', label: '试用期工资（元/月）', kind: 'number', list: { width: 150 } },
  ],
  createSchema: postSchema,
  editSchema: withId(postSchema),
  titleField: 'name',
  subtitleFields: ['headcount', 'probationWage'],
  defaultSort: { field: 'name', order: 'asc' },
};

// 联系人
export const contactSchema = z.object({
  unitId: unitIdField,
  name: personName('请输入姓名', 32),
  phone: z.optional(z.nullable(z.string().check(z.refine((v) => v === '' || PROFILE_PHONE_PATTERN.test(v), { error: MSG.profilePhoneFormat })))),
  title: optionalText(50),
});
export const CONTACT_RESOURCE: ResourceDescription = {
  key: 'internshipUnitContact',
  title: '联系人',
  api: { base: '/internshipunit/ti04/contact' },
  permissions: { list: UNIT_PERMISSIONS.list, add: UNIT_PERMISSIONS.edit, edit: UNIT_PERMISSIONS.edit, remove: UNIT_PERMISSIONS.edit },
  fields: [
    { name: 'unitId', label: '实习单位', kind: 'ref', ref: UNIT_REF, search: true, form: false, readOnlyOnEdit: true },
    { name: 'name', label: '姓名', kind: 'text', list: { width: 100 } },
    { name: 'phone', label: '手机号码', kind: 'text', list: { width: 130 }, placeholder: '生成导师账号时作为登录账号' },
    { name: 'title', label: '职务', kind: 'text', list: true },
    { name: 'username', label: '导师账号', kind: 'text', list: { width: 120 }, form: false },
  ],
  createSchema: contactSchema,
  editSchema: withId(contactSchema),
  titleField: 'name',
  subtitleFields: ['phone', 'title', 'username'],
  defaultSort: { field: 'name', order: 'asc' },
};

/** POST …/contact/account: the contact's enterprise-mentor account, username = their phone, with an initial password. */
export const MENTOR_ACCOUNT_MSG = {
  noPhone: '该联系人没有手机号码，不能生成导师账号（账号即手机号码）',
  taken: (phone: string) => `手机号码 ${phone} 已被其他账号使用，不能生成导师账号`,
  exists: '该联系人已有导师账号',
  created: (phone: string) => `导师账号已生成：${phone}，首次登录须修改初始密码`,
} as const;
export const mentorAccountSchema = z.object({
  id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')),
  password: z.string({ error: '请输入初始密码' }).check(z.regex(PASSWORD_PATTERN, MSG.passwordStrength)),
});
export type MentorAccountInput = z.infer<typeof mentorAccountSchema>;
export const mentorAccountUrl = `${CONTACT_RESOURCE.api.base}/account`;

/** Who changes the school's list of units: the office and the administrator (a department proposes new ones). */
const UNIT_KEEPERS = ['admin', 'internshipOffice'] as const;

const UNIT_PAGE = {
  id: 'menu-internship-unit',
  parent: 'menu-internship',
  name: '实习单位',
  path: '/internship/unit',
  component: 'internship/UnitList',
  icon: 'bank',
  order: 10,
  roles: ['admin', 'internshipOffice', 'departAdmin'],
  rules: [
    ...resourceRules(UNIT_PERMISSIONS, '实习单位', { edit: UNIT_KEEPERS, remove: UNIT_KEEPERS, import: UNIT_KEEPERS }),
    { code: UNIT_PERMISSIONS.review, name: '审核实习单位', roles: UNIT_KEEPERS },
  ],
} as const satisfies MenuDeclaration;

/** 实习基地评价: the office and the advisers rate a unit once per season (实习计划), 1–5 on four counts, with a comment. */
const MARKS = { safety: '安全', fit: '岗位对口', guidance: '指导', pay: '待遇' } as const;
const mark = (label: string) => z.number({ error: `请给${label}打分` }).check(z.int(`${label}须为1到5分`), z.minimum(1, `${label}须为1到5分`), z.maximum(5, `${label}须为1到5分`));
const ratingSchema = z.object({
  unitId: z.string({ error: '请选择实习单位' }).check(z.minLength(1, '请选择实习单位')),
  programId: z.string({ error: '请选择实习计划' }).check(z.minLength(1, '请选择实习计划')),
  ...(Object.fromEntries(Object.entries(MARKS).map(([name, label]) => [name, mark(label)])) as Record<keyof typeof MARKS, ReturnType<typeof mark>>),
  comment: optionalText(500),
});

export const RATING_RESOURCE: ResourceDescription = {
  key: 'unitRating',
  title: '实习基地评价',
  api: { base: '/internshipunit/rating' },
  permissions: { list: 'internship:rating:list', add: 'internship:rating:add', edit: 'internship:rating:edit', remove: 'internship:rating:delete', export: 'internship:rating:export' },
  fields: [
    { name: 'unitId', label: '实习单位', kind: 'ref', ref: refTo(UNIT_RESOURCE, 'creditCode'), list: { width: 200 }, search: true, excel: true, readOnlyOnEdit: true },
    { name: 'programId', label: '实习计划', kind: 'ref', ref: refTo(PROGRAM_RESOURCE), list: { width: 170 }, search: true, excel: true, readOnlyOnEdit: true },
    ...Object.entries(MARKS).map(([name, label]) => ({ name, label, kind: 'number', list: { width: 90, sortable: true }, excel: true }) as const),
    { name: 'comment', label: '评语', kind: 'textarea', list: { width: 220 }, excel: true },
    { name: 'raterName', label: '评价人', kind: 'text', list: { width: 90, priority: 2 }, form: false },
  ],
  createSchema: ratingSchema,
  editSchema: withId(ratingSchema),
  titleField: 'unitId',
  subtitleFields: ['programId', 'raterName'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  shownIn: [UNIT_RESOURCE.key],
};

export const RATING_MSG = { once: '您已评价过该单位本实习计划的实习，请修改原评价', own: '只能修改或删除自己的评价' } as const;

const RATING_PAGE = resourceMenu('internship-unit', RATING_RESOURCE, {
  id: 'menu-internship-rating',
  parent: 'menu-internship',
  path: '/internship/rating',
  icon: 'star',
  order: 16,
  roles: ['admin', 'internshipOffice', 'relationAdviser'],
  ruleRoles: { export: ['admin', 'internshipOffice'] },
});

/** The units' pages, in contract/menus.ts. */
export const UNIT_PAGES = [UNIT_PAGE, RATING_PAGE] as const;
