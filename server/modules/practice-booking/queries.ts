import { and, between, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SLOT_HOLDING, type BookingConflict, type BookingRow, type BookingStatus, type ConflictKind, type TimetableEntry } from '@contract/practice-booking.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicClassroom, basicCourse, practiceBooking, practiceBookingSlot, sysUser } from '../../db/schema.ts';
import type { Tx } from '../workflow/engine.ts';

const teacher = alias(sysUser, 'teacher');
const applicant = alias(sysUser, 'applicant');

/** A booking with the names it shows: room, course, class, teacher, applicant. */
export const bookingColumns = {
  id: practiceBooking.id,
  classroomId: practiceBooking.classroomId,
  roomName: basicClassroom.name,
  courseName: basicCourse.name,
  className: basicClass.name,
  teacherName: sql<string>`coalesce(${teacher.realname}, ${teacher.username})`,
  applicantName: sql<string>`coalesce(${applicant.realname}, ${applicant.username})`,
  purpose: practiceBooking.purpose,
  date: practiceBooking.firstDate,
  repeatUntil: practiceBooking.repeatUntil,
  weeks: practiceBooking.weeks,
  periodFrom: practiceBooking.periodFrom,
  periodTo: practiceBooking.periodTo,
  status: sql<BookingStatus>`${practiceBooking.status}`,
  createdAt: practiceBooking.createdAt,
};

export const bookingsQuery = (db: Database | Tx) =>
  db
    .select(bookingColumns)
    .from(practiceBooking)
    .innerJoin(basicClassroom, eq(basicClassroom.id, practiceBooking.classroomId))
    .innerJoin(basicCourse, eq(basicCourse.id, practiceBooking.courseId))
    .innerJoin(basicClass, eq(basicClass.id, practiceBooking.classId))
    .innerJoin(teacher, eq(teacher.id, practiceBooking.teacherUserId))
    .innerJoin(applicant, eq(applicant.id, practiceBooking.applicantId));

export const toBookingRow = (r: Awaited<ReturnType<ReturnType<typeof bookingsQuery>['execute']>>[number]): BookingRow => ({ ...r, createdAt: r.createdAt.toISOString() });

export interface SlotRequest {
  classroomId: string;
  classId: string;
  teacherUserId: string;
  dates: string[];
  periodFrom: number;
  periodTo: number;
}

/**
 * The bookings holding any slot a new booking asks for, one per booking and date, with what they share
 * (room, class, teacher). Reads what is committed; the unique indexes settle a race between two writers.
 */
export async function conflictsOf(db: Database | Tx, want: SlotRequest): Promise<BookingConflict[]> {
  const rows = await db
    .selectDistinct({
      bookingId: practiceBookingSlot.bookingId,
      date: practiceBookingSlot.slotDate,
      room: sql<boolean>`${practiceBookingSlot.classroomId} = ${want.classroomId}`,
      klass: sql<boolean>`${practiceBookingSlot.classId} = ${want.classId}`,
      teacher: sql<boolean>`${practiceBookingSlot.teacherUserId} = ${want.teacherUserId}`,
    })
    .from(practiceBookingSlot)
    .where(
      and(
        inArray(practiceBookingSlot.slotDate, want.dates),
        between(practiceBookingSlot.period, want.periodFrom, want.periodTo),
        or(eq(practiceBookingSlot.classroomId, want.classroomId), eq(practiceBookingSlot.classId, want.classId), eq(practiceBookingSlot.teacherUserId, want.teacherUserId)),
      ),
    );
  if (rows.length === 0) return [];
  const bookings = await bookingsQuery(db).where(inArray(practiceBooking.id, [...new Set(rows.map((r) => r.bookingId))]));
  const byKey = new Map<string, BookingConflict>();
  for (const row of rows) {
    const booking = bookings.find((b) => b.id === row.bookingId);
    if (!booking) continue;
    const key = `${row.date}|${row.bookingId}`;
    const found = byKey.get(key) ?? {
      bookingId: row.bookingId,
      date: row.date,
      periodFrom: booking.periodFrom,
      periodTo: booking.periodTo,
      kinds: [] as ConflictKind[],
      roomName: booking.roomName,
      className: booking.className,
      teacherName: booking.teacherName,
      courseName: booking.courseName,
      status: booking.status,
    };
    const kinds = new Set<ConflictKind>(found.kinds);
    if (row.room) kinds.add('room');
    if (row.klass) kinds.add('class');
    if (row.teacher) kinds.add('teacher');
    found.kinds = (['room', 'class', 'teacher'] as const).filter((k) => kinds.has(k));
    byKey.set(key, found);
  }
  return [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date) || a.periodFrom - b.periodFrom);
}

/** The bookings on a timetable's week: approved, or also pending (the slots a new booking cannot take). */
export async function timetableEntries(db: Database, holder: SQL, week: string[], withPending: boolean): Promise<TimetableEntry[]> {
  const statuses: BookingStatus[] = withPending ? [...SLOT_HOLDING] : ['approved'];
  const days = await db
    .selectDistinct({ bookingId: practiceBookingSlot.bookingId, date: practiceBookingSlot.slotDate })
    .from(practiceBookingSlot)
    .where(and(holder, between(practiceBookingSlot.slotDate, week[0]!, week[6]!)));
  if (days.length === 0) return [];
  const bookings = await bookingsQuery(db).where(and(inArray(practiceBooking.id, [...new Set(days.map((d) => d.bookingId))]), inArray(practiceBooking.status, statuses)));
  return days
    .flatMap((d) => {
      const b = bookings.find((x) => x.id === d.bookingId);
      return b
        ? [{ bookingId: b.id, date: d.date, periodFrom: b.periodFrom, periodTo: b.periodTo, roomName: b.roomName, courseName: b.courseName, className: b.className, teacherName: b.teacherName, purpose: b.purpose, status: b.status }]
        : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.periodFrom - b.periodFrom);
}
