import * as z from 'zod/mini';
import type { DeviceTimeFlag } from './device-time.ts';
import { distanceText } from './geo.ts';
import {
  addDays,
  countWeeklyChars,
  isIsoDate,
  isMonday,
  isUuid,
  mondayOf,
  schoolClock,
  schoolHour,
  schoolToday,
  WEEKLY_MAX_ATTACHMENTS,
  type AttachmentMeta,
  type EnrolmentStatus,
  type ProgramType,
  type ReviewLogEntry,
  type ScorePrecision,
} from './internship.ts';
import { isNightHour, NIGHT_HOURS, ruleMessage } from './internship-rules.ts';
import { ADVISER_OR_SCHOOL, ALL_RELATED, type Relation, type RelationAccess } from './relations.ts';
import type { InstanceStatus, ProcessKey } from './workflow.ts';
import { RECORD_PERMISSIONS } from './internship.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * The record kinds a student files on an internship (DOMAIN.md "Process records"), each declared once:
 * its period, its fields with their labels and rules, its minimum length, its attachments and its
 * lifecycle. The declaration drives the server's routes and checks, the outbox's replay, the phone's list
 * and editor and the reviewer's screens; nothing about a kind is written anywhere else.
 */

// ---- the declaration ---------------------------------------------------------------------------

/**
 * How a kind's records fall in time: one per calendar week or month of the placement, one per placement
 * (the period is the placement itself), or any number, each on its own dates (a leave, a company change).
 */
export type RecordPeriod = 'day' | 'week' | 'month' | 'once' | 'free';
/** The periods a record names when it is written (a day, a week, a month); the others take theirs from the placement or their values. */
export const namesPeriod = (period: RecordPeriod): period is 'day' | 'week' | 'month' => period === 'day' || period === 'week' || period === 'month';

/**
 * Reviewed by the adviser (通过 with a score, or 退回), approved through a workflow process, or simply kept
 * once sent (a check-in: 已签到).
 */
export type RecordLifecycle = { type: 'review' } | { type: 'approval'; process: ProcessKey } | { type: 'log' };

/** What a program requires, as the kinds' minimums read it. */
export interface RecordRequirements {
  minWeeklyLength: number;
  minMonthlyLength: number;
  minDailyLength: number;
  minReportLength: number;
  minWeeklyCount: number;
  minMonthlyCount: number;
  minDailyCount: number;
  /** The program asks for 日报. */
  dailyLog: boolean;
  /** 签到方式: one check-in a day, or 上班 and 下班. */
  checkinMode: string;
  /** A check-in carries a photo taken then (sealed by the server). */
  checkinPhoto: boolean;
}

/**
 * A field of a kind's editor: its label, how it is entered and its limits. title and content are the
 * record's own columns, startsAt and endsAt its time range; any other field is kept in its data.
 */
export interface RecordField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'select' | 'datetime' | 'date' | 'unit';
  placeholder?: string;
  max?: number;
  options?: readonly { value: string; label: string }[];
  /** May be left blank (a proposed unit's name when one from the list is chosen). */
  optional?: boolean;
  /** Kept with the record but not shown in the editor (the device a check-in came from). */
  hidden?: boolean;
}

/** A record's field values as the editor and the request hold them: text, or ISO date and time. */
export type RecordValues = Record<string, string | null | undefined>;

export interface RecordKindDeclaration {
  kind: RecordKindCode;
  /** 周记: in menus, messages and titles. */
  label: string;
  /** How its records are counted (3篇周记, 2项请假, 5次签到). */
  unit: string;
  /** Its routes: GET {base}/mine, {base}/{id}; PUT {base}/{id}; POST {base}/{id}/attachments; a reviewed kind also {base}/review, /{id}/review, /{id}/review/correct. */
  base: string;
  period: RecordPeriod;
  lifecycle: RecordLifecycle;
  /**
   * Who reads the kind's records (the student their drafts too, anyone else only what was filed) and who
   * reviews them (a reviewed kind's 通过 / 退回, the day's list of a logged one), by relation to the placement
   * (contract/relations.ts). An approval's deciders are its process's steps.
   */
  access: RelationAccess;
  /** The title a new record starts with (第3周周记), for the kinds with a title field. */
  defaultTitle: (slot: RecordSlot) => string;
  /**
   * The title of a kind without a title field, from its values and the names of the rows they point at
   * (事假 11-20 08:00 ~ 11-21 18:00; 单位变更：某某公司（12-08起）).
   */
  titleOf?: (values: RecordValues, labels?: Record<string, string>) => string;
  /** The date a free record is filed under (a leave's first day, a change's date). */
  periodOf?: (values: RecordValues) => string;
  fields: readonly RecordField[];
  /** A rule between fields, reported at one of them; null when the values hold together. */
  refine?: (values: RecordValues) => { field: string; message: string } | null;
  /** The content's minimum (characters, white space not counted) when submitted. */
  minLength: (program: RecordRequirements) => number;
  /** How many a placement must submit, shown to the student as progress (已交 7 / 应交 12); 0: no minimum. */
  requiredCount?: (program: RecordRequirements) => number;
  /** Whether the program asks for the kind at all (日报 is optional); a program that does not refuses its records. */
  offeredBy?: (program: RecordRequirements) => boolean;
  maxAttachments: number;
  /**
   * The files a submitted record must carry, each by its name (a company change's 新三方协议): the editor shows
   * them as a required field under their names, and the server refuses a submission without them.
   */
  requiredAttachments?: readonly { name: string; hint: string }[];
  /** One student's records of the kind may not overlap in time (startsAt to endsAt); the message names the other. */
  noOverlap?: { message: (other: { title: string }) => string };
  /**
   * What the student does once it is approved and its time has begun (销假: back from leave), confirmed first
   * and timed by the server; before its start they may withdraw it instead (撤回), which frees the time.
   */
  afterApproval?: { action: 'back'; label: string; done: string; confirm: string; notBegun: string; begun: string };
  /** How long its time range lasts, as its detail and its approvers read it (共1天9小时). */
  durationOf?: (values: RecordValues) => string | null;
  /** One record a day (a check-in): another on the same date is refused. */
  oncePerDate?: boolean;
  /**
   * The field that splits a once-a-day kind's day (上班 and 下班 each once), and its value as the program has it: a
   * program of one check-in a day keeps none, one of two names each (an entry queued without one is the day's first).
   */
  dayPart?: { field: string; valueFor: (value: string | null | undefined, program: RecordRequirements) => string | null };
  /**
   * Whether a slot may be written on a day: a period that has begun, a once-per-placement record
   * from a given time of the placement. Null when it may, else why not.
   */
  openOn: (slot: RecordSlot, placement: { startDate: string; endDate: string }, today: string) => string | null;
  /**
   * The student's page (its menu entry under 实习管理, the students' own: recordKindMenus) and, for a reviewed
   * kind, the reviewer's list title.
   */
  pages: { mine: Pick<MenuDeclaration, 'id' | 'path' | 'component' | 'icon' | 'order' | 'rules'> & { title: string }; reviewTitle: string };
  /** What a record of a free kind is called in a message (12-03 ~ 12-04); a periodic one by its period. */
  subjectOf?: (values: RecordValues) => string;
  /**
   * Its text is compared when submitted with those of its kind filed before in the program, another student's or
   * the student's own (contract/similarity.ts): much of it found in one is flagged to the reviewer, never refused.
   */
  compared?: boolean;
}

