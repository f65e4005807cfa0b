import * as z from 'zod/mini';
import type { RelationAccess } from './relations.ts';
import type { FieldOption, RefTarget, ResourceDescription } from './resource.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 实习预警 and 实习统计 (issue 12). A scheduled job raises warnings, once per kind, placement and period;
 * each goes to the placement's adviser as a bell message, and the office, the department and the adviser
 * work through them in the warnings list. The statistics count placements, 周记 and open warnings of a program.
 */

export const WARNING_PERMISSIONS = {
  list: 'internship:warning:list',
  handle: 'internship:warning:handle',
  export: 'internship:warning:export',
  /** 立即检查: runs the warnings job now (the office). */
  check: 'internship:warning:check',
} as const;
export const STATS_PERMISSION = 'internship:stats:view';

/** Who reads a placement's warnings and statistics, and who marks them handled, by relation (contract/relations.ts). */
export const WARNING_ACCESS: RelationAccess = { read: ['adviser', 'headTeacher', 'department', 'office', 'admin'], review: ['adviser', 'headTeacher', 'department', 'office', 'admin'] };

/**
 * no_weekly 周记未交: no 周记 submitted for last week by a student 实习中. review_overdue 批阅超期: a submitted
 * 周记 waiting for review longer than REVIEW_OVERDUE_DAYS. no_unit 未落实单位: no unit after the program began.
 * no_report 缺实习报告: a placement ending without its report (not raised yet).
 * few_contacts 联系不足: in a month's last week, an adviser in touch with a student fewer times this month than the
 * program asks (走访, 联系记录, days of 互动 replies: server/modules/internship/contacts.ts); few_head_contacts
 * 班主任联系不足: the same of the student's 班主任 (走访, 联系记录), told to the 班主任.
 */
export const WARNING_KINDS = ['no_weekly', 'review_overdue', 'no_unit', 'no_report', 'few_contacts', 'few_head_contacts'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];
export const WARNING_KIND_LABELS: Record<WarningKind, string> = {
  no_weekly: '周记未交',
  review_overdue: '批阅超期',
  no_unit: '未落实单位',
  no_report: '缺实习报告',
  few_contacts: '联系不足',
  few_head_contacts: '班主任联系不足',
};
/** The kinds the daily job raises (缺实习报告 is not raised yet), in the order its summary names them. */
export const RAISED_KINDS = ['no_weekly', 'review_overdue', 'no_unit', 'few_contacts', 'few_head_contacts'] as const satisfies readonly WarningKind[];
export const WARNING_STATUSES = ['open', 'handled'] as const;
export type WarningStatus = (typeof WARNING_STATUSES)[number];
export const WARNING_STATUS_LABELS: Record<WarningStatus, string> = { open: '待处理', handled: '已处理' };

export const REVIEW_OVERDUE_DAYS = 7;
/** 联系不足 is raised in the last days of a month, while there is still time to call. */
export const CONTACT_WARNING_DAYS = 7;
export const WARNING_NOTE_MAX = 500;

export const WARNING_MSG = {
  notFound: '预警不存在或无权查看',
  alreadyHandled: '该预警已处理',
  noteRequired: '请填写处理说明',
  noteTooLong: `处理说明不能超过${WARNING_NOTE_MAX}字`,
  programRequired: '请选择实习计划',
} as const;

const options = <K extends string>(labels: Record<K, string>, tones?: Record<K, FieldOption['tone']>): FieldOption[] =>
  Object.entries<string>(labels).map(([value, label]) => ({ value, label, tone: tones?.[value as K] }));

/** The filters' pickers: the classes, departments, advisers and programs of the placements in the caller's reach. */
export const WARNING_OPTION_LISTS = {
  depart: '/internship/warning/options/depart',
  class: '/internship/warning/options/class',
  adviser: '/internship/warning/options/adviser',
  program: '/internship/warning/options/program',
} as const;
const optionTarget = (key: keyof typeof WARNING_OPTION_LISTS, title: string): RefTarget => ({
  key: `internship-warning-${key}`,
  title,
  list: WARNING_OPTION_LISTS[key],
  labelField: 'name',
  searchField: 'name',
});

