import { read, utils } from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import { STUDENT_RESOURCE, studentSchema } from '@contract/basic-data.ts';
import { importFields, type PageResult } from '@contract/resource.ts';
import { basicStudent, internshipEnrolment } from '../../server/db/schema.ts';
import { excelColumns, readSheetRecords } from '../../server/lib/excel.ts';
import { exportFile, readExport } from './basic-support.ts';
import { expectOk, startTestApp, type TestApp } from './harness.ts';

// Exports of rows about people name them by their key (学号, 工号), class and department, with the list's
// columns; no cell of any export is taken for a formula, in the workbook or in a CSV saved from it.
let t: TestApp;
let office: string;
let admin: string;

const download = async (url: string, token: string, query: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url, query, headers: { [ACCESS_TOKEN_HEADER]: token } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

beforeAll(async () => {
  t = await startTestApp();
  [office, admin] = await Promise.all([t.login('office01'), t.login('admin')]);
});
afterAll(() => t.close());

describe('the 实习安排 export', () => {
  it('carries each student’s 学号, 班级, 院系, 状态 and 终止原因, the list’s columns; the import template only what the import reads', async () => {
    const [placement] = expectOk(await t.get<PageResult<Record<string, unknown>>>('/api/internship/placement/list', office, { pageSize: '1' })).records;
    await t.db.update(internshipEnrolment).set({ terminateReason: '-学生主动放弃' }).where(eq(internshipEnrolment.id, String(placement!.id)));
    const [header, row, ...rest] = await readExport(await download('/api/internship/placement/exportXls', office, { programId: String(placement!.programId), studentUserId: String(placement!.studentUserId) }));
    expect(rest).toEqual([]);
    expect(header!.slice(0, 5)).toEqual(['学生', '学号', '班级', '院系', '实习计划']);
    expect(header).toEqual(expect.arrayContaining(['状态', '终止原因']));
    const cell = (label: string) => row![header!.indexOf(label)];
    expect([cell('学生'), cell('学号'), cell('班级'), cell('院系')]).toEqual([placement!.studentUserId_dictText, placement!.studentNo, placement!.classId_dictText, placement!.departId_dictText]);
    expect(cell('院系')).not.toBe('');
    expect(cell('终止原因')).toBe("'-学生主动放弃");

    const template = read(await download('/api/internship/placement/exportXls', office, { exportType: 'empty' }));
    const [, templateHeader] = utils.sheet_to_json<string[]>(template.Sheets[template.SheetNames[0]!]!, { header: 1 });
    expect(templateHeader).not.toContain('学号');
    expect(templateHeader).not.toContain('终止原因');
  });
});

describe('people’s exports', () => {
  it('name each student’s 院系 beside the 学号 and 班级', async () => {
    const [student] = await t.db.select().from(basicStudent).where(eq(basicStudent.studentNo, '2023010101'));
    const [header, row] = await readExport((await exportFile(t, 'student', admin, { studentNo: student!.studentNo })).content);
    expect(header!.slice(0, 2)).toEqual(['学号', '姓名']);
    expect(row![header!.indexOf('学号')]).toBe('2023010101');
    expect(row![header!.indexOf('班级')]).not.toBe('');
    expect(row![header!.indexOf('院系')]).toBe('信息工程学院');
  });

  it('name each user’s 工号 and 所属部门, as the list does', async () => {
    const [header, row] = await readExport(await download('/api/sys/user/exportXls', admin, { username: 'teacher01' }));
    expect(header).toEqual(expect.arrayContaining(['用户账号', '工号', '角色', '所属部门', '状态']));
    expect(row![header!.indexOf('所属部门')]).not.toBe('');
    expect(row![header!.indexOf('状态')]).toBe('正常');
  });
});

describe('cells that look like formulas', () => {
  it('are written as text, stay text in a CSV saved from the sheet, and are imported back as they were', async () => {
    const names = { '2023010101': '=HYPERLINK("http://x.example","点我")', '2023010102': '+86 林', '2023010103': '@SUM(A1)' } as const;
    for (const [studentNo, name] of Object.entries(names)) await t.db.update(basicStudent).set({ name }).where(eq(basicStudent.studentNo, studentNo));
    const content = (await exportFile(t, 'student', admin, { studentNo: '20230101' })).content;
    const [header, ...rows] = await readExport(content);
    const shown = Object.fromEntries(rows.map((r) => [r[header!.indexOf('学号')], r[header!.indexOf('姓名')]]));
    expect([shown['2023010101'], shown['2023010102'], shown['2023010103']]).toEqual([`'${names['2023010101']}`, `'${names['2023010102']}`, `'${names['2023010103']}`]);

    // Saved as CSV and opened again: no cell is a formula, every field still begins with the apostrophe.
    const book = read(content);
    const csv = utils.sheet_to_csv(book.Sheets[book.SheetNames[0]!]!);
    expect(csv.split('\n').flatMap((line) => line.split(',')).filter((field) => /^"?[=+\-@]/.test(field))).toEqual([]);
    const reopened = read(csv, { type: 'string' });
    const cells = Object.values(reopened.Sheets[reopened.SheetNames[0]!]!).filter((c): c is { v: unknown; f?: string } => typeof c === 'object' && c !== null && 'v' in c);
    expect(cells.filter((c) => c.f !== undefined)).toEqual([]);

    // The import reads the export back without its mark.
    const records = readSheetRecords(content, excelColumns(importFields(STUDENT_RESOURCE), studentSchema));
    const imported = Object.fromEntries(records.map((r) => [r.values['学号'], r.values['姓名']]));
    expect([imported['2023010101'], imported['2023010102'], imported['2023010103']]).toEqual([names['2023010101'], names['2023010102'], names['2023010103']]);
  });
});
