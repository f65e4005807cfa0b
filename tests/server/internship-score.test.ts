import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORE_MSG, type MentorEvaluationInput, type ScoreDetail, type ScoreRow } from '@contract/internship-score.ts';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import type { PageResult } from '@contract/resource.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipRecord } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** student01's demo placement (precision 0), and two of a program weighing 50/30/20/0 with precision 1. */
let demoId: string;
let infoPlacement: string;
let mechPlacement: string;
let infoStudentToken: string;
let mentor02Token: string;
let programId: string;

const items = (score: number, skill = score): MentorEvaluationInput['items'] => ({
  professionalism: { score },
  attitude: { score },
  skill: { score: skill, comment: '测试用例设计规范' },
  teamwork: { score },
  discipline: { score },
});

async function studentOfDepart(departId: string) {
  const user = await t.createUser({ roles: ['role-student'] });
  const [cls] = await t.db
    .select({ id: basicClass.id })
    .from(basicClass)
    .innerJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .where(eq(basicMajor.departId, departId))
    .limit(1);
  await t.db.insert(basicStudent).values({ studentNo: uniqueName('S'), name: user.username, classId: cls!.id, grade: 2023, userId: user.id });
  return user;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['office01', 'dept01', 'mentor01', 'teacher01', 'student01', 'admin']) tokens[username] = await t.login(username);
  const mentor02 = await t.createUser({ roles: ['role-mentor'] });
  mentor02Token = await t.login(mentor02.username, mentor02.password);
  const teacher02 = await t.createUser({ roles: ['role-teacher'] });
  const mentor01 = (await t.db.query.sysUser.findFirst({ where: (u, { eq: is }) => is(u.username, 'mentor01') }))!;
  const teacher01 = (await t.db.query.sysUser.findFirst({ where: (u, { eq: is }) => is(u.username, 'teacher01') }))!;
  const student01 = (await t.db.query.sysUser.findFirst({ where: (u, { eq: is }) => is(u.username, 'student01') }))!;
  [{ id: demoId }] = (await t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(eq(internshipEnrolment.studentUserId, student01.id))) as [{ id: string }];

  const start = addDays(mondayOf(schoolToday()), -28);
  const [program] = await t.db
    .insert(internshipProgram)
    .values({ name: uniqueName('成绩测试实习'), type: 'post', startDate: start, endDate: addDays(start, 120), status: 'running', scorePrecision: 1, weightMentor: 50, weightAdviser: 30, weightSummary: 20, weightReport: 0 })
    .returning({ id: internshipProgram.id });
  programId = program!.id;
  const infoStudent = await studentOfDepart('dep-info');
  const mechStudent = await studentOfDepart('dep-mech');
  infoStudentToken = await t.login(infoStudent.username, infoStudent.password);
  const placement = (studentUserId: string, mentorUserId: string, adviserUserId: string) => ({ programId: program!.id, studentUserId, mentorUserId, adviserUserId, startDate: start, endDate: addDays(start, 120), status: 'active' });
  const rows = await t.db
    .insert(internshipEnrolment)
    .values([placement(infoStudent.id, mentor01.id, teacher01.id), placement(mechStudent.id, mentor02.id, teacher02.id)])
    .returning({ id: internshipEnrolment.id });
  [infoPlacement, mechPlacement] = rows.map((r) => r.id) as [string, string];
  // One reviewed 周记 (80): the summary component.
  await t.db.insert(internshipRecord).values({ id: randomUUID(), kind: 'weekly', enrolmentId: infoPlacement, periodStart: start, title: '第一周', content: '内容', status: 'reviewed', score: 80, reviewerId: teacher01.id, reviewedAt: new Date() });
});
afterAll(() => t.close());

const detail = (id: string, token: string) => t.get<ScoreDetail>(`/api/internship/score/${id}`, token);
const evaluate = (id: string, body: object, token = tokens.mentor01!) => t.put<ScoreDetail>(`/api/internship/score/${id}/mentor`, body, token);
const adviserScore = (id: string, body: object, token = tokens.teacher01!) => t.put<ScoreDetail>(`/api/internship/score/${id}/adviser`, body, token);
const list = (token: string, query: Record<string, string> = {}) => t.get<PageResult<ScoreRow>>('/api/internship/score/list', token, { pageSize: '100', ...query });
const ids = (page: PageResult<ScoreRow>) => page.records.map((r) => r.id);

