import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 实习上报 (issue 36): a program's placements for the education authorities, as .xlsx in the template's columns and
 * category codes: the semester plan (实习计划, a row per placement) and the monthly records (月度实习情况, a row per
 * placement under way in the month), each with a sheet of the codes used and a provenance sheet (数据来源说明).
 *
 * We hold no copy of the national platform's template: the columns and codes below are written from what is publicly
 * known of it (and of the provinces' 备案 platforms) and are the defaults only. The office adjusts the codes (编码字典)
 * and keeps a column map per province (省份列映射: which columns, in which order, under which headers) as data in
 * report_setting; what is saved there overrides these defaults.
 */

export const REPORT_KINDS = { plan: '实习计划', monthly: '月度实习情况' } as const;
export type ReportKind = keyof typeof REPORT_KINDS;
export const REPORT_KIND_KEYS = Object.keys(REPORT_KINDS) as ReportKind[];

/**
 * The category dictionaries (编码字典): for each category the entries we derive from our data, each with the
 * template's code and name. The office edits codes and names, never the entries (our side of the mapping).
 */
export const DEFAULT_CODES = {
  internshipType: { name: '实习类型', entries: { cognition: { code: '1', label: '认识实习' }, post: { code: '2', label: '岗位实习' } } },
  organization: { name: '组织形式', entries: { concentrated: { code: '1', label: '集中实习' }, dispersed: { code: '2', label: '分散实习' } } },
  arrangement: { name: '实习方式', entries: { school: { code: '1', label: '学校安排' }, self: { code: '2', label: '自主联系' } } },
  status: { name: '实习状态', entries: { pending: { code: '1', label: '未开始' }, active: { code: '2', label: '实习中' }, ended: { code: '3', label: '已结束' }, terminated: { code: '4', label: '中止' } } },
  majorMatch: { name: '专业对口情况', entries: { yes: { code: '1', label: '对口' }, partly: { code: '2', label: '基本对口' }, no: { code: '3', label: '不对口' } } },
  sex: { name: '性别', entries: { male: { code: '1', label: '男' }, female: { code: '2', label: '女' } } },
  yesNo: { name: '是否', entries: { yes: { code: '1', label: '是' }, no: { code: '0', label: '否' } } },
} as const;

export type CodeDictionary = keyof typeof DEFAULT_CODES;
export const CODE_DICTIONARY_KEYS = Object.keys(DEFAULT_CODES) as CodeDictionary[];
export type CodeEntry<D extends CodeDictionary> = keyof (typeof DEFAULT_CODES)[D]['entries'] & string;
export interface Code {
  code: string;
  label: string;
}
/** The codes in force: every dictionary's every entry. */
export type CodeSettings = { [D in CodeDictionary]: Record<CodeEntry<D>, Code> };

export const codeEntryKeys = <D extends CodeDictionary>(dictionary: D): CodeEntry<D>[] => Object.keys(DEFAULT_CODES[dictionary].entries) as CodeEntry<D>[];

export const defaultCodes = (): CodeSettings =>
  Object.fromEntries(CODE_DICTIONARY_KEYS.map((d) => [d, Object.fromEntries(Object.entries(DEFAULT_CODES[d].entries).map(([k, v]) => [k, { ...(v as Code) }]))])) as CodeSettings;

/** Saved codes over the defaults, entry by entry: a dictionary or entry added to the contract later gets its default. */
export function mergeCodes(saved: unknown): CodeSettings {
  const codes = defaultCodes();
  if (typeof saved !== 'object' || saved === null) return codes;
  for (const dictionary of CODE_DICTIONARY_KEYS) {
    const entries = (saved as Record<string, unknown>)[dictionary];
    if (typeof entries !== 'object' || entries === null) continue;
    const target = codes[dictionary] as Record<string, Code>;
    for (const key of Object.keys(target)) {
      const entry = (entries as Record<string, Partial<Code> | undefined>)[key];
      if (typeof entry?.code === 'string' && entry.code.trim() && typeof entry.label === 'string' && entry.label.trim()) target[key] = { code: entry.code.trim(), label: entry.label.trim() };
    }
  }
  return codes;
}

const BOTH = ['plan', 'monthly'] as const satisfies readonly ReportKind[];
const PLAN = ['plan'] as const satisfies readonly ReportKind[];
const MONTHLY = ['monthly'] as const satisfies readonly ReportKind[];

interface ColumnDeclaration {
  /** The national template's header. */
  header: string;
  /** The exports that have it. */
  kinds: readonly ReportKind[];
  /** A category column: its cells are this dictionary's codes. */
  dictionary?: CodeDictionary;
}

/**
 * Every column an export can have, in the national template's order, with its header there (the default 全国 map).
 * How each is filled, where our data has no field for it (docs/decisions.md, 实习上报):
 * - 实习类型 from the program's type (认识实习, 岗位实习);
 * - 组织形式 集中实习 where at least CONCENTRATED_MIN students of the program are placed at the unit, else 分散实习;
 * - 实习方式 自主联系 for a placement the student moved to by an approved 单位变更 (the student found the unit),
 *   学校安排 for every other (the office placed the student in 实习安排);
 * - 实习状态 in a month: 中止 or 已结束 when the placement ended by the month's last day, else 实习中;
 * - 例外备案: the approved exceptions (已备案) to the 10 %, 20 % and 80 % limits of the student's placement.
 */
export const REPORT_COLUMNS = {
  seq: { header: '序号', kinds: BOTH },
  term: { header: '学年学期', kinds: BOTH },
  reportMonth: { header: '上报月份', kinds: MONTHLY },
  programName: { header: '实习计划名称', kinds: BOTH },
  internshipType: { header: '实习类型', kinds: BOTH, dictionary: 'internshipType' },
  organization: { header: '组织形式', kinds: BOTH, dictionary: 'organization' },
  arrangement: { header: '实习方式', kinds: BOTH, dictionary: 'arrangement' },
  departName: { header: '院系', kinds: BOTH },
  majorCode: { header: '专业代码', kinds: BOTH },
  majorName: { header: '专业名称', kinds: BOTH },
  className: { header: '班级', kinds: BOTH },
  studentNo: { header: '学号', kinds: BOTH },
  studentName: { header: '学生姓名', kinds: BOTH },
  sex: { header: '性别', kinds: BOTH, dictionary: 'sex' },
  unitName: { header: '实习单位名称', kinds: BOTH },
  creditCode: { header: '统一社会信用代码', kinds: BOTH },
  unitRegion: { header: '实习单位所在地区', kinds: BOTH },
  unitIndustry: { header: '实习单位所属行业', kinds: BOTH },
  post: { header: '实习岗位', kinds: BOTH },
  majorMatch: { header: '专业对口情况', kinds: BOTH, dictionary: 'majorMatch' },
  startDate: { header: '实习开始日期', kinds: BOTH },
  endDate: { header: '实习结束日期', kinds: BOTH },
  adviserName: { header: '校内指导教师', kinds: BOTH },
  mentorName: { header: '企业指导教师', kinds: BOTH },
  pay: { header: '实习报酬（元/月）', kinds: BOTH },
  insured: { header: '是否购买实习责任保险', kinds: BOTH, dictionary: 'yesNo' },
  policyNo: { header: '保险单号', kinds: PLAN },
  status: { header: '实习状态', kinds: BOTH, dictionary: 'status' },
  checkinDays: { header: '本月签到天数', kinds: MONTHLY },
  leaveDays: { header: '本月请假天数', kinds: MONTHLY },
  weeklyCount: { header: '本月周记篇数', kinds: MONTHLY },
  monthlyFiled: { header: '是否提交月报', kinds: MONTHLY, dictionary: 'yesNo' },
  visits: { header: '本月走访指导次数', kinds: MONTHLY },
  exception: { header: '例外备案', kinds: BOTH },
} as const satisfies Record<string, ColumnDeclaration>;

export type ReportColumnId = keyof typeof REPORT_COLUMNS;
export const REPORT_COLUMN_IDS = Object.keys(REPORT_COLUMNS) as ReportColumnId[];
export const columnFits = (id: string, kind: ReportKind): id is ReportColumnId =>
  Object.hasOwn(REPORT_COLUMNS, id) && (REPORT_COLUMNS[id as ReportColumnId].kinds as readonly ReportKind[]).includes(kind);
export const columnDictionary = (id: ReportColumnId): CodeDictionary | undefined => (REPORT_COLUMNS[id] as ColumnDeclaration).dictionary;

/** 集中实习: at least this many students of the program at one unit. */
export const CONCENTRATED_MIN = 3;


export interface ReportColumn {
  id: ReportColumnId;
  header: string;
}

/** A province's (or the nation's) columns of each export: which, in which order, under which headers. */
export interface ColumnMap {
  name: string;
  plan: ReportColumn[];
  monthly: ReportColumn[];
}

/** The map that must always be there: the national template. */
export const NATIONAL_MAP = '全国';

const columnsOf = (kind: ReportKind): ReportColumn[] => REPORT_COLUMN_IDS.filter((id) => columnFits(id, kind)).map((id) => ({ id, header: REPORT_COLUMNS[id].header }));
const named = (pairs: readonly (readonly [ReportColumnId, string])[]): ReportColumn[] => pairs.map(([id, header]) => ({ id, header }));

/**
 * The maps until the office saves its own: the national template's, and 广东 as the example of a province's
 * 备案 platform (fewer columns, its own order and headers; written from public descriptions, not from its file).
 */
export const defaultColumnMaps = (): ColumnMap[] => [
  { name: NATIONAL_MAP, plan: columnsOf('plan'), monthly: columnsOf('monthly') },
  {
    name: '广东',
    plan: named([
      ['seq', '序号'],
      ['studentName', '姓名'],
      ['studentNo', '学号'],
      ['majorName', '所学专业'],
      ['internshipType', '实习类型'],
      ['organization', '组织形式'],
      ['unitName', '实习企业名称'],
      ['creditCode', '企业统一社会信用代码'],
      ['unitRegion', '实习地点'],
      ['post', '实习岗位'],
      ['startDate', '实习开始时间'],
      ['endDate', '实习结束时间'],
      ['pay', '实习报酬'],
      ['insured', '是否购买保险'],
      ['policyNo', '保单号'],
      ['exception', '例外备案'],
    ]),
    monthly: named([
      ['seq', '序号'],
      ['reportMonth', '月份'],
      ['studentName', '姓名'],
      ['studentNo', '学号'],
      ['unitName', '实习企业名称'],
      ['creditCode', '企业统一社会信用代码'],
      ['status', '在岗状态'],
      ['checkinDays', '出勤天数'],
      ['leaveDays', '请假天数'],
      ['visits', '指导次数'],
      ['exception', '例外备案'],
    ]),
  },
];

/** Saved maps as they still fit the contract (a column dropped from it since is left out); the defaults when none. */
export function readColumnMaps(saved: unknown): ColumnMap[] {
  if (!Array.isArray(saved) || saved.length === 0) return defaultColumnMaps();
  return (saved as ColumnMap[]).map((map) => ({
    name: map.name,
    plan: map.plan.filter((c) => columnFits(c.id, 'plan')),
    monthly: map.monthly.filter((c) => columnFits(c.id, 'monthly')),
  }));
}

export const REPORT_URL = {
  options: '/internship/reporting/options',
  exportXls: '/internship/reporting/exportXls',
  settings: '/internship/reporting/settings',
  codes: '/internship/reporting/settings/codes',
  columnMaps: '/internship/reporting/settings/columnMaps',
} as const;

export const REPORT_PERMISSIONS = {
  export: 'internship:report:export',
  setting: 'internship:report:setting',
} as const;

/** The setting rows (report_setting.key). */
export const REPORT_SETTING_KEYS = { codes: 'internship-report.codes', columnMaps: 'internship-report.column-maps' } as const;

export const REPORT_MSG = {
  programNotFound: '实习计划不存在或无权查看',
  kind: '请选择上报类型：实习计划或月度实习情况',
  month: '请选择上报月份（格式如2026-03）',
  monthOutside: (from: string, to: string) => `所选月份不在实习计划期间内（${from} 至 ${to}）`,
  unknownMap: (name: string) => `没有名为“${name}”的列映射`,
  codeRequired: (dictionary: string, label: string) => `${dictionary}“${label}”的编码不能为空`,
  codeTooLong: (dictionary: string, label: string) => `${dictionary}“${label}”的编码不能超过20个字符`,
  nameRequired: (dictionary: string, label: string) => `${dictionary}“${label}”的名称不能为空`,
  nameTooLong: (dictionary: string, label: string) => `${dictionary}“${label}”的名称不能超过30个字`,
  codeRepeated: (dictionary: string, codes: readonly string[]) => `${dictionary}的编码重复：${codes.join('、')}`,
  unknownEntries: (keys: readonly string[]) => `不认识的编码项：${keys.join('、')}`,
  codesRequired: '请提交完整的编码字典',
  dictionaryRequired: (dictionary: string) => `缺少${dictionary}的编码`,
  columnId: '列的标识应为不超过40个字符的文字',
  mapNameRequired: '请填写列映射的名称（如省份名）',
  mapNameTooLong: '列映射的名称不能超过20个字',
  mapNameRepeated: (names: readonly string[]) => `列映射名称重复：${names.join('、')}`,
  nationalRequired: `须保留“${NATIONAL_MAP}”列映射`,
  mapsRequired: '至少要有一个列映射',
  tooManyMaps: '列映射不能超过40个',
  noColumns: (kind: string) => `${kind}至少要有一列`,
  tooManyColumns: (kind: string) => `${kind}的列不能超过60列`,
  unknownColumns: (ids: readonly string[]) => `不认识的列：${ids.join('、')}`,
  columnNotForKind: (kind: string, ids: readonly string[]) => `${kind}不能使用的列：${ids.join('、')}`,
  columnRepeated: (kind: string, headers: readonly string[]) => `${kind}的列重复：${headers.join('、')}`,
  headerRequired: '列标题不能为空',
  headerTooLong: '列标题不能超过40个字',
  codesSaved: '编码字典已保存',
  mapsSaved: '列映射已保存',
} as const;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const programId = z.string({ error: REPORT_MSG.programNotFound }).check(z.minLength(1, REPORT_MSG.programNotFound), z.maxLength(64, REPORT_MSG.programNotFound));

export const reportExportSchema = lazySchema(() =>
  z.object({
    programId,
    kind: z.enum(REPORT_KIND_KEYS as [ReportKind, ...ReportKind[]], { error: REPORT_MSG.kind }),
    /** The month of 月度实习情况, YYYY-MM. */
    month: z.optional(z.string({ error: REPORT_MSG.month }).check(z.regex(MONTH_PATTERN, REPORT_MSG.month))),
    /** The column map's name; 全国 when left out. */
    map: z.optional(z.string().check(z.maxLength(20, REPORT_MSG.mapNameTooLong))),
  }),
);
export type ReportExportQuery = z.infer<typeof reportExportSchema>;

const trimmedText = (required: string, max: number, tooLong: string) => z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

const repeated = (values: readonly string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

function dictionarySchema(dictionary: CodeDictionary) {
  const { name, entries } = DEFAULT_CODES[dictionary];
  const shape = Object.fromEntries(
    Object.entries(entries).map(([key, entry]) => [
      key,
      z.object(
        {
          code: trimmedText(REPORT_MSG.codeRequired(name, (entry as Code).label), 20, REPORT_MSG.codeTooLong(name, (entry as Code).label)),
          label: trimmedText(REPORT_MSG.nameRequired(name, (entry as Code).label), 30, REPORT_MSG.nameTooLong(name, (entry as Code).label)),
        },
        { error: REPORT_MSG.codeRequired(name, (entry as Code).label) },
      ),
    ]),
  );
  const codesOf = (value: unknown) => Object.values(value as Record<string, Code>).map((e) => e.code);
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? REPORT_MSG.unknownEntries(issue.keys) : REPORT_MSG.dictionaryRequired(name)) }).check(
    z.refine((value) => repeated(codesOf(value)).length === 0, { error: (issue) => REPORT_MSG.codeRepeated(name, repeated(codesOf(issue.input))) }),
  );
}