/** The events of a record that someone else should know of. */
export const RECORD_EVENTS = ['submitted', 'reviewed', 'returned', 'corrected'] as const;
export type RecordEvent = (typeof RECORD_EVENTS)[number];

/** What a message about one record's event is made of. */
export interface RecordEventFacts {
  studentName: string;
  /** 第6周周记, 2026年11月月报, 实习报告. */
  subject: string;
  /** 第6周（11-09 ~ 11-15）: the slot's label. */
  periodLabel: string;
  title: string;
  /** Who acted (the reviewer); null for the student's own submission. */
  actorName: string | null;
  score: number | null;
  comment: string | null;
  /** A correction's score before, and why. */
  previousScore?: number | null;
  reason?: string | null;
}

/**
 * One event's message: to whom (relations to the placement: self is the student, others open the
 * reviewer's list), its title and text (who and what), and, where many arrive at once for one person,
 * the digest they are merged into (李明等3人提交了周记).
 */
export interface RecordNotice {
  to: readonly Relation[];
  title: (facts: RecordEventFacts) => string;
  text: (facts: RecordEventFacts) => string;
  digest?: (many: readonly RecordEventFacts[]) => string;
}
export type RecordNotices = Partial<Record<RecordEvent, RecordNotice>>;

export const RECORD_KIND_CODES = ['plan', 'daily', 'weekly', 'monthly', 'report', 'leave', 'change', 'checkin', 'makeup'] as const;
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
const contentField = (label: string, placeholder: string, max = CONTENT_MAX): RecordField => ({ name: 'content', label, kind: 'textarea', max, placeholder });
const reviewed: RecordLifecycle = { type: 'review' };
/** The student's work at the placement: everyone related reads it, the mentor too. */
const WORK_ACCESS: RelationAccess = { read: ALL_RELATED, review: ADVISER_OR_SCHOOL };
/** The student's own affairs with the school (leave, a change of unit): not the unit's mentor. */
const PERSONAL_ACCESS: RelationAccess = { read: ALL_RELATED.filter((r) => r !== 'mentor'), review: ADVISER_OR_SCHOOL };

/** A message's title keeps a long comment short. */
const brief = (text: string | null, max = 30) => (!text ? '' : text.length > max ? `${text.slice(0, max)}…` : text);
const distinct = (names: readonly string[]) => [...new Set(names)];

/**
 * Who is told of each of a record's events, by relation to the placement, and what the bell message says,
 * from the kind's lifecycle and access: a reviewed kind's submission goes to those of its reviewers who hold
 * the relation on the placement itself (the adviser; not the whole school), the review to the student. A kind
 * with a process is told through its process's steps (contract/workflow.ts), a logged one tells nobody.
 */
export function noticesOf(declaration: RecordKindDeclaration): RecordNotices {
  if (declaration.lifecycle.type !== 'review') return {};
  const { label } = declaration;
  const reviewTitle = declaration.pages.reviewTitle;
  return {
    submitted: {
      to: declaration.access.review.filter((r) => r !== 'self' && r !== 'office' && r !== 'admin' && r !== 'department'),
      title: (f) => `${f.studentName} 提交了${f.subject}`,
      text: (f) => `${f.studentName}提交了${f.subject}“${f.title}”，请到“${reviewTitle}”批阅。`,
      digest: (many) => {
        const names = distinct(many.map((f) => f.studentName));
        return names.length === 1 ? `${names[0]} 提交了${many.length}篇${label}` : `${names[0]}等${names.length}人提交了${label}`;
      },
    },
    reviewed: {
      to: ['self'],
      title: (f) => `你的${f.subject}已批阅：${f.score ?? '—'}分`,
      text: (f) => `${f.actorName ?? '老师'}批阅了你的${f.subject}“${f.title}”：${f.score ?? '—'}分。${f.comment ? `批阅意见：${f.comment}` : ''}`,
      digest: (many) => `你的${many.length}篇${label}已批阅`,
    },
    returned: {
      to: ['self'],
      title: (f) => `你的${f.subject}已退回：${brief(f.comment)}`,
      text: (f) => `${f.actorName ?? '老师'}退回了你的${f.subject}“${f.title}”，意见：${f.comment ?? ''}。请修改后重新提交。`,
      digest: (many) => `你的${many.length}篇${label}已退回`,
    },
    corrected: {
      to: ['self'],
      title: () => `${label}批阅已更正`,
      text: (f) => `你的${label}（${f.periodLabel === label ? f.title : f.periodLabel}）的批阅已由${f.actorName ?? '老师'}更正：分数 ${f.previousScore ?? '—'} → ${f.score ?? '—'}。更正原因：${f.reason ?? ''}`,
    },
  };
}

