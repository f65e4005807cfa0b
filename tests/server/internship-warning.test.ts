import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import { WARNING_CHECK_URL, WARNING_MSG, type PlacementStats, type WarningCheckResult, type StatsProgram, type WarningRow, type WarningStats, type WeeklyStats } from '@contract/internship-warning.ts';
import type { JobRunResult } from '@contract/job.ts';
import type { AnnouncementLists } from '@contract/session.ts';
import type { PageResult } from '@contract/resource.ts';
import { PROGRAM_URL } from '@contract/internship-program.ts';
import { basicClass, basicMajor, basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipUnit, internshipUnitPost, internshipWarning, internshipRecord } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp, type TestUser } from './harness.ts';

const FORBIDDEN = '没有权限执行此操作';
const DAY = 86_400_000;

let t: TestApp;
const tokens: Record<string, string> = {};
let programId: string;
let otherProgramId: string;
/** Three placements: a (信息工程学院 class, adviser one) writes nothing; b (same class, adviser one) has a 周记 waiting 9 days; c (another department's class, adviser two) has no unit. */
const placement: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
let infoClass: { id: string; name: string };
let otherClass: { id: string; name: string; departId: string };
let adviserOne: TestUser;
let adviserTwo: TestUser;
const today = schoolToday();
const start = addDays(mondayOf(today), -21);
const lastMonday = addDays(mondayOf(today), -7);

const runJob = async () => expectOk(await t.post<JobRunResult>('/api/sys/quartzJob/execute', { id: 'internship-warning' }, tokens.admin));
const list = async (token: string, query: Record<string, string> = {}) =>
  expectOk(await t.get<PageResult<WarningRow>>('/api/internship/warning/list', token, { programId, pageSize: '100', ...query }));
const warningOf = async (kind: string, enrolmentId: string) =>
  (await t.db.select().from(internshipWarning).where(and(eq(internshipWarning.kind, kind), eq(internshipWarning.enrolmentId, enrolmentId))))[0]!;

async function studentsOf(classId: string, n: number) {
  return t.db.select({ userId: basicStudent.userId, name: basicStudent.name, studentNo: basicStudent.studentNo }).from(basicStudent).where(eq(basicStudent.classId, classId)).limit(n);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'office01', 'dept01', 'teacher01', 'student01']) tokens[username] = await t.login(username);
  adviserOne = await t.createUser({ roles: ['role-teacher'] });
  adviserTwo = await t.createUser({ roles: ['role-teacher'] });
  tokens.one = await t.login(adviserOne.username, adviserOne.password);
  tokens.two = await t.login(adviserTwo.username, adviserTwo.password);

  const classes = await t.db.select({ id: basicClass.id, name: basicClass.name, departId: basicMajor.departId }).from(basicClass).innerJoin(basicMajor, eq(basicMajor.id, basicClass.majorId));
  infoClass = classes.find((c) => c.departId === 'dep-info')!;
  otherClass = classes.find((c) => c.departId !== 'dep-info')!;
  const [s1, s2] = await studentsOf(infoClass.id, 2);
  const [s3] = await studentsOf(otherClass.id, 1);

  const [unit] = await t.db.insert(internshipUnit).values({ name: `预警测试单位${randomUUID().slice(0, 6)}`, status: 'active' }).returning({ id: internshipUnit.id });
  // No contact minimum: 联系不足 (raised in a month's last week) has a test of its own, tests/server/adviser-contacts.test.ts.
  const program = (name: string) => ({ name, type: 'post', term: '2025-2026学年第一学期', startDate: start, endDate: addDays(start, 120), status: 'running', minAdviserContacts: 0 });
  [{ id: programId }] = (await t.db.insert(internshipProgram).values(program('预警测试实习')).returning({ id: internshipProgram.id })) as [{ id: string }];
  [{ id: otherProgramId }] = (await t.db.insert(internshipProgram).values(program('预警测试实习（外院）')).returning({ id: internshipProgram.id })) as [{ id: string }];
  const row = (studentUserId: string, adviserUserId: string, unitId: string | null, status: string) => ({
    programId,
    studentUserId,
    adviserUserId,
    unitId,
    startDate: start,
    endDate: addDays(start, 120),
    status,
  });
  const inserted = await t.db
    .insert(internshipEnrolment)
    .values([row(s1!.userId, adviserOne.id, unit!.id, 'active'), row(s2!.userId, adviserOne.id, unit!.id, 'active'), row(s3!.userId, adviserTwo.id, null, 'pending')])
    .returning({ id: internshipEnrolment.id });
  [placement.a, placement.b, placement.c] = inserted.map((r) => r.id) as [string, string, string];
  // The other program has only the other department's student, placed and not started: nothing to warn of.
  await t.db.insert(internshipEnrolment).values({ ...row(s3!.userId, adviserTwo.id, unit!.id, 'pending'), programId: otherProgramId });

  // b: week 1 reviewed, week 2 submitted 9 days ago and waiting, last week submitted yesterday.
  const weekly = (weekStart: string, status: string, submittedDaysAgo: number) => ({
    kind: 'weekly',
    id: randomUUID(),
    enrolmentId: placement.b,
    periodStart: weekStart,
    title: `第${(Date.parse(weekStart) - Date.parse(start)) / (7 * DAY) + 1}周周记`,
    content: '本周完成了测试任务。',
    status,
    submittedAt: new Date(Date.now() - submittedDaysAgo * DAY),
  });
  await t.db.insert(internshipRecord).values([weekly(start, 'reviewed', 16), weekly(addDays(start, 7), 'submitted', 9), weekly(lastMonday, 'submitted', 1)]);
});
afterAll(() => t.close());

