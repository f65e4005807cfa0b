import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDashboard, MyTodo, PlacementFigures, TodoCount } from '@contract/dashboard.ts';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import type { LoginInfo, VisitDay } from '@contract/log.ts';
import { SEASON_WEEKS_BEHIND } from '../../server/db/demo-season-records.ts';
import { internshipEnrolment, internshipProgram, internshipRecord, internshipScore, internshipWarning, wfInstance, wfTask, wfTaskCandidate } from '../../server/db/schema.ts';
import { raiseWarnings } from '../../server/modules/internship-warning/job.ts';
import { expectError, expectOk, startTestApp, userRow, type TestApp } from './harness.ts';

const FORBIDDEN = '没有权限执行此操作';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01', 'office01']) tokens[username] = await t.login(username);
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

describe('GET /dashboard/todo', () => {
  const todo = async (token: string) => expectOk(await t.get<MyTodo>('/api/dashboard/todo', token)).items;
  const byKey = (items: TodoCount[]) => Object.fromEntries(items.map((i) => [i.key, i]));
  const REVIEW_PATHS = { plan: '/internship/review?kind=plan', weekly: '/internship/review?kind=weekly', monthly: '/internship/review?kind=monthly', report: '/internship/review?kind=report' };

  it('needs a session', async () => {
    expectError(await t.get('/api/dashboard/todo'), 401, TOKEN_INVALID_MESSAGE);
  });

  it('gives the adviser each reviewed kind waiting (实习计划书, 月报 beside 周记) and their open applications by process, each with its list', async () => {
    const teacher01 = await userRow(t.db, 'teacher01');
    const [demo] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.adviserUserId, teacher01!.id)).limit(1);
    const student = await t.createUser({ roles: ['role-student'] });
    const [placement] = await t.db
      .insert(internshipEnrolment)
      .values({ programId: demo!.programId, studentUserId: student.id, adviserUserId: teacher01!.id, startDate: demo!.startDate, endDate: demo!.endDate, status: 'active' })
      .returning({ id: internshipEnrolment.id });
    const filed = (kind: string, periodStart: string) => ({ id: randomUUID(), kind, enrolmentId: placement!.id, periodStart, title: kind, content: '内容', status: 'submitted', submittedAt: new Date() });
    await t.db.insert(internshipRecord).values([filed('plan', demo!.startDate), filed('monthly', demo!.startDate), { ...filed('weekly', demo!.startDate), status: 'draft' }]);

    // What waits, counted straight from the tables: the advisees' filed records by kind, the open tasks naming teacher01.
    const waiting = await t.db
      .select({ kind: internshipRecord.kind, n: count() })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .where(and(eq(internshipEnrolment.adviserUserId, teacher01!.id), eq(internshipRecord.status, 'submitted'), inArray(internshipRecord.kind, ['plan', 'weekly', 'monthly', 'report'])))
      .groupBy(internshipRecord.kind);
    const tasks = await t.db
      .select({ key: wfInstance.processKey, n: count() })
      .from(wfTask)
      .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
      .innerJoin(wfTaskCandidate, eq(wfTaskCandidate.taskId, wfTask.id))
      .where(and(eq(wfTask.status, 'open'), eq(wfTaskCandidate.userId, teacher01!.id)))
      .groupBy(wfInstance.processKey);

    const items = byKey(await todo(tokens.teacher01!));
    expect(items['review:plan']).toEqual({ key: 'review:plan', kind: 'review', label: '待批阅实习计划书', count: waiting.find((w) => w.kind === 'plan')!.n, unit: '份', path: REVIEW_PATHS.plan });
    expect(items['review:monthly']).toMatchObject({ label: '待批阅月报', count: waiting.find((w) => w.kind === 'monthly')!.n, unit: '篇', path: REVIEW_PATHS.monthly });
    for (const { kind, n } of waiting) expect(items[`review:${kind}`]).toMatchObject({ count: n, path: REVIEW_PATHS[kind as keyof typeof REVIEW_PATHS] });
    for (const { key, n } of tasks) expect(items[`approval:${key}`]).toMatchObject({ kind: 'approval', count: n, unit: '项', path: '/todo-list' });
    // Nothing else, and no zeros: an adviser is no mentor and answers for no school-wide list.
    expect(Object.keys(items).sort()).toEqual([...waiting.map((w) => `review:${w.kind}`), ...tasks.map((x) => `approval:${x.key}`)].sort());
    expect(Object.values(items).every((i) => i.count > 0)).toBe(true);
  });

  it('gives a teacher of no placement nothing', async () => {
    const teacher = await t.createUser({ roles: ['role-teacher'] });
    expect(await todo(await t.login(teacher.username, teacher.password))).toEqual([]);
  });

  it('gives a mentor the students waiting for their evaluation and what their students filed this week, and forgets an evaluated one', async () => {
    const mentor = await t.createUser({ roles: ['role-mentor'] });
    const student = await t.createUser({ roles: ['role-student'] });
    const start = addDays(mondayOf(schoolToday()), -14);
    const [program] = await t.db.insert(internshipProgram).values({ name: '导师待办测试', type: 'post', term: '2025-2026学年第一学期', startDate: start, endDate: addDays(start, 120), status: 'running' }).returning({ id: internshipProgram.id });
    const [placement] = await t.db
      .insert(internshipEnrolment)
      .values({ programId: program!.id, studentUserId: student.id, mentorUserId: mentor.id, startDate: start, endDate: addDays(start, 120), status: 'active' })
      .returning({ id: internshipEnrolment.id });
    const week = (i: number, daysAgo: number) => ({ id: randomUUID(), kind: 'weekly', enrolmentId: placement!.id, periodStart: addDays(start, 7 * i), title: `第${i + 1}周`, content: '内容', status: 'submitted', submittedAt: new Date(Date.now() - daysAgo * 86_400_000) });
    // One filed yesterday, one ten days ago (outside the seven days).
    await t.db.insert(internshipRecord).values([week(0, 10), week(1, 1)]);
    const token = await t.login(mentor.username, mentor.password);

    expect(await todo(token)).toEqual([
      { key: 'evaluate', kind: 'evaluate', label: '待评价实习成绩', count: 1, unit: '人', path: '/internship/score?status=pending' },
      { key: 'recent:weekly', kind: 'recent', label: '学生近7天提交的周记', count: 1, unit: '篇', path: '/internship/review?kind=weekly' },
    ]);
    await t.db.insert(internshipScore).values({ enrolmentId: placement!.id, mentorScore: 90 });
    expect((await todo(token)).map((i) => i.key)).toEqual(['recent:weekly']);
  });

  it('gives the office each running program’s placements without a unit, and the open warnings by kind, each with its list', async () => {
    const unplaced = await t.db
      .select({ programId: internshipEnrolment.programId, n: count() })
      .from(internshipEnrolment)
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .where(and(eq(internshipProgram.status, 'running'), isNull(internshipEnrolment.unitId), inArray(internshipEnrolment.status, ['pending', 'active'])))
      .groupBy(internshipEnrolment.programId);
    expect(unplaced.length, 'the demo school has students waiting for a unit').toBeGreaterThan(0);
    const before = byKey(await todo(tokens.office01!));
    for (const { programId, n } of unplaced) {
      expect(before[`unplaced:${programId}`]).toMatchObject({ kind: 'unplaced', count: n, unit: '人', path: `/internship/placement?programId=${programId}&placed=0` });
      expect(before[`unplaced:${programId}`]!.label).toMatch(/^未落实单位（.+）$/);
    }

    await raiseWarnings(t.db);
    const open = await t.db.select({ kind: internshipWarning.kind, n: count() }).from(internshipWarning).where(eq(internshipWarning.status, 'open')).groupBy(internshipWarning.kind);
    expect(open.length).toBeGreaterThan(0);
    const after = byKey(await todo(tokens.office01!));
    for (const { kind, n } of open) expect(after[`warning:${kind}`]).toMatchObject({ kind: 'warning', count: n, unit: '条', path: `/internship/warning?status=open&kind=${kind}` });
    expect(after['warning:no_unit']!.label).toBe('待处理预警：未落实单位');
    // The adviser handles their own warnings on 实习预警; their home counts none of them.
    expect((await todo(tokens.teacher01!)).some((i) => i.kind === 'warning' || i.kind === 'unplaced')).toBe(false);
  });
});
