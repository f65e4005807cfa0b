import { createHash } from 'node:crypto';
import { and, countDistinct, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '@contract/internship.ts';
import { exceptionNote } from '@contract/internship-exception.ts';
import { CODE_SHEET, PROVENANCE_SHEET, REPORT_MSG, REPORT_URL, defaultCodes, defaultColumnMaps, type CodeSettings, type ReportOptions, type ReportSettings } from '@contract/internship-report.ts';
import { basicStudent, internshipEnrolment, internshipRecord, internshipRuleException, internshipUnit, sysUserDepart } from '../../server/db/schema.ts';
import { TEMPLATE_CODES, TEMPLATE_MONTHLY_HEADER, TEMPLATE_PLAN_HEADER } from '../fixtures/internship-report-template.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 实习上报 (issue 36): a program's 实习计划 and 月度实习情况 in the national template's columns and codes (against a
 * fixture of the template written apart from the contract), each unit's credit code, approved exceptions, the
 * provenance sheet's hash of the data rows; the codes and province column maps as settings; scope.
 */

let t: TestApp;
let office: string;
/** The demo's running 2026届岗位实习, with student01 (2023010101) placed and 实习中. */
let programId: string;
const STUDENT01 = '2023010101';

beforeAll(async () => {
  t = await startTestApp();
  office = await t.login('office01');
  programId = expectOk(await t.get<ReportOptions>(`/api${REPORT_URL.options}`, office)).programs.find((p) => p.label === '2026届岗位实习')!.value;
});
afterAll(() => t.close());

interface Book {
  status: number;
  /** The data sheet, header first, every cell as text. */
  data: string[][];
  codes: string[][];
  provenance: Map<string, string>;
  fileName: string;
}

const text = (value: ExcelJS.CellValue) => (value === null || value === undefined ? '' : String(value));

async function exportBook(query: Record<string, string>, token = office): Promise<Book> {
  const response = await t.app.inject({ method: 'GET', url: `/api${REPORT_URL.exportXls}`, query: { programId, ...query }, headers: { 'x-access-token': token } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => text(row.getCell(i + 1).value))));
    return rows;
  };
  const [data, codes, provenance] = book.worksheets;
  expect(codes!.name).toBe(CODE_SHEET);
  expect(provenance!.name).toBe(PROVENANCE_SHEET);
  const fileName = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(response.headers['content-disposition']))![1]!);
  return { status: response.statusCode, data: rowsOf(data!), codes: rowsOf(codes!).slice(1), provenance: new Map(rowsOf(provenance!).slice(1).map(([k, v]) => [k!, v!])), fileName };
}

const columnOf = (book: Book, header: string) => book.data[0]!.indexOf(header);
const rowOf = (book: Book, studentNo: string) => book.data.find((row) => row[columnOf(book, '学号')] === studentNo)!;
const cell = (book: Book, studentNo: string, header: string) => rowOf(book, studentNo)[columnOf(book, header)];
const sortCodes = (rows: readonly (readonly string[])[]) => rows.map((r) => r.join('|')).sort();
const hashOf = (rows: string[][]) => createHash('sha256').update(JSON.stringify(rows), 'utf8').digest('hex');

const saveCodes = (codes: CodeSettings, token = office) => t.put<ReportSettings>(`/api${REPORT_URL.codes}`, { codes }, token);
const saveMaps = (maps: unknown, token = office) => t.put<ReportSettings>(`/api${REPORT_URL.columnMaps}`, { maps }, token);

