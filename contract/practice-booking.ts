import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { addDays, isIsoDate, isUuid, mondayOf } from './internship.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 实训预约 and 实训课表 (DOMAIN.md "Practice teaching"): a teacher books a 实训室 for a class and a course on
 * a date and a run of periods (节次 1–12), once or weekly to a later date. A booking holds its slots (date ×
 * period) in the room, for the class and for the teacher; the database refuses a second holder of any of
 * them. Approved through the workflow ('booking'); approved bookings make the timetables.
 */

export const PERIOD_COUNT = 12;
export const PERIODS = Array.from({ length: PERIOD_COUNT }, (_, i) => i + 1);
/** A term is at most this many weeks of weekly repeats. */
export const MAX_REPEAT_WEEKS = 20;
export const WEEKDAY_LABELS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

export const BOOKING_PERMISSIONS = {
  /** Book (for oneself), list one's own bookings. */
  add: 'practice:booking:add',
  /** Every booking of the school; book for any teacher (the 教务处, administrators). */
  all: 'practice:booking:all',
  /** Read timetables: students their class's, teachers theirs and any class's or room's. */
  timetable: 'practice:timetable:view',
} as const;

export const BOOKING_URL = {
  list: '/practice/booking/list',
  add: '/practice/booking/add',
  pick: '/practice/booking/pick',
  timetable: '/practice/timetable',
  timetableExport: '/practice/timetable/exportXls',
  mine: '/practice/timetable/mine',
} as const;

export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'returned', 'withdrawn'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = { pending: '审批中', approved: '已通过', rejected: '已驳回', returned: '已退回', withdrawn: '已撤回' };
/** Statuses that hold their slots: anything else has let them go. */
export const SLOT_HOLDING: readonly BookingStatus[] = ['pending', 'approved'];


export const BOOKING_MSG = {
  roomRequired: '请选择实训室',
  roomNotBookable: (types: readonly string[]) => (types.length ? `只能预约可用的${types.join('、')}` : '目前没有可预约的教室类型，请联系实习办在数据字典“可预约教室类型”中设置'),
  dateRequired: '请选择日期',
  dateFormat: '日期格式应为YYYY-MM-DD',
  datePast: '不能预约今天以前的日期',
  periodFrom: '请选择开始节次',
  periodTo: '请选择结束节次',
  periodOrder: '结束节次不能早于开始节次',
  courseRequired: '请选择课程',
  classRequired: '请选择班级',
  teacherRequired: '请选择授课教师',
  purposeRequired: '请填写实训内容',
  purposeTooLong: '实训内容不能超过200字',
  repeatBefore: '重复截止日期不能早于预约日期',
  repeatTooLong: `按周重复最多${MAX_REPEAT_WEEKS}周`,
  notFound: '所选的实训室、课程、班级或教师不存在',
  teacherNotSelf: '只能为自己预约，请联系教务处代为预约',
  conflict: '与已有预约冲突，未提交：',
  conflictWeeks: (weeks: number) => `按周重复中有${weeks}周与已有预约冲突，整个预约未提交：`,
  submitted: '预约已提交，等待审批',
  onHolidays: (days: readonly string[]) => `${days.join('、')}是法定节假日，请选择跳过节假日或照常预约`,
  holidayChoice: '请选择节假日的处理方式',
  allHolidays: '所选日期都是法定节假日，没有可预约的日期',
  timetableNotFound: '课表不存在或无权查看',
} as const;

const text = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(
    z.refine((v) => v.trim().length > 0, { error: message, abort: true }),
    z.maxLength(max, tooLong),
  );
const ref = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(64, message));
const calendarDate = (message: string) =>
  z.string({ error: message }).check(
    z.minLength(1, message),
    z.refine(isIsoDate, { error: BOOKING_MSG.dateFormat }),
  );
const period = (message: string) => z.number({ error: message }).check(z.int(message), z.gte(1, message), z.lte(PERIOD_COUNT, message));

/** A booking onto statutory holidays: 跳过 leaves those dates out, 照常 books them as well. */
export const HOLIDAY_CHOICES = ['skip', 'keep'] as const;
export type HolidayChoice = (typeof HOLIDAY_CHOICES)[number];
export const HOLIDAY_CHOICE_LABELS: Record<HolidayChoice, string> = { skip: '跳过节假日', keep: '照常预约' };

/** The booking's dates that are holidays, as a person reads them: 2027-01-01（元旦）. */
export function holidaysAmong(dates: readonly string[], holidays: readonly { value: string; text: string }[]): string[] {
  return dates.flatMap((date) => holidays.filter((h) => h.value === date).slice(0, 1).map((h) => `${date}（${h.text}）`));
}

/** POST /practice/booking/add. repeatUntil: the last date of a weekly repeat (same weekday), or none for one day. */
export const bookingSchema = lazySchema(() =>
  z
    .object({
      id: z.optional(z.string().check(z.refine(isUuid, '预约编号有误'))),
      classroomId: ref(BOOKING_MSG.roomRequired),
      date: calendarDate(BOOKING_MSG.dateRequired),
      periodFrom: period(BOOKING_MSG.periodFrom),
      periodTo: period(BOOKING_MSG.periodTo),
      courseId: ref(BOOKING_MSG.courseRequired),
      classId: ref(BOOKING_MSG.classRequired),
      teacherUserId: ref(BOOKING_MSG.teacherRequired),
      purpose: text(BOOKING_MSG.purposeRequired, 200, BOOKING_MSG.purposeTooLong),
      repeatUntil: z.optional(z.nullable(calendarDate(BOOKING_MSG.dateFormat))),
      /** What to do with the dates that are statutory holidays: asked only when there are some. */
      holidays: z.optional(z.enum(HOLIDAY_CHOICES, { error: BOOKING_MSG.holidayChoice })),
    })
    .check(
      z.refine((v) => v.periodTo >= v.periodFrom, { error: BOOKING_MSG.periodOrder, path: ['periodTo'] }),
      z.refine((v) => !v.repeatUntil || v.repeatUntil >= v.date, { error: BOOKING_MSG.repeatBefore, path: ['repeatUntil'] }),
      z.refine((v) => !v.repeatUntil || bookingDates(v.date, v.repeatUntil).length <= MAX_REPEAT_WEEKS, { error: BOOKING_MSG.repeatTooLong, path: ['repeatUntil'] }),
    ),
);
export type BookingInput = z.infer<typeof bookingSchema>;

