import * as z from 'zod/mini';
import type { DeviceTimeFlag } from './device-time.ts';
import {
  addDays,
  countWeeklyChars,
  isIsoDate,
  isMonday,
  isUuid,
  mondayOf,
  schoolToday,
  WEEKLY_MAX_ATTACHMENTS,
  type AttachmentMeta,
  type EnrolmentStatus,
  type ProgramType,
  type ReviewLogEntry,
  type ScorePrecision,
  type WeeklyStatus,
} from './internship.ts';

/**
 * The record kinds a student files on an internship (DOMAIN.md "Process records"), each declared once:
 * its period, its fields with their labels and rules, its minimum length, its attachments and its
 * lifecycle. The declaration drives the server's routes and checks, the outbox's replay, the phone's list
 * and editor and the reviewer's screens; nothing about a kind is written anywhere else.
 */

// ---- the declaration ---------------------------------------------------------------------------

/**
 * How a kind's records fall in time: one per calendar week or month of the placement, or one per
 * placement (the period is the placement itself).
 */
export type RecordPeriod = 'week' | 'month' | 'once';

/** What a placement's program requires, as the kinds' minimums read it. */
export interface RecordRequirements {
  minWeeklyLength: number;
  minReportLength: number;
}

/** A field of a kind's editor: where its value is stored, its label and its limits. */
export interface RecordField {
  name: 'title' | 'content';
  label: string;
  kind: 'text' | 'textarea';
  max: number;
  placeholder: string;
}

export interface RecordKindDeclaration {
  kind: RecordKindCode;
  /** 周记: in menus, messages and titles. */
  label: string;
  /** Its routes: GET {base}/mine, {base}/review, {base}/{id}; PUT {base}/{id}; POST {base}/{id}/attachments, /review, /review/correct. */
  base: string;
  period: RecordPeriod;
  /** The title a new record starts with (第3周周记). */
  defaultTitle: (slot: RecordSlot) => string;
  fields: readonly RecordField[];
  /** The content's minimum (characters, white space not counted) when submitted. */
  minLength: (program: RecordRequirements) => number;
  maxAttachments: number;
  /**
   * Whether a slot may be written on a day: a period that has begun, a once-per-placement record
   * from a given time of the placement. Null when it may, else why not.
   */
  openOn: (slot: RecordSlot, placement: { startDate: string; endDate: string }, today: string) => string | null;
  /** The student's page (menu path and component) and the reviewer's list title. */
  pages: { mine: { path: string; title: string; component: string }; reviewTitle: string };
}

export const RECORD_KIND_CODES = ['plan', 'weekly', 'monthly', 'report'] as const;
export type RecordKindCode = (typeof RECORD_KIND_CODES)[number];
export const isRecordKind = (value: unknown): value is RecordKindCode => RECORD_KIND_CODES.includes(value as RecordKindCode);

/** A period of a placement that a record of a kind belongs to (a week, a month, or the whole placement). */
export interface RecordSlot {
  /** The period's first day (a Monday, the 1st, or the placement's start); the record's periodStart. */
  periodStart: string;
  periodEnd: string;
  /** 第N周 / 第N月 of the placement, from 1; 1 for a once-per-placement record. */
  periodNo: number;
}

const TITLE_MAX = 100;
const CONTENT_MAX = 20_000;
const titleField = (placeholder: string): RecordField => ({ name: 'title', label: '标题', kind: 'text', max: TITLE_MAX, placeholder });
const contentField = (label: string, placeholder: string): RecordField => ({ name: 'content', label, kind: 'textarea', max: CONTENT_MAX, placeholder });

/** How many days before the placement's end the final report may be written. */
export const REPORT_OPEN_DAYS = 30;

const begun = (label: string) => (slot: RecordSlot, _placement: unknown, today: string) => (slot.periodStart > today ? recordMessages(label).inFuture : null);