describe('实习上报', () => {
  it('exports the plan in the template’s columns and codes, with each unit’s credit code and the data rows’ hash', async () => {
    const book = await exportBook({ kind: 'plan' });
    expect(book.fileName).toBe('2026届岗位实习实习计划上报（全国）.xlsx');
    expect(book.data[0]).toEqual(TEMPLATE_PLAN_HEADER);
    expect(sortCodes(book.codes)).toEqual(sortCodes(TEMPLATE_CODES));

    // Every placement of the program is a row; each placed one carries its unit's 统一社会信用代码.
    const placements = await t.db
      .select({ studentNo: basicStudent.studentNo, creditCode: internshipUnit.creditCode, unitName: internshipUnit.name })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
      .where(eq(internshipEnrolment.programId, programId));
    const rows = book.data.slice(1);
    expect(rows).toHaveLength(placements.length);
    const placed = placements.filter((p) => p.unitName);
    expect(placed.length).toBeGreaterThan(10);
    for (const p of placed) {
      expect(p.creditCode, p.unitName!).toMatch(/^[0-9A-HJ-NPQRTUWXY]{18}$/);
      expect(cell(book, p.studentNo, '统一社会信用代码'), p.studentNo).toBe(p.creditCode);
      expect(cell(book, p.studentNo, '实习单位名称')).toBe(p.unitName);
    }
    // student01: 岗位实习 (2), 实习中 (2), placed by the school (1), insured (1).
    expect(cell(book, STUDENT01, '实习类型')).toBe('2');
    expect(cell(book, STUDENT01, '实习状态')).toBe('2');
    expect(cell(book, STUDENT01, '实习方式')).toBe('1');
    expect(cell(book, STUDENT01, '是否购买实习责任保险')).toBe('1');
    expect(['1', '2']).toContain(cell(book, STUDENT01, '组织形式'));

    expect(book.provenance.get('数据行SHA-256')).toBe(hashOf(rows));
    expect(book.provenance.get('数据行SHA-256')).toMatch(/^[0-9a-f]{64}$/);
    expect(book.provenance.get('实习计划')).toBe('2026届岗位实习');
    expect(book.provenance.get('列映射')).toBe('全国');
    expect(book.provenance.get('生成人')).toContain('office01');
    expect(book.provenance.get('数据范围')).toBe('全校');
    expect(Number(book.provenance.get('实习安排（数据行数）'))).toBe(rows.length);
    expect(Number(book.provenance.get('实习单位数'))).toBe(new Set(placed.map((p) => p.creditCode)).size);
    expect(book.provenance.get('编码字典')).toBe('默认（未修改）');

    // A 认识实习 is coded 1.
    const options = expectOk(await t.get<ReportOptions>(`/api${REPORT_URL.options}`, office));
    const cognition = options.programs.find((p) => p.label.includes('认识实习'))!;
    const cognitionBook = await exportBook({ kind: 'plan', programId: cognition.value });
    expect(new Set(cognitionBook.data.slice(1).map((r) => r[columnOf(cognitionBook, '实习类型')]))).toEqual(new Set(['1']));
  });

  it('exports a month’s records: the placements under way with their check-in days, in the template’s columns', async () => {
    const month = schoolToday().slice(0, 7);
    const book = await exportBook({ kind: 'monthly', month });
    expect(book.data[0]).toEqual(TEMPLATE_MONTHLY_HEADER);
    expect(book.fileName).toBe(`2026届岗位实习${Number(month.slice(0, 4))}年${Number(month.slice(5))}月实习情况上报（全国）.xlsx`);
    const rows = book.data.slice(1);
    expect(rows.length).toBeGreaterThan(10);
    // Only placements with a unit: every row has its credit code and the month.
    for (const row of rows) {
      expect(row[columnOf(book, '统一社会信用代码')]).toMatch(/^[0-9A-Z]{18}$/);
      expect(row[columnOf(book, '上报月份')]).toBe(month);
    }
    const [own] = await t.db
      .select({ days: countDistinct(internshipRecord.periodStart) })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(and(eq(basicStudent.studentNo, STUDENT01), eq(internshipEnrolment.programId, programId), eq(internshipRecord.kind, 'checkin'), eq(internshipRecord.status, 'recorded'), gte(internshipRecord.periodStart, `${month}-01`), lte(internshipRecord.periodStart, `${month}-31`)));
    expect(Number(cell(book, STUDENT01, '本月签到天数'))).toBe(own!.days);
    expect(cell(book, STUDENT01, '实习状态')).toBe('2');
    expect(book.provenance.get('数据行SHA-256')).toBe(hashOf(rows));
    expect(book.provenance.get('上报月份')).toContain(`${Number(month.slice(5))}月`);

    const ask = (query: Record<string, string>) => t.request('GET', `/api${REPORT_URL.exportXls}`, { token: office, query: { programId, ...query } });
    expectError(await ask({ kind: 'monthly' }), 400, REPORT_MSG.month);
    expectError(await ask({ kind: 'monthly', month: '2031-01' }), 400, /^所选月份不在实习计划期间内/);
    expectError(await ask({ kind: 'plan', map: '火星' }), 400, REPORT_MSG.unknownMap('火星'));
  });

  it('shows an approved exception (已备案) in 例外备案, and not one still under approval', async () => {
    const [placement] = await t.db
      .select({ studentUserId: internshipEnrolment.studentUserId, unitId: internshipEnrolment.unitId, postId: internshipEnrolment.postId })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(and(eq(basicStudent.studentNo, STUDENT01), eq(internshipEnrolment.programId, programId)));
    const exception = { programId, studentUserId: placement!.studentUserId, unitId: placement!.unitId!, reason: '单位扩招，经实习办审批' };
    await t.db.insert(internshipRuleException).values([
      { ...exception, rule: 'unitRatio', status: 'approved', decidedAt: new Date() },
      { ...exception, postId: placement!.postId, rule: 'pay', status: 'running' },
    ]);
    try {
      const book = await exportBook({ kind: 'plan' });
      expect(cell(book, STUDENT01, '例外备案')).toBe(exceptionNote(['unitRatio']));
      expect(book.provenance.get('已备案例外')).toBe('1');
    } finally {
      await t.db.delete(internshipRuleException).where(eq(internshipRuleException.programId, programId));
    }
  });

  it('exports with the office’s codes and a province’s column map once saved', async () => {
    const codes = defaultCodes();
    codes.internshipType.post.code = '02';
    codes.internshipType.post.label = '岗位实习（顶岗）';
    const saved = expectOk(await saveCodes(codes));
    expect(saved.codes.internshipType.post).toEqual({ code: '02', label: '岗位实习（顶岗）' });
    expect(saved.saved.codes?.updatedByName).toBeTruthy();

    const maps = [...defaultColumnMaps(), { name: '江苏', plan: [{ id: 'studentNo', header: '学籍号' }, { id: 'creditCode', header: '单位信用代码' }, { id: 'internshipType', header: '类型' }], monthly: [{ id: 'studentNo', header: '学籍号' }, { id: 'checkinDays', header: '出勤' }] }];
    expectOk(await saveMaps(maps));
    expect(expectOk(await t.get<ReportOptions>(`/api${REPORT_URL.options}`, office)).maps).toEqual(['全国', '广东', '江苏']);
    try {
      const national = await exportBook({ kind: 'plan' });
      expect(cell(national, STUDENT01, '实习类型')).toBe('02');
      expect(national.codes).toContainEqual(['实习类型', '02', '岗位实习（顶岗）']);
      expect(national.provenance.get('编码字典')).toMatch(/保存于/);

      const jiangsu = await exportBook({ kind: 'plan', map: '江苏' });
      expect(jiangsu.fileName).toBe('2026届岗位实习实习计划上报（江苏）.xlsx');
      expect(jiangsu.data[0]).toEqual(['学籍号', '单位信用代码', '类型']);
      const own = jiangsu.data.find((r) => r[0] === STUDENT01)!;
      expect(own[2]).toBe('02');
      expect(own[1]).toMatch(/^[0-9A-Z]{18}$/);
      expect(jiangsu.codes).toEqual([
        ['实习类型', '1', '认识实习'],
        ['实习类型', '02', '岗位实习（顶岗）'],
      ]);
    } finally {
      expectOk(await saveCodes(defaultCodes()));
      expectOk(await saveMaps(defaultColumnMaps()));
    }
  });

  it('refuses a bad setting by name and keeps what was saved', async () => {
    const before = expectOk(await t.get<ReportSettings>(`/api${REPORT_URL.settings}`, office));
    const national = defaultColumnMaps()[0]!;
    expectError(await saveMaps([{ ...national, plan: [...national.plan, { id: 'idCard', header: '身份证号' }] }]), 400, REPORT_MSG.unknownColumns(['idCard']));
    expectError(await saveMaps([{ ...national, monthly: [...national.monthly, { id: 'policyNo', header: '保单号' }] }]), 400, REPORT_MSG.columnNotForKind('月度实习情况', ['policyNo']));
    expectError(await saveMaps([{ ...national, plan: [...national.plan, { id: 'studentNo', header: '学号2' }] }]), 400, REPORT_MSG.columnRepeated('实习计划', ['学号']));
    expectError(await saveMaps([{ ...national, name: '江苏' }]), 400, REPORT_MSG.nationalRequired);
    expectError(await saveMaps([{ ...national, plan: [{ id: 'studentNo', header: '  ' }] }]), 400, REPORT_MSG.headerRequired);

    const empty = defaultCodes();
    empty.internshipType.post.code = ' ';
    expectError(await saveCodes(empty), 400, REPORT_MSG.codeRequired('实习类型', '岗位实习'));
    const twice = defaultCodes();
    twice.organization.dispersed.code = '1';
    expectError(await saveCodes(twice), 400, REPORT_MSG.codeRepeated('组织形式', ['1']));
    expectError(await t.put(`/api${REPORT_URL.codes}`, { codes: { ...defaultCodes(), region: {} } }, office), 400, REPORT_MSG.unknownEntries(['region']));
    const { yesNo: _left, ...partial } = defaultCodes();
    expectError(await t.put(`/api${REPORT_URL.codes}`, { codes: partial }, office), 400, REPORT_MSG.dictionaryRequired('是否'));
    expectError(await t.put(`/api${REPORT_URL.codes}`, {}, office), 400, REPORT_MSG.codesRequired);
    expectError(await t.put(`/api${REPORT_URL.columnMaps}`, { maps: '全国' }, office), 400, REPORT_MSG.mapsRequired);

    expect(expectOk(await t.get<ReportSettings>(`/api${REPORT_URL.settings}`, office))).toEqual(before);
  });

  it('is the office’s and the departments’, each within their reach; only the office keeps the settings', async () => {
    const teacher = await t.login('teacher01');
    expectError(await t.get(`/api${REPORT_URL.options}`, teacher), 403, /权限/);
    expectError(await t.request('GET', `/api${REPORT_URL.exportXls}`, { token: teacher, query: { programId, kind: 'plan' } }), 403, /权限/);

    // 陈主任 (信息工程学院) has the program's students; a department administrator of 机电 has none of them.
    const dept01 = await t.login('dept01');
    expect(expectOk(await t.get<ReportOptions>(`/api${REPORT_URL.options}`, dept01)).programs.map((p) => p.value)).toContain(programId);
    const departBook = await exportBook({ kind: 'plan' }, dept01);
    expect(departBook.provenance.get('数据范围')).toMatch(/^院系：.*信息工程学院/);
    expect(departBook.data.length).toBe((await exportBook({ kind: 'plan' })).data.length);
    expectError(await t.get(`/api${REPORT_URL.settings}`, dept01), 403, /权限/);
    expectError(await saveCodes(defaultCodes(), dept01), 403, /权限/);

    const user = await t.createUser({ roles: ['role-depart-admin'] });
    await t.db.insert(sysUserDepart).values({ userId: user.id, departId: 'dep-mech' });
    const mech = await t.login(user.username, user.password);
    expect(expectOk(await t.get<ReportOptions>(`/api${REPORT_URL.options}`, mech)).programs.map((p) => p.value)).not.toContain(programId);
    expectError(await t.request('GET', `/api${REPORT_URL.exportXls}`, { token: mech, query: { programId, kind: 'plan' } }), 404, REPORT_MSG.programNotFound);
  });
});