describe('the 实习预警 job', () => {
  it('raises each kind once, naming the student and the week or record, and not again on a second run', async () => {
    const first = await runJob();
    expect(first.status).toBe('ok');
    expect(first.message).toMatch(/^新增预警 \d+ 条（周记未交 \d+，批阅超期 \d+，未落实单位 \d+，联系不足 \d+，班主任联系不足 \d+），已通知 \d+ 位教师$/);

    const raised = await t.db.select().from(internshipWarning).where(inArray(internshipWarning.enrolmentId, Object.values(placement)));
    expect(raised.map((w) => `${w.kind} ${w.enrolmentId}`).sort()).toEqual([`no_unit ${placement.c}`, `no_weekly ${placement.a}`, `review_overdue ${placement.b}`].sort());
    const [s1] = await studentsOf(infoClass.id, 1);
    const noWeekly = await warningOf('no_weekly', placement.a);
    expect(noWeekly).toMatchObject({ period: lastMonday, adviserUserId: adviserOne.id, status: 'open' });
    expect(noWeekly.message).toBe(`${s1!.name}（${s1!.studentNo}）第3周（${lastMonday} ~ ${addDays(lastMonday, 6)}）未提交周记`);
    expect((await warningOf('review_overdue', placement.b)).message).toMatch(/第2周（.+）的周记“第2周周记”已提交9天，尚未批阅$/);
    expect((await warningOf('no_unit', placement.c)).message).toMatch(new RegExp(`在“预警测试实习”开始（${start}）后仍未落实实习单位$`));

    const second = await runJob();
    expect(second.message).toMatch(/^新增预警 0 条/);
    expect(await t.db.select().from(internshipWarning).where(inArray(internshipWarning.enrolmentId, Object.values(placement)))).toHaveLength(3);
  });

  it('tells each adviser of their new warnings in the bell, once', async () => {
    const bell = expectOk(await t.get<AnnouncementLists>('/api/sys/annountCement/listByUser', tokens.one));
    const mine = bell.sysMsgList.filter((m) => m.titile.startsWith('实习预警'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.titile).toBe('实习预警：2条新预警');
    const detail = expectOk(await t.get<{ msgContent: string }>('/api/sys/annountCement/queryById', tokens.one, { id: mine[0]!.id }));
    const [s1] = await studentsOf(infoClass.id, 1);
    expect(detail.msgContent).toContain(`【周记未交】${s1!.name}（${s1!.studentNo}）第3周`);
    expect(detail.msgContent).toContain('【批阅超期】');
    const other = expectOk(await t.get<AnnouncementLists>('/api/sys/annountCement/listByUser', tokens.two));
    expect(other.sysMsgList.filter((m) => m.titile.startsWith('实习预警')).map((m) => m.titile)).toEqual(['实习预警：1条新预警']);
  });
});

describe('GET /internship/warning/list', () => {
  it('gives an adviser their own students’ warnings, the department its students’, the office all', async () => {
    expect((await list(tokens.one)).records.map((r) => r.enrolmentId).sort()).toEqual([placement.a, placement.b].sort());
    expect((await list(tokens.two)).records.map((r) => r.kind)).toEqual(['no_unit']);
    expect((await list(tokens.dept01)).records.map((r) => r.enrolmentId).sort()).toEqual([placement.a, placement.b].sort());
    const all = await list(tokens.office01);
    expect(all.total).toBe(3);
    expect(all.records.find((r) => r.kind === 'no_unit')).toMatchObject({ classId: otherClass.id, classId_dictText: otherClass.name, adviserUserId: adviserTwo.id, status: 'open', programId_dictText: '预警测试实习' });
    expect((await list(tokens.admin)).total).toBe(3);
    expectError(await t.get('/api/internship/warning/list', tokens.student01), 403, FORBIDDEN);
  });

  it('filters by kind, status, department, class, adviser and student', async () => {
    expect((await list(tokens.office01, { kind: 'review_overdue' })).records.map((r) => r.enrolmentId)).toEqual([placement.b]);
    expect((await list(tokens.office01, { classId: otherClass.id })).records.map((r) => r.enrolmentId)).toEqual([placement.c]);
    expect((await list(tokens.office01, { departId: 'dep-info' })).total).toBe(2);
    expect((await list(tokens.office01, { adviserUserId: adviserOne.id })).total).toBe(2);
    const [s1] = await studentsOf(infoClass.id, 1);
    expect((await list(tokens.office01, { studentName: s1!.name })).records.map((r) => r.enrolmentId)).toContain(placement.a);
    expect((await list(tokens.office01, { status: 'handled' })).total).toBe(0);
  });

  it('offers the filters’ choices from the placements in reach', async () => {
    const classes = expectOk(await t.get<PageResult<{ id: string; name: string }>>('/api/internship/warning/options/class', tokens.one));
    expect(classes.records).toEqual([{ id: infoClass.id, name: infoClass.name }]);
    const advisers = expectOk(await t.get<PageResult<{ id: string; name: string }>>('/api/internship/warning/options/adviser', tokens.dept01, { name: adviserTwo.username }));
    expect(advisers.records).toEqual([]);
  });
});

describe('PUT /internship/warning/handle', () => {
  it('answers 404 for a warning outside the caller’s reach, whether it exists or not', async () => {
    const c = await warningOf('no_unit', placement.c);
    expectError(await t.get('/api/internship/warning/queryById', tokens.one, { id: c.id }), 404, WARNING_MSG.notFound);
    expectError(await t.put('/api/internship/warning/handle', { id: c.id, note: '已联系' }, tokens.one), 404, WARNING_MSG.notFound);
    expectError(await t.put('/api/internship/warning/handle', { id: c.id, note: '已联系' }, tokens.dept01), 404, WARNING_MSG.notFound);
    expectError(await t.put('/api/internship/warning/handle', { id: randomUUID(), note: '已联系' }, tokens.office01), 404, WARNING_MSG.notFound);
    expect((await warningOf('no_unit', placement.c)).status).toBe('open');
  });

  it('marks a warning handled with the note, once', async () => {
    const a = await warningOf('no_weekly', placement.a);
    expectError(await t.put('/api/internship/warning/handle', { id: a.id, note: '  ' }, tokens.one), 400, WARNING_MSG.noteRequired);
    const handled = expectOk(await t.put<WarningRow>('/api/internship/warning/handle', { id: a.id, note: '已电话提醒学生补交' }, tokens.one), '已标记为已处理');
    expect(handled).toMatchObject({ status: 'handled', handledNote: '已电话提醒学生补交', handledByName: expect.stringContaining(adviserOne.username) });
    expect(handled.handledAt).toBeTruthy();
    expectError(await t.put('/api/internship/warning/handle', { id: a.id, note: '再次处理' }, tokens.office01), 409, WARNING_MSG.alreadyHandled);
    expect((await list(tokens.office01, { status: 'handled' })).records.map((r) => r.id)).toEqual([a.id]);
    // Handled stays handled: the next run raises nothing for it.
    await runJob();
    expect(await warningOf('no_weekly', placement.a)).toMatchObject({ status: 'handled' });
  });
});

describe('GET /internship/warning/exportXls', () => {
  it('exports the filtered warnings in reach', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/internship/warning/exportXls?programId=${programId}&status=open`, headers: { [ACCESS_TOKEN_HEADER]: tokens.dept01 } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('学生');
    // dept01 reaches a and b; a is handled: one row.
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('批阅超期');
  });
});

describe('实习统计', () => {
  it('counts a program’s placements by class and department, in reach', async () => {
    const stats = expectOk(await t.get<PlacementStats>('/api/internship/stats/placements', tokens.office01, { programId }));
    expect(stats.total).toEqual({ total: 3, placed: 2, unplaced: 1, active: 2, ended: 0 });
    expect(stats.byClass).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ classId: infoClass.id, total: 2, placed: 2, unplaced: 0, active: 2, ended: 0, openWarnings: 1 }),
        expect.objectContaining({ classId: otherClass.id, total: 1, placed: 0, unplaced: 1, active: 0, openWarnings: 1 }),
      ]),
    );
    expect(stats.byDepart.find((d) => d.departId === 'dep-info')).toMatchObject({ total: 2, placed: 2 });
    // The counts by class add up to the rows of the placements table.
    const rows = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.programId, programId));
    expect(stats.byClass.reduce((n, c) => n + c.total, 0)).toBe(rows.length);

    const dept = expectOk(await t.get<PlacementStats>('/api/internship/stats/placements', tokens.dept01, { programId }));
    expect(dept.byClass.map((c) => c.classId)).toEqual([infoClass.id]);
    expect(dept.total.total).toBe(2);
  });

  it('gives the weekly submission and review rates', async () => {
    const { weeks } = expectOk(await t.get<WeeklyStats>('/api/internship/stats/weekly', tokens.office01, { programId }));
    expect(weeks.map((w) => w.weekNo)).toEqual([1, 2, 3, 4]);
    expect(weeks[0]).toMatchObject({ weekStart: start, expected: 2, submitted: 1, reviewed: 1, submitRate: 50, reviewRate: 100 });
    expect(weeks[1]).toMatchObject({ expected: 2, submitted: 1, reviewed: 0, submitRate: 50, reviewRate: 0 });
    expect(weeks[2]).toMatchObject({ weekStart: lastMonday, expected: 2, submitted: 1 });
  });

  it('counts open warnings by kind', async () => {
    const stats = expectOk(await t.get<WarningStats>('/api/internship/stats/warnings', tokens.office01, { programId }));
    expect(stats.byKind).toEqual([
      { kind: 'no_weekly', open: 0 },
      { kind: 'review_overdue', open: 1 },
      { kind: 'no_unit', open: 1 },
      { kind: 'no_report', open: 0 },
      { kind: 'few_contacts', open: 0 },
      { kind: 'few_head_contacts', open: 0 },
    ]);
    expect(stats.open).toBe(2);
  });

  it('lists the programs in reach and answers 404 for one outside', async () => {
    const programs = expectOk(await t.get<StatsProgram[]>('/api/internship/stats/programs', tokens.dept01));
    expect(programs.map((p) => p.id)).toContain(programId);
    expect(programs.map((p) => p.id)).not.toContain(otherProgramId);
    expectError(await t.get('/api/internship/stats/placements', tokens.dept01, { programId: otherProgramId }), 404, '实习计划不存在或无权查看');
    expectError(await t.get('/api/internship/stats/weekly', tokens.dept01, { programId: randomUUID() }), 404, '实习计划不存在或无权查看');
    expectError(await t.get('/api/internship/stats/placements', tokens.teacher01, { programId }), 403, FORBIDDEN);
  });

  it('exports its tables', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/internship/stats/exportXls?programId=${programId}&table=class`, headers: { [ACCESS_TOKEN_HEADER]: tokens.office01 } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '院系', '班级', '学生数', '已落实单位', '未落实单位', '实习中', '已结束', '待处理预警']);
    expect(sheet.rowCount).toBe(3);
  });
});