/** The dates a booking takes: its date, and with a weekly repeat every 7 days after it up to repeatUntil. */
export function bookingDates(date: string, repeatUntil?: string | null): string[] {
  const dates = [date];
  if (!repeatUntil) return dates;
  for (let next = addDays(date, 7); next <= repeatUntil && dates.length <= MAX_REPEAT_WEEKS; next = addDays(next, 7)) dates.push(next);
  return dates;
}

export const periodRange = (from: number, to: number) => (from === to ? `第${from}节` : `第${from}-${to}节`);
/** Monday of the week of a date, and the week's seven dates. */
export const weekDates = (date: string) => {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
};

export type ConflictKind = 'room' | 'class' | 'teacher';
export const CONFLICT_KIND_LABELS: Record<ConflictKind, string> = { room: '实训室已被占用', class: '该班级已有安排', teacher: '该教师已有安排' };

/** One booking already holding a slot the new one asks for, on one date. */
export interface BookingConflict {
  bookingId: string;
  date: string;
  periodFrom: number;
  periodTo: number;
  kinds: ConflictKind[];
  roomName: string;
  className: string;
  teacherName: string;
  courseName: string;
  status: BookingStatus;
}

/** A conflict as one line a person reads: 2026-12-07 第1-2节 实训室已被占用：PLC控制实训室 · 电气2401班 · 王老师（已通过）. */
export function conflictLine(c: BookingConflict): string {
  const why = c.kinds.map((k) => CONFLICT_KIND_LABELS[k]).join('、');
  return `${c.date} ${periodRange(c.periodFrom, c.periodTo)} ${why}：${c.roomName} · ${c.className} · ${c.teacherName} · ${c.courseName}（${BOOKING_STATUS_LABELS[c.status]}）`;
}

export interface BookingRow {
  id: string;
  classroomId: string;
  roomName: string;
  courseName: string;
  className: string;
  teacherName: string;
  applicantName: string;
  purpose: string;
  date: string;
  repeatUntil: string | null;
  weeks: number;
  periodFrom: number;
  periodTo: number;
  status: BookingStatus;
  createdAt: string;
}

export interface PickOption {
  id: string;
  label: string;
}
export const PICK_KINDS = ['room', 'course', 'class', 'teacher'] as const;
export type PickKind = (typeof PICK_KINDS)[number];
export const pickQuerySchema = lazySchema(() =>
  z.object({
    kind: z.enum(PICK_KINDS, { error: '选择类型有误' }),
    q: z.optional(z.string().check(z.maxLength(50, '搜索内容过长'))),
  }),
);

export const TIMETABLE_BY = ['class', 'teacher', 'room'] as const;
export type TimetableBy = (typeof TIMETABLE_BY)[number];
export const TIMETABLE_BY_LABELS: Record<TimetableBy, string> = { class: '班级课表', teacher: '教师课表', room: '实训室课表' };
export const timetableQuerySchema = lazySchema(() =>
  z.object({
    by: z.enum(TIMETABLE_BY, { error: '课表类型有误' }),
    id: z.string({ error: '请选择课表' }).check(z.minLength(1, '请选择课表'), z.maxLength(64, '请选择课表')),
    week: calendarDate('请选择周次'),
    /** Bookings still awaiting approval too: the booking form's busy slots. */
    pending: z.optional(z.enum(['0', '1'])),
  }),
);
export const mineQuerySchema = lazySchema(() => z.object({ week: calendarDate('请选择周次') }));

/** One booking on one date of a timetable. */
export interface TimetableEntry {
  bookingId: string;
  date: string;
  periodFrom: number;
  periodTo: number;
  roomName: string;
  courseName: string;
  className: string;
  teacherName: string;
  purpose: string;
  status: BookingStatus;
}

export interface Timetable {
  by: TimetableBy;
  id: string;
  /** Whose timetable: 电气2401班, 王老师, PLC控制实训室. */
  title: string;
  week: string[];
  entries: TimetableEntry[];
}

export const BOOKING_PAGE = {
  id: 'menu-practice-booking',
  parent: 'menu-practice',
  name: '实训预约',
  path: '/practice/booking',
  component: 'practice/Bookings',
  icon: 'schedule',
  order: 1,
  roles: ['admin', 'internshipOffice', 'teacher'],
  rules: [
    { code: BOOKING_PERMISSIONS.add, name: '预约实训室' },
    { code: BOOKING_PERMISSIONS.all, name: '全校实训预约', roles: ['admin', 'internshipOffice'] },
  ],
} as const satisfies MenuDeclaration;

export const TIMETABLE_PAGE = {
  id: 'menu-practice-timetable',
  parent: 'menu-practice',
  name: '实训课表',
  path: '/practice/timetable',
  component: 'practice/Timetable',
  icon: 'table',
  order: 2,
  roles: ['admin', 'internshipOffice', 'teacher', 'student'],
  rules: [
    { code: BOOKING_PERMISSIONS.timetable, name: '查看实训课表' },
  ],
} as const satisfies MenuDeclaration;