/** The page a message about a record opens for someone of the relation: the student's own, or the reviewer's list. */
export const recordPageFor = (declaration: RecordKindDeclaration, relation: Relation) =>
  relation === 'self' ? declaration.pages.mine.path : `${RECORD_REVIEW_MENU.path}?kind=${declaration.kind}`;

/** What a record is called in a message: 第6周周记, 2026年11月月报, 实习报告, or a free kind's own (12-03 ~ 12-04). */
export function recordSubject(declaration: RecordKindDeclaration, slot: RecordSlot, values: RecordValues): string {
  if (declaration.period === 'week') return `第${slot.periodNo}周${declaration.label}`;
  if (declaration.period === 'month') return `${Number(slot.periodStart.slice(0, 4))}年${Number(slot.periodStart.slice(5, 7))}月${declaration.label}`;
  if (declaration.period === 'free') return declaration.subjectOf?.(values) ?? declaration.label;
  return declaration.label;
}

export const LEAVE_TYPES = [
  { value: 'personal', label: '事假' },
  { value: 'sick', label: '病假' },
  { value: 'other', label: '其他' },
] as const;
export const leaveTypeLabel = (value: string | null | undefined) => LEAVE_TYPES.find((t) => t.value === value)?.label ?? '请假';

/** A moment as the school's clock shows it: 11-20 08:00 (with the year, 2026-11-20 08:00). */
export function schoolTime(iso: string | null | undefined, withYear = false): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '—';
  const clock = schoolClock(new Date(iso));
  return `${clock.slice(withYear ? 0 : 5, 10)} ${clock.slice(11, 16)}`;
}
/** The school's date of a moment (YYYY-MM-DD). */
export const schoolDateOf = (iso: string) => schoolToday(new Date(iso));
/** A moment's day on the school's clock as a message shows it (12-03). */
const schoolDay = (iso: string | null | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? schoolDateOf(iso).slice(5) : '—');

/** 签到方式 of a program: one check-in a day, or 上班 and 下班 each. */
export const CHECKIN_MODES = [
  { value: 'single', label: '每天签到一次' },
  { value: 'pair', label: '上班、下班各签到一次' },
] as const;
export type CheckinMode = (typeof CHECKIN_MODES)[number]['value'];
/** The two check-ins of a day where a program asks for both. */
export const CHECKIN_SHIFTS = [
  { value: 'in', label: '上班' },
  { value: 'out', label: '下班' },
] as const;
export type CheckinShift = (typeof CHECKIN_SHIFTS)[number]['value'];
/** 上班签到, 下班签到, or 签到 for a program of one a day. */
export const checkinName = (shift: string | null | undefined) => dayPartName(RECORD_KINDS.checkin, { shift });

/** Where a check-in's location came from: the browser's geolocation, refused by the student, or not to be had. */
export const LOCATION_STATES = [
  { value: 'granted', label: '已定位' },
  { value: 'denied', label: '学生未授权定位' },
  { value: 'unavailable', label: '无法获取定位' },
] as const;
export type LocationState = (typeof LOCATION_STATES)[number]['value'];
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** What the server notices about a check-in and tells the adviser (never a reason to refuse it); night and holiday quote their rule. */
export const CHECKIN_FLAGS = {
  sharedDevice: '同一设备为多名学生签到',
  sameSpot: '连续多天定位完全相同',
  night: ruleMessage('workTerms', `夜间（${hh(NIGHT_HOURS.from)}–${hh(NIGHT_HOURS.to)}）签到`),
  holiday: ruleMessage('workTerms', '法定节假日签到'),
  outside: '超出实习单位签到范围',
  jump: '与上次签到相距太远，这段时间内到不了',
  onLeave: '请假期间签到',
  makeup: '补卡（已批准）',
  reusedPhoto: '签到照片与另一次签到的照片相同',
  noPhoto: '未拍签到照片',
} as const;
/** What a check-in's flags say in words, the distance with the one outside the workplace's radius. */
export const flagTexts = (data: { flags?: unknown; distance?: unknown }): string[] =>
  Array.isArray(data.flags)
    ? data.flags
        .filter((f): f is CheckinFlag => f in CHECKIN_FLAGS)
        .map((f) => (f === 'outside' && typeof data.distance === 'number' ? `${CHECKIN_FLAGS[f]}（距实习单位 ${distanceText(data.distance)}）` : CHECKIN_FLAGS[f]))
    : [];
/** A check-in at night by the school's clock (22:00–06:00), whatever the device's time zone. */
export const isNightCheckin = (iso: string): boolean => isNightHour(schoolHour(new Date(iso)));
export type CheckinFlag = keyof typeof CHECKIN_FLAGS;

/** How far ahead of the server a phone's clock may be; how long a check-in may wait in the outbox. */
const CHECKIN_CLOCK_SLACK_MS = 5 * 60_000;
export const CHECKIN_QUEUE_DAYS = 14;

/** How long a time range lasts: 共2天、共1天9小时、共3小时30分 (null while either end is missing or out of order). */
export function spanText(startsAt: string | null | undefined, endsAt: string | null | undefined): string | null {
  const minutes = Math.round((Date.parse(endsAt ?? '') - Date.parse(startsAt ?? '')) / 60_000);
  if (!(minutes > 0)) return null;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return `共${days ? `${days}天` : ''}${hours ? `${hours}小时` : ''}${rest ? `${rest}分` : ''}`;
}

/**
 * Which action an approved record offers now: the after-approval one (销假) once its time has begun, 撤回
 * before; null for a kind without one. The server decides by its own clock, the phone only offers.
 */
export function approvedActionOf(declaration: RecordKindDeclaration, values: RecordValues, now: Date = new Date()): 'after' | 'withdraw' | null {
  if (!declaration.afterApproval) return null;
  return Date.parse(values.startsAt ?? '') <= now.getTime() ? 'after' : 'withdraw';
}

/** The longest leave one request may ask for; longer absences are a company change or a termination. */
export const LEAVE_MAX_DAYS = 30;

/** How many days before the placement's end the final report may be written. */
export const REPORT_OPEN_DAYS = 30;

const begun = (label: string) => (slot: RecordSlot, _placement: unknown, today: string) => (slot.periodStart > today ? recordMessages(label).inFuture : null);

