import * as z from 'zod/mini';
import { addDays, isIsoDate, isMonday, schoolToday } from './internship.ts';
import { lazySchema } from './lazy-schema.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 学生实习进度 (the adviser's season view): a program's students × its weeks so far, each cell the state of the
 * student's 周记 of that week, and 一键催交 for a week. Lateness is defined here once, for the grid, the review
 * list and the student's own list.
 */

// ---- lateness ----------------------------------------------------------------------------------

/** A week's or a month's record is due by the end of the day after its period (周记: the Monday after the week). */
export const LATE_GRACE_DAYS = 1;

/** The last day a record of a period ending on periodEnd may be submitted on time. */
export const dueDateOf = (periodEnd: string): string => addDays(periodEnd, LATE_GRACE_DAYS);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Whole days (by the school's clock, UTC+8) past a period's due date: of the submission when it was submitted,
 * else of now (a missing record that is overdue). Null while on time: submitted by the due date, or not yet due.
 */
export function lateDays(periodEnd: string, submittedAt: string | Date | null, now: Date = new Date()): number | null {
  const at = submittedAt === null ? now : new Date(submittedAt);
  const days = daysBetween(dueDateOf(periodEnd), schoolToday(at));
  return days > 0 ? days : null;
}

// ---- the grid ----------------------------------------------------------------------------------

/**
 * A student's 周记 of a week: 未到 (not yet due), 应交 (due and not submitted: none, a draft), 已交, 已批, 已退回, or
 * outside the student's own placement. A submitted one carries its days late (迟交 n天).
 */
export const SEASON_STATES = ['upcoming', 'missing', 'submitted', 'reviewed', 'returned', 'outside'] as const;
export type SeasonState = (typeof SEASON_STATES)[number];
export const SEASON_STATE_TEXT: Record<SeasonState, string> = {
  upcoming: '未到',
  missing: '应交',
  submitted: '已交',
  reviewed: '已批',
  returned: '已退回',
  outside: '—',
};
export const SEASON_STATE_TONE: Record<SeasonState, 'default' | 'processing' | 'success' | 'warning' | 'danger'> = {
  upcoming: 'default',
  missing: 'danger',
  submitted: 'processing',
  reviewed: 'success',
  returned: 'warning',
  outside: 'default',
};
/** 迟交 3天. */
export const lateText = (days: number) => `迟交${days}天`;

/** A week of the program (Monday to Sunday), numbered from the program's first week. */
export interface SeasonWeek {
  periodNo: number;
  periodStart: string;
  periodEnd: string;
  /** The last day to submit on time. */
  dueDate: string;
  /** The students (of the chosen class, all pages) 一键催交 would remind: their 周记 of the week is not in. */
  toRemind: number;
}

export interface SeasonCell {
  periodStart: string;
  state: SeasonState;
  /** Days late of a submitted record; of a missing one, days overdue. Null when on time or not due. */
  lateDays: number | null;
  recordId: string | null;
}

/**
 * Whose contacts with a student a program counts each month, against its minimum of each (issue 35: 指导教师 ≥ 1,
 * 班主任 ≥ 2 per student): the program's field of the minimum, and the name the season's column and the warning use.
 */
export const CONTACT_ROLES = ['adviser', 'headTeacher'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
export type ContactCounts = Record<ContactRole, number>;
export const CONTACT_ROLE_NAMES: Record<ContactRole, string> = { adviser: '指导教师', headTeacher: '班主任' };
export const CONTACT_MINIMUMS = { adviser: 'minAdviserContacts', headTeacher: 'minHeadTeacherContacts' } as const satisfies Record<ContactRole, string>;
export const noContacts = (): ContactCounts => ({ adviser: 0, headTeacher: 0 });

export interface SeasonRow {
  enrolmentId: string;
  studentName: string;
  studentNo: string;
  className: string | null;
  /** One per week of the grid, in its order. */
  cells: SeasonCell[];
  /** This month's contacts with the student of the adviser (走访, 联系记录, days of 互动 replies) and of the 班主任. */
  contacts: ContactCounts;
}

export interface SeasonOption {
  value: string;
  label: string;
}

/** GET /internship/season. */
export interface SeasonGrid {
  /** The program shown (the one asked for, or the first within reach); null when none is. */
  programId: string | null;
  programs: SeasonOption[];
  classes: SeasonOption[];
  /** The program's weeks up to this week, oldest first. */
  weeks: SeasonWeek[];
  rows: SeasonRow[];
  /** The program's monthly minimum of each one's contacts (0: none), and the month counted (12月). */
  contactsRequired: ContactCounts;
  contactMonth: string;
  total: number;
  current: number;
  size: number;
}

export const SEASON_URL = { grid: '/internship/season', remind: '/internship/season/remind' } as const;

export const SEASON_MSG = {
  programNotFound: '实习计划不存在或无权查看',
  weekFormat: '请选择周次',
  weekOutside: '该周不在实习计划的周次内',
  weekFuture: '不能催交尚未开始的周次',
  nobody: '该周没有需要催交的学生',
  reminded: (n: number) => `已提醒${n}名学生`,
} as const;

const id = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(64, message));

export const seasonQuerySchema = lazySchema(() =>
  z.object({
    programId: z.optional(id(SEASON_MSG.programNotFound)),
    classId: z.optional(z.string().check(z.maxLength(64))),
    pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 20),
  }),
);
export type SeasonQuery = z.infer<typeof seasonQuerySchema>;

export const seasonRemindSchema = lazySchema(() =>
  z.object({
    programId: id(SEASON_MSG.programNotFound),
    periodStart: z.string({ error: SEASON_MSG.weekFormat }).check(z.refine((v) => isIsoDate(v) && isMonday(v), SEASON_MSG.weekFormat)),
    classId: z.optional(z.string().check(z.maxLength(64))),
  }),
);
export type SeasonRemindInput = z.infer<typeof seasonRemindSchema>;

export interface SeasonRemindResult {
  reminded: number;
}

/** The bell message's title and text for a week: 请提交第6周周记. */
export function remindMessage(programName: string, week: Pick<SeasonWeek, 'periodNo' | 'periodStart' | 'periodEnd'>): { title: string; text: string } {
  const dates = `${week.periodStart.slice(5)} ~ ${week.periodEnd.slice(5)}`;
  return {
    title: `请提交第${week.periodNo}周周记（${dates}）`,
    text: `${programName}第${week.periodNo}周（${dates}）的周记尚未提交，请尽快在“我的周记”中填写并提交。`,
  };
}

/** The first and last day of the month a date falls in, and its name (12月): the month contacts are counted in. */
export function monthOf(day: string): { from: string; to: string; name: string } {
  const from = `${day.slice(0, 8)}01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1), name: `${Number(day.slice(5, 7))}月` };
}

/** The last day of a day's, a week's or a month's period starting on periodStart (a Monday, a 1st). */
export function periodEndOf(period: 'day' | 'week' | 'month', periodStart: string): string {
  if (period === 'day') return periodStart;
  if (period === 'week') return addDays(periodStart, 6);
  const last = new Date(Date.UTC(Number(periodStart.slice(0, 4)), Number(periodStart.slice(5, 7)), 0));
  return last.toISOString().slice(0, 10);
}

export const SEASON_PAGE = {
  id: 'menu-internship-season',
  parent: 'menu-internship',
  name: '学生实习进度',
  path: '/internship/season',
  component: 'internship/Season',
  icon: 'table',
  order: 3,
  roles: ['admin', 'internshipOffice', 'departAdmin', 'relationAdviser', 'relationHeadTeacher'],
} as const satisfies MenuDeclaration;
