import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  BOOKING_MSG,
  BOOKING_PERMISSIONS,
  BOOKING_URL,
  PERIODS,
  TIMETABLE_BY_LABELS,
  WEEKDAY_LABELS,
  bookingDates,
  bookingSchema,
  conflictLine,
  holidaysAmong,
  mineQuerySchema,
  periodRange,
  pickQuerySchema,
  timetableQuerySchema,
  weekDates,
  type BookingRow,
  type BookingStatus,
  type PickOption,
  type Timetable,
  type TimetableBy,
} from '@contract/practice-booking.ts';
import { BOOKABLE_ROOM_TYPE_DICT, HOLIDAY_DICT } from '@contract/dict.ts';
import { schoolToday } from '@contract/internship.ts';
import type { PageResult } from '@contract/resource.ts';
import { workflowPageQuery } from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicClassroom, basicCourse, basicStudent, basicTeacher, practiceBooking, practiceBookingSlot, sysDict, sysDictItem, sysUser } from '../../db/schema.ts';
import { EXCEL } from '../../lib/answers.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { HttpError, badRequest, isUniqueViolation, notFound, ok } from '../../lib/http.ts';
import { requireAuth, rolesOf, type App, type AuthContext } from '../../types.ts';
import { actionAllowed } from '../permission/queries.ts';
import { registerProcess, submitApplication, type ProcessHandlers, type Tx } from '../workflow/engine.ts';
import { bookedAnswer, bookingPageAnswer, pickAnswer, timetableAnswer } from './schemas.ts';
import { bookingsQuery, conflictsOf, timetableEntries, toBookingRow, type SlotRequest } from './queries.ts';

/** The classroom types a booking may name (实训室, 机房 in the demo): a setting the office keeps in the dictionary. */
async function bookableTypes(db: Database): Promise<{ values: string[]; labels: string[] }> {
  const rows = await db
    .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, BOOKABLE_ROOM_TYPE_DICT), eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1)))
    .orderBy(asc(sysDictItem.sortOrder));
  return { values: rows.map((r) => r.value), labels: rows.map((r) => r.text) };
}
/** The statutory holidays among a booking's dates (the office keeps them in 数据字典 法定节假日). */
async function holidaysOn(db: Database, dates: string[]): Promise<{ value: string; text: string }[]> {
  return db
    .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, HOLIDAY_DICT), eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1), inArray(sysDictItem.itemValue, dates)));
}
const ROOM_IN_USE = '1';
const PICK_LIMIT = 20;
const conflict = (message: string) => new HttpError(409, message);
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const listQuery = z.extend(workflowPageQuery, { status: z.optional(z.enum(['pending', 'approved', 'rejected', 'returned', 'withdrawn'], { error: '状态有误' })) });

/** Refused with every conflict, one per line; a weekly repeat says how many weeks are in the way. */
function conflictRefusal(conflicts: Awaited<ReturnType<typeof conflictsOf>>, weekly: boolean): HttpError {
  const head = weekly ? BOOKING_MSG.conflictWeeks(new Set(conflicts.map((c) => c.date)).size) : BOOKING_MSG.conflict;
  return conflict([head, ...conflicts.map(conflictLine)].join('\n'));
}

type InstanceRow = Parameters<ProcessHandlers['onApproved']>[1];

/** The booking follows its application; one that ends without approval lets its slots go. */
const follow = (status: BookingStatus) => async (tx: Tx, instance: InstanceRow) => {
  await tx.update(practiceBooking).set({ status, updatedAt: new Date() }).where(eq(practiceBooking.id, instance.businessId));
  if (status !== 'approved') await tx.delete(practiceBookingSlot).where(eq(practiceBookingSlot.bookingId, instance.businessId));
};

function registerBookingProcess() {
  registerProcess('booking', {
    onApproved: follow('approved'),
    onRejected: follow('rejected'),
    onReturned: follow('returned'),
    onWithdrawn: follow('withdrawn'),
    summary: async (db, instance) => {
      const [b] = await bookingsQuery(db).where(eq(practiceBooking.id, instance.businessId));
      if (!b) return [];
      return [
        `实训室：${b.roomName}`,
        `日期：${b.date}${b.weeks > 1 ? `起每周一次，共${b.weeks}周（至${b.repeatUntil}）` : ''}`,
        `节次：${periodRange(b.periodFrom, b.periodTo)}`,
        `课程：${b.courseName}`,
        `班级：${b.className}`,
        `授课教师：${b.teacherName}`,
        `实训内容：${b.purpose}`,
      ];
    },
  });
}

