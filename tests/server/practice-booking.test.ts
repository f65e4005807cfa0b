import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import { BOOKING_MSG, type BookingRow, type PickOption, type Timetable } from '@contract/practice-booking.ts';
import type { PageResult } from '@contract/resource.ts';
import type { TaskRow } from '@contract/workflow.ts';
import { basicClass, basicClassroom, basicStudent, practiceBooking, practiceBookingSlot, sysDictItem, sysUser, wfInstance } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 实训预约: every conflict kind refused with the booking it meets named, nothing kept of a refused booking;
 * two bookings racing for one slot (one wins, on PostgreSQL truly at once); a weekly repeat all or nothing;
 * approval through 我的待办; timetables by scope, and Excel.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let rooms: PickOption[];
let classes: PickOption[];
let courseId: string;
let studentClassId: string;
/** Weeks ahead, so nothing of the demo or of "today" is in the way; a Monday. */
const base = addDays(mondayOf(schoolToday()), 28);

const pick = async (kind: string, token: string, q = '') => expectOk(await t.get<PickOption[]>('/api/practice/booking/pick', token, q ? { kind, q } : { kind }));
const book = (body: object, token: string) => t.post<{ id: string }>('/api/practice/booking/add', body, token);
const booking = (extra: object = {}) => ({ classroomId: rooms[0]!.id, date: base, periodFrom: 1, periodTo: 2, courseId, classId: studentClassId, teacherUserId: ids.teacher01, purpose: 'PLC 编程与调试实训', ...extra });
/** The slots held from `base` on: the weeks this file books in, which the demo season (up to next week) leaves empty. */
const slotCount = async () => (await t.db.select({ n: count() }).from(practiceBookingSlot).where(gte(practiceBookingSlot.slotDate, base)))[0]!.n;
const timetable = (token: string, by: string, id: string, week = base) => t.get<Timetable>('/api/practice/timetable', token, { by, id, week });

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'office01']) tokens[username] = await t.login(username);
  const [other] = await t.db.select({ username: sysUser.username }).from(sysUser).where(like(sysUser.username, 'T20%')).limit(2);
  tokens.other = await t.login(other!.username);
  for (const username of ['teacher01', 'office01', other!.username]) ids[username === other!.username ? 'other' : username] = (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
  rooms = await pick('room', tokens.teacher01!);
  classes = await pick('class', tokens.teacher01!);
  courseId = (await pick('course', tokens.teacher01!))[0]!.id;
  studentClassId = (await t.db.select({ classId: basicStudent.classId }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).where(eq(sysUser.username, 'student01')))[0]!.classId;
});
afterAll(() => t.close());