export const RECORD_KINDS: Readonly<Record<RecordKindCode, RecordKindDeclaration>> = {
  plan: {
    kind: 'plan',
    unit: '份',
    lifecycle: reviewed,
    access: WORK_ACCESS,
    label: '实习计划书',
    base: '/internship/plan',
    period: 'once',
    defaultTitle: () => '个人实习计划',
    fields: [titleField('请填写计划标题'), contentField('计划内容', '实习目标、岗位任务、时间安排与预期收获')],
    minLength: (program) => program.minWeeklyLength,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: () => null,
    pages: { mine: { id: 'menu-internship-plan', path: '/internship/plan', title: '实习计划书', component: 'internship/MyPlan', icon: 'profile', order: 1 }, reviewTitle: '实习计划书批阅' },
  },
  daily: {
    kind: 'daily',
    unit: '篇',
    lifecycle: reviewed,
    access: WORK_ACCESS,
    label: '日报',
    base: '/internship/daily',
    period: 'day',
    defaultTitle: (slot) => `${slot.periodStart.slice(5)}日报`,
    fields: [titleField('请填写日报标题'), contentField('今日内容', '今天做了什么、遇到的问题与收获', 5000)],
    compared: true,
    minLength: (program) => program.minDailyLength,
    requiredCount: (program) => program.minDailyCount,
    offeredBy: (program) => program.dailyLog,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: begun('日报'),
    pages: { mine: { id: 'menu-internship-daily', path: '/internship/daily', title: '我的日报', component: 'internship/MyDaily', icon: 'read', order: 2 }, reviewTitle: '日报批阅' },
  },
  weekly: {
    kind: 'weekly',
    unit: '篇',
    lifecycle: reviewed,
    access: WORK_ACCESS,
    label: '周记',
    base: '/internship/weekly',
    period: 'week',
    defaultTitle: (slot) => `第${slot.periodNo}周周记`,
    fields: [titleField('请填写周记标题'), contentField('本周内容', '本周的工作内容、收获与体会')],
    compared: true,
    minLength: (program) => program.minWeeklyLength,
    requiredCount: (program) => program.minWeeklyCount,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: begun('周记'),
    pages: { mine: { id: 'menu-internship-weekly', path: '/internship/weekly', title: '我的周记', component: 'internship/MyWeekly', icon: 'edit', order: 3, rules: [{ code: RECORD_PERMISSIONS.mine, name: '填写实习记录' }] }, reviewTitle: '周记批阅' },
  },
  monthly: {
    kind: 'monthly',
    unit: '篇',
    lifecycle: reviewed,
    access: WORK_ACCESS,
    label: '月报',
    base: '/internship/monthly',
    period: 'month',
    defaultTitle: (slot) => `${Number(slot.periodStart.slice(0, 4))}年${Number(slot.periodStart.slice(5, 7))}月月报`,
    fields: [titleField('请填写月报标题'), contentField('本月总结', '本月的工作内容、成长与不足、下月打算')],
    compared: true,
    minLength: (program) => program.minMonthlyLength,
    requiredCount: (program) => program.minMonthlyCount,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: begun('月报'),
    pages: { mine: { id: 'menu-internship-monthly', path: '/internship/monthly', title: '我的月报', component: 'internship/MyMonthly', icon: 'calendar', order: 4 }, reviewTitle: '月报批阅' },
  },
  report: {
    kind: 'report',
    unit: '份',
    lifecycle: reviewed,
    access: WORK_ACCESS,
    label: '实习报告',
    base: '/internship/report',
    period: 'once',
    defaultTitle: () => '实习报告',
    fields: [titleField('请填写报告标题'), contentField('报告正文', '实习单位与岗位、主要工作、收获与体会、意见与建议')],
    compared: true,
    minLength: (program) => program.minReportLength,
    maxAttachments: WEEKLY_MAX_ATTACHMENTS,
    openOn: (_slot, placement, today) => (today < addDays(placement.endDate, -REPORT_OPEN_DAYS) ? `实习报告可在实习结束前${REPORT_OPEN_DAYS}天内提交（${addDays(placement.endDate, -REPORT_OPEN_DAYS)}起）` : null),
    pages: { mine: { id: 'menu-internship-report', path: '/internship/report', title: '实习报告', component: 'internship/MyReport', icon: 'file-text', order: 5 }, reviewTitle: '实习报告批阅' },
  },
  leave: {
    kind: 'leave',
    unit: '项',
    label: '请假',
    base: '/appQxj/appQxj01',
    period: 'free',
    lifecycle: { type: 'approval', process: 'leave' },
    access: PERSONAL_ACCESS,
    defaultTitle: () => '请假',
    titleOf: (values) => `${leaveTypeLabel(values.leaveType)} ${schoolTime(values.startsAt)} ~ ${schoolTime(values.endsAt)}`,
    periodOf: (values) => schoolDateOf(values.startsAt!),
    fields: [
      { name: 'leaveType', label: '请假类型', kind: 'select', options: LEAVE_TYPES },
      { name: 'startsAt', label: '开始时间', kind: 'datetime' },
      { name: 'endsAt', label: '结束时间', kind: 'datetime' },
      contentField('请假事由', '请说明请假原因与联系方式', 1000),
    ],
    refine: (values) => {
      const start = Date.parse(values.startsAt ?? '');
      const end = Date.parse(values.endsAt ?? '');
      if (end <= start) return { field: 'endsAt', message: '结束时间应晚于开始时间' };
      if (end - start > LEAVE_MAX_DAYS * 86_400_000) return { field: 'endsAt', message: `一次请假不能超过${LEAVE_MAX_DAYS}天` };
      return null;
    },
    minLength: () => 5,
    maxAttachments: 3,
    noOverlap: { message: (other) => `与已有请假“${other.title}”的时间重叠` },
    afterApproval: {
      action: 'back',
      label: '销假',
      done: '已销假',
      confirm: '确认已返回实习岗位？销假时间记为现在，销假后不能撤销。',
      notBegun: '请假尚未开始，不能销假；如不再需要，请撤回申请',
      begun: '请假已开始，不能撤回；返回后请销假',
    },
    durationOf: (values) => spanText(values.startsAt, values.endsAt),
    openOn: () => null,
    pages: { mine: { id: 'menu-internship-leave', path: '/internship/leave', title: '我的请假', component: 'internship/MyLeave', icon: 'clock-circle', order: 7 }, reviewTitle: '请假审批' },
    subjectOf: (values) => `${schoolDay(values.startsAt)} ~ ${schoolDay(values.endsAt)}`,
  },
  change: {
    kind: 'change',
    unit: '项',
    label: '单位变更',
    base: '/internship/change',
    period: 'free',
    lifecycle: { type: 'approval', process: 'company_change' },
    access: PERSONAL_ACCESS,
    defaultTitle: () => '单位变更',
    titleOf: (values, labels = {}) => {
      const unit = labels.toUnitId ?? values.proposedUnitName?.trim();
      return `单位变更${unit ? `：${unit}` : ''}（${values.changeDate ?? ''}起）`;
    },
    periodOf: (values) => values.changeDate!,
    fields: [
      { name: 'toUnitId', label: '新实习单位', kind: 'unit', optional: true, placeholder: '从合作单位中选择' },
      { name: 'proposedUnitName', label: '新单位名称（不在单位库中时填写）', kind: 'text', optional: true, max: 100, placeholder: '单位全称，提交后由实习办审核' },
      { name: 'changeDate', label: '变更日期', kind: 'date' },
      contentField('变更原因', '请说明变更原因与新岗位情况', 1000),
    ],
    refine: (values) => {
      const chosen = Boolean(values.toUnitId);
      const proposed = Boolean(values.proposedUnitName?.trim());
      if (chosen === proposed) return { field: 'toUnitId', message: '请选择新实习单位，或填写不在单位库中的单位名称（二选一）' };
      return null;
    },
    minLength: () => 10,
    maxAttachments: 3,
    requiredAttachments: [{ name: '新三方协议', hint: '与新单位签订的三方协议，签字盖章页拍照或PDF' }],
    openOn: () => null,
    pages: { mine: { id: 'menu-internship-change', path: '/internship/change', title: '单位变更', component: 'internship/MyChange', icon: 'bank', order: 8 }, reviewTitle: '单位变更审批' },
    subjectOf: (values) => `${(values.changeDate ?? '').slice(5)}起${values.proposedUnitName ? `（${values.proposedUnitName}）` : ''}`,
  },
  makeup: {
    kind: 'makeup',
    unit: '项',
    label: '补卡',
    base: '/internship/makeup',
    period: 'free',
    lifecycle: { type: 'approval', process: 'makeup' },
    access: PERSONAL_ACCESS,
    defaultTitle: () => '补卡',
    titleOf: (values) => `补卡 ${values.day ?? ''}`,
    periodOf: (values) => values.day!,
    fields: [{ name: 'day', label: '补卡日期', kind: 'date' }, contentField('补卡原因', '请说明当天未能签到的原因', 500)],
    minLength: () => 5,
    maxAttachments: 3,
    openOn: () => null,
    pages: { mine: { id: 'menu-internship-makeup', path: '/internship/makeup', title: '补卡', component: 'internship/MyMakeup', icon: 'clock-circle', order: 6 }, reviewTitle: '补卡审批' },
    subjectOf: (values) => values.day ?? '',
  },
  checkin: {
    kind: 'checkin',
    unit: '次',
    label: '签到',
    base: '/internship/checkin',
    period: 'free',
    lifecycle: { type: 'log' },
    access: WORK_ACCESS,
    defaultTitle: () => '签到',
    titleOf: (values) => `${checkinName(values.shift)} ${schoolTime(values.checkedAt)}`,
    periodOf: (values) => schoolDateOf(values.checkedAt!),
    fields: [
      { name: 'checkedAt', label: '签到时间', kind: 'datetime' },
      { name: 'shift', label: '上班/下班', kind: 'select', options: CHECKIN_SHIFTS, optional: true, hidden: true },
      { name: 'location', label: '定位', kind: 'select', options: LOCATION_STATES },
      { name: 'latitude', label: '纬度', kind: 'text', optional: true, max: 20 },
      { name: 'longitude', label: '经度', kind: 'text', optional: true, max: 20 },
      { name: 'accuracy', label: '定位精度（米）', kind: 'text', optional: true, max: 20 },
      { name: 'deviceId', label: '设备', kind: 'text', max: 64, hidden: true },
    ],
    refine: (values) => {
      const at = Date.parse(values.checkedAt ?? '');
      if (at > Date.now() + CHECKIN_CLOCK_SLACK_MS) return { field: 'checkedAt', message: '签到时间不能晚于当前时间' };
      if (at < Date.now() - CHECKIN_QUEUE_DAYS * 86_400_000) return { field: 'checkedAt', message: `签到已超过${CHECKIN_QUEUE_DAYS}天未能上传，不能再补交` };
      const located = values.location === 'granted';
      const coordinates = [values.latitude, values.longitude, values.accuracy];
      if (located && coordinates.some((v) => !v || Number.isNaN(Number(v)))) return { field: 'latitude', message: '定位数据不完整' };
      if (!located && coordinates.some(Boolean)) return { field: 'location', message: '未定位的签到不应带坐标' };
      if (located && (Math.abs(Number(values.latitude)) > 90 || Math.abs(Number(values.longitude)) > 180)) return { field: 'latitude', message: '定位数据有误' };
      return null;
    },
    minLength: () => 0,
    // The photo a program may ask for, taken at the moment and sealed by the server.
    maxAttachments: 1,
    oncePerDate: true,
    dayPart: { field: 'shift', valueFor: (value, program) => (program.checkinMode === 'pair' ? (value ?? 'in') : null) },
    openOn: () => null,
    pages: { mine: { id: 'menu-internship-checkin', path: '/internship/checkin', title: '我的签到', component: 'internship/MyCheckin', icon: 'clock-circle', order: 0 }, reviewTitle: '今日签到' },
  },
};