/** POST /internship/warning/check: the daily job's run now, in the whole school or one program. */
export const WARNING_CHECK_URL = '/internship/warning/check';
export const warningCheckSchema = z.object({ programId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))) });
export type WarningCheckInput = z.infer<typeof warningCheckSchema>;
/** What a check raised (each finding is raised once, so a second check raises nothing new); the envelope's message says it in words. */
export interface WarningCheckResult {
  byKind: Record<WarningKind, number>;
  total: number;
  advisersNotified: number;
  /** 新增预警 12 条（周记未交 …），已通知 3 位教师. */
  summary: string;
}

/** What the handle call takes. */
export const warningHandleSchema = z.object({
  id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')),
  note: z.string({ error: WARNING_MSG.noteRequired }).check(
    z.refine((v) => v.trim().length > 0, { error: WARNING_MSG.noteRequired, abort: true }),
    z.maxLength(WARNING_NOTE_MAX, WARNING_MSG.noteTooLong),
  ),
});
export type WarningHandleInput = z.infer<typeof warningHandleSchema>;

/**
 * The warnings list: read-only rows (the job writes them) with a 处理 action. Filterable by kind, status,
 * program, department, class and adviser; the student's name is the phone's search.
 */
export const WARNING_RESOURCE: ResourceDescription = {
  key: 'internship-warning',
  title: '实习预警',
  api: { base: '/internship/warning' },
  permissions: { list: WARNING_PERMISSIONS.list, export: WARNING_PERMISSIONS.export },
  fields: [
    { name: 'studentName', label: '学生', kind: 'text', list: { width: 90 }, search: true, excel: true },
    { name: 'studentNo', label: '学号', kind: 'text', list: { width: 120 }, excel: true },
    { name: 'kind', label: '预警类型', kind: 'select', options: options(WARNING_KIND_LABELS), list: { width: 100 }, search: true, excel: true },
    { name: 'message', label: '预警内容', kind: 'textarea', list: { width: 360 }, excel: true },
    { name: 'status', label: '状态', kind: 'select', options: options(WARNING_STATUS_LABELS, { open: 'warning', handled: 'success' }), list: { width: 80 }, search: true, excel: true },
    { name: 'programId', label: '实习计划', kind: 'ref', ref: optionTarget('program', '实习计划'), search: true, excel: true },
    { name: 'departId', label: '院系', kind: 'ref', ref: optionTarget('depart', '院系'), search: true, excel: true },
    { name: 'classId', label: '班级', kind: 'ref', ref: optionTarget('class', '班级'), list: { width: 160 }, search: true, excel: true },
    { name: 'adviserUserId', label: '指导教师', kind: 'ref', ref: optionTarget('adviser', '指导教师'), list: { width: 100 }, search: true, excel: true },
    { name: 'createdAt', label: '预警时间', kind: 'datetime', list: { width: 170, sortable: true }, excel: true },
    { name: 'handledNote', label: '处理说明', kind: 'textarea', excel: true },
    { name: 'handledByName', label: '处理人', kind: 'text', excel: true },
    { name: 'handledAt', label: '处理时间', kind: 'datetime', excel: true },
  ],
  // Nothing is added or edited through the description: the job adds, the 处理 action changes.
  createSchema: z.object({}),
  editSchema: z.object({}),
  titleField: 'studentName',
  subtitleFields: ['kind', 'status', 'message'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export type WarningRow = {
  id: string;
  kind: WarningKind;
  period: string;
  message: string;
  status: WarningStatus;
  enrolmentId: string;
  studentName: string | null;
  studentNo: string | null;
  programId: string;
  programId_dictText: string | null;
  departId: string | null;
  departId_dictText: string | null;
  classId: string | null;
  classId_dictText: string | null;
  adviserUserId: string | null;
  adviserUserId_dictText: string | null;
  createdAt: string;
  handledNote: string | null;
  handledByName: string | null;
  handledAt: string | null;
};

// ---- statistics -------------------------------------------------------------------------------

export const statsQuerySchema = z.object({ programId: z.string({ error: WARNING_MSG.programRequired }).check(z.minLength(1, WARNING_MSG.programRequired)) });

export interface StatsProgram {
  id: string;
  name: string;
  type: string;
  status: string;
  startDate: string;
  endDate: string;
}

/** Placements of a group: all, with a unit, without one (not terminated), 实习中, 已结束. */
export interface PlacementCounts {
  total: number;
  placed: number;
  unplaced: number;
  active: number;
  ended: number;
}
export interface DepartPlacementCounts extends PlacementCounts {
  departId: string | null;
  departName: string | null;
}
export interface ClassPlacementCounts extends DepartPlacementCounts {
  classId: string | null;
  className: string | null;
  /** Open warnings of the class's placements. */
  openWarnings: number;
}
export interface PlacementStats {
  program: StatsProgram;
  total: PlacementCounts;
  byDepart: DepartPlacementCounts[];
  byClass: ClassPlacementCounts[];
}

/**
 * One week of a program: placements expected to write (实习中 or 已结束, their dates covering the week),
 * 周记 submitted for it (not drafts), and of those reviewed (批阅 or 退回). Rates in percent, null when nothing to divide.
 */
export interface WeeklyStatsWeek {
  weekStart: string;
  weekEnd: string;
  weekNo: number;
  expected: number;
  submitted: number;
  reviewed: number;
  submitRate: number | null;
  reviewRate: number | null;
}
export interface WeeklyStats {
  weeks: WeeklyStatsWeek[];
}

export interface WarningKindCount {
  kind: WarningKind;
  open: number;
}
export interface WarningStats {
  byKind: WarningKindCount[];
  open: number;
}

/**
 * One adviser's students of a program (实习中 or 已结束) and how they kept up with them: this month's students in touch
 * with as often as the program asks (覆盖率, of those 实习中), and their 周记 reviewed (批阅率, of those submitted) and
 * reviewed within REVIEW_OVERDUE_DAYS of arriving (及时率, of those reviewed).
 */
export interface AdviserStatsRow {
  adviserUserId: string;
  adviserName: string;
  departName: string | null;
  students: number;
  active: number;
  contacted: number;
  coverage: number | null;
  submitted: number;
  reviewed: number;
  reviewRate: number | null;
  timely: number;
  timelyRate: number | null;
}
export interface AdviserStats {
  /** The month counted (12月) and the program's minimum of contacts a month. */
  month: string;
  required: number;
  advisers: AdviserStatsRow[];
}
/** The columns of 按指导教师统计, in the table and its export alike. */
export const ADVISER_STATS_COLUMNS = [
  { key: 'departName', label: '院系' },
  { key: 'adviserName', label: '指导教师' },
  { key: 'students', label: '学生数' },
  { key: 'contacted', label: '本月联系达标' },
  { key: 'coverage', label: '覆盖率(%)' },
  { key: 'submitted', label: '已交周记' },
  { key: 'reviewed', label: '已批阅' },
  { key: 'reviewRate', label: '批阅率(%)' },
  { key: 'timely', label: '按时批阅' },
  { key: 'timelyRate', label: '及时率(%)' },
] as const satisfies readonly { key: keyof AdviserStatsRow; label: string }[];

/** A rate in percent with one decimal; null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export const WARNING_PAGE = {
  id: 'menu-internship-warning',
  parent: 'menu-internship',
  name: '实习预警',
  path: '/internship/warning',
  component: 'internship/WarningList',
  icon: 'alert',
  order: 14,
  roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher'],
  rules: [
    { code: WARNING_PERMISSIONS.list, name: '查看实习预警' },
    { code: WARNING_PERMISSIONS.handle, name: '处理实习预警' },
    { code: WARNING_PERMISSIONS.export, name: '导出实习预警', roles: ['admin', 'internshipOffice', 'departAdmin'] },
    { code: WARNING_PERMISSIONS.check, name: '立即检查实习预警', roles: ['admin', 'internshipOffice'] },
  ],
} as const satisfies MenuDeclaration;

export const STATS_PAGE = {
  id: 'menu-internship-stats',
  parent: 'menu-internship',
  name: '实习统计',
  path: '/internship/stats',
  component: 'internship/Stats',
  icon: 'bar-chart',
  order: 15,
  roles: ['admin', 'internshipOffice', 'departAdmin'],
  rules: [
    { code: STATS_PERMISSION, name: '查看实习统计' },
  ],
} as const satisfies MenuDeclaration;