/** Whose timetable the caller may read: everything with booking:all; a teacher any class or room and their own; a student their class. */
async function timetableHolder(db: Database, auth: AuthContext, by: TimetableBy, id: string): Promise<{ holder: SQL; title: string }> {
  const [all, books] = await Promise.all([actionAllowed(db, BOOKING_PERMISSIONS.all, rolesOf(auth)), actionAllowed(db, BOOKING_PERMISSIONS.add, rolesOf(auth))]);
  let title: string | undefined;
  if (by === 'class') {
    const [row] = await db.select({ name: basicClass.name }).from(basicClass).where(eq(basicClass.id, id));
    const own = !all && !books ? await db.select({ classId: basicStudent.classId }).from(basicStudent).where(eq(basicStudent.userId, auth.userId)) : [];
    if (row && (all || books || own[0]?.classId === id)) title = row.name;
    return found(title, eq(practiceBookingSlot.classId, id));
  }
  if (by === 'room') {
    const [row] = await db.select({ name: basicClassroom.name }).from(basicClassroom).where(eq(basicClassroom.id, id));
    if (row && (all || books)) title = row.name;
    return found(title, eq(practiceBookingSlot.classroomId, id));
  }
  const [row] = await db.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, id));
  if (row && (all || id === auth.userId)) title = row.name ?? '';
  return found(title, eq(practiceBookingSlot.teacherUserId, id));
}
function found(title: string | undefined, holder: SQL) {
  if (title === undefined) throw notFound(BOOKING_MSG.timetableNotFound);
  return { holder, title };
}

/**
 * 实训预约 and 实训课表 (contract/practice-booking.ts). A booking is checked for conflicts and, in one
 * transaction, takes its slots and opens its application; the slots' unique indexes refuse the second of
 * two bookings racing for one slot.
 */
