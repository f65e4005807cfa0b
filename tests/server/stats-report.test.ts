import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import type { PageResult } from '@contract/resource.ts';
import { REPORT_DIMENSIONS, REPORT_MSG, REPORT_SEARCH, STATS_REPORT_URL, UNFILLED, type PlacementReport, type RateReport, type ReportDimension } from '@contract/stats-report.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipRecord, internshipUnit } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 统计报表 on constructed programs of 2019 and 2020 (the demo's start in 2025): the placements by each dimension, the
 * years and programs chosen, each row's count equal to the rows of the placements list its figure opens, the
 * departments' records due, submitted and reviewed, the workbooks, and the reach of the office, a department and a teacher.
 */

const FORBIDDEN = '没有权限执行此操作';

let t: TestApp;
const tokens: Record<string, string> = {};
const programs = { p1: '', p2: '', p3: '', p4: '' };
let infoMajor: { id: string; name: string };
let otherMajor: { id: string; name: string };
const names = { p1: `报表测试甲${randomUUID().slice(0, 4)}`, p2: `报表测试乙${randomUUID().slice(0, 4)}`, p3: `报表测试丙${randomUUID().slice(0, 4)}`, p4: `报表测试丁${randomUUID().slice(0, 4)}` };
const units = { u1: '', u2: '', u3: '' };
const unitNames = { u1: `报表测试东莞单位${randomUUID().slice(0, 4)}`, u2: `报表测试长沙单位${randomUUID().slice(0, 4)}`, u3: `报表测试无地区单位${randomUUID().slice(0, 4)}` };

/** Four weeks each (a month's 月报), long over: every period is due. P4 has only the other department's student, not started. */
const SPANS = {
  p1: { startDate: '2019-03-04', endDate: '2019-03-31' },
  p2: { startDate: '2019-09-02', endDate: '2019-09-29' },
  p4: { startDate: '2019-10-07', endDate: '2019-10-27' },
  p3: { startDate: '2020-03-02', endDate: '2020-03-29' },
};

const placementsReport = (token: string, dimension: ReportDimension, query: Record<string, string> = {}) =>
  t.get<PlacementReport>(`/api${STATS_REPORT_URL.placements}`, token, { dimension, yearFrom: '2019', yearTo: '2020', ...query });
