import { count, eq, like, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { EVALUATION_MSG, type CourseAverage, type CourseToRate, type EvaluationStats, type StudentToRate, type TaughtClass } from '@contract/practice-evaluation.ts';
import { basicClassroom, basicCourse, basicStudent, practiceBooking, practiceBookingSlot, practiceCourseRating, sysUser } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 评价: a student rates a course they had (an approved booking that took place), once; the teacher reads
 * averages and comments with no name; the teacher rates the class's students; the office reads all averages.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let classId: string;
let courseId: string;
let laterCourseId: string;
const classmates: string[] = [];
/** teacher01's ratings in the demo season (the courses of the season's bookings), before this file adds any. */
let season: { count: number; sum: number };
/** This file's two courses: what the student may rate, and what they may not yet. */
const ours = <T extends { courseId: string }>(rows: T[]): T[] => rows.filter((r) => r.courseId === courseId || r.courseId === laterCourseId);

/** An approved booking of student01's class on a date, as the 教务处 would have approved it; periods 11–12, which the demo season leaves free. */
async function approvedBooking(date: string, course: string, teacherUserId: string) {
  const [room] = await t.db.select({ id: basicClassroom.id }).from(basicClassroom).where(eq(basicClassroom.type, '3')).limit(1);
  const [row] = await t.db
    .insert(practiceBooking)
    .values({ classroomId: room!.id, courseId: course, classId, teacherUserId, applicantId: teacherUserId, purpose: '实训', firstDate: date, periodFrom: 11, periodTo: 12, status: 'approved' })
    .returning({ id: practiceBooking.id });
  await t.db.insert(practiceBookingSlot).values([11, 12].map((period) => ({ bookingId: row!.id, slotDate: date, period, classroomId: room!.id, classId, teacherUserId })));
}

beforeAll(async () => {
  t = await startTestApp();
  const [student] = await t.db.select({ classId: basicStudent.classId }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).where(eq(sysUser.username, 'student01'));
  classId = student!.classId;
  const others = await t.db.select({ username: sysUser.username, id: sysUser.id }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).where(eq(basicStudent.classId, classId)).limit(3);
  for (const o of others) if (o.username !== 'student01') classmates.push(o.username);
  for (const username of ['student01', 'teacher01', 'office01', 'admin', ...classmates.slice(0, 1)]) tokens[username] = await t.login(username);
  const [other] = await t.db.select({ username: sysUser.username }).from(sysUser).where(like(sysUser.username, 'T20%')).limit(1);
  tokens.other = await t.login(other!.username);
  for (const username of ['teacher01', 'student01']) ids[username] = (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
  const courses = await t.db.select({ id: basicCourse.id }).from(basicCourse).limit(2);
  [courseId, laterCourseId] = [courses[0]!.id, courses[1]!.id];
  await approvedBooking(addDays(schoolToday(), -3), courseId, ids.teacher01!);
  // Not held yet: tomorrow's session cannot be rated.
  await approvedBooking(addDays(schoolToday(), 1), laterCourseId, ids.teacher01!);
  const [given] = await t.db.select({ count: count(), sum: sum(practiceCourseRating.score) }).from(practiceCourseRating).where(eq(practiceCourseRating.teacherUserId, ids.teacher01!));
  season = { count: given!.count, sum: Number(given!.sum ?? 0) };
});
afterAll(() => t.close());

describe('实训评价', () => {
  it('lets a student rate a course they had, once, and not one still to come', async () => {
    const mine = expectOk(await t.get<CourseToRate[]>('/api/practice/evaluation/courses', tokens.student01));
    expect(ours(mine).map((c) => ({ courseId: c.courseId, teacherName: c.teacherName, sessions: c.sessions, myScore: c.myScore }))).toEqual([{ courseId, teacherName: '王老师', sessions: 1, myScore: null }]);
    expectError(await t.post('/api/practice/evaluation/course', { courseId, teacherUserId: ids.teacher01, score: 6 }, tokens.student01), 400, EVALUATION_MSG.scoreRequired);
    expectError(await t.post('/api/practice/evaluation/course', { courseId: laterCourseId, teacherUserId: ids.teacher01, score: 4 }, tokens.student01), 400, EVALUATION_MSG.notYours);
    expectOk(await t.post('/api/practice/evaluation/course', { courseId, teacherUserId: ids.teacher01, score: 4, comment: '设备充足，讲解清楚' }, tokens.student01), EVALUATION_MSG.saved);
    expectError(await t.post('/api/practice/evaluation/course', { courseId, teacherUserId: ids.teacher01, score: 1 }, tokens.student01), 409, EVALUATION_MSG.rated);
    expect(ours(expectOk(await t.get<CourseToRate[]>('/api/practice/evaluation/courses', tokens.student01)))).toMatchObject([{ courseId, myScore: 4, myComment: '设备充足，讲解清楚' }]);
    expectOk(await t.post('/api/practice/evaluation/course', { courseId, teacherUserId: ids.teacher01, score: 5, comment: '' }, tokens[classmates[0]!]));
    expectError(await t.post('/api/practice/evaluation/course', { courseId, teacherUserId: ids.teacher01, score: 5 }, tokens.teacher01), 403, /权限/);
  });

  it('shows the teacher the average and the comments, and nothing of who wrote them', async () => {
    const received = await t.get<CourseAverage[]>('/api/practice/evaluation/received', tokens.teacher01);
    expect(ours(expectOk(received))).toEqual([{ courseId, courseName: expect.any(String), teacherUserId: ids.teacher01, teacherName: '王老师', count: 2, average: 4.5, comments: ['设备充足，讲解清楚'] }]);
    expect(JSON.stringify(received.body)).not.toMatch(/student01|李明/);
    expect(ours(expectOk(await t.get<CourseAverage[]>('/api/practice/evaluation/received', tokens.other)))).toEqual([]);
  });

  it('lets the teacher rate the students of a class they taught, and change it', async () => {
    const taught = expectOk(await t.get<TaughtClass[]>('/api/practice/evaluation/taught', tokens.teacher01));
    expect(ours(taught).map((c) => ({ courseId: c.courseId, classId: c.classId, rated: c.rated }))).toEqual([{ courseId, classId, rated: 0 }]);
    const query = { courseId, classId };
    const students = expectOk(await t.get<StudentToRate[]>('/api/practice/evaluation/students', tokens.teacher01, query));
    expect(students.length).toBe(ours(taught)[0]!.students);
    const li = students.find((s) => s.studentUserId === ids.student01)!;
    expectOk(await t.post('/api/practice/evaluation/student', { ...query, studentUserId: li.studentUserId, score: 3, comment: '动手能力有待加强' }, tokens.teacher01));
    expectOk(await t.post('/api/practice/evaluation/student', { ...query, studentUserId: li.studentUserId, score: 4, comment: '进步明显' }, tokens.teacher01));
    expect(expectOk(await t.get<StudentToRate[]>('/api/practice/evaluation/students', tokens.teacher01, query)).find((s) => s.studentUserId === ids.student01)).toMatchObject({ score: 4, comment: '进步明显' });
    expect(ours(expectOk(await t.get<TaughtClass[]>('/api/practice/evaluation/taught', tokens.teacher01)))[0]!.rated).toBe(1);
    // Another teacher did not teach the class.
    expectError(await t.get('/api/practice/evaluation/students', tokens.other, query), 400, EVALUATION_MSG.notTaught);
    expectError(await t.post('/api/practice/evaluation/student', { ...query, studentUserId: li.studentUserId, score: 1 }, tokens.other), 400, EVALUATION_MSG.notTaught);
  });

  it('gives the office the averages per course and teacher', async () => {
    const stats = expectOk(await t.get<EvaluationStats>('/api/practice/evaluation/stats', tokens.office01));
    expect(ours(stats.courses).map((c) => [c.courseId, c.teacherUserId, c.count, c.average])).toEqual([[courseId, ids.teacher01, 2, 4.5]]);
    // teacher01's figure is the season's ratings and this file's two (4 and 5).
    const average = Math.round(((season.sum + 9) / (season.count + 2)) * 10) / 10;
    expect(stats.teachers.find((r) => r.teacherUserId === ids.teacher01)).toEqual({ teacherUserId: ids.teacher01, teacherName: '王老师', count: season.count + 2, average });
    expectError(await t.get('/api/practice/evaluation/stats', tokens.teacher01), 403, /权限/);
  });
});