/** 编码字典 as the office saves it: every dictionary's every entry, codes non-empty and distinct within a dictionary. */
export const codeSettingsSchema = lazySchema(() =>
  z.object({
    codes: z.strictObject(Object.fromEntries(CODE_DICTIONARY_KEYS.map((d) => [d, dictionarySchema(d)])), {
      error: (issue) => (issue.code === 'unrecognized_keys' ? REPORT_MSG.unknownEntries(issue.keys) : REPORT_MSG.codesRequired),
    }) as unknown as z.ZodMiniType<CodeSettings>,
  }),
);

function columnListSchema(kind: ReportKind) {
  const label = REPORT_KINDS[kind];
  const idsOf = (value: unknown) => (value as { id: string }[]).map((c) => c.id);
  const unknown = (value: unknown) => idsOf(value).filter((id) => !Object.hasOwn(REPORT_COLUMNS, id));
  const misplaced = (value: unknown) => idsOf(value).filter((id) => Object.hasOwn(REPORT_COLUMNS, id) && !columnFits(id, kind));
  const repeatedHeaders = (value: unknown) => repeated(idsOf(value)).map((id) => REPORT_COLUMNS[id as ReportColumnId]?.header ?? id);
  return z
    .array(z.object({ id: z.string({ error: REPORT_MSG.columnId }).check(z.maxLength(40, REPORT_MSG.columnId)), header: trimmedText(REPORT_MSG.headerRequired, 40, REPORT_MSG.headerTooLong) }, { error: REPORT_MSG.columnId }), {
      error: REPORT_MSG.noColumns(label),
    })
    .check(
      z.minLength(1, REPORT_MSG.noColumns(label)),
      z.maxLength(60, REPORT_MSG.tooManyColumns(label)),
      z.refine((value) => unknown(value).length === 0, { error: (issue) => REPORT_MSG.unknownColumns(unknown(issue.input)), abort: true }),
      z.refine((value) => misplaced(value).length === 0, { error: (issue) => REPORT_MSG.columnNotForKind(label, misplaced(issue.input)), abort: true }),
      z.refine((value) => repeated(idsOf(value)).length === 0, { error: (issue) => REPORT_MSG.columnRepeated(label, repeatedHeaders(issue.input)) }),
    ) as unknown as z.ZodMiniType<ReportColumn[]>;
}

