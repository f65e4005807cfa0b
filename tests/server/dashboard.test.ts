import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDashboard, PlacementFigures } from '@contract/dashboard.ts';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import type { LoginInfo, VisitDay } from '@contract/log.ts';
import { SEASON_WEEKS_BEHIND } from '../../server/db/demo-season-records.ts';
import { internshipEnrolment, internshipRecord } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, userRow, type TestApp } from './harness.ts';

const FORBIDDEN = '没有权限执行此操作';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

const dashboard = async (token: string) => expectOk(await t.get<MyDashboard>('/api/dashboard/mine', token));

describe('the school-wide login statistics', () => {
  it.each(['/api/sys/loginfo', '/api/sys/visitInfo'])('GET %s answers the administrator (dashboard:visit:stats)', async (url) => {
    const result = expectOk(await t.get<LoginInfo | VisitDay[]>(url, tokens.admin));
    expect(result).toBeTruthy();
  });

  it.each(['student01', 'mentor01', 'teacher01'])('are refused to %s with 403', async (username) => {
    for (const url of ['/api/sys/loginfo', '/api/sys/visitInfo']) expectError(await t.get(url, tokens[username]), 403, FORBIDDEN);
  });
});

describe('GET /dashboard/mine', () => {
  // The demo placement began nine weeks before this week's Monday and lasts 26 weeks; weeks 1–3 hold
  // a reviewed (88), a returned and a submitted summary; weeks 4–9 are empty; week 10 is this one.
  const start = addDays(mondayOf(schoolToday()), -SEASON_WEEKS_BEHIND * 7);
  const demoPlacement: Partial<PlacementFigures> = {
    studentName: '李明',
    programName: '2026届岗位实习',
    programType: 'post',
    status: 'active',
    unitName: '星辰软件科技有限公司',
    post: '软件测试实习生',
    adviserName: '王老师',
    mentorName: '张工',
    startDate: start,
    endDate: addDays(start, 181),
    totalWeeks: 26,
    currentWeek: 10,
    weeksLeft: 16,
    requiredCount: 16,
    written: 3,
    waiting: 1,
    reviewed: 1,
    returned: 1,
    missed: 6,
    averageScore: 88,
    latestScore: 88,
  };

  it('needs a session', async () => {
    expectError(await t.get('/api/dashboard/mine'), 401, TOKEN_INVALID_MESSAGE);
  });

  it('gives a student their own placement and how their weeks stand', async () => {
    const answer = await dashboard(tokens.student01!);
    expect(answer.mine).toEqual([expect.objectContaining({ ...demoPlacement, oldestWaitingAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })]);
    expect(answer.advised).toEqual([]);
    expect(answer.mentored).toEqual([]);
  });

  const placementsMentoredBy = async (username: string) => {
    const mentor = await userRow(t.db, username);
    return t.db.$count(internshipEnrolment, eq(internshipEnrolment.mentorUserId, mentor!.id));
  };

  it('gives the adviser the students they advise, and the mentor the students placed with them', async () => {
    const adviser = await dashboard(tokens.teacher01!);
    expect(adviser).toEqual({ mine: [], advised: [expect.objectContaining(demoPlacement)], mentored: [] });
    // mentor01 is the contact of student01's unit, whose other placed students are theirs too (the demo placements).
    const mentor = await dashboard(tokens.mentor01!);
    expect(mentor).toMatchObject({ mine: [], advised: [] });
    expect(mentor.mentored).toContainEqual(expect.objectContaining(demoPlacement));
    expect(mentor.mentored).toHaveLength(await placementsMentoredBy('mentor01'));
  });

  it('gives an administrator with no placement of their own nothing (the school-wide figures are elsewhere)', async () => {
    expect(await dashboard(tokens.admin!)).toEqual({ mine: [], advised: [], mentored: [] });
  });

  it('keeps to the caller: another adviser’s and mentor’s student shows only to them', async () => {
    const [demo] = await t.db.select().from(internshipEnrolment).limit(1);
    // Placed from next week on: nothing has begun.
    const teacher = await t.createUser({ roles: ['role-teacher'] });
    const mentor = await t.createUser({ roles: ['role-mentor'] });
    const student = await t.createUser({ roles: ['role-student'] });
    await t.db.insert(internshipEnrolment).values({
      programId: demo!.programId,
      studentUserId: student.id,
      adviserUserId: teacher.id,
      mentorUserId: mentor.id,
      startDate: addDays(mondayOf(schoolToday()), 7),
      endDate: addDays(mondayOf(schoolToday()), 7 * 11 - 1),
      status: 'pending',
    });
    const [other] = (await dashboard(await t.login(teacher.username, teacher.password))).advised;
    expect(other).toMatchObject({ studentName: `测试${student.username}`, status: 'pending', totalWeeks: 10, currentWeek: null, weeksLeft: 10, written: 0, missed: 0, averageScore: null });
    expect((await dashboard(await t.login(mentor.username, mentor.password))).mentored).toEqual([other]);
    expect((await dashboard(await t.login(student.username, student.password))).mine).toEqual([other]);
    expect((await dashboard(tokens.teacher01!)).advised).toHaveLength(1);
    expect((await dashboard(tokens.mentor01!)).mentored).toHaveLength(await placementsMentoredBy('mentor01'));
  });

  it('counts a draft as nothing handed in, and follows a new review', async () => {
    const student01 = await userRow(t.db, 'student01');
    const [demo] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.studentUserId, student01!.id));
    const weekStarts = [0, 1, 2, 3].map((i) => addDays(demo!.startDate, i * 7));
    await t.db.insert(internshipRecord).values({ id: randomUUID(), kind: 'weekly', enrolmentId: demo!.id, periodStart: weekStarts[3]!, title: '第四周', content: '草稿', status: 'draft' });
    await t.db
      .update(internshipRecord)
      .set({ status: 'reviewed', score: 93.5, reviewedAt: new Date() })
      .where(and(eq(internshipRecord.enrolmentId, demo!.id), eq(internshipRecord.periodStart, weekStarts[2]!)));

    const [mine] = (await dashboard(tokens.student01!)).mine;
    expect(mine).toMatchObject({ written: 3, waiting: 0, reviewed: 2, returned: 1, missed: 6, averageScore: 90.8, latestScore: 93.5, oldestWaitingAt: null });
  });
});