/** What a once-a-day record is called with its part of the day: 上班签到, 下班签到, or the kind's label. */
export function dayPartName(declaration: RecordKindDeclaration, values: RecordValues): string {
  const part = declaration.dayPart && values[declaration.dayPart.field];
  const option = part ? declaration.fields.find((f) => f.name === declaration.dayPart!.field)?.options?.find((o) => o.value === part) : undefined;
  return `${option?.label ?? ''}${declaration.label}`;
}

export const recordKinds = (): RecordKindDeclaration[] => RECORD_KIND_CODES.map((code) => RECORD_KINDS[code]);
/** The kinds the adviser reviews (实习记录批阅); the others go through a workflow process. */
export const reviewKinds = (): RecordKindDeclaration[] => recordKinds().filter((d) => d.lifecycle.type === 'review');
export const processOf = (declaration: RecordKindDeclaration): ProcessKey | null => (declaration.lifecycle.type === 'approval' ? declaration.lifecycle.process : null);

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
  // A free kind's records are listed as they were filed, not by period.
  if (period === 'free') return [];
  const lastDay = endDate < today ? endDate : today;
  if (lastDay < startDate) return [];
  const slots: RecordSlot[] = [];
  if (period === 'day') {
    for (let day = startDate, n = 1; day <= lastDay && n < 1000; day = addDays(day, 1), n++) slots.push({ periodStart: day, periodEnd: day, periodNo: n });
  } else if (period === 'week') {
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
  if (period === 'day') return true;
  if (period === 'week') return isMonday(date);
  if (period === 'month') return date.endsWith('-01');
  return date === placementStart;
}