/** 省份列映射 as the office saves them: the national map kept, names distinct, only known columns, each once. */
export const columnMapsSchema = lazySchema(() => {
  const namesOf = (value: unknown) => (value as { name: string }[]).map((m) => m.name);
  return z.object({
    maps: z
      .array(z.object({ name: trimmedText(REPORT_MSG.mapNameRequired, 20, REPORT_MSG.mapNameTooLong), plan: columnListSchema('plan'), monthly: columnListSchema('monthly') }, { error: REPORT_MSG.mapsRequired }), {
        error: REPORT_MSG.mapsRequired,
      })
      .check(
        z.minLength(1, REPORT_MSG.mapsRequired),
        z.maxLength(40, REPORT_MSG.tooManyMaps),
        z.refine((value) => repeated(namesOf(value)).length === 0, { error: (issue) => REPORT_MSG.mapNameRepeated(repeated(namesOf(issue.input))) }),
        z.refine((value) => namesOf(value).includes(NATIONAL_MAP), { error: REPORT_MSG.nationalRequired }),
      ),
  });
});

/** Who last saved a setting; null while it is the default. */
export interface SettingSaved {
  updatedAt: string;
  updatedByName: string | null;
}

export interface ReportSettings {
  codes: CodeSettings;
  columnMaps: ColumnMap[];
  saved: { codes: SettingSaved | null; columnMaps: SettingSaved | null };
}