describe('the mentor evaluation', () => {
  it('is only for the mentor’s own students: another mentor’s student answers 404, and does not change', async () => {
    expectError(await evaluate(mechPlacement, { items: items(15) }), 404, SCORE_MSG.notFound);
    // The office sees every score and holds the rule, yet evaluates none: the evaluation is the placement's mentor's.
    expectError(await evaluate(mechPlacement, { items: items(15) }, tokens.office01), 404, SCORE_MSG.notFound);
    expect(expectOk(await detail(mechPlacement, tokens.office01!)).mentorScore).toBeNull();
    expect(ids(expectOk(await list(tokens.mentor01!)))).toEqual(expect.arrayContaining([infoPlacement, demoId]));
    expect(ids(expectOk(await list(tokens.mentor01!)))).not.toContain(mechPlacement);
  });

  it('refuses an item out of range or with a fraction, naming it and its range, and saves nothing (21 is not kept as 20)', async () => {
    expectError(await evaluate(infoPlacement, { items: items(15, 21) }), 400, '“专业技能”的得分应在0到20之间');
    expectError(await evaluate(infoPlacement, { items: items(15, 15.5) }), 400, '“专业技能”的得分应为整数，不能有小数');
    expectError(await evaluate(infoPlacement, { items: { ...items(15), teamwork: {} } }), 400, SCORE_MSG.itemRequired('团队协作'));
    const unchanged = expectOk(await detail(infoPlacement, tokens.mentor01!));
    expect(unchanged).toMatchObject({ mentorScore: null, mentorItems: null });
    expect(unchanged.log).toEqual([]);
  });

  it('sums the items; the total waits (待评) for the adviser, naming what is missing', async () => {
    const first = expectOk(await evaluate(infoPlacement, { items: items(16), comment: '工作认真' }), '评价已提交');
    expect(first).toMatchObject({ mentorScore: 80, mentorComment: '工作认真', status: 'pending', total: null, grade: null, missing: ['指导教师评分'], summaryScore: 80 });
    const again = expectOk(await evaluate(infoPlacement, { items: items(17) }));
    expect(again.mentorScore).toBe(85);
    expect(again.mentorItems?.skill).toEqual({ score: 17, comment: '测试用例设计规范' });
    // Each evaluation is logged with what it replaced.
    expect(again.log.map((l) => [l.action, l.detail?.previous?.score ?? null, l.detail?.next?.score])).toEqual([
      ['evaluate', null, 80],
      ['evaluate', 80, 85],
    ]);
    expect(ids(expectOk(await list(tokens.office01!, { programId, status: 'pending' })))).toContain(infoPlacement);
  });
});

describe('the adviser score', () => {
  it('keeps the program’s precision: whole points where it says so, tenths where it allows them', async () => {
    expectError(await adviserScore(demoId, { score: 88.5 }), 400, '指导教师评分应为整数，不能有小数');
    expectError(await adviserScore(infoPlacement, { score: 88.55 }), 400, '指导教师评分最多保留一位小数');
    expectError(await adviserScore(infoPlacement, { score: 101 }), 400, '指导教师评分应在0到100之间');
    expectError(await adviserScore(infoPlacement, { score: -1 }), 400, '指导教师评分应在0到100之间');
    expectError(await adviserScore(infoPlacement, {}), 400, SCORE_MSG.adviserScoreRequired);
    expect(expectOk(await detail(infoPlacement, tokens.teacher01!)).adviserScore).toBeNull();
    expectError(await adviserScore(mechPlacement, { score: 80 }), 404, SCORE_MSG.notFound);
  });

  it('completes the total: 50 % × 85 + 30 % × 88.5 + 20 % × 80 = 85.1, 良好', async () => {
    const scored = expectOk(await adviserScore(infoPlacement, { score: 88.5, comment: '表现良好' }), '评分已保存');
    expect(scored).toMatchObject({ adviserScore: 88.5, total: 85.1, grade: '良好', status: 'ready', missing: [] });
    expect(ids(expectOk(await list(tokens.office01!, { programId, status: 'ready' })))).toEqual([infoPlacement]);
    expect(ids(expectOk(await list(tokens.office01!, { programId, status: 'pending' })))).toEqual([mechPlacement]);
  });
});

