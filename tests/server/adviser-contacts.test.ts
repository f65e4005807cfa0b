import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTION_URL } from '@contract/interactions.ts';
import { addDays, schoolToday } from '@contract/internship.ts';
import type { AdviserStats } from '@contract/internship-warning.ts';
import { SEASON_URL, monthOf, type SeasonGrid } from '@contract/season.ts';
import { VISIT_MSG, VISIT_URL } from '@contract/visits.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipWarning, sysUser } from '../../server/db/schema.ts';
import { raiseWarnings } from '../../server/modules/internship-warning/job.ts';
import { newAdvisees, type Advisee } from './advisee-support.ts';
import { expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * Contact between adviser and student (issue 35): 走访 and quick 联系记录 (微信, 面谈) naming the student and the days
 * the adviser wrote in their 互动 count against the program's monthly minimum; the season shows each student's
 * count, and a month's last week raises 联系不足 for those below it. The same of the student's 班主任, whose
 * 走访 and 联系记录 count against the program's own minimum for them, told to the 班主任.
 */

const today = schoolToday();
const month = monthOf(today);

let t: TestApp;
let adviserToken: string;
let adviserId: string;
let programId: string;
let students: Advisee[];
let headTeacher: { id: string; token: string };

const contact = (mode: string, enrolmentIds: string[], token = adviserToken) =>
  t.put(`/api${VISIT_URL.one(randomUUID())}`, { visitDate: today, mode, enrolmentIds, notes: '微信联系，了解本周岗位安排和住宿情况。' }, token);

beforeAll(async () => {
  t = await startTestApp();
  let placement;
  ({ placement, adviserToken, advisees: students } = await newAdvisees(t, ['勤', '疏'], 20));
  programId = placement.programId;
  [{ adviserUserId: adviserId }] = (await t.db.select({ adviserUserId: internshipEnrolment.adviserUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, students[0]!.enrolmentId))) as [{ adviserUserId: string }];
  await t.db.update(internshipProgram).set({ minAdviserContacts: 2, minHeadTeacherContacts: 1 }).where(eq(internshipProgram.id, programId));
  // The 班主任 of student01's class, the advisees' class.
  const [head] = await t.db
    .select({ id: sysUser.id, username: sysUser.username })
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .innerJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
    .innerJoin(sysUser, eq(sysUser.id, basicTeacher.userId))
    .where(eq(internshipEnrolment.id, students[0]!.enrolmentId));
  headTeacher = { id: head!.id, token: await t.login(head!.username) };
  const [often, seldom] = students as [Advisee, Advisee];
  expectOk(await contact('wechat', [often.enrolmentId]));
  // The 班主任's telephone call to the other one.
  expectOk(await contact('phone', [seldom.enrolmentId], headTeacher.token));
  // A thread the student starts, and two replies of the adviser the same day: one contact.
  const thread = randomUUID();
  expectOk(await t.put(`/api${INTERACTION_URL.start}`, { id: thread, enrolmentId: often.enrolmentId, title: '关于住宿', content: '老师，单位宿舍下周调整。' }, often.token));
  for (const content of ['收到，调整后告诉我新地址。', '另外注意用电安全。']) expectOk(await t.put(`/api${INTERACTION_URL.reply(thread)}`, { id: randomUUID(), content }, adviserToken));
});
afterAll(() => t.close());

describe('联系 of the adviser with each student', () => {
  it('is counted this month in the season, against the program’s minimum', async () => {
    const grid = expectOk(await t.get<SeasonGrid>(`/api${SEASON_URL.grid}`, adviserToken, { programId, pageSize: '50' }));
    expect(grid).toMatchObject({ contactsRequired: { adviser: 2, headTeacher: 1 }, contactMonth: month.name });
    const [often, seldom] = students as [Advisee, Advisee];
    expect(grid.rows.find((r) => r.enrolmentId === often.enrolmentId)?.contacts).toEqual({ adviser: 2, headTeacher: 0 });
    expect(grid.rows.find((r) => r.enrolmentId === seldom.enrolmentId)?.contacts).toEqual({ adviser: 0, headTeacher: 1 });
  });

  it('lets the 班主任 record contacts with their class’s students only, and shows them the same counts', async () => {
    const mine = expectOk(await t.get<{ enrolmentId: string }[]>(`/api${VISIT_URL.students}`, headTeacher.token)).map((s) => s.enrolmentId);
    expect(mine).toEqual(expect.arrayContaining(students.map((s) => s.enrolmentId)));
    // A student of another class is not theirs to record.
    const [other] = await t.db
      .select({ id: internshipEnrolment.id })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .innerJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
      .where(and(eq(internshipEnrolment.status, 'active'), ne(basicTeacher.userId, headTeacher.id)))
      .limit(1);
    expect(mine).not.toContain(other!.id);
    const refused = await contact('phone', [other!.id], headTeacher.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(VISIT_MSG.notYourStudents);
    const grid = expectOk(await t.get<SeasonGrid>(`/api${SEASON_URL.grid}`, headTeacher.token, { programId, pageSize: '200' }));
    const [often, seldom] = students as [Advisee, Advisee];
    expect(grid.rows.find((r) => r.enrolmentId === seldom.enrolmentId)?.contacts).toEqual({ adviser: 0, headTeacher: 1 });
    expect(grid.rows.find((r) => r.enrolmentId === often.enrolmentId)?.contacts).toEqual({ adviser: 2, headTeacher: 0 });
  });

  it('is the office’s coverage of each adviser in 实习统计, beside their review rates, and exported with them', async () => {
    const office = await t.login('office01');
    const stats = expectOk(await t.get<AdviserStats>('/api/internship/stats/advisers', office, { programId }));
    expect(stats).toMatchObject({ month: month.name, required: 2 });
    const mine = stats.advisers.find((a) => a.adviserUserId === adviserId);
    expect(mine).toMatchObject({ students: 2, active: 2, contacted: 1, coverage: 50, submitted: 0, reviewRate: null });
    // teacher01 reviews student01's weeks in the demo season: a rate, and how many of those within the week allowed.
    const [teacher01] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01'));
    const teacher = stats.advisers.find((a) => a.adviserUserId === teacher01!.id);
    expect(teacher!.reviewRate).toBeGreaterThan(0);
    expect(teacher!.timely).toBeLessThanOrEqual(teacher!.reviewed);
    const file = await t.app.inject({ method: 'GET', url: '/api/internship/stats/exportXls', query: { programId, table: 'adviser' }, headers: { 'x-access-token': office } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('按指导教师统计'));
  });

  it('raises 联系不足 in the month’s last week for a student below it, once, and not before that week', async () => {
    const [often, seldom] = students as [Advisee, Advisee];
    const ids = [often.enrolmentId, seldom.enrolmentId];
    const raisedFor = async () =>
      (await t.db.select({ enrolmentId: internshipWarning.enrolmentId, message: internshipWarning.message }).from(internshipWarning).where(and(eq(internshipWarning.kind, 'few_contacts'), inArray(internshipWarning.enrolmentId, ids))));
    const noon = (day: string) => new Date(`${day}T12:00:00+08:00`);
    // The day before the month's last week: nothing yet.
    await raiseWarnings(t.db, noon(addDays(month.to, -7)), { programId });
    expect(await raisedFor()).toEqual([]);
    await raiseWarnings(t.db, noon(month.to), { programId });
    const raised = await raisedFor();
    expect(raised.map((r) => r.enrolmentId)).toEqual([seldom.enrolmentId]);
    const [warning] = raised;
    expect(warning!.message).toMatch(new RegExp(`^疏（.+）${month.name}指导教师联系 0 次，少于每月 2 次的要求`));
    const again = await raiseWarnings(t.db, noon(month.to), { programId });
    expect(again.byKind.few_contacts).toBe(0);
  });

  it('raises 班主任联系不足 to the 班主任 for a student below their minimum, which the 班主任 may handle', async () => {
    const [often, seldom] = students as [Advisee, Advisee];
    const raised = await t.db
      .select({ id: internshipWarning.id, enrolmentId: internshipWarning.enrolmentId, told: internshipWarning.adviserUserId, message: internshipWarning.message })
      .from(internshipWarning)
      .where(and(eq(internshipWarning.kind, 'few_head_contacts'), inArray(internshipWarning.enrolmentId, [often.enrolmentId, seldom.enrolmentId])));
    expect(raised.map((r) => r.enrolmentId)).toEqual([often.enrolmentId]);
    expect(raised[0]).toMatchObject({ told: headTeacher.id });
    expect(raised[0]!.message).toMatch(new RegExp(`^勤（.+）${month.name}班主任联系 0 次，少于每月 1 次的要求（走访、电话、微信或面谈均可）$`));
    expectOk(await t.put('/api/internship/warning/handle', { id: raised[0]!.id, note: '已电话联系学生，了解近况。' }, headTeacher.token));
    const [handled] = await t.db.select({ status: internshipWarning.status, by: internshipWarning.handledBy }).from(internshipWarning).where(eq(internshipWarning.id, raised[0]!.id));
    expect(handled).toEqual({ status: 'handled', by: headTeacher.id });
  });
});