const rowsOf = (report: PlacementReport) => Object.fromEntries(report.rows.map((r) => [r.label, r.total]));

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['office01', 'dept01', 'teacher01']) tokens[username] = await t.login(username);

  const classes = await t.db
    .select({ id: basicClass.id, majorId: basicMajor.id, majorName: basicMajor.name, departId: basicMajor.departId })
    .from(basicClass)
    .innerJoin(basicMajor, eq(basicMajor.id, basicClass.majorId));
  const infoClass = classes.find((c) => c.departId === 'dep-info')!;
  const otherClass = classes.find((c) => c.departId !== 'dep-info')!;
  infoMajor = { id: infoClass.majorId, name: infoClass.majorName };
  otherMajor = { id: otherClass.majorId, name: otherClass.majorName };
  const [s1, s2] = await t.db.select({ userId: basicStudent.userId }).from(basicStudent).where(eq(basicStudent.classId, infoClass.id)).limit(2);
  const [s3] = await t.db.select({ userId: basicStudent.userId }).from(basicStudent).where(eq(basicStudent.classId, otherClass.id)).limit(1);

  // 东莞 by 所在地区; 长沙 by the address (所在地区 其他), no industry; nothing to tell the place by.
  const inserted = await t.db
    .insert(internshipUnit)
    .values([
      { name: unitNames.u1, industry: 'it', region: 'dongguan', address: '东莞市松山湖科技路1号', status: 'active' },
      { name: unitNames.u2, industry: null, region: 'other', address: '湖南省长沙市岳麓区麓山路2号', status: 'active' },
      { name: unitNames.u3, industry: 'manufacturing', region: null, address: null, status: 'active' },
    ])
    .returning({ id: internshipUnit.id });
  [units.u1, units.u2, units.u3] = inserted.map((u) => u.id) as [string, string, string];

  for (const key of ['p1', 'p2', 'p3', 'p4'] as const) {
    const [row] = await t.db
      .insert(internshipProgram)
      .values({ name: names[key], type: 'post', ...SPANS[key], status: 'ended', minAdviserContacts: 0 })
      .returning({ id: internshipProgram.id });
    programs[key] = row!.id;
  }
  const placement = (key: keyof typeof programs, studentUserId: string, unitId: string | null, majorMatch: 'yes' | 'partly' | 'no' | null, status = 'ended') => ({
    programId: programs[key],
    studentUserId,
    unitId,
    majorMatch,
    status,
    ...SPANS[key],
  });
  const placed = await t.db
    .insert(internshipEnrolment)
    .values([
      placement('p1', s1!.userId, units.u1, 'yes'),
      placement('p1', s2!.userId, units.u2, 'partly'),
      placement('p1', s3!.userId, null, null),
      placement('p2', s1!.userId, units.u1, 'yes'),
      placement('p2', s3!.userId, units.u3, 'no'),
      placement('p3', s2!.userId, units.u1, null),
      placement('p4', s3!.userId, null, null, 'pending'),
    ])
    .returning({ id: internshipEnrolment.id });
  const s1InP1 = placed[0]!.id;
  const s3InP2 = placed[4]!.id;
  // s1 in P1: three 周记 in (two reviewed), a draft, and a reviewed 月报; s3 in P2: a returned 周记.
  const record = (enrolmentId: string, kind: string, periodStart: string, status: string) => ({
    id: randomUUID(),
    kind,
    enrolmentId,
    periodStart,
    title: `${kind} ${periodStart}`,
    content: '报表测试内容',
    status,
    submittedAt: status === 'draft' ? null : new Date(`${periodStart}T12:00:00+08:00`),
  });
  await t.db.insert(internshipRecord).values([
    record(s1InP1, 'weekly', '2019-03-04', 'reviewed'),
    record(s1InP1, 'weekly', '2019-03-11', 'reviewed'),
    record(s1InP1, 'weekly', '2019-03-18', 'submitted'),
    record(s1InP1, 'weekly', '2019-03-25', 'draft'),
    record(s1InP1, 'monthly', '2019-03-01', 'reviewed'),
    record(s3InP2, 'weekly', '2019-09-02', 'returned'),
  ]);
});

afterAll(() => t.close());