describe('publication', () => {
  it('refuses a score that is not complete, naming what it lacks', async () => {
    expectOk(await evaluate(mechPlacement, { items: items(12) }, mentor02Token));
    const [mech] = expectOk(await list(tokens.office01!, { programId, status: 'pending' })).records;
    expectError(await t.post('/api/internship/score/publish', { ids: [mechPlacement] }, tokens.office01), 400, SCORE_MSG.incomplete(mech!.studentName, ['指导教师评分', '周记成绩']));
  });

  it('until published the student sees nothing of it', async () => {
    expect(expectOk(await list(infoStudentToken)).records).toEqual([]);
    expectError(await detail(infoPlacement, infoStudentToken), 404, SCORE_MSG.notFound);
  });

  it('locks the score: later changes are refused until the office reopens it with a reason, and each step is logged', async () => {
    expectOk(await t.post('/api/internship/score/publish', { ids: [infoPlacement] }, tokens.office01), '已发布1条成绩');
    expectError(await evaluate(infoPlacement, { items: items(20) }), 409, SCORE_MSG.published);
    expectError(await adviserScore(infoPlacement, { score: 95 }), 409, SCORE_MSG.published);
    expectError(await t.post('/api/internship/score/publish', { ids: [infoPlacement] }, tokens.office01), 409, /成绩已发布$/);
    // A 周记 reviewed after publication does not move the published total.
    await t.db.update(internshipRecord).set({ score: 50 }).where(and(eq(internshipRecord.enrolmentId, infoPlacement), eq(internshipRecord.status, 'reviewed')));
    expect(expectOk(await detail(infoPlacement, tokens.office01!))).toMatchObject({ status: 'published', summaryScore: 80, total: 85.1, grade: '良好', publishedByName: '周老师' });

    expectError(await t.post(`/api/internship/score/${infoPlacement}/reopen`, {}, tokens.office01), 400, SCORE_MSG.reasonRequired);
    expectError(await t.post(`/api/internship/score/${infoPlacement}/reopen`, { reason: '  ' }, tokens.office01), 400, SCORE_MSG.reasonRequired);
    expectError(await t.post(`/api/internship/score/${infoPlacement}/reopen`, { reason: '导师申请更正' }, tokens.teacher01), 403, '没有权限执行此操作');
    const reopened = expectOk(await t.post<ScoreDetail>(`/api/internship/score/${infoPlacement}/reopen`, { reason: '导师申请更正' }, tokens.office01), '成绩已重新开放');
    // Reopened, the total follows the records again (the 周记 now 50).
    expect(reopened).toMatchObject({ status: 'ready', summaryScore: 50, total: 79.1, grade: '中等' });
    expect(reopened.log.slice(-2).map((l) => [l.action, l.reason, l.detail?.total])).toEqual([
      ['publish', null, 85.1],
      ['reopen', '导师申请更正', 85.1],
    ]);
    expectError(await t.post(`/api/internship/score/${infoPlacement}/reopen`, { reason: '再次' }, tokens.office01), 409, SCORE_MSG.notPublished);
    expectOk(await evaluate(infoPlacement, { items: items(18) }));
  });

  it('publishes a whole-points program’s total in whole points (87, not 87.1)', async () => {
    // student01's demo placement: teacher01's 90 and the reviewed 周记's 88; 50 % × 85 + 30 % × 90 + 20 % × 88 = 87.1.
    const evaluated = expectOk(await evaluate(demoId, { items: { professionalism: { score: 17 }, attitude: { score: 18 }, skill: { score: 16 }, teamwork: { score: 17 }, discipline: { score: 17 } } }));
    expect(evaluated).toMatchObject({ scorePrecision: 0, mentorScore: 85, adviserScore: 90, summaryScore: 88, total: 87, grade: '良好', status: 'ready' });
    expectOk(await t.post('/api/internship/score/publish', { ids: [demoId] }, tokens.office01));
    expect(expectOk(await detail(demoId, tokens.office01!))).toMatchObject({ status: 'published', total: 87, grade: '良好' });
    expect(expectOk(await list(tokens.student01!)).records.map((r) => r.total)).toEqual([87]);
    expectOk(await t.post(`/api/internship/score/${demoId}/reopen`, { reason: '测试后重新开放' }, tokens.office01));
  });

  it('the student sees their own score once published, without the log; another student’s answers 404', async () => {
    expectOk(await t.post('/api/internship/score/publish', { ids: [infoPlacement] }, tokens.office01));
    const page = expectOk(await list(infoStudentToken));
    expect(page.records.map((r) => [r.id, r.total, r.grade])).toEqual([[infoPlacement, 81.6, '良好']]);
    expect(expectOk(await detail(infoPlacement, infoStudentToken)).log).toEqual([]);
    expectError(await detail(mechPlacement, infoStudentToken), 404, SCORE_MSG.notFound);
    expect(expectOk(await list(tokens.student01!)).records).toEqual([]);
  });
});

describe('who sees what', () => {
  it('a department administrator sees their department only; the office sees all, and exports them', async () => {
    const dept = ids(expectOk(await list(tokens.dept01!, { programId })));
    expect(dept).toContain(infoPlacement);
    expect(dept).not.toContain(mechPlacement);
    expectError(await detail(mechPlacement, tokens.dept01!), 404, SCORE_MSG.notFound);
    expect(ids(expectOk(await list(tokens.office01!, { programId }))).sort()).toEqual([infoPlacement, mechPlacement].sort());
    expect(expectOk(await detail(demoId, tokens.office01!)).studentName).toBe('李明');
    const exported = await t.app.inject({ method: 'GET', url: '/api/internship/score/exportXls?status=published', headers: { 'X-Access-Token': tokens.office01! } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('an adviser sees the students they advise, and the pickers offer only what the caller sees', async () => {
    const mine = ids(expectOk(await list(tokens.teacher01!)));
    expect(mine).toEqual(expect.arrayContaining([infoPlacement, demoId]));
    expect(mine).not.toContain(mechPlacement);
    const programs = expectOk(await t.get<PageResult<{ id: string; name: string }>>('/api/internship/score/programs', mentor02Token)).records;
    expect(programs.map((p) => p.id)).toEqual([programId]);
    expect(ids(expectOk(await list(tokens.office01!, { programId }))).sort()).toEqual([infoPlacement, mechPlacement].sort());
  });
});
