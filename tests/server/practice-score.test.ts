import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_SCORE_MSG as MSG, type SheetDetail, type SheetRow } from '@contract/practice-score.ts';
import type { PageResult } from '@contract/resource.ts';
import { basicClass, basicStudent, practiceScoreEntry, practiceScoreLog, practiceScoreSheet, sysLog } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let teacher02Token: string;
let classId: string;
let className: string;
/** The class's three students by 学号. */
let students: string[];
const PERCENT_COURSE = 'course-51020302';
const GRADE_COURSE = 'course-53070103';
const TERM = '2026-2027-1';

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['teacher01', 'office01', 'admin']) tokens[username] = await t.login(username);
  const teacher02 = await t.createUser({ roles: ['role-teacher'] });
  teacher02Token = await t.login(teacher02.username, teacher02.password);
  className = uniqueName('成绩班');
  const [cls] = await t.db.insert(basicClass).values({ code: uniqueName('K'), name: className, majorId: 'major-510203', grade: 2026 }).returning({ id: basicClass.id });
  classId = cls!.id;
  students = [];
  const prefix = uniqueName('S');
  for (const n of [1, 2, 3]) {
    const user = await t.createUser({ roles: ['role-student'] });
    const [row] = await t.db.insert(basicStudent).values({ studentNo: `${prefix}${n}`, name: `学生${n}`, classId, grade: 2026, userId: user.id }).returning({ id: basicStudent.id });
    students.push(row!.id);
  }
  // A fourth, 休学: no cell on a sheet made while they are away.
  const away = await t.createUser({ roles: ['role-student'] });
  await t.db.insert(basicStudent).values({ studentNo: `${prefix}4`, name: '学生4', classId, grade: 2026, status: '2', userId: away.id });
});
afterAll(() => t.close());

const create = (body: object, token = tokens.teacher01!) => t.post<SheetDetail>('/api/practice/score', body, token);
const read = (id: string, token = tokens.teacher01!) => t.get<SheetDetail>(`/api/practice/score/${id}`, token);
const save = (id: string, cells: { studentId: string; value: string | null }[], token = tokens.teacher01!) => t.put<{ saved: number }>(`/api/practice/score/${id}/cells`, { cells }, token);
const submit = (id: string, token = tokens.teacher01!) => t.post<SheetDetail>(`/api/practice/score/${id}/submit`, {}, token);
const reopen = (id: string, body: object, token = tokens.admin!) => t.post<SheetDetail>(`/api/practice/score/${id}/reopen`, body, token);
const list = (token: string) => t.get<PageResult<SheetRow>>('/api/practice/score/list', token, { pageSize: '100' });
const cellValues = async (sheetId: string) =>
  (await t.db.select({ studentId: practiceScoreEntry.studentId, value: practiceScoreEntry.value }).from(practiceScoreEntry).where(eq(practiceScoreEntry.sheetId, sheetId))).reduce<Record<string, string | null>>(
    (all, c) => ({ ...all, [c.studentId]: c.value }),
    {},
  );