/** The slot a period start falls on, within the placement (null: outside it). */
export function slotOf(period: RecordPeriod, periodStart: string, startDate: string, endDate: string): RecordSlot | null {
  return recordSlots(period, startDate, endDate, endDate).find((s) => s.periodStart === periodStart) ?? null;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
/** A slot's name in lists and titles: 12-03 周四, 第3周（11-09 ~ 11-15）, 2026年11月, or the kind's own label. */
export function slotLabel(declaration: RecordKindDeclaration, slot: RecordSlot): string {
  if (declaration.period === 'day') return `${slot.periodStart.slice(5)} ${WEEKDAYS[new Date(`${slot.periodStart}T00:00:00Z`).getUTCDay()]}`;
  if (declaration.period === 'week') return `第${slot.periodNo}周（${slot.periodStart.slice(5)} ~ ${slot.periodEnd.slice(5)}）`;
  if (declaration.period === 'month') return `${Number(slot.periodStart.slice(0, 4))}年${Number(slot.periodStart.slice(5, 7))}月`;
  if (declaration.period === 'free') return slot.periodStart;
  return declaration.label;
}

export const countRecordChars = countWeeklyChars;

// ---- messages ----------------------------------------------------------------------------------

/** How a kind's periods are named in its messages: 本周, 本月, or the placement's once. */
const PERIOD_WORDS: Record<RecordPeriod, { format: string; start: string; outside: string; taken: (label: string) => string; due: string }> = {
  day: { format: '日期格式有误', start: '日期格式有误', outside: '该日不在实习期内', taken: (label) => `当天${label}已存在`, due: '应在次日结束前提交' },
  week: { format: '周次日期格式有误', start: '周次应从星期一开始', outside: '该周不在实习期内', taken: (label) => `本周${label}已存在`, due: '应在周末次日前提交' },
  month: { format: '月份日期格式有误', start: '月份应从1日开始', outside: '该月不在实习期内', taken: (label) => `本月${label}已存在`, due: '应在月末次日前提交' },
  once: { format: '日期格式有误', start: '日期应为实习开始日期', outside: '不在实习期内', taken: (label) => `本次实习的${label}已存在`, due: '' },
  free: { format: '日期格式有误', start: '日期格式有误', outside: '日期不在实习期内', taken: (label) => `${label}已存在`, due: '' },
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
    periodDue: words.due,
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
    outsidePlacement: (start: string, end: string) => `日期应在实习期内（${start} 至 ${end}）`,
    pendingLocked: `审批中的${label}不能修改，如需修改请先撤回`,
    notOffered: `本实习计划不要求填写${label}`,
    decidedLocked: `已审批的${label}不能修改`,
    required: (field: string) => `请填写${field}`,
    choose: (field: string) => `请选择${field}`,
    takenToday: (date: string, what: string = label) => `${date} 已${what}，不必重复`,
    makeupDay: '只能为实习期内已过去的日期补卡',
    makeupCheckedIn: (day: string) => `${day} 已签到，无需补卡`,
    makeupTaken: (day: string) => `${day} 已申请过补卡`,
    makeupLimit: (limit: number) => `本月补卡已达${limit}次，不能再申请`,
    retracted: `${label}已撤回，修改后可重新提交`,
    retractOpened: `指导教师已查看这份${label}，不能撤回；如需修改请联系指导教师退回`,
    retractNotSubmitted: `只能撤回已提交、尚未批阅的${label}`,
  } as const;
}

/** What a kind's files are called in its editor: the names of the files it requires (新三方协议), else 附件. */
export const attachmentsLabel = (declaration: RecordKindDeclaration) => declaration.requiredAttachments?.map((a) => a.name).join('、') || '附件';

/** Why a submission with this many files lacks a required one (请上传新三方协议), or null. */
export function missingAttachment(declaration: RecordKindDeclaration, count: number): string | null {
  const missing = declaration.requiredAttachments?.[count];
  return missing ? `请上传${missing.name}` : null;
}

/** The messages of a declared kind. */
export const messagesOf = (declaration: RecordKindDeclaration) => recordMessages(declaration.label, declaration.period);

// ---- requests ----------------------------------------------------------------------------------

const uuid = (message: string) => z.string({ error: message }).check(z.refine(isUuid, message));

const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));

