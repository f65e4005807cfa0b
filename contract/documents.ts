import * as z from 'zod/mini';

/**
 * Documents the school prints and hands on (issue 36): PDFs made on the server, each carrying the school's name, the
 * time it was made and a short verification code. Anyone holding the paper can ask, without logging in, whether
 * the code was issued and for what kind of document; the answer never shows the document's content.
 */

export const DOCUMENT_KINDS = {
  appraisal: '实习鉴定表',
  gradeRegister: '成绩登记表',
  agreement: '三方协议',
  consent: '知情同意书',
  unitList: '实习单位名单',
  archiveIndex: '学生档案目录',
  archiveRecords: '实习过程记录',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Ten letters and digits without the ones read alike (0/O, 1/I/L), printed as two groups of five: K7QW2-M9XTD. */
export const VERIFY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VERIFY_CODE_LENGTH = 10;
export const formatVerifyCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
/** What a person types: any case, with or without the dash and spaces. */
export const normaliseVerifyCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

export const DOCUMENT_URL = {
  verify: (code: string) => `/documents/verify/${encodeURIComponent(code)}`,
} as const;

export const DOCUMENT_MSG = {
  codeShape: `核验码应为${VERIFY_CODE_LENGTH}位字母或数字`,
  unknown: '未找到该核验码：该文件不是本系统生成的，或核验码有误',
  noFont: '服务器缺少中文字体（fonts-noto-cjk），无法生成PDF，请联系管理员',
} as const;

export const verifyParams = z.object({
  code: z.string({ error: DOCUMENT_MSG.codeShape }).check(
    z.overwrite(normaliseVerifyCode),
    z.length(VERIFY_CODE_LENGTH, DOCUMENT_MSG.codeShape),
    z.refine((v) => [...v].every((c) => VERIFY_ALPHABET.includes(c)), DOCUMENT_MSG.codeShape),
  ),
});

/** GET /documents/verify/{code}: what the code was issued for, without the document's content. */
export interface DocumentVerification {
  code: string;
  kind: DocumentKind;
  kindName: string;
  /** The school that issued it. */
  school: string;
  issuedAt: string;
  /** The pages it had and how many students it covered, to compare with the paper. */
  pages: number;
  subjects: number;
}

/** 成绩登记表 as a PDF to print, or as the same table in .xlsx. */
export const REGISTER_FORMATS = ['pdf', 'xlsx'] as const;
export type RegisterFormat = (typeof REGISTER_FORMATS)[number];
export const registerFormat = z._default(z.enum(REGISTER_FORMATS, { error: '格式应为pdf或xlsx' }), 'pdf');

/** What a 成绩登记表 counts: each grade (the five bands of a percent score, or the five levels), each mark, the blanks. */
export interface GradeCount {
  label: string;
  n: number;
}

// ---- the school's templates: 三方协议 and 知情同意书, filled from a placement -----------------------------------

export const TEMPLATE_KINDS = ['agreement', 'consent'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** What a template may name, each filled from the placement (blank where the placement has none yet). */
export const TEMPLATE_PLACEHOLDERS = [
  '学校名称',
  '学生姓名',
  '学号',
  '班级',
  '专业',
  '院系',
  '实习计划',
  '实习单位',
  '统一社会信用代码',
  '单位地址',
  '单位联系人',
  '单位电话',
  '岗位',
  '工作地点',
  '起止日期',
  '开始日期',
  '结束日期',
  '实习报酬',
  '保险单号',
  '指导教师',
  '企业导师',
  '今天',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export const TEMPLATE_URL = {
  one: (kind: TemplateKind) => `/documents/template/${kind}`,
  /** GET ?id={placement}&kind=agreement|consent: the template filled from the placement, as a PDF. */
  print: '/internship/placement/document',
} as const;

export const TEMPLATE_MSG = {
  titleRequired: '请填写标题',
  titleTooLong: '标题不能超过50字',
  bodyRequired: '请填写正文',
  bodyTooLong: '正文不能超过20000字',
  unknownPlaceholder: (names: readonly string[]) => `不认识的占位符：${names.map((n) => `{${n}}`).join('、')}；可用的占位符见右侧列表`,
  saved: '模板已保存',
  adult: '该学生在实习开始时已满18周岁，无需监护人知情同意书',
  kind: '文书类型应为三方协议或知情同意书',
} as const;

/** The names in braces a text uses ({学生姓名}), each once, in order. */
export const placeholdersIn = (text: string): string[] => [...new Set([...text.matchAll(/\{([^{}\s]{1,20})\}/g)].map((m) => m[1]!))];

export const templateSchema = z.object({
  title: z.string({ error: TEMPLATE_MSG.titleRequired }).check(z.trim(), z.minLength(1, TEMPLATE_MSG.titleRequired), z.maxLength(50, TEMPLATE_MSG.titleTooLong)),
  body: z.string({ error: TEMPLATE_MSG.bodyRequired }).check(
    z.trim(),
    z.minLength(1, TEMPLATE_MSG.bodyRequired),
    z.maxLength(20_000, TEMPLATE_MSG.bodyTooLong),
    z.refine((v) => placeholdersIn(v).every((n) => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(n)), {
      error: (issue) => TEMPLATE_MSG.unknownPlaceholder(placeholdersIn(String(issue.input)).filter((n) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(n))),
    }),
  ),
});
export type TemplateInput = z.infer<typeof templateSchema>;
export const templateKindParams = z.object({ kind: z.enum(TEMPLATE_KINDS, { error: TEMPLATE_MSG.kind }) });

export interface DocumentTemplate extends TemplateInput {
  kind: TemplateKind;
  /** Never edited: the school's default text. */
  updatedAt: string | null;
  updatedByName: string | null;
}

/** The template's text with each placeholder replaced (a blank becomes a line to fill by hand). */
export const fillTemplate = (text: string, values: Partial<Record<TemplatePlaceholder, string | null>>): string =>
  text.replace(/\{([^{}\s]{1,20})\}/g, (whole, name: string) => ((TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as TemplatePlaceholder] || '________' : whole));

/** The texts a school starts from (the 2021 rules' points an agreement must cover), edited in 实习安排 › 文书模板. */
export const DEFAULT_TEMPLATES: Record<TemplateKind, TemplateInput> = {
  agreement: {
    title: '学生岗位实习三方协议',
    body: [
      '甲方（学校）：{学校名称}',
      '乙方（实习单位）：{实习单位}（统一社会信用代码：{统一社会信用代码}），地址：{单位地址}，联系人：{单位联系人}，电话：{单位电话}',
      '丙方（学生）：{学生姓名}，学号：{学号}，{院系}{专业}{班级}',
      '根据《职业学校学生实习管理规定》，三方就丙方参加“{实习计划}”达成如下协议：',
      '一、实习岗位与期限。丙方在乙方{岗位}岗位实习，工作地点为{工作地点}，实习期限为{起止日期}。',
      '二、实习报酬。乙方按月向丙方支付实习报酬{实习报酬}元，以货币形式直接支付给丙方，不得由中介机构或他人代领。',
      '三、工作时间与休息。乙方不得安排丙方加班和夜班，不得在法定节假日安排实习；每天工作时间不超过8小时，每周不超过40小时。',
      '四、安全与保险。乙方对丙方进行岗前安全教育和培训；甲方已为丙方投保实习责任保险，保险单号：{保险单号}。',
      '五、指导与管理。甲方指派指导教师{指导教师}，乙方指派企业导师{企业导师}，共同对丙方进行指导和考核。',
      '六、收费禁止。甲乙双方不得向丙方收取任何形式的押金、保证金、管理费或其他费用，不得扣押丙方的证件。',
      '七、本协议一式三份，三方各执一份，自三方签字盖章之日起生效。',
    ].join('\n'),
  },
  consent: {
    title: '未成年学生参加实习监护人知情同意书',
    body: [
      '{学校名称}：',
      '本人是学生{学生姓名}（学号：{学号}，{班级}）的监护人。本人已知悉该生将于{起止日期}参加“{实习计划}”，在{实习单位}{岗位}岗位实习，工作地点为{工作地点}。',
      '本人已了解实习的内容、时间、地点、报酬（每月{实习报酬}元）、安全保障和保险（保险单号：{保险单号}）等情况，同意该生参加本次实习，并将配合学校和实习单位做好该生的安全教育与管理。',
      '日期：{今天}',
    ].join('\n'),
  },
};

/** A file the office uploaded for a form (三方协议, a unit's site report, an exception's file) before the form names it. */
export interface OfficeFileMeta {
  id: string;
  fileName: string;
}