describe('成绩录入', () => {
  let sheetId: string;

  it('creates a sheet with the class’s 在读 students, saying who is left out, and refuses a second for the same course, class and term, naming it', async () => {
    const sheet = expectOk(await create({ courseId: PERCENT_COURSE, classId, term: TERM }), MSG.created(1));
    expect(MSG.created(1)).toBe('成绩单已创建，1名非在读学生（休学、毕业等）未列入');
    sheetId = sheet.id;
    expect(sheet).toMatchObject({ courseName: 'Java程序设计', className, term: TERM, scoreMode: 'percent', status: 'draft', editable: true, mine: true, studentCount: 3, filledCount: 0 });
    expect(sheet.students.map((s) => s.name)).toEqual(['学生1', '学生2', '学生3']);
    expectError(await create({ courseId: PERCENT_COURSE, classId, term: TERM }, tokens.office01), 409, MSG.exists('Java程序设计', className, TERM));
    expectError(await create({ courseId: PERCENT_COURSE, classId, term: '2026-2027' }), 400, MSG.termFormat);
    // A class whose only student is away has no sheet to make.
    const [empty] = await t.db.insert(basicClass).values({ code: uniqueName('K'), name: uniqueName('休学班'), majorId: 'major-510203', grade: 2026 }).returning({ id: basicClass.id });
    const away = await t.createUser({ roles: ['role-student'] });
    await t.db.insert(basicStudent).values({ studentNo: uniqueName('S'), name: '学生5', classId: empty!.id, grade: 2026, status: '3', userId: away.id });
    expectError(await create({ courseId: PERCENT_COURSE, classId: empty!.id, term: TERM }), 400, MSG.classEmpty);
    expect(await t.db.select({ id: practiceScoreSheet.id }).from(practiceScoreSheet).where(eq(practiceScoreSheet.classId, empty!.id))).toEqual([]);
  });

  it('refuses a draft with a bad cell and saves none of it; saves a right one', async () => {
    const [a, b, c] = students as [string, string, string];
    expectError(await save(sheetId, [{ studentId: a, value: '88' }, { studentId: b, value: '101' }]), 400, /^有1个成绩不符合规则，未保存：S.*学生2：成绩应在0到100之间$/);
    expect(await cellValues(sheetId)).toEqual({ [a]: null, [b]: null, [c]: null });
    expect(expectOk(await save(sheetId, [{ studentId: a, value: '088' }, { studentId: b, value: '92.5' }]), '已保存')).toMatchObject({ saved: 2 });
    expect(await cellValues(sheetId)).toEqual({ [a]: '88', [b]: '92.5', [c]: null });
    expectError(await save(sheetId, [{ studentId: c, value: '缺席' }]), 400, /学生3：成绩应为0到100的数字，或标记缺考、缓考、免修$/);
  });

  it('refuses to submit with empty cells, saying how many and that a mark fills one; a mark is counted apart; submitted, the sheet is locked', async () => {
    expectError(await submit(sheetId), 400, MSG.emptyCells(1));
    expect(MSG.emptyCells(1)).toBe('还有1名学生未录入成绩，不能提交；缺考、缓考或免修的学生请录入相应标记');
    expectOk(await save(sheetId, [{ studentId: students[2]!, value: ' 缺考 ' }]));
    expect((await cellValues(sheetId))[students[2]!]).toBe('缺考');
    const submitted = expectOk(await submit(sheetId), MSG.submitted);
    expect(submitted).toMatchObject({ status: 'submitted', editable: false, filledCount: 3 });
    // 88 and 92.5 are the scores; the 缺考 is neither averaged nor failed.
    expect(submitted.summary).toEqual({ students: 3, scored: 2, marks: { 缺考: 1, 缓考: 0, 免修: 0 }, empty: 0, average: 90.3, failed: 0 });
    expect(submitted.students.map((s) => s.value)).toEqual(['88', '92.5', '缺考']);
    expect(submitted.log).toMatchObject([{ action: 'submit', actorName: '王老师', reason: null }]);
    expectError(await save(sheetId, [{ studentId: students[0]!, value: '1' }]), 409, MSG.locked);
    expectError(await submit(sheetId), 409, MSG.locked);
    expect((await cellValues(sheetId))[students[0]!]).toBe('88');
  });

  it('is reopened by the administrator only, with a reason, logged in the sheet and in the operation log', async () => {
    expectError(await reopen(sheetId, { reason: '录错' }, tokens.teacher01), 403, '没有权限执行此操作');
    expectError(await reopen(sheetId, { reason: '  ' }), 400, MSG.reasonRequired);
    const reopened = expectOk(await reopen(sheetId, { reason: '学生2成绩录错' }), MSG.reopened);
    expect(reopened).toMatchObject({ status: 'draft', submittedAt: null });
    expect(reopened.log[0]).toMatchObject({ action: 'reopen', actorName: '系统管理员', reason: '学生2成绩录错' });
    expect(await t.db.select({ action: practiceScoreLog.action }).from(practiceScoreLog).where(eq(practiceScoreLog.sheetId, sheetId))).toHaveLength(2);
    await expect
      .poll(async () => (await t.db.select({ url: sysLog.requestUrl }).from(sysLog).where(and(eq(sysLog.logContent, '重新开放成绩单'), eq(sysLog.username, 'admin')))).map((r) => r.url))
      .toContain(`/api/practice/score/${sheetId}/reopen`);
    expectError(await reopen(sheetId, { reason: '再开' }), 409, MSG.notLocked);
    // Open again, the teacher corrects it.
    expectOk(await save(sheetId, [{ studentId: students[1]!, value: '90' }]));
  });

  it('is the teacher’s: another teacher gets 404 and does not list it; the office lists and reads it but does not change it', async () => {
    expectError(await read(sheetId, teacher02Token), 404, MSG.notFound);
    expectError(await save(sheetId, [{ studentId: students[0]!, value: '1' }], teacher02Token), 404, MSG.notFound);
    expect(expectOk(await list(teacher02Token)).records.map((r) => r.id)).not.toContain(sheetId);
    expect(expectOk(await list(tokens.teacher01!)).records.map((r) => r.id)).toContain(sheetId);
    expect(expectOk(await list(tokens.office01!)).records.find((r) => r.id === sheetId)).toMatchObject({ teacherName: '王老师', mine: false });
    expect(expectOk(await read(sheetId, tokens.office01)).editable).toBe(false);
    expectError(await save(sheetId, [{ studentId: students[0]!, value: '1' }], tokens.office01), 403, MSG.notOwner);
  });

  it('exports the sheet with 学号, class and department on each row, the marks as written and the summary', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/practice/score/${sheetId}/exportXls`, headers: { 'X-Access-Token': tokens.teacher01! } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual(['序号', '学号', '姓名', '班级', '院系', '成绩']);
    expect(rows.slice(1, 4).map((r) => r.slice(2))).toEqual([
      ['学生1', className, '信息工程学院', '88'],
      ['学生2', className, '信息工程学院', '90'],
      ['学生3', className, '信息工程学院', '缺考'],
    ]);
    expect(rows.find((r) => r?.[0] === '统计')?.[1]).toBe('共3人，已录入成绩2人，缺考1人，缓考0人，免修0人，未录入0人，平均分89，不及格0人');
    expectError(await t.get(`/api/practice/score/${sheetId}/exportXls`, teacher02Token), 404, MSG.notFound);
  });

  it('checks cells by the course’s 五级制', async () => {
    const sheet = expectOk(await create({ courseId: GRADE_COURSE, classId, term: TERM }));
    expect(sheet.scoreMode).toBe('grade');
    expectError(await save(sheet.id, [{ studentId: students[0]!, value: '85' }]), 400, /成绩应为优、良、中、及格或不及格，或标记缺考、缓考、免修$/);
    expectOk(await save(sheet.id, students.map((studentId, i) => ({ studentId, value: ['优', '免修', ' 不及格 '][i]! }))));
    const submitted = expectOk(await submit(sheet.id));
    expect(submitted.students.map((s) => s.value)).toEqual(['优', '免修', '不及格']);
    expect(submitted.summary).toEqual({ students: 3, scored: 2, marks: { 缺考: 0, 缓考: 0, 免修: 1 }, empty: 0, average: null, failed: 1 });
    const [row] = await t.db.select({ status: practiceScoreSheet.status }).from(practiceScoreSheet).where(eq(practiceScoreSheet.id, sheet.id));
    expect(row?.status).toBe('submitted');
  });
});