/** The schema of one field's value, with its messages. */
function fieldSchema(declaration: RecordKindDeclaration, field: RecordField) {
  const msg = messagesOf(declaration);
  const text = (message: string) => z.string({ error: message });
  let schema;
  switch (field.kind) {
    case 'text':
      schema =
        field.name === 'title'
          ? text(msg.titleRequired).check(z.trim(), z.minLength(1, msg.titleRequired), z.maxLength(field.max ?? TITLE_MAX, msg.titleTooLong))
          : text(msg.required(field.label)).check(z.trim(), z.maxLength(field.max ?? 100, `${field.label}不能超过${field.max ?? 100}字`), ...(field.optional ? [] : [z.minLength(1, msg.required(field.label))]));
      break;
    case 'textarea':
      schema = text(field.name === 'content' ? msg.contentRequired : msg.required(field.label)).check(
        z.maxLength(field.max ?? CONTENT_MAX, field.name === 'content' ? msg.contentTooLong : `${field.label}不能超过${field.max}字`),
      );
      break;
    case 'select':
      schema = z.enum((field.options ?? []).map((o) => o.value) as [string, ...string[]], { error: msg.choose(field.label) });
      break;
    case 'datetime':
      schema = text(msg.choose(field.label)).check(z.refine(isInstant, msg.choose(field.label)));
      break;
    case 'date':
      schema = text(msg.choose(field.label)).check(z.refine(isIsoDate, msg.choose(field.label)));
      break;
    case 'unit':
      schema = text(msg.choose(field.label)).check(z.maxLength(64, msg.choose(field.label)));
      break;
  }
  return field.optional ? z.optional(z.nullable(schema)) : schema;
}

/**
 * PUT {base}/{id}: create or update by the client's UUID, the kind's fields as it declares them. The minimum
 * length and the period's place in the placement depend on the program and the placement, so the server
 * checks them after this schema.
 */
export function recordWriteSchema(declaration: RecordKindDeclaration) {
  const msg = messagesOf(declaration);
  const periodStart = z.string({ error: msg.periodFormat }).check(z.refine(isIsoDate, msg.periodFormat));
  const base = z.object({
    enrolmentId: z.string({ error: '请选择实习' }).check(z.minLength(1, '请选择实习'), z.maxLength(64, '请选择实习')),
    // A day, a week or a month names its period; a once-per-placement or free record takes it from the placement or its values.
    periodStart: namesPeriod(declaration.period) ? periodStart : z.optional(periodStart),
    /** true: submit (for review, or for approval); false: keep as a draft on the server. */
    submit: z.boolean(),
    /** Files already uploaded for this record; ones left out are removed. */
    attachmentIds: z._default(
      z.array(uuid('附件编号格式有误')).check(z.maxLength(declaration.maxAttachments, msg.tooManyAttachments(declaration.maxAttachments))),
      [],
    ),
  });
  const shape = Object.fromEntries(declaration.fields.map((field) => [field.name, fieldSchema(declaration, field)]));
  const { refine } = declaration;
  const withFields = z.extend(base, shape);
  return refine
    ? withFields.check(
        z.superRefine((values, ctx) => {
          const problem = refine(values as RecordValues);
          if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field], input: values });
        }),
      )
    : withFields;
}
/** A write's body as a client sends it: the common part and the kind's fields by name. */
export interface RecordWriteInput {
  enrolmentId: string;
  periodStart?: string;
  submit: boolean;
  attachmentIds?: string[];
  [field: string]: unknown;
}

/** The kind's field values of a write (blank ones as null). */
export function valuesOf(declaration: RecordKindDeclaration, input: RecordWriteInput): RecordValues {
  return Object.fromEntries(declaration.fields.map((f) => [f.name, typeof input[f.name] === 'string' && input[f.name] !== '' ? (input[f.name] as string) : null]));
}

/** The fields kept in the record's own columns; the others go to its data. */
export const COLUMN_FIELDS = ['title', 'content', 'startsAt', 'endsAt'] as const;

/** Which of others a record's time range overlaps, if any: the check the server makes and the phone makes offline. */
export function overlapping<T extends { id: string; startsAt: string; endsAt: string }>(leave: { id: string; startsAt: string; endsAt: string }, others: readonly T[]): T | null {
  const start = Date.parse(leave.startsAt);
  const end = Date.parse(leave.endsAt);
  return others.find((other) => other.id !== leave.id && Date.parse(other.startsAt) < end && start < Date.parse(other.endsAt)) ?? null;
}
/** Records that still hold their time (not withdrawn, rejected or a mere draft). */
export const TIME_HOLDING_STATUSES = ['pending', 'approved', 'back', 'returned'] as const;

export const recordIdParams = (declaration: RecordKindDeclaration) => z.object({ id: uuid(messagesOf(declaration).idFormat) });

// ---- answers -----------------------------------------------------------------------------------

/** A slot of a placement in the student's list, with its record if one exists (no content). */
export interface MySlot extends RecordSlot {
  /** Null when it may be written today, else why not (a report before its time). */
  closedReason: string | null;
  record: RecordBrief | null;
}