export const RECORD_KINDS: Readonly<Record<RecordKindCode, RecordKindDeclaration>> = {
  plan: {
    kind: 'plan',
    label: '实习计划书',
    base: '/internship/plan',
    period: 'once',
    defaultTitle: () => '个人实习计划',
    fields: [titleField('请填写计划标题'), contentField('计划内容', '实习目标、岗位任务、时间安排与预期收获')],
    minLength: (program) => program.minWeeklyLength,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: () => null,
    pages: { mine: { path: '/internship/plan', title: '实习计划书', component: 'internship/MyPlan' }, reviewTitle: '实习计划书批阅' },
  },
  weekly: {
    kind: 'weekly',
    label: '周记',
    base: '/internship/weekly',
    period: 'week',
    defaultTitle: (slot) => `第${slot.periodNo}周周记`,
    fields: [titleField('请填写周记标题'), contentField('本周内容', '本周的工作内容、收获与体会')],
    minLength: (program) => program.minWeeklyLength,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: begun('周记'),
    pages: { mine: { path: '/internship/weekly', title: '我的周记', component: 'internship/MyWeekly' }, reviewTitle: '周记批阅' },
  },
  monthly: {
    kind: 'monthly',
    label: '月报',
    base: '/internship/monthly',
    period: 'month',
    defaultTitle: (slot) => `${Number(slot.periodStart.slice(0, 4))}年${Number(slot.periodStart.slice(5, 7))}月月报`,
    fields: [titleField('请填写月报标题'), contentField('本月总结', '本月的工作内容、成长与不足、下月打算')],
    minLength: (program) => program.minWeeklyLength,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: begun('月报'),
    pages: { mine: { path: '/internship/monthly', title: '我的月报', component: 'internship/MyMonthly' }, reviewTitle: '月报批阅' },
  },
  report: {
    kind: 'report',
    label: '实习报告',
    base: '/internship/report',
    period: 'once',
    defaultTitle: () => '实习报告',
    fields: [titleField('请填写报告标题'), contentField('报告正文', '实习单位与岗位、主要工作、收获与体会、意见与建议')],
    minLength: (program) => program.minReportLength,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: (_slot, placement, today) => (today < addDays(placement.endDate, -REPORT_OPEN_DAYS) ? `实习报告可在实习结束前${REPORT_OPEN_DAYS}天内提交（${addDays(placement.endDate, -REPORT_OPEN_DAYS)}起）` : null),
    pages: { mine: { path: '/internship/report', title: '实习报告', component: 'internship/MyReport' }, reviewTitle: '实习报告批阅' },
  },
};

export const recordKinds = (): RecordKindDeclaration[] => RECORD_KIND_CODES.map((code) => RECORD_KINDS[code]);

