import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, type Row } from './basic-support.ts';
import { expectOk, startTestApp, type TestApp } from './harness.ts';

/*
 * The student import (POST /basic/student/importExcel) on the files LibreOffice wrote (tests/fixtures/excel):
 * what a school's own .xls and .xlsx make of the demo school's class 软件技术2023级1班 (code 20230101).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(new URL(`../fixtures/excel/${name}`, import.meta.url));
const students = async (prefix: string) =>
  expectOk(await t.get<{ records: Row[] }>('/api/basic/student/list', admin, { studentNo: prefix, pageSize: '50', column: 'studentNo', order: 'asc' })).records.map((r) => [
    r.studentNo,
    r.name,
    r.sex,
    r.birthday,
    r.phone,
    r.classId_dictText,
    r.grade,
    r.status,
  ]);

describe('the student import from files a spreadsheet program wrote', () => {
  it('takes the .xls with a title row, a merged header, numbers as text and text as numbers, dates both ways, full-width spaces and digits; the same .xlsx changes nothing', async () => {
    expect((await importFile(t, 'student', fixture('students.xls'), admin, 'students.xls')).body).toMatchObject({ success: true, message: '导入成功，共4条' });
    expect(await students('202301019')).toEqual([
      ['2023010191', '张三', '1', '2005-03-07', '17700001901', '软件技术2023级1班', 2023, '1'],
      ['2023010192', '李四', '2', '2005-03-07', '17700001902', '软件技术2023级1班', 2023, '1'],
      ['2023010193', '王五', '1', '2005-03-07', '17700001903', '软件技术2023级1班', 2023, '2'],
      ['2023010194', '赵六', '2', '2004-12-31', null, '软件技术2023级1班', 2023, '3'],
    ]);
    expect((await importFile(t, 'student', fixture('students.xlsx'), admin, 'students.xlsx')).body.message).toBe('导入成功，新增0条，4条已存在（按学号匹配，未修改）');
  });

  it('refuses the .xls with one bad row, naming it, and saves nothing; the fixed file imports', async () => {
    const bad = await importFile(t, 'student', fixture('students-one-bad-row.xls'), admin, '插班生.xls');
    expect(bad).toMatchObject({ status: 400, body: { message: '导入失败，共1行有误，未导入任何数据@第4行：性别“未知”无效，可选：男、女' } });
    expect((await students('202301019')).map((r) => r[0])).not.toContain('2023010195');
    expect((await importFile(t, 'student', fixture('students-one-bad-row-fixed.xls'), admin, '插班生.xls')).body.message).toBe('导入成功，共3条');
    expect((await students('202301019')).map((r) => r[0])).toEqual(['2023010191', '2023010192', '2023010193', '2023010194', '2023010195', '2023010196', '2023010197']);
  });
});