/** A reviewed kind: 草稿 → 已提交 → 已批阅 | 已退回. A kind with a process: 草稿 → 审批中 → 已批准 | 已驳回 | 已退回 | 已撤回 (a leave then 已销假). */
export const RECORD_STATUSES = ['draft', 'submitted', 'reviewed', 'returned', 'pending', 'approved', 'rejected', 'withdrawn', 'back', 'recorded'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_TEXT: Record<RecordStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  reviewed: '已批阅',
  returned: '已退回',
  pending: '审批中',
  approved: '已批准',
  rejected: '已驳回',
  withdrawn: '已撤回',
  back: '已销假',
  recorded: '已签到',
};
/** How each status is coloured where it is shown as a tag. */
export const RECORD_STATUS_TONE: Record<RecordStatus, 'default' | 'processing' | 'success' | 'warning' | 'danger'> = {
  draft: 'default',
  submitted: 'processing',
  reviewed: 'success',
  returned: 'warning',
  pending: 'processing',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'default',
  back: 'default',
  recorded: 'success',
};
/** The record status an application's status leaves it in. */
export const STATUS_OF_INSTANCE: Record<InstanceStatus, RecordStatus> = { running: 'pending', approved: 'approved', rejected: 'rejected', returned: 'returned', withdrawn: 'withdrawn' };

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
  /** The kind's own fields (a leave's type and times). */
  values: RecordValues;
  /** The application deciding it, for a kind with a process. */
  instanceId: string | null;
  /** What the server noticed (a check-in from a device another student used). */
  notes: string[];
  /** A week's or a month's record submitted after its due date: whole days late (contract/season.ts); else null. */
  lateDays: number | null;
  /** Submitted and not yet opened by anyone else: the student may take it back (撤回) to change it. */
  retractable: boolean;
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
  /** The program's 签到方式, as the check-in page offers 签到 or 上班 and 下班; and whether it asks for a photo. */
  checkinMode: CheckinMode;
  checkinPhoto: boolean;
  /** Whether the program asks for this kind (日报 is optional): one that does not shows no periods and takes no records. */
  offered: boolean;
  /** Of a kind with a minimum count: how many were submitted (reviewed ones too) and how many the program asks for (0: no minimum). */
  progress: { submitted: number; required: number } | null;
  /** Newest first; a free kind's records each in a slot of their own date. */
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
  /** The kind's own fields, and the names of the rows they point at (a unit's name). */
  values: RecordValues;
  valueLabels: Record<string, string>;
  /** The application deciding it, for a kind with a process. */
  instanceId: string | null;
  /** When the student did the after-approval action (销假: the return time), by the server's clock. */
  afterApprovalAt: string | null;
  /** What the server noticed (a check-in from a device another student used). */
  notes: string[];
  /** A week's or a month's record submitted after its due date: whole days late (contract/season.ts); else null. */
  lateDays: number | null;
  /** Submissions the student took back before anyone opened them, oldest first, as they were sent. */
  withdrawnVersions: WithdrawnVersion[];
  /** Its files whose very bytes another record holds too (a photo used twice). */
  repeatedFiles: RepeatedFile[];
}

/** A file of a record that another record holds byte for byte (the same SHA-256): whose, and which. */
export interface RepeatedFile {
  fileName: string;
  studentName: string;
  title: string;
  /** The same student's other record (the photo on two days), or another student's. */
  own: boolean;
}

/** A submission taken back (撤回): what was sent, when, and when it was taken back. */
export interface WithdrawnVersion {
  title: string;
  content: string;
  submittedAt: string | null;
  withdrawnAt: string;
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
  /** Whether the viewer reviews it (通过 / 退回), or only reads it. */
  canReview: boolean;
  /** A week's or a month's record submitted after its due date: whole days late (contract/season.ts); else null. */
  lateDays: number | null;
}

/** One student of GET {base}/daily: a running placement and its record of the day, if any. */
export interface DailyRow {
  enrolmentId: string;
  studentName: string;
  studentNo: string | null;
  className: string | null;
  recordId: string | null;
  /** A check-in's own time (by the phone), and when the server received it; of 上班 where the program asks for two. */
  checkedAt: string | null;
  receivedAt: string | null;
  /** 下班's time where the program asks for it and it was made (its notes are among notes, said as 下班's). */
  checkedOutAt: string | null;
  /** The sealed photos of the day's check-ins (上班's first). */
  photos: AttachmentMeta[];
  location: string | null;
  accuracy: string | null;
  /** How far from the workplace it was made, in metres, where both are known. */
  distance: number | null;
  /** What the server noticed (CHECKIN_FLAGS' words). */
  notes: string[];
}

/** A running placement without a workplace whose first located check-ins propose one (GET {base}/workplaceProposals). */
export interface WorkplaceProposal {
  enrolmentId: string;
  studentName: string;
  studentNo: string | null;
  className: string | null;
  latitude: number;
  longitude: number;
  /** How far the farthest of the check-ins lies from the proposal, in metres. */
  spread: number;
  /** The days of the check-ins it is made of. */
  days: string[];
}
export const WORKPLACE_MSG = {
  confirmed: '已确认为实习地点，此后的签到按此计算距离',
  none: '该学生的签到暂不能确定实习地点，或实习地点已经确认',
} as const;
export const enrolmentIdParams = z.object({ enrolmentId: z.string({ error: '缺少参数 enrolmentId' }).check(z.minLength(1, '缺少参数 enrolmentId'), z.maxLength(64, '参数 enrolmentId 有误')) });

/** The start of a period on the school's clock (China has no daylight saving): the earliest a submission may claim. */
export const periodBegins = (periodStart: string) => new Date(`${periodStart}T00:00:00+08:00`);

/** Today's date on the school's clock, for the checks both sides make. */
export const recordToday = schoolToday;

/** 实习记录批阅: one list for every reviewed kind, where a reviewer's message opens a record (?kind=…&id=…). */
export const RECORD_REVIEW_MENU = {
  id: 'menu-internship-weekly-review',
  parent: 'menu-internship',
  name: '实习记录批阅',
  path: '/internship/review',
  component: 'internship/RecordReview',
  componentName: 'internship-review',
  icon: 'audit',
  order: 5,
  roles: ['admin', 'internshipOffice', 'relationAdviser', 'relationMentor'],
  rules: [
    { code: RECORD_PERMISSIONS.review, name: '批阅实习记录', roles: ['admin', 'internshipOffice', 'relationAdviser'] },
    { code: RECORD_PERMISSIONS.all, name: '全部学生的实习记录', roles: ['admin', 'internshipOffice'] },
    { code: RECORD_PERMISSIONS.read, name: '查阅实习记录', roles: ['admin', 'internshipOffice', 'departAdmin', 'relationAdviser', 'relationHeadTeacher', 'relationMentor'] },
  ],
} as const satisfies MenuDeclaration;

export const CHECKIN_DAILY_PAGE = {
  id: 'menu-internship-checkin-daily',
  parent: 'menu-internship',
  name: '今日签到',
  path: '/internship/checkin-daily',
  component: 'internship/CheckinDaily',
  icon: 'team',
  order: 8,
  roles: ['admin', 'internshipOffice', 'relationAdviser'],
} as const satisfies MenuDeclaration;

/** The students' own page of each declared kind, under 实习管理. */
export const recordKindMenus = (): MenuDeclaration[] =>
  recordKinds().map(({ pages: { mine } }) => ({ ...mine, parent: 'menu-internship', name: mine.title, roles: ['student'] }));
