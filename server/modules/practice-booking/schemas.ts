import { z } from 'zod';
import { BOOKING_STATUSES, PERIOD_COUNT, TIMETABLE_BY, type BookingRow, type PickOption, type Timetable, type TimetableEntry } from '@contract/practice-booking.ts';
import { envelope, pageOf } from '../../lib/answers.ts';

const period = z.number().int().min(1).max(PERIOD_COUNT).meta({ description: `节次（1–${PERIOD_COUNT}）` });
const status = z.enum(BOOKING_STATUSES).meta({ description: 'pending 审批中，approved 已通过，rejected 已驳回，returned 已退回，withdrawn 已撤回' });

const bookingRow = z.object({
  id: z.string(),
  classroomId: z.string(),
  roomName: z.string(),
  courseName: z.string(),
  className: z.string(),
  teacherName: z.string(),
  applicantName: z.string(),
  purpose: z.string().meta({ description: '实训内容' }),
  date: z.iso.date().meta({ description: '预约日期（按周重复时为第一次）' }),
  repeatUntil: z.iso.date().nullable().meta({ description: '按周重复的最后一次日期；只预约一天时为 null' }),
  weeks: z.number().int().min(1).meta({ description: '预约的次数（周数）' }),
  periodFrom: period,
  periodTo: period,
  status,
  createdAt: z.iso.datetime(),
}) satisfies z.ZodType<BookingRow>;

const pickOption = z.object({ id: z.string(), label: z.string() }) satisfies z.ZodType<PickOption>;

const timetableEntry = z.object({
  bookingId: z.string(),
  date: z.iso.date(),
  periodFrom: period,
  periodTo: period,
  roomName: z.string(),
  courseName: z.string(),
  className: z.string(),
  teacherName: z.string(),
  purpose: z.string(),
  status,
}) satisfies z.ZodType<TimetableEntry>;

const timetable = z.object({
  by: z.enum(TIMETABLE_BY).meta({ description: 'class 班级课表，teacher 教师课表，room 实训室课表' }),
  id: z.string(),
  title: z.string().meta({ description: '课表的对象：班级、教师或实训室的名称' }),
  week: z.array(z.iso.date()).length(7).meta({ description: '该周周一至周日的日期' }),
  entries: z.array(timetableEntry),
}) satisfies z.ZodType<Timetable>;

export const bookingPageAnswer = envelope(pageOf(bookingRow));
export const pickAnswer = envelope(z.array(pickOption));
export const bookedAnswer = envelope(z.object({ id: z.string().meta({ description: '预约编号' }) }));
export const timetableAnswer = envelope(timetable);