export interface ReportProgram {
  value: string;
  label: string;
  startDate: string;
  endDate: string;
}

/** What the export screen offers: the programs in reach (the running and latest first) and the maps' names. */
export interface ReportOptions {
  programs: ReportProgram[];
  maps: string[];
}

/** The months (YYYY-MM) of a program up to the current one, latest first. */
export function reportMonths(startDate: string, endDate: string, today: string): string[] {
  const last = (endDate < today ? endDate : today).slice(0, 7);
  const months: string[] = [];
  for (let month = startDate.slice(0, 7); month <= last; ) {
    months.unshift(month);
    const [y, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
}

/** 2026-03 → 2026年3月. */
export const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** The workbook's sheets besides the data: the codes used, and where the data came from. */
export const CODE_SHEET = '代码说明';
export const PROVENANCE_SHEET = '数据来源说明';

export const REPORT_PAGE = {
  id: 'menu-internship-reporting',
  parent: 'menu-internship',
  name: '实习上报',
  path: '/internship/reporting',
  component: 'internship/Reporting',
  icon: 'cloud-upload',
  order: 16,
  roles: ['admin', 'internshipOffice', 'departAdmin'],
  rules: [
    { code: REPORT_PERMISSIONS.export, name: '导出实习上报' },
    { code: REPORT_PERMISSIONS.setting, name: '设置实习上报编码与列映射', roles: ['admin', 'internshipOffice'] },
  ],
} as const satisfies MenuDeclaration;