describe('统计报表', () => {
  it('counts the placements by 专业 across the years’ programs, a column each, oldest first', async () => {
    const report = expectOk(await placementsReport(tokens.office01, 'major'));
    expect(report.selection.programs.map((p) => p.name)).toEqual([names.p1, names.p2, names.p4, names.p3]);
    expect(report.selection.programSearch).toEqual({ programYear: '2019-2020' });
    const info = report.rows.find((r) => r.key === infoMajor.id)!;
    const other = report.rows.find((r) => r.key === otherMajor.id)!;
    expect(info).toMatchObject({ label: infoMajor.name, total: 4, byProgram: { [programs.p1]: 2, [programs.p2]: 1, [programs.p3]: 1 } });
    expect(other).toMatchObject({ label: otherMajor.name, total: 3, byProgram: { [programs.p1]: 1, [programs.p2]: 1, [programs.p4]: 1 } });
    expect(report.total).toEqual({ total: 7, byProgram: { [programs.p1]: 3, [programs.p2]: 2, [programs.p3]: 1, [programs.p4]: 1 } });
    expect(info.share).toBe(57.1);
  });

  it('counts the placed ones by 单位, 地区 (所在地区, else the address’s city) and 行业, and all by 岗位对口', async () => {
    expect(rowsOf(expectOk(await placementsReport(tokens.office01, 'unit')))).toEqual({ [unitNames.u1]: 3, [unitNames.u2]: 1, [unitNames.u3]: 1 });
    expect(rowsOf(expectOk(await placementsReport(tokens.office01, 'region')))).toEqual({ 东莞市: 3, 长沙市: 1, [UNFILLED]: 1 });
    expect(rowsOf(expectOk(await placementsReport(tokens.office01, 'industry')))).toEqual({ '信息传输、软件和信息技术服务业': 3, 制造业: 1, [UNFILLED]: 1 });
    const match = expectOk(await placementsReport(tokens.office01, 'majorMatch'));
    expect(match.rows.map((r) => [r.key, r.label, r.total])).toEqual([
      ['yes', '对口', 2],
      ['partly', '基本对口', 1],
      ['no', '不对口', 1],
      [null, UNFILLED, 3],
    ]);
  });

  it('keeps to the years and the programs chosen, and says how the list finds them all', async () => {
    const y2019 = expectOk(await placementsReport(tokens.office01, 'unit', { yearTo: '2019' }));
    expect(y2019.selection.programs.map((p) => p.id)).toEqual([programs.p1, programs.p2, programs.p4]);
    expect(y2019.selection.programSearch).toEqual({ programYear: '2019' });
    expect(rowsOf(y2019)).toEqual({ [unitNames.u1]: 2, [unitNames.u2]: 1, [unitNames.u3]: 1 });

    const picked = expectOk(await placementsReport(tokens.office01, 'unit', { programIds: `${programs.p1},${programs.p3}` }));
    expect(picked.selection.programs.map((p) => p.id)).toEqual([programs.p1, programs.p3]);
    // Some of 2019's programs only: no search of the list finds just theirs.
    expect(picked.selection.programSearch).toBeNull();
    expect(rowsOf(picked)).toEqual({ [unitNames.u1]: 2, [unitNames.u2]: 1 });

    const one = expectOk(await placementsReport(tokens.office01, 'majorMatch', { programIds: programs.p2 }));
    expect(one.selection.programSearch).toEqual({ programId: programs.p2 });
    expect(rowsOf(one)).toEqual({ 对口: 1, 不对口: 1 });

    // A program outside the years is no column; an unknown one answers 404; years the wrong way round 400.
    expect(expectOk(await placementsReport(tokens.office01, 'unit', { yearFrom: '2020', programIds: programs.p1 })).rows).toEqual([]);
    expectError(await placementsReport(tokens.office01, 'unit', { programIds: randomUUID() }), 404, REPORT_MSG.programNotFound);
    expectError(await placementsReport(tokens.office01, 'unit', { yearFrom: '2021', yearTo: '2020' }), 400, REPORT_MSG.yearOrder);
  });

  it('gives each figure the placements list’s search that finds as many placements', async () => {
    for (const dimension of REPORT_DIMENSIONS) {
      const report = expectOk(await placementsReport(tokens.office01, dimension));
      for (const row of report.rows) {
        const search = { ...report.selection.programSearch, [REPORT_SEARCH[dimension]]: row.key ?? UNFILLED, pageSize: '100' };
        const list = expectOk(await t.get<PageResult<Record<string, unknown>>>('/api/internship/placement/list', tokens.office01, search));
        expect({ dimension, row: row.label, total: list.total }).toEqual({ dimension, row: row.label, total: row.total });
        // And per program, as each column's figure links.
        for (const [programId, n] of Object.entries(row.byProgram)) {
          const one = expectOk(await t.get<PageResult<Record<string, unknown>>>('/api/internship/placement/list', tokens.office01, { programId, [REPORT_SEARCH[dimension]]: row.key ?? UNFILLED }));
          expect({ dimension, row: row.label, programId, total: one.total }).toEqual({ dimension, row: row.label, programId, total: n });
        }
      }
    }
    // 东莞 finds the 东莞市 row's placements, as a person would type it.
    const typed = expectOk(await t.get<PageResult<Record<string, unknown>>>('/api/internship/placement/list', tokens.office01, { programYear: '2019-2020', unitRegion: '长沙' }));
    expect(typed.total).toBe(1);
  });

  it('gives each department’s records due, submitted and reviewed', async () => {
    const report = expectOk(await t.get<RateReport>(`/api${STATS_REPORT_URL.rates}`, tokens.office01, { yearFrom: '2019', yearTo: '2020' }));
    const info = report.rows.find((r) => r.departId === 'dep-info')!;
    const other = report.rows.find((r) => r.departId !== 'dep-info')!;
    // 信息工程学院: four placements of four weeks and one month each; three 周记 in (the draft is not), two reviewed, one 月报.
    expect(info.placements).toBe(4);
    expect(info.kinds.weekly).toEqual({ expected: 16, submitted: 3, reviewed: 2, submitRate: 18.8, reviewRate: 66.7 });
    expect(info.kinds.monthly).toEqual({ expected: 4, submitted: 1, reviewed: 1, submitRate: 25, reviewRate: 100 });
    // The other: three placements, the one not started owing nothing; a returned 周记 is in and dealt with.
    expect(other.placements).toBe(3);
    expect(other.kinds.weekly).toEqual({ expected: 8, submitted: 1, reviewed: 1, submitRate: 12.5, reviewRate: 100 });
    expect(other.kinds.monthly).toEqual({ expected: 2, submitted: 0, reviewed: 0, submitRate: 0, reviewRate: null });
    expect(report.total).toMatchObject({ departName: '合计', placements: 7, kinds: { weekly: { expected: 24, submitted: 4, reviewed: 3, submitRate: 16.7, reviewRate: 75 } } });
    // The 实习安排 figure opens the department's placements of the programs.
    const list = expectOk(await t.get<PageResult<Record<string, unknown>>>('/api/internship/placement/list', tokens.office01, { ...report.selection.programSearch, departId: 'dep-info' }));
    expect(list.total).toBe(info.placements);
  });

  it('exports each table with its columns, the 合计 row and what it counts', async () => {
    const sheetOf = async (table: string, query = 'yearFrom=2019&yearTo=2020') => {
      const response = await t.app.inject({ method: 'GET', url: `/api${STATS_REPORT_URL.exportXls}?table=${table}&${query}`, headers: { [ACCESS_TOKEN_HEADER]: tokens.office01 } });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { name: sheet.name, file: decodeURIComponent(String(response.headers['content-disposition']).split("''")[1]!), rows };
    };
    const major = await sheetOf('major');
    expect(major.name).toBe('按专业统计');
    expect(major.file).toBe('统计报表-按专业统计（2019-2020）.xlsx');
    expect(major.rows[0]).toEqual(['专业', names.p1, names.p2, names.p4, names.p3, '合计', '占比(%)']);
    expect(major.rows[1]).toEqual([infoMajor.name, 2, 1, 0, 1, 4, 57.1]);
    expect(major.rows[3]).toEqual(['合计', 3, 2, 1, 1, 7, 100]);
    expect(major.rows.at(-2)![0]).toMatch(/^统计范围：2019—2020年 · 实习计划 4 个/);

    // One program: no column of its own beside 合计.
    const one = await sheetOf('region', `programIds=${programs.p3}`);
    expect(one.rows.slice(0, 3)).toEqual([
      ['地区', '合计', '占比(%)'],
      ['东莞市', 1, 100],
      ['合计', 1, 100],
    ]);

    const rates = await sheetOf('rates');
    expect(rates.rows[0]).toEqual(['院系', '实习安排', '周记应交', '周记已交', '周记提交率(%)', '周记已批阅', '周记批阅率(%)', '月报应交', '月报已交', '月报提交率(%)', '月报已批阅', '月报批阅率(%)']);
    expect(rates.rows.find((r) => r[0] === '合计')).toEqual(['合计', 7, 24, 4, 16.7, 3, 75, 6, 1, 16.7, 1, 100]);
  });

  it('gives a department administrator their department’s only, and a teacher nothing', async () => {
    const report = expectOk(await placementsReport(tokens.dept01, 'major'));
    expect(report.rows.map((r) => r.key)).toEqual([infoMajor.id]);
    // 丁 has none of the department's placements: not theirs to choose, and not among 2019's.
    expect(report.selection.programs.map((p) => p.id)).toEqual([programs.p1, programs.p2, programs.p3]);
    expect(report.selection.programSearch).toEqual({ programYear: '2019-2020' });
    expectError(await placementsReport(tokens.dept01, 'major', { programIds: programs.p4 }), 404, REPORT_MSG.programNotFound);
    const rates = expectOk(await t.get<RateReport>(`/api${STATS_REPORT_URL.rates}`, tokens.dept01, { yearFrom: '2019', yearTo: '2020' }));
    expect(rates.rows.map((r) => r.departId)).toEqual(['dep-info']);
    expectError(await placementsReport(tokens.teacher01, 'major'), 403, FORBIDDEN);
    expectError(await t.get(`/api${STATS_REPORT_URL.exportXls}`, tokens.teacher01, { table: 'major' }), 403, FORBIDDEN);
  });
});