describe('实训预约', () => {
  it('offers the bookable types in use (实训室 and 机房: a dictionary setting), and a teacher only themselves to book for', async () => {
    const labs = await t.db.select({ id: basicClassroom.id }).from(basicClassroom).where(and(inArray(basicClassroom.type, ['3', '4']), eq(basicClassroom.status, '1')));
    expect(rooms.map((r) => r.id).sort()).toEqual(labs.map((r) => r.id).sort());
    expect(rooms.map((r) => r.label)).toContain('第一机房');
    expect(rooms.map((r) => r.label)).not.toContain('液压与气动实训室');
    expect((await pick('teacher', tokens.teacher01!)).map((r) => r.id)).toEqual([ids.teacher01]);
    expect((await pick('teacher', tokens.office01!, '王')).length).toBeGreaterThan(1);
    expect(classes.length).toBe(20);
    expectError(await t.get('/api/practice/booking/pick', tokens.student01, { kind: 'room' }), 403, /权限/);
  });

  it('refuses bad input with its message and keeps nothing', async () => {
    expectError(await book(booking({ periodFrom: 3, periodTo: 2 }), tokens.teacher01!), 400, BOOKING_MSG.periodOrder);
    expectError(await book(booking({ periodTo: 13 }), tokens.teacher01!), 400, BOOKING_MSG.periodTo);
    expectError(await book(booking({ purpose: ' ' }), tokens.teacher01!), 400, BOOKING_MSG.purposeRequired);
    expectError(await book(booking({ date: addDays(schoolToday(), -1) }), tokens.teacher01!), 400, BOOKING_MSG.datePast);
    expectError(await book(booking({ teacherUserId: ids.other }), tokens.teacher01!), 400, BOOKING_MSG.teacherNotSelf);
    expectError(await book(booking({ repeatUntil: addDays(base, 7 * 25) }), tokens.teacher01!), 400, BOOKING_MSG.repeatTooLong);
    const [closed] = await t.db.select({ id: basicClassroom.id }).from(basicClassroom).where(ne(basicClassroom.status, '1'));
    expectError(await book(booking({ classroomId: closed!.id }), tokens.teacher01!), 400, BOOKING_MSG.roomNotBookable(['实训室', '机房']));
    const [plain] = await t.db.select({ id: basicClassroom.id }).from(basicClassroom).where(eq(basicClassroom.type, '1'));
    expectError(await book(booking({ classroomId: plain!.id }), tokens.teacher01!), 400, '只能预约可用的实训室、机房');
    expect(await slotCount()).toBe(0);
  });

  it('follows the dictionary: a type switched off there is neither offered nor booked', async () => {
    const computerRoom = rooms.find((r) => r.label === '第一机房')!;
    const off = (status: number) => t.db.update(sysDictItem).set({ status }).where(and(eq(sysDictItem.dictId, 'dict-bookable-room-type'), eq(sysDictItem.itemValue, '4')));
    await off(0);
    try {
      expect((await pick('room', tokens.teacher01!)).map((r) => r.label)).not.toContain('第一机房');
      expectError(await book(booking({ classroomId: computerRoom.id }), tokens.teacher01!), 400, '只能预约可用的实训室');
    } finally {
      await off(1);
    }
    expect(await slotCount()).toBe(0);
  });

  it('books a room, and refuses the same room, the same class and the same teacher at the same period, naming the booking', async () => {
    const { id } = expectOk(await book(booking(), tokens.teacher01!), BOOKING_MSG.submitted);
    expect(await slotCount()).toBe(2);
    const otherClass = classes.find((c) => c.id !== studentClassId)!.id;
    // Same room, period 2 overlapping 1–2: another class and teacher, booked by the office for them.
    expectError(await book(booking({ periodFrom: 2, periodTo: 3, classId: otherClass, teacherUserId: ids.other }), tokens.office01!), 409, /实训室已被占用：.*王老师.*审批中/);
    expectError(await book(booking({ classroomId: rooms[1]!.id, teacherUserId: ids.other }), tokens.office01!), 409, /该班级已有安排/);
    expectError(await book(booking({ classroomId: rooms[1]!.id, classId: otherClass }), tokens.teacher01!), 409, new RegExp(`${base} 第1-2节 该教师已有安排`));
    expect(await slotCount()).toBe(2);
    // A later period of the same day is free for all three.
    expectOk(await book(booking({ periodFrom: 3, periodTo: 4, classId: otherClass }), tokens.teacher01!));
    const mine = expectOk(await t.get<PageResult<BookingRow>>('/api/practice/booking/list', tokens.teacher01)).records;
    expect(mine.find((r) => r.id === id)).toMatchObject({ status: 'pending', periodFrom: 1, periodTo: 2, teacherName: '王老师', weeks: 1 });
    expect(expectOk(await t.get<PageResult<BookingRow>>('/api/practice/booking/list', tokens.other)).records.map((r) => r.id)).not.toContain(id);
  });

  it('lets exactly one of several bookings racing for one slot through', async () => {
    const date = addDays(base, 1);
    const racers = classes.slice(0, 6).map((c) => book(booking({ date, classId: c.id, teacherUserId: ids.other, periodFrom: 5, periodTo: 6 }), tokens.office01!));
    const answers = await Promise.all(racers);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toMatch(/实训室已被占用|该教师已有安排/);
    const held = await t.db.select({ n: count() }).from(practiceBookingSlot).where(eq(practiceBookingSlot.slotDate, date));
    expect(held[0]!.n).toBe(2);
  });

  it('books a weekly repeat as a whole, or refuses it as a whole listing the weeks in the way', async () => {
    const room = rooms[2]!.id;
    const klass = classes[10]!.id;
    // Someone else holds the same room in the 3rd week.
    expectOk(await book(booking({ classroomId: room, classId: classes[11]!.id, teacherUserId: ids.other, date: addDays(base, 14 + 2), periodFrom: 7, periodTo: 8 }), tokens.office01!));
    const before = await slotCount();
    const weekly = booking({ classroomId: room, classId: klass, date: addDays(base, 2), repeatUntil: addDays(base, 2 + 7 * 5), periodFrom: 7, periodTo: 8 });
    expectError(await book(weekly, tokens.teacher01!), 409, new RegExp(`${BOOKING_MSG.conflictWeeks(1)}\\n${addDays(base, 16)} 第7-8节 实训室已被占用`));
    expect(await slotCount()).toBe(before);
    const { id } = expectOk(await book({ ...weekly, periodFrom: 9, periodTo: 10 }, tokens.teacher01!));
    expect(await slotCount()).toBe(before + 6 * 2);
    const [row] = await t.db.select().from(practiceBooking).where(eq(practiceBooking.id, id));
    expect({ weeks: row!.weeks, repeatUntil: row!.repeatUntil }).toEqual({ weeks: 6, repeatUntil: addDays(base, 2 + 35) });
  });

  it('asks before booking a statutory holiday of the dictionary, and skips it or books it as the teacher chooses', async () => {
    const thursday = addDays(base, 7 + 3);
    const holiday = addDays(thursday, 7);
    const [item] = await t.db.insert(sysDictItem).values({ dictId: 'dict-statutory-holiday', itemText: '元旦', itemValue: holiday, sortOrder: 99 }).returning({ id: sysDictItem.id });
    try {
      const weekly = booking({ classroomId: rooms[3]!.id, classId: classes[12]!.id, date: thursday, repeatUntil: addDays(thursday, 14), periodFrom: 11, periodTo: 12 });
      const before = await slotCount();
      expectError(await book(weekly, tokens.teacher01!), 400, BOOKING_MSG.onHolidays([`${holiday}（元旦）`]));
      expectError(await book({ ...weekly, date: holiday, repeatUntil: null, holidays: 'skip' }, tokens.teacher01!), 400, BOOKING_MSG.allHolidays);
      expect(await slotCount()).toBe(before);
      const { id } = expectOk(await book({ ...weekly, holidays: 'skip' }, tokens.teacher01!));
      const held = await t.db.selectDistinct({ date: practiceBookingSlot.slotDate }).from(practiceBookingSlot).where(eq(practiceBookingSlot.bookingId, id));
      expect(held.map((h) => h.date).sort()).toEqual([thursday, addDays(thursday, 14)]);
      expect((await t.db.select({ weeks: practiceBooking.weeks }).from(practiceBooking).where(eq(practiceBooking.id, id)))[0]!.weeks).toBe(2);
      const kept = expectOk(await book({ ...weekly, classroomId: rooms[4]!.id, classId: classes[13]!.id, teacherUserId: ids.other, holidays: 'keep' }, tokens.office01!));
      expect((await t.db.select({ n: count() }).from(practiceBookingSlot).where(and(eq(practiceBookingSlot.bookingId, kept.id), eq(practiceBookingSlot.slotDate, holiday))))[0]!.n).toBe(2);
    } finally {
      await t.db.delete(sysDictItem).where(eq(sysDictItem.id, item!.id));
    }
  });

  it('goes to the 教务处 in 我的待办; approved it is on the class’s timetable, rejected it lets its slots go', async () => {
    const todo = async () => expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', tokens.office01, { pageSize: '100' })).records;
    const [first] = await t.db.select().from(practiceBooking).where(and(eq(practiceBooking.classId, studentClassId), eq(practiceBooking.firstDate, base)));
    const [instance] = await t.db.select().from(wfInstance).where(eq(wfInstance.businessId, first!.id));
    const task = (await todo()).find((r) => r.instanceId === instance!.id)!;
    expect(task).toMatchObject({ processName: '实训预约', stepName: '教务处审批' });
    expect(expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', tokens.teacher01, { pageSize: '100' })).records.map((r) => r.id)).not.toContain(task.id);
    expectError(await t.post(`/api/workflow/task/${task.id}/decide`, { decision: 'approve' }, tokens.teacher01), 404, /不是您的任务/);
    expectOk(await t.post(`/api/workflow/task/${task.id}/decide`, { decision: 'approve' }, tokens.office01));

    // The student reads their class's week; the approved booking is there, the pending one of another class is not.
    const mine = expectOk(await t.get<Timetable>('/api/practice/timetable/mine', tokens.student01, { week: base }));
    expect(mine.by).toBe('class');
    expect(mine.entries.map((e) => ({ date: e.date, periods: `${e.periodFrom}-${e.periodTo}`, teacher: e.teacherName, status: e.status }))).toEqual([{ date: base, periods: '1-2', teacher: '王老师', status: 'approved' }]);
    const [otherClass] = await t.db.select({ id: basicClass.id }).from(basicClass).where(ne(basicClass.id, studentClassId)).limit(1);
    expectError(await timetable(tokens.student01!, 'class', otherClass!.id), 404, BOOKING_MSG.timetableNotFound);
    expectError(await timetable(tokens.student01!, 'room', first!.classroomId), 404, BOOKING_MSG.timetableNotFound);
    // Teachers read any class or room and their own timetable, not another teacher's; the office reads all.
    expect(expectOk(await timetable(tokens.other!, 'room', first!.classroomId)).entries.map((e) => e.bookingId)).toEqual([first!.id]);
    expectError(await timetable(tokens.other!, 'teacher', ids.teacher01!), 404, BOOKING_MSG.timetableNotFound);
    expect(expectOk(await timetable(tokens.office01!, 'teacher', ids.teacher01!)).title).toBe('王老师');
    // Pending bookings show only where a booking form asks for busy slots.
    const teacherWeek = expectOk(await t.get<Timetable>('/api/practice/timetable', tokens.teacher01, { by: 'teacher', id: ids.teacher01!, week: base, pending: '1' }));
    expect(teacherWeek.entries.map((e) => e.status).sort()).toEqual(['approved', 'pending', 'pending']);

    // 驳回: the slots are free again.
    const later = (await todo()).find((r) => r.title.includes('第3-4节'))!;
    expectOk(await t.post(`/api/workflow/task/${later.id}/decide`, { decision: 'reject', comment: '该时段实训室检修' }, tokens.office01));
    const otherClass2 = classes.find((c) => c.id !== studentClassId)!.id;
    expectOk(await book(booking({ id: randomUUID(), periodFrom: 3, periodTo: 4, classId: otherClass2, teacherUserId: ids.other }), tokens.office01!));
  });

  it('exports the week as Excel', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/practice/timetable/exportXls?by=class&id=${studentClassId}&week=${base}`, headers: { 'X-Access-Token': tokens.student01! } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('班级课表');
  });
});
