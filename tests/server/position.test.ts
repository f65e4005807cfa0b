import { randomUUID } from 'node:crypto';
import { read, utils, write } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import type { PositionRow } from '@contract/position.ts';
import type { PageResult } from '@contract/resource.ts';
import { sysPosition } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// 职务 is the plain resource built only from its description: these tests cover the shared list/form/Excel routes.
let t: TestApp;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  student = await t.login('student01');
});
afterAll(() => t.close());

const add = (body: object, token = admin) => t.post<PositionRow>('/api/sys/position/add', body, token);
const list = (query: Record<string, string>, token = admin) => t.get<PageResult<PositionRow>>('/api/sys/position/list', token, query);
const positionByCode = async (code: string) => (await t.db.select().from(sysPosition).where(eq(sysPosition.code, code)))[0];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('职务');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function importFile(content: Buffer, fileName = '职务.xlsx', token = admin) {
  const boundary = `----isps${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/sys/position/importExcel',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: token },
  });
}

describe('add and edit', () => {
  it('adds a position and stores it', async () => {
    const code = uniqueName('P');
    const row = expectOk(await add({ code, name: '教研室主任', postRank: '3', sortNo: 5 }), '添加成功！');
    expect(row).toMatchObject({ code, name: '教研室主任', postRank: '3', sortNo: 5 });
    expect(await positionByCode(code)).toMatchObject({ name: '教研室主任', postRank: '3' });
  });

  it('refuses missing and malformed fields with the field’s own message, storing nothing', async () => {
    expectError(await add({ code: '', name: '主任' }), 400, '请输入职务编码');
    expectError(await add({ code: 'A1', name: '  ' }), 400, '请输入职务名称');
    expectError(await add({ code: '带 空格', name: '主任' }), 400, '只能包含字母、数字、下划线、冒号、点和短横线');
    expectError(await add({ code: 'A2', name: '主任', sortNo: 1.5 }), 400, '排序必须是整数');
    expect(await positionByCode('A1')).toBeUndefined();
  });

  it('refuses a code that is taken, on add and on edit', async () => {
    const first = expectOk(await add({ code: uniqueName('D'), name: '甲' }));
    const second = expectOk(await add({ code: uniqueName('D'), name: '乙' }));
    expectError(await add({ code: first.code, name: '丙' }), 400, '职务编码已存在');
    expectError(await t.put('/api/sys/position/edit', { id: second.id, code: first.code, name: '乙' }, admin), 400, '职务编码已存在');
    const edited = expectOk(await t.put<PositionRow>('/api/sys/position/edit', { id: second.id, code: second.code, name: '乙（改）' }, admin), '编辑成功！');
    expect(edited.name).toBe('乙（改）');
    expectError(await t.put('/api/sys/position/edit', { id: 'missing', code: 'X', name: 'X' }, admin), 404, '职务不存在');
  });
});

describe('list', () => {
  it('pages, searches a part of the name, matches the rank exactly and sorts by an allowed column', async () => {
    const tag = uniqueName('搜');
    for (const [i, rank] of ['1', '2', '2'].entries()) expectOk(await add({ code: uniqueName('L'), name: `${tag}${i}`, postRank: rank, sortNo: 10 - i }));
    const page1 = expectOk(await list({ name: tag, pageNo: '1', pageSize: '2', column: 'sortNo', order: 'asc' }));
    expect(page1.total).toBe(3);
    expect(page1.records.map((r) => r.name)).toEqual([`${tag}2`, `${tag}1`]);
    const page2 = expectOk(await list({ name: tag, pageNo: '2', pageSize: '2', column: 'sortNo', order: 'asc' }));
    expect(page2.records.map((r) => r.name)).toEqual([`${tag}0`]);
    const ranked = expectOk(await list({ name: tag, postRank: '2' }));
    expect(ranked.records).toHaveLength(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expectOk(await add({ code: uniqueName('W'), name: '百分之50%岗' }));
    expect(expectOk(await list({ name: '50%' })).records.map((r) => r.name)).toEqual(['百分之50%岗']);
    expect(expectOk(await list({ name: '_' })).total).toBe(0);
  });
});

describe('delete', () => {
  it('deletes one, then a batch; an unknown id changes nothing', async () => {
    const rows = [];
    for (let i = 0; i < 3; i += 1) rows.push(expectOk(await add({ code: uniqueName('X'), name: `删除${i}` })));
    expectOk(await t.request('DELETE', '/api/sys/position/delete', { token: admin, query: { id: rows[0]!.id } }), '删除成功!');
    expect(await positionByCode(rows[0]!.code)).toBeUndefined();
    expectError(await t.request('DELETE', '/api/sys/position/deleteBatch', { token: admin, query: { ids: `${rows[1]!.id},missing` } }), 404, '职务不存在');
    expect(await positionByCode(rows[1]!.code)).toBeDefined();
    expectOk(await t.request('DELETE', '/api/sys/position/deleteBatch', { token: admin, query: { ids: `${rows[1]!.id},${rows[2]!.id}` } }));
    expect(await positionByCode(rows[2]!.code)).toBeUndefined();
  });
});

describe('Excel', () => {
  it('exports the rows with dictionary labels as .xlsx, and the empty template as .xls with the required columns marked', async () => {
    const code = uniqueName('E');
    expectOk(await add({ code, name: '导出职务', postRank: '1' }));
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/position/exportXls', query: { code }, headers: { [ACCESS_TOKEN_HEADER]: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('职务'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '职务编码', '职务名称', '职级', '排序']);
    expect(sheet.getRow(2).values).toEqual([undefined, code, '导出职务', '正高级', 0]);

    const empty = await t.app.inject({ method: 'GET', url: '/api/sys/position/exportXls', query: { exportType: 'empty' }, headers: { [ACCESS_TOKEN_HEADER]: admin } });
    const template = read(empty.rawPayload, { type: 'buffer' });
    expect(utils.sheet_to_json(template.Sheets[template.SheetNames[0]!]!, { header: 1 })).toEqual([['带*的列为必填'], ['*职务编码', '*职务名称', '职级', '排序']]);
    // The template is an old binary .xls workbook (an OLE file) and is named so: 职务导入模板.xls; the export is 职务.xlsx.
    expect(empty.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    expect(empty.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(empty.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('职务导入模板')}.xls`);
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('职务')}.xlsx`);
  });

  it('imports its own template filled in and saved as .xls', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/sys/position/exportXls', query: { exportType: 'empty' }, headers: { [ACCESS_TOKEN_HEADER]: admin } });
    const book = read(empty.rawPayload, { type: 'buffer' });
    const code = uniqueName('X');
    utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]!]!, [[code, '模板导入', '副高级', 2]], { origin: -1 });
    const response = await importFile(write(book, { type: 'buffer', bookType: 'xls' }) as Buffer, '职务导入模板.xls');
    expect(response.json()).toMatchObject({ success: true, message: '导入成功，共1条' });
    expect(await positionByCode(code)).toMatchObject({ name: '模板导入', postRank: '2', sortNo: 2 });
  });

  it('imports a good file, taking ranks by their labels', async () => {
    const [a, b] = [uniqueName('I'), uniqueName('I')];
    const response = await importFile(await workbook([['职务编码', '职务名称', '职级', '排序'], [a, '导入甲', '中级', 3], [b, '导入乙', '', '']]));
    expect(response.json()).toMatchObject({ success: true, message: '导入成功，共2条' });
    expect(await positionByCode(a)).toMatchObject({ name: '导入甲', postRank: '3', sortNo: 3 });
    expect(await positionByCode(b)).toMatchObject({ name: '导入乙' });
  });

  it('names every problem of every bad row and imports nothing when any row is bad', async () => {
    const good = uniqueName('G');
    const taken = expectOk(await add({ code: uniqueName('T'), name: '已有' })).code;
    const dup = uniqueName('R');
    const response = await importFile(
      await workbook([
        ['职务编码', '职务名称', '职级', '排序'],
        [good, '好的一行', '初级'],
        ['', '缺编码', ''],
        [taken, '编码已被占用', ''],
        [dup, '第一次', ''],
        [dup, '第二次', ''],
        ['带 空格', '', '外星', 'abc'],
        [taken, '', '首席', 10000],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message.split('@')).toEqual([
      '导入失败，共5行有误，未导入任何数据',
      '第3行：请输入职务编码',
      '第4行：职务编码已存在',
      '第6行：职务编码已存在（文件中重复）',
      '第7行：职务编码：只能包含字母、数字、下划线、冒号、点和短横线；请输入职务名称；职级“外星”无效，可选：正高级、副高级、中级、初级、其他；排序必须是数字',
      '第8行：职务编码已存在（文件中重复）；请输入职务名称；职级“首席”无效，可选：正高级、副高级、中级、初级、其他；排序不能大于9999',
    ]);
    expect(await positionByCode(good)).toBeUndefined();
  });

  it('refuses a file that is not an Excel workbook, a broken .xls, and a sheet without a required column, with a clear message', async () => {
    expect((await importFile(Buffer.from('code,name\nA,B'), '职务.xlsx')).json().message).toBe('选择需要导入的Excel文件!');
    expect((await importFile(Buffer.from('x'), '职务.csv')).json().message).toBe('选择需要导入的Excel文件!');
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(60)]);
    expect((await importFile(ole, '职务.xls')).json().message).toBe('无法读取该Excel文件，请确认文件未损坏');
    expect((await importFile(await workbook([['职务名称', '排序'], ['无编码', 1]]))).json().message).toBe('缺少列：职务编码');
  });
});

describe('permissions', () => {
  it('refuses a student every call', async () => {
    expectError(await list({}, student), 403, '没有权限执行此操作');
    expectError(await add({ code: 'S1', name: '学生' }, student), 403, '没有权限执行此操作');
    expect((await importFile(await workbook([['职务编码', '职务名称'], ['S2', '学生']]), '职务.xlsx', student)).statusCode).toBe(403);
    expect(await positionByCode('S1')).toBeUndefined();
  });
});

describe('blank optional numbers', () => {
  it('takes the default sort number when none is given, and keeps it on an edit without one', async () => {
    const row = expectOk(await add({ code: uniqueName('N'), name: '无排序', sortNo: null }));
    expect(row.sortNo).toBe(0);
    const edited = expectOk(await t.put<PositionRow>('/api/sys/position/edit', { id: row.id, code: row.code, name: '无排序', sortNo: 7 }, admin));
    expect(edited.sortNo).toBe(7);
    expect(expectOk(await t.put<PositionRow>('/api/sys/position/edit', { id: row.id, code: row.code, name: '无排序', sortNo: null }, admin)).sortNo).toBe(7);
  });
});

describe('the list held in memory (server/lib/read-cache.ts)', () => {
  const query = { name: '校医', pageSize: '10' };

  it('answers a repeated page from memory, and shows an added row at once', async () => {
    const code = uniqueName('M');
    expectOk(await list(query));
    const hits = t.app.readCache.hits;
    expect(expectOk(await list(query)).records.map((r) => r.code)).not.toContain(code);
    expect(t.app.readCache.hits).toBe(hits + 1);
    expectOk(await add({ code, name: '校医', postRank: '3' }));
    expect(expectOk(await list(query)).records.map((r) => r.code)).toContain(code);
  });

  it('lets a page go when the table changes outside this process’s requests (another process, a script)', async () => {
    const code = uniqueName('M');
    expectOk(await add({ code, name: '校医', postRank: '3' }));
    expect(expectOk(await list(query)).records.find((r) => r.code === code)?.postRank).toBe('3');
    await t.db.update(sysPosition).set({ postRank: '4' }).where(eq(sysPosition.code, code));
    await expect.poll(async () => expectOk(await list(query)).records.find((r) => r.code === code)?.postRank, { timeout: 3000 }).toBe('4');
  });
});
