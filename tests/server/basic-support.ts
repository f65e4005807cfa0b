import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import type { PageResult } from '@contract/resource.ts';
import { sysDepart, sysUserDepart, sysUserRole } from '../../server/db/schema.ts';
import { expectOk, uniqueName, uniquePhone, type TestApp } from './harness.ts';

/** What the basic-data tests share: their own departments and rows (the demo school is another engineer's), Excel files, calls. */

export type Row = Record<string, unknown> & { id: string };

export const URL = {
  campus: '/api/basic/campus',
  building: '/api/basic/building',
  classroom: '/api/basic/classroom',
  major: '/api/basic/major',
  class: '/api/theclassinformation/class01',
  course: '/api/courseinformation/tf02',
  teacher: '/api/basic/teacher',
  student: '/api/basic/student',
} as const;
export type Entity = keyof typeof URL;

export const INITIAL_PASSWORD = 'Init@2026a';

export function basicCalls(t: TestApp) {
  const add = (entity: Entity, body: object, token: string) => t.post<Row>(`${URL[entity]}/add`, body, token);
  const edit = (entity: Entity, body: object, token: string) => t.put<Row>(`${URL[entity]}/edit`, body, token);
  const list = (entity: Entity, token: string, query: Record<string, string> = {}) => t.get<PageResult<Row>>(`${URL[entity]}/list`, token, query);
  const byId = (entity: Entity, id: string, token: string) => t.get<Row>(`${URL[entity]}/queryById`, token, { id });
  const remove = (entity: Entity, id: string, token: string) => t.request('DELETE', `${URL[entity]}/delete`, { token, query: { id } });
  const removeBatch = (entity: Entity, ids: string[], token: string) => t.request('DELETE', `${URL[entity]}/deleteBatch`, { token, query: { ids: ids.join(',') } });

  /** A 院系 of our own under the demo school (or under parentId). */
  async function depart(name = '测试学院', parentId: string | null = 'dep-school'): Promise<{ id: string; departName: string; orgCode: string }> {
    const orgCode = uniqueName('D');
    const [row] = await t.db.insert(sysDepart).values({ parentId, departName: `${name}${orgCode}`, orgCode, orgType: '2', sortNo: 50 }).returning();
    return { id: row!.id, departName: row!.departName, orgCode };
  }

  /** A campus, building, major, class and course, added through the API as token. */
  const campus = async (token: string, body: object = {}) => expectOk(await add('campus', { code: uniqueName('C'), name: uniqueName('校区'), ...body }, token));
  const building = async (token: string, campusId: string, body: object = {}) => expectOk(await add('building', { campusId, code: uniqueName('B'), name: uniqueName('楼'), ...body }, token));
  const major = async (token: string, departId: string, body: object = {}) => expectOk(await add('major', { code: uniqueName('M'), name: uniqueName('专业'), departId, level: '2', years: 3, ...body }, token));
  const klass = async (token: string, majorId: string, body: object = {}) => expectOk(await add('class', { code: uniqueName('K'), name: uniqueName('班'), majorId, grade: 2024, ...body }, token));
  const course = async (token: string, majorId: string | null, body: object = {}) => expectOk(await add('course', { code: uniqueName('KC'), name: uniqueName('课程'), type: '1', majorId, ...body }, token));
  const teacher = async (token: string, departId: string, body: object = {}) =>
    expectOk(await add('teacher', { workNo: uniqueName('T'), name: '周老师', sex: '1', phone: uniquePhone(), departId, title: '3', password: INITIAL_PASSWORD, ...body }, token));
  const student = async (token: string, classId: string, body: object = {}) =>
    expectOk(await add('student', { studentNo: uniqueName('S'), name: '陈同学', sex: '2', birthday: '2006-05-01', phone: uniquePhone(), classId, grade: 2024, status: '1', password: INITIAL_PASSWORD, ...body }, token));

  /** A user holding the 院系管理员 role (data scope 'depart') in the given departments; logs in and returns the token. */
  async function departAdmin(departIds: string[]): Promise<string> {
    const user = await t.createUser({ roles: ['role-depart-admin'] });
    for (const departId of departIds) await t.db.insert(sysUserDepart).values({ userId: user.id, departId });
    return t.login(user.username, user.password);
  }

  async function grantRole(userId: string, roleId: string) {
    await t.db.insert(sysUserRole).values({ userId, roleId });
  }

  return { add, edit, list, byId, remove, removeBatch, depart, campus, building, major, klass, course, teacher, student, departAdmin, grantRole };
}

/** An .xlsx with these rows (the first is the header), as a spreadsheet program writes one. */
export async function workbook(rows: readonly (readonly (string | number | null)[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows of an exported workbook's first sheet, header first, as text. */
export async function readExport(content: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

/** POST <entity>/importExcel with the file as files[], as the import dialog sends it. */
export async function importFile(t: TestApp, entity: Entity, content: Buffer, token: string, fileName = '导入.xlsx'): Promise<{ status: number; body: ApiEnvelope<null> }> {
  const boundary = `----isps${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `${URL[entity]}/importExcel`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: token },
  });
  return { status: response.statusCode, body: response.json<ApiEnvelope<null>>() };
}

export async function exportFile(t: TestApp, entity: Entity, token: string, query: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `${URL[entity]}/exportXls`, query, headers: { [ACCESS_TOKEN_HEADER]: token } });
  return { status: response.statusCode, content: response.rawPayload, headers: response.headers };
}