// ---- periods -----------------------------------------------------------------------------------

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
const nextMonth = (first: string) => {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * The slots of a placement for a kind, newest first: its weeks or months from the start to the period of
 * min(today, end), or its one slot (shown from the start, whether or not it is open yet).
 */
export function recordSlots(period: RecordPeriod, startDate: string, endDate: string, today: string = schoolToday()): RecordSlot[] {
  if (period === 'once') return [{ periodStart: startDate, periodEnd: endDate, periodNo: 1 }];
  const lastDay = endDate < today ? endDate : today;
  if (lastDay < startDate) return [];
  const slots: RecordSlot[] = [];
  if (period === 'week') {
    const first = mondayOf(startDate);
    for (let monday = first, n = 1; monday <= lastDay && n < 1000; monday = addDays(monday, 7), n++) slots.push({ periodStart: monday, periodEnd: addDays(monday, 6), periodNo: n });
  } else {
    for (let first = firstOfMonth(startDate), n = 1; first <= lastDay && n < 1000; first = nextMonth(first), n++) slots.push({ periodStart: first, periodEnd: addDays(nextMonth(first), -1), periodNo: n });
  }
  return slots.reverse();
}

/** Whether a date starts a period of the kind (a Monday, a 1st, or the placement's start). */
export function startsPeriod(period: RecordPeriod, date: string, placementStart: string): boolean {
  if (!isIsoDate(date)) return false;
  if (period === 'week') return isMonday(date);
  if (period === 'month') return date.endsWith('-01');
  return date === placementStart;
}

/** The slot a period start falls on, within the placement (null: outside it). */
export function slotOf(period: RecordPeriod, periodStart: string, startDate: string, endDate: string): RecordSlot | null {
  return recordSlots(period, startDate, endDate, endDate).find((s) => s.periodStart === periodStart) ?? null;
}

/** A slot's name in lists and titles: 第3周（11-09 ~ 11-15）, 2026年11月, or the kind's own label. */
export function slotLabel(declaration: RecordKindDeclaration, slot: RecordSlot): string {
  if (declaration.period === 'week') return `第${slot.periodNo}周（${slot.periodStart.slice(5)} ~ ${slot.periodEnd.slice(5)}）`;
  if (declaration.period === 'month') return `${Number(slot.periodStart.slice(0, 4))}年${Number(slot.periodStart.slice(5, 7))}月`;
  return declaration.label;
}

export const countRecordChars = countWeeklyChars;

// ---- messages ----------------------------------------------------------------------------------

/** How a kind's periods are named in its messages: 本周, 本月, or the placement's once. */
const PERIOD_WORDS: Record<RecordPeriod, { format: string; start: string; outside: string; taken: (label: string) => string }> = {
  week: { format: '周次日期格式有误', start: '周次应从星期一开始', outside: '该周不在实习期内', taken: (label) => `本周${label}已存在` },
  month: { format: '月份日期格式有误', start: '月份应从1日开始', outside: '该月不在实习期内', taken: (label) => `本月${label}已存在` },
  once: { format: '日期格式有误', start: '日期应为实习开始日期', outside: '不在实习期内', taken: (label) => `本次实习的${label}已存在` },
};

/** A kind's messages, in its own words (周记内容不能少于200字, 本周周记已存在). */
export function recordMessages(label: string, period: RecordPeriod = 'once') {
  const words = PERIOD_WORDS[period];
  return {
    contentTooShort: (min: number) => `${label}内容不能少于${min}字`,
    contentRequired: `请填写${label}内容`,
    contentTooLong: `${label}内容不能超过${CONTENT_MAX}字`,
    titleRequired: `请填写${label}标题`,
    titleTooLong: `${label}标题不能超过${TITLE_MAX}字`,
    periodFormat: words.format,
    periodStart: words.start,
    periodOutside: words.outside,
    periodTaken: words.taken(label),
    inFuture: `不能填写未来的${label}`,
    reviewedLocked: `已批阅的${label}不能修改`,
    placementClosed: `实习未开始或已终止，不能填写${label}`,
    tooManyAttachments: (max: number) => `每份${label}最多${max}个附件`,
    idFormat: `${label}编号格式有误`,
    idTaken: '记录编号已被使用',
    notFound: `${label}不存在或无权查看`,
    saved: (submit: boolean) => (submit ? `${label}已提交` : '草稿已保存'),
    reviewed: `${label}已批阅`,
    moved: `不能更改${label}所属的实习或时段`,
    reviewNotSubmitted: `只能批阅已提交的${label}`,
    correctionNotReviewed: `只能更正已批阅的${label}`,
    changedMeanwhile: `该${label}刚被修改过，请刷新后再更正`,
  } as const;
}

/** The messages of a declared kind. */
export const messagesOf = (declaration: RecordKindDeclaration) => recordMessages(declaration.label, declaration.period);

// ---- requests ----------------------------------------------------------------------------------

const uuid = (message: string) => z.string({ error: message }).check(z.refine(isUuid, message));

/**
 * PUT {base}/{id}: create or update by the client's UUID. The minimum length and the period's place in
 * the placement depend on the program and the placement, so the server checks them after this schema.
 */
export function recordWriteSchema(declaration: RecordKindDeclaration) {
  const msg = messagesOf(declaration);
  return z.object({
    enrolmentId: z.string({ error: '请选择实习' }).check(z.minLength(1, '请选择实习'), z.maxLength(64, '请选择实习')),
    periodStart: z.string({ error: msg.periodFormat }).check(z.refine(isIsoDate, msg.periodFormat)),
    title: z.string({ error: msg.titleRequired }).check(z.trim(), z.minLength(1, msg.titleRequired), z.maxLength(TITLE_MAX, msg.titleTooLong)),
    content: z.string({ error: msg.contentRequired }).check(z.maxLength(CONTENT_MAX, msg.contentTooLong)),
    /** true: submit for review; false: keep as a draft on the server. */
    submit: z.boolean(),
    /** Files already uploaded for this record; ones left out are removed. */
    attachmentIds: z._default(
      z.array(uuid('附件编号格式有误')).check(z.maxLength(declaration.maxAttachments, msg.tooManyAttachments(declaration.maxAttachments))),
      [],
    ),
  });
}
export type RecordWriteInput = z.input<ReturnType<typeof recordWriteSchema>>;

export const recordIdParams = (declaration: RecordKindDeclaration) => z.object({ id: uuid(messagesOf(declaration).idFormat) });

// ---- answers -----------------------------------------------------------------------------------

/** A slot of a placement in the student's list, with its record if one exists (no content). */
export interface MySlot extends RecordSlot {
  /** Null when it may be written today, else why not (a report before its time). */
  closedReason: string | null;
  record: RecordBrief | null;
}

export type RecordStatus = WeeklyStatus;

export interface RecordBrief {
  id: string;
  title: string;
  status: RecordStatus;
  score: number | null;
  adviserComment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  updatedAt: string;
  attachmentCount: number;
}

/** GET {base}/mine: one per placement of the student, newest first, with the kind's slots. */
export interface MyPlacementRecords {
  id: string;
  programId: string;
  programName: string;
  programType: ProgramType;
  term: string | null;
  unitName: string;
  post: string | null;
  adviserName: string | null;
  mentorName: string | null;
  startDate: string;
  endDate: string;
  status: EnrolmentStatus;
  /** The content's minimum for this kind in this program. */
  minLength: number;
  /** Newest first. */
  slots: MySlot[];
}

/** A record as its student and its readers see it (GET and PUT {base}/{id}). */
export interface RecordDetail {
  id: string;
  kind: RecordKindCode;
  enrolmentId: string;
  periodStart: string;
  periodEnd: string;
  /** 第3周（11-09 ~ 11-15）, 2026年11月, or the kind's label. */
  periodLabel: string;
  title: string;
  content: string;
  status: RecordStatus;
  adviserComment: string | null;
  score: number | null;
  /** When the student submitted, by the device (corrected to the server's clock). */
  submittedAt: string | null;
  /** When the server received it. */
  receivedAt: string | null;
  submitTimeFlag: DeviceTimeFlag | null;
  reviewedAt: string | null;
  reviewerId: string | null;
  reviewerName: string | null;
  createdAt: string;
  updatedAt: string;
  studentName: string;
  programName: string;
  /** The program's minimum for this kind (characters without white space) for submitting. */
  minLength: number;
  /** Decimal places the program allows in scores. */
  scorePrecision: ScorePrecision;
  attachments: AttachmentMeta[];
  /** Reviews and corrections, oldest first. */
  reviewHistory: ReviewLogEntry[];
}

/** One row of GET {base}/review. */
export interface RecordReviewRow {
  id: string;
  kind: RecordKindCode;
  enrolmentId: string;
  studentName: string;
  studentNo: string | null;
  /** The student's department (院系). */
  departName: string | null;
  programName: string;
  periodStart: string;
  periodEnd: string;
  periodLabel: string;
  title: string;
  status: RecordStatus;
  score: number | null;
  submittedAt: string | null;
  receivedAt: string | null;
  submitTimeFlag: DeviceTimeFlag | null;
  reviewedAt: string | null;
}

/** The start of a period on the school's clock (China has no daylight saving): the earliest a submission may claim. */
export const periodBegins = (periodStart: string) => new Date(`${periodStart}T00:00:00+08:00`);

/** Today's date on the school's clock, for the checks both sides make. */
export const recordToday = schoolToday;