describe('立即检查, a program’s start and a placement import run the same check', () => {
  // A database of its own: the demo school as it starts, before any run of the job.
  let u: TestApp;
  const own: Record<string, string> = {};
  beforeAll(async () => {
    u = await startTestApp();
    for (const username of ['office01', 'teacher01', 'admin']) own[username] = await u.login(username);
  });
  afterAll(() => u.close());

  const check = (token: string, body: object = {}) => u.post<WarningCheckResult>(`/api${WARNING_CHECK_URL}`, body, token);
  const warningsOf = async (enrolmentId: string) => u.db.select({ kind: internshipWarning.kind }).from(internshipWarning).where(eq(internshipWarning.enrolmentId, enrolmentId));
  const total = async () => (await u.db.select({ n: count() }).from(internshipWarning))[0]!.n;
  /** A 岗位实习 begun three weeks ago, in the given status, with one enrolled student without a unit. */
  async function programWithUnplaced(status: string) {
    const name = `即时预警${randomUUID().slice(0, 6)}`;
    const [program] = await u.db.insert(internshipProgram).values({ name, type: 'post', term: '2025-2026学年第一学期', startDate: start, endDate: addDays(start, 120), status }).returning({ id: internshipProgram.id });
    const [student] = await u.db.select({ userId: basicStudent.userId }).from(basicStudent).where(eq(basicStudent.classId, 'class-20240201')).orderBy(asc(basicStudent.studentNo)).limit(1);
    const [placement] = await u.db
      .insert(internshipEnrolment)
      .values({ programId: program!.id, studentUserId: student!.userId, startDate: start, endDate: addDays(start, 120), status: 'pending' })
      .returning({ id: internshipEnrolment.id });
    return { programId: program!.id, name, placementId: placement!.id };
  }

  it('raises on a fresh database and says how many, raises nothing the second time, and is refused without the rule', async () => {
    // The demo season starts with the morning's warnings: as if none had been raised yet.
    await u.db.delete(internshipWarning);
    expect(await total()).toBe(0);
    const first = await u.post<WarningCheckResult>(`/api${WARNING_CHECK_URL}`, {}, own.office01);
    const raised = expectOk(first);
    expect(raised.total).toBeGreaterThan(0);
    expect(raised.total).toBe(await total());
    expect(raised.byKind.no_unit).toBeGreaterThan(0);
    expect(first.body.message).toBe(raised.summary);
    expect(raised.summary).toMatch(new RegExp(`^新增预警 ${raised.total} 条（周记未交 \\d+，批阅超期 \\d+，未落实单位 ${raised.byKind.no_unit}，联系不足 \\d+，班主任联系不足 \\d+），已通知 \\d+ 位教师$`));

    const second = expectOk(await check(own.admin!));
    expect(second).toMatchObject({ total: 0, advisersNotified: 0, summary: '新增预警 0 条（周记未交 0，批阅超期 0，未落实单位 0，联系不足 0，班主任联系不足 0），已通知 0 位教师' });
    expect(await total()).toBe(raised.total);

    expectError(await check(own.teacher01!), 403, FORBIDDEN);
    expectError(await check(own.office01!, { programId: randomUUID() }), 404, '实习计划不存在或无权查看');
  });

  it('checks a program kept to itself when asked, and when it starts (启动)', async () => {
    const asked = await programWithUnplaced('running');
    expect(expectOk(await check(own.office01!, { programId: asked.programId })).byKind).toMatchObject({ no_unit: 1, no_weekly: 0, review_overdue: 0 });
    expect(await warningsOf(asked.placementId)).toEqual([{ kind: 'no_unit' }]);

    const started = await programWithUnplaced('draft');
    expect(await warningsOf(started.placementId)).toEqual([]);
    expectOk(await u.post(`/api${PROGRAM_URL.status}`, { id: started.programId, status: 'running' }, own.office01));
    expect(await warningsOf(started.placementId)).toEqual([{ kind: 'no_unit' }]);
  });

  it('checks the programs of a placement file once it is imported', async () => {
    const program = await programWithUnplaced('running');
    expect(await warningsOf(program.placementId)).toEqual([]);
    const [unit] = await u.db.insert(internshipUnit).values({ name: `即时预警单位${randomUUID().slice(0, 6)}`, status: 'active', employeeCount: 1000 }).returning({ id: internshipUnit.id, name: internshipUnit.name });
    await u.db.insert(internshipUnitPost).values({ unitId: unit!.id, name: '运维', headcount: 100, probationWage: 4000 });
    const [placed] = await u.db.select({ userId: basicStudent.userId, studentNo: basicStudent.studentNo }).from(basicStudent).where(eq(basicStudent.classId, 'class-20240101')).orderBy(asc(basicStudent.studentNo)).limit(1);
    await u.db.update(basicStudent).set({ birthday: '2006-01-01' }).where(eq(basicStudent.userId, placed!.userId));
    const [teacher] = await u.db.select({ workNo: basicTeacher.workNo }).from(basicTeacher).orderBy(asc(basicTeacher.workNo)).limit(1);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('实习安排');
    sheet.addRow(['学生', '实习计划', '实习单位', '岗位名称', '企业导师', '指导教师', '开始日期', '结束日期', '实习报酬（元/月）', '未向学生收取任何费用', '协议约定不安排夜班、节假日和加班']);
    sheet.addRow([placed!.studentNo!, program.name, unit!.name, '运维', '', teacher!.workNo, start, addDays(start, 120), 3500, '是', '是']);
    const boundary = `----warning${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="placements.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from(await book.xlsx.writeBuffer()),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await u.app.inject({ method: 'POST', url: '/api/internship/placement/importExcel', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: own.office01! } });
    expect(response.json<{ message: string }>().message).toBe('导入成功，共1条');
    expect(await warningsOf(program.placementId)).toEqual([{ kind: 'no_unit' }]);
  });
});