export default async function practiceBookingRoutes(app: App) {
  const { db } = app;
  registerBookingProcess();
  const book = { permission: BOOKING_PERMISSIONS.add, scope: 'self' } as const;
  const read = { permission: BOOKING_PERMISSIONS.timetable, scope: 'self' } as const;

  app.get(BOOKING_URL.list, { config: { access: book }, schema: { querystring: listQuery, response: { 200: bookingPageAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { page, pageSize, status } = request.query;
    const all = await actionAllowed(db, BOOKING_PERMISSIONS.all, rolesOf(auth));
    const where = and(all ? undefined : or(eq(practiceBooking.applicantId, auth.userId), eq(practiceBooking.teacherUserId, auth.userId)), status ? eq(practiceBooking.status, status) : undefined);
    const [rows, [total]] = await Promise.all([
      bookingsQuery(db)
        .where(where)
        .orderBy(desc(practiceBooking.createdAt), practiceBooking.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(practiceBooking).where(where),
    ]);
    const result: PageResult<BookingRow> = { records: rows.map(toBookingRow), total: total?.n ?? 0, current: page, size: pageSize };
    return ok(result);
  });

  /** The choices of the booking form, searched on the server: 实训室 in use, courses, classes, and teachers (oneself unless booking for all). */
  app.get(BOOKING_URL.pick, { config: { access: book }, schema: { querystring: pickQuerySchema, response: { 200: pickAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const q = request.query.q?.trim() ?? '';
    let rows: PickOption[];
    if (request.query.kind === 'room') {
      rows = await db
        .select({ id: basicClassroom.id, label: basicClassroom.name })
        .from(basicClassroom)
        .where(and(inArray(basicClassroom.type, (await bookableTypes(db)).values), eq(basicClassroom.status, ROOM_IN_USE), q ? ilike(basicClassroom.name, like(q)) : undefined))
        .orderBy(asc(basicClassroom.code))
        .limit(PICK_LIMIT);
    } else if (request.query.kind === 'course') {
      rows = await db
        .select({ id: basicCourse.id, label: basicCourse.name })
        .from(basicCourse)
        .where(q ? or(ilike(basicCourse.name, like(q)), ilike(basicCourse.code, like(q))) : undefined)
        .orderBy(asc(basicCourse.code))
        .limit(PICK_LIMIT);
    } else if (request.query.kind === 'class') {
      rows = await db
        .select({ id: basicClass.id, label: basicClass.name })
        .from(basicClass)
        .where(q ? or(ilike(basicClass.name, like(q)), ilike(basicClass.code, like(q))) : undefined)
        .orderBy(asc(basicClass.code))
        .limit(PICK_LIMIT);
    } else {
      const all = await actionAllowed(db, BOOKING_PERMISSIONS.all, rolesOf(auth));
      rows = await db
        .select({ id: sysUser.id, label: basicTeacher.name })
        .from(basicTeacher)
        .innerJoin(sysUser, eq(sysUser.id, basicTeacher.userId))
        .where(and(all ? undefined : eq(sysUser.id, auth.userId), q ? ilike(basicTeacher.name, like(q)) : undefined))
        .orderBy(asc(basicTeacher.name))
        .limit(PICK_LIMIT);
      if (rows.length === 0 && !all) rows = await db.select({ id: sysUser.id, label: sysUser.realname }).from(sysUser).where(eq(sysUser.id, auth.userId)).then((r) => r.map((x) => ({ id: x.id, label: x.label ?? '' })));
    }
    return ok(rows);
  });

  app.post(BOOKING_URL.add, { config: { access: book }, schema: { body: bookingSchema, response: { 200: bookedAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const input = request.body;
    if (input.date < schoolToday()) throw badRequest(BOOKING_MSG.datePast);
    const all = await actionAllowed(db, BOOKING_PERMISSIONS.all, rolesOf(auth));
    if (!all && input.teacherUserId !== auth.userId) throw badRequest(BOOKING_MSG.teacherNotSelf);
    if (input.id) {
      const [again] = await db.select({ applicantId: practiceBooking.applicantId }).from(practiceBooking).where(eq(practiceBooking.id, input.id));
      if (again?.applicantId === auth.userId) return ok({ id: input.id }, BOOKING_MSG.submitted);
      if (again) throw conflict('预约编号已被使用');
    }
    const [[room], [course], [klass], [teacher]] = await Promise.all([
      db.select({ name: basicClassroom.name, type: basicClassroom.type, status: basicClassroom.status }).from(basicClassroom).where(eq(basicClassroom.id, input.classroomId)),
      db.select({ id: basicCourse.id }).from(basicCourse).where(eq(basicCourse.id, input.courseId)),
      db.select({ id: basicClass.id }).from(basicClass).where(eq(basicClass.id, input.classId)),
      db.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.id, input.teacherUserId), eq(sysUser.status, 1), eq(sysUser.delFlag, 0))),
    ]);
    if (!room || !course || !klass || !teacher) throw badRequest(BOOKING_MSG.notFound);
    const bookable = await bookableTypes(db);
    if (!bookable.values.includes(room.type) || room.status !== ROOM_IN_USE) throw badRequest(BOOKING_MSG.roomNotBookable(bookable.labels));

    // A date on a statutory holiday is booked only when the teacher chose so; skipping leaves those weeks out.
    const asked = bookingDates(input.date, input.repeatUntil);
    const holidays = await holidaysOn(db, asked);
    if (holidays.length && !input.holidays) throw badRequest(BOOKING_MSG.onHolidays(holidaysAmong(asked, holidays)));
    const dates = asked.filter((d) => input.holidays !== 'skip' || !holidays.some((h) => h.value === d));
    if (dates.length === 0) throw badRequest(BOOKING_MSG.allHolidays);
    const want: SlotRequest = { classroomId: input.classroomId, classId: input.classId, teacherUserId: input.teacherUserId, dates, periodFrom: input.periodFrom, periodTo: input.periodTo };
    const weekly = dates.length > 1;
    const seen = await conflictsOf(db, want);
    if (seen.length) throw conflictRefusal(seen, weekly);
    const periods = PERIODS.filter((p) => p >= input.periodFrom && p <= input.periodTo);
    const title = `实训预约：${room.name} ${dates[0]!.slice(5)} ${periodRange(input.periodFrom, input.periodTo)}${weekly ? ` 每周×${dates.length}` : ''}`;
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(practiceBooking)
          .values({
            ...(input.id ? { id: input.id } : {}),
            classroomId: input.classroomId,
            courseId: input.courseId,
            classId: input.classId,
            teacherUserId: input.teacherUserId,
            applicantId: auth.userId,
            purpose: input.purpose.trim(),
            firstDate: dates[0]!,
            repeatUntil: weekly ? dates.at(-1)! : null,
            weeks: dates.length,
            periodFrom: input.periodFrom,
            periodTo: input.periodTo,
          })
          .returning({ id: practiceBooking.id });
        await tx.insert(practiceBookingSlot).values(dates.flatMap((slotDate) => periods.map((period) => ({ bookingId: row!.id, slotDate, period, classroomId: want.classroomId, classId: want.classId, teacherUserId: want.teacherUserId }))));
        await submitApplication(tx, { processKey: 'booking', businessId: row!.id, title, applicantId: auth.userId, enrolmentId: null });
        return row!.id;
      });
      return ok({ id }, BOOKING_MSG.submitted);
    } catch (error) {
      // Another booking took a slot between the check and the insert: name it now that it is committed.
      if (isUniqueViolation(error, 'practice_booking_slot_')) throw conflictRefusal(await conflictsOf(db, want), weekly);
      throw error;
    }
  });

  app.get(BOOKING_URL.timetable, { config: { access: read }, schema: { querystring: timetableQuerySchema, response: { 200: timetableAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { by, id, week, pending } = request.query;
    const days = weekDates(week);
    const { holder, title } = await timetableHolder(db, auth, by, id);
    const timetable: Timetable = { by, id, title, week: days, entries: await timetableEntries(db, holder, days, pending === '1') };
    return ok(timetable);
  });

  /** My timetable: a student's class's, a teacher's own; null when there is none (an administrator without classes). */
  app.get(BOOKING_URL.mine, { config: { access: read }, schema: { querystring: mineQuerySchema, response: { 200: timetableAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const days = weekDates(request.query.week);
    const [student] = await db.select({ classId: basicStudent.classId, className: basicClass.name }).from(basicStudent).innerJoin(basicClass, eq(basicClass.id, basicStudent.classId)).where(eq(basicStudent.userId, auth.userId));
    if (student) {
      const entries = await timetableEntries(db, eq(practiceBookingSlot.classId, student.classId), days, false);
      return ok<Timetable>({ by: 'class', id: student.classId, title: student.className, week: days, entries });
    }
    const [me] = await db.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, auth.userId));
    const entries = await timetableEntries(db, eq(practiceBookingSlot.teacherUserId, auth.userId), days, false);
    return ok<Timetable>({ by: 'teacher', id: auth.userId, title: me?.name ?? '', week: days, entries });
  });

  /** The week's grid as Excel: periods down, days across, each cell the course, class, teacher and room. */
  app.get(BOOKING_URL.timetableExport, { config: { access: read, fileAnswer: [EXCEL] }, schema: { querystring: timetableQuerySchema } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const { by, id, week } = request.query;
    const days = weekDates(week);
    const { holder, title } = await timetableHolder(db, auth, by, id);
    const entries = await timetableEntries(db, holder, days, false);
    const rows = PERIODS.map((period) => [
      `第${period}节`,
      ...days.map((date) =>
        entries
          .filter((e) => e.date === date && e.periodFrom <= period && e.periodTo >= period)
          .map((e) => `${e.courseName}\n${e.className} · ${e.teacherName}\n${e.roomName}`)
          .join('\n'),
      ),
    ]);
    const name = `${title}${TIMETABLE_BY_LABELS[by]}（${days[0]}至${days[6]}）`;
    const columns = [{ header: '节次', width: 8 }, ...days.map((d, i) => ({ header: `${WEEKDAY_LABELS[i]} ${d.slice(5)}`, width: 24 }))];
    return sendWorkbook(reply, name, await buildWorkbook(TIMETABLE_BY_LABELS[by], columns, rows));
  });
}

