import { randomUUID } from 'node:crypto';
import { read, utils, write } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import type { PageResult } from '@contract/resource.ts';
import type { UserAdminRow } from '@contract/user-admin.ts';
import { sysUser, sysUserRole } from '../../server/db/schema.ts';
import { expectError, expectOk, sessionOf, startTestApp, TEST_PASSWORD, uniqueName, uniquePhone, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  student = await t.login('student01');
});
afterAll(() => t.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: uniqueName('u'),
  realname: '测试用户',
  password: TEST_PASSWORD,
  confirmpassword: TEST_PASSWORD,
  workNo: uniqueName('W'),
  yhlx: '0',
  ...overrides,
});
const add = (body: object, token = admin) => t.post<UserAdminRow>('/api/sys/user/add', body, token);
const list = (query: Record<string, string>, token = admin) => t.get<PageResult<UserAdminRow>>('/api/sys/user/list', token, query);
const userByName = async (username: string) => (await t.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];

describe('POST /sys/user/add', () => {
  it('creates the user with roles and departments, and the account can log in', async () => {
    const input = newUser({ selectedroles: 'role-teacher', selecteddeparts: 'dep-info', sex: '2', phone: uniquePhone(), telephone: '010-12345678' });
    const row = expectOk(await add(input), '添加成功！');
    expect(row).toMatchObject({ username: input.username, sex: '2', selectedroles: 'role-teacher', roleNames: '指导教师', status: 1 });
    const stored = await userByName(input.username);
    expect(stored?.passwordHash).not.toContain(TEST_PASSWORD);
    expect(await t.login(input.username, TEST_PASSWORD)).toBeTruthy();
  });

  it('answers each rule of SPEC.md section 5 with its message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, '请输入用户账号!'],
      [{ realname: ' ' }, '请输入用户名称!'],
      [{ workNo: '' }, '请输入工号'],
      [{ yhlx: '' }, '请选择用户类型'],
      [{ password: 'abc12345', confirmpassword: 'abc12345' }, '密码由8位数字、大小写字母和特殊符号组成!'],
      [{ confirmpassword: '' }, '请重新输入登陆密码!'],
      [{ confirmpassword: 'Other@2026x' }, '两次输入的密码不一致！'],
      [{ telephone: '12345' }, '请输入正确的座机号码'],
      [{ phone: '123' }, '请输入正确格式的手机号码!'],
      [{ email: 'bad@' }, '请输入正确格式的邮箱!'],
      [{ selectedroles: 'role-missing' }, '选择的角色不存在'],
    ];
    for (const [change, message] of cases) {
      const input = newUser(change);
      expectError(await add(input), 400, message);
      if (input.username) expect(await userByName(String(input.username))).toBeUndefined();
    }
  });

  it('takes the roles as roleIds too (SPEC.md section 3)', async () => {
    const row = expectOk(await add(newUser({ roleIds: 'role-mentor' })));
    expect(row.selectedroles).toBe('role-mentor');
  });

  it('refuses an account name or work number that is taken', async () => {
    const first = expectOk(await add(newUser()));
    expectError(await add(newUser({ username: first.username })), 400, '用户账号已存在');
    expectError(await add(newUser({ workNo: first.workNo })), 400, '工号已存在');
  });
});

describe('GET /sys/user/list', () => {
  it('searches by name and type, and shows roles', async () => {
    const tag = uniqueName('检索');
    expectOk(await add(newUser({ realname: `${tag}甲`, yhlx: '1', selectedroles: 'role-student' })));
    expectOk(await add(newUser({ realname: `${tag}乙`, yhlx: '0' })));
    const found = expectOk(await list({ realname: tag }));
    expect(found.total).toBe(2);
    const students = expectOk(await list({ realname: tag, yhlx: '1' }));
    expect(students.records.map((r) => [r.realname, r.roleNames])).toEqual([[`${tag}甲`, '学生']]);
  });
});

describe('PUT /sys/user/edit', () => {
  it('lets the administrator change the details, roles and departments, but not the account name', async () => {
    const user = expectOk(await add(newUser({ selectedroles: 'role-student' })));
    const edited = expectOk(await t.put<UserAdminRow>('/api/sys/user/edit', { ...user, realname: '改过的名字', selectedroles: 'role-teacher,role-mentor', selecteddeparts: '' }, admin), '编辑成功！');
    expect(edited).toMatchObject({ realname: '改过的名字', roleNames: '企业导师，指导教师' });
    expectError(await t.put('/api/sys/user/edit', { ...user, username: 'renamed' }, admin), 400, '用户账号不能修改');
    expectError(await t.put('/api/sys/user/edit', { ...user, realname: '' }, admin), 400, '请输入用户名称!');
    expect((await userByName(user.username))?.realname).toBe('改过的名字');
  });

  it('keeps the profile save for everyone, and refuses a student the administrator’s edit', async () => {
    const me = await t.get<{ userInfo: { id: string } }>('/api/sys/user/getCurrentUserDeparts', student);
    expect(me.status).toBe(200);
    const studentRow = await userByName('student01');
    expectOk(await t.put('/api/sys/user/edit', { id: studentRow!.id, ydyz: '1', birthday: '2005-03-04' }, student));
    expectError(await t.put('/api/sys/user/edit', { id: studentRow!.id, realname: '改名', workNo: 'X', yhlx: '1' }, student), 403, '没有权限执行此操作');
    expect((await userByName('student01'))?.realname).not.toBe('改名');
  });
});

describe('freezing and passwords', () => {
  it('freezes a batch (ending their sessions), refuses freezing oneself, and unfreezes', async () => {
    const a = newUser();
    const row = expectOk(await add(a));
    const token = await t.login(a.username, TEST_PASSWORD);
    expectOk(await t.put('/api/sys/user/frozenBatch', { ids: row.id, status: '2' }, admin), '冻结成功!');
    expect((await sessionOf(t.db, token))?.revokedAt).toBeTruthy();
    expect((await t.get('/api/sys/permission/getUserPermissionByToken', token)).status).toBe(401);
    expect((await t.loginRequest(a.username, TEST_PASSWORD)).body.success).toBe(false);
    const adminRow = await userByName('admin');
    expectError(await t.put('/api/sys/user/frozenBatch', { ids: `${row.id},${adminRow!.id}`, status: '2' }, admin), 400, '不能冻结当前登录的账号');
    expectOk(await t.put('/api/sys/user/frozenBatch', { ids: row.id, status: '1' }, admin), '解冻成功!');
    expect(await t.login(a.username, TEST_PASSWORD)).toBeTruthy();
  });

  it('resets a password: the old one stops working and sessions end', async () => {
    const a = newUser();
    expectOk(await add(a));
    const token = await t.login(a.username, TEST_PASSWORD);
    const next = 'Next@2026y';
    expectError(await t.put('/api/sys/user/changPassword', { username: a.username, password: 'short', confirmpassword: 'short' }, admin), 400, '密码由8位数字、大小写字母和特殊符号组成!');
    expectOk(await t.put('/api/sys/user/changPassword', { username: a.username, password: next, confirmpassword: next }, admin), '密码修改成功!');
    expect((await sessionOf(t.db, token))?.revokedAt).toBeTruthy();
    expect((await t.loginRequest(a.username, TEST_PASSWORD)).body.success).toBe(false);
    expect(await t.login(a.username, next)).toBeTruthy();
  });
});

describe('lookups', () => {
  it('answers queryUserRole, listByYhlx and checkOnlyUser', async () => {
    const row = expectOk(await add(newUser({ yhlx: '2', selectedroles: 'role-mentor' })));
    expect(expectOk(await t.get<string[]>('/api/sys/user/queryUserRole', admin, { userid: row.id }))).toEqual(['role-mentor']);
    const mentors = expectOk(await t.get<{ username: string }[]>('/api/sys/user/listByYhlx', admin, { yhlx: '2' }));
    expect(mentors.map((m) => m.username)).toEqual(expect.arrayContaining(['mentor01', row.username]));
    expectError(await t.get('/api/sys/user/checkOnlyUser', admin, { username: row.username }), 400, '用户账号已存在');
    expectOk(await t.get('/api/sys/user/checkOnlyUser', admin, { username: uniqueName('free') }));
  });
});

describe('Excel', () => {
  function importFile(content: Buffer) {
    const boundary = `----isps${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/sys/user/importExcel', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: admin } });
  }
  async function sheet(rows: string[][]) {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('用户');
    rows.forEach((r) => ws.addRow(r));
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const header = ['用户账号', '用户名称', '初始密码', '工号', '用户类型', '性别'];

  it('imports students with the student role, and they can log in', async () => {
    const [a, b] = [uniqueName('imp'), uniqueName('imp')];
    const response = await importFile(await sheet([header, [a, '导入甲', TEST_PASSWORD, uniqueName('W'), '学生', '男'], [b, '导入乙', TEST_PASSWORD, uniqueName('W'), '教职工', '']]));
    expect(response.json()).toMatchObject({ success: true, message: '导入成功，共2条' });
    const stored = await userByName(a);
    expect(stored).toMatchObject({ realname: '导入甲', yhlx: '1', sex: 1 });
    expect((await t.db.select().from(sysUserRole).where(eq(sysUserRole.userId, stored!.id))).map((r) => r.roleId)).toEqual(['role-student']);
    expect(await t.login(a, TEST_PASSWORD)).toBeTruthy();
  });

  it('imports nothing when a row is bad, naming the rows', async () => {
    const good = uniqueName('ok');
    const response = await importFile(await sheet([header, [good, '好', TEST_PASSWORD, uniqueName('W'), '学生', ''], ['', '缺账号', TEST_PASSWORD, uniqueName('W'), '学生', ''], [uniqueName('x'), '弱密码', '123', uniqueName('W'), '学生', '']]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message.split('@')).toEqual(['导入失败，共2行有误，未导入任何数据', '第3行：请输入用户账号!', '第4行：初始密码：密码由8位数字、大小写字母和特殊符号组成!']);
    expect(await userByName(good)).toBeUndefined();
  });

  it('names every problem of a row, the taken 工号 among them, and imports nothing', async () => {
    const taken = expectOk(await add(newUser())).workNo!;
    const [good, bad, repeat] = [uniqueName('ok'), uniqueName('bad'), uniqueName('rep')];
    const shared = uniqueName('W');
    const full = ['用户账号', '用户名称', '初始密码', '工号', '用户类型', '性别', '生日', '手机号码', '邮箱'];
    const response = await importFile(
      await sheet([
        full,
        [good, '好', TEST_PASSWORD, shared, '学生', '男', '2005-03-04', '', ''],
        [bad, '', '123', taken, '外星人', '', '2005-13-45', '999', 'bad'],
        [repeat, '重复', TEST_PASSWORD, shared, '学生', '未知', '', '', ''],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message.split('@')).toEqual([
      '导入失败，共2行有误，未导入任何数据',
      '第3行：请输入用户名称!；初始密码：密码由8位数字、大小写字母和特殊符号组成!；工号已存在；用户类型“外星人”无效，可选：教职工、学生、企业导师；请输入有效的生日，格式为YYYY-MM-DD；请输入正确格式的手机号码!；请输入正确格式的邮箱!',
      '第4行：工号已存在（文件中重复）；性别“未知”无效，可选：男、女',
    ]);
    for (const username of [good, bad, repeat]) expect(await userByName(username)).toBeUndefined();
  });

  it('refuses a birthday that is no day of the calendar when adding, too', async () => {
    expectError(await add(newUser({ birthday: '2005-02-30' })), 400, '请输入有效的生日，格式为YYYY-MM-DD');
    expectOk(await add(newUser({ birthday: '2004-02-29' })));
  });

  it('answers the empty template as an .xls named 用户导入模板.xls, the required columns marked *', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/user/exportXls', query: { exportType: 'empty' }, headers: { [ACCESS_TOKEN_HEADER]: admin } });
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('用户导入模板')}.xls`);
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    const book = read(response.rawPayload, { type: 'buffer' });
    expect(utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([
      ['带*的列为必填'],
      ['*用户账号', '*用户名称', '*初始密码', '*工号', '*用户类型', '性别', '生日', '手机号码', '邮箱', '座机', '职务'],
    ]);
  });

  it('imports an old .xls sheet with a title row, numbers for 工号 and 手机号码, and a date cell for 生日', async () => {
    const username = uniqueName('xls');
    const workNo = 9_000_000 + Math.floor(Math.random() * 999_999);
    const phone = uniquePhone();
    const sheetRows = [['用户名单（2024年）'], ['*用户账号', '*用户名称', '*初始密码', '*工号', '*用户类型', '生日', '手机号码'], [username, '\u3000旧表格\u3000', TEST_PASSWORD, workNo, '教职工', new Date(2001, 4, 6), Number(phone)]];
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet(sheetRows, { cellDates: true }), '用户');
    const response = await importFile(write(book, { type: 'buffer', bookType: 'xls' }) as Buffer);
    expect(response.json()).toMatchObject({ success: true, message: '导入成功，共1条' });
    expect(await userByName(username)).toMatchObject({ realname: '旧表格', workNo: String(workNo), birthday: '2001-05-06', phone });
  });

  it('exports the users with labels and never a password', async () => {
    const a = newUser({ realname: '导出的人', yhlx: '2' });
    expectOk(await add(a));
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/user/exportXls', query: { username: a.username }, headers: { [ACCESS_TOKEN_HEADER]: admin } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getRow(1).values).toContain('初始密码');
    const values = ws.getRow(2).values as unknown[];
    expect(values).toContain('导出的人');
    expect(values).toContain('企业导师');
    expect(values.join(',')).not.toContain('scrypt');
  });
});

describe('permissions', () => {
  it('refuses a student the administration calls', async () => {
    expectError(await list({}, student), 403, '没有权限执行此操作');
    expectError(await add(newUser(), student), 403, '没有权限执行此操作');
    expectError(await t.put('/api/sys/user/frozenBatch', { ids: 'x', status: '2' }, student), 403, '没有权限执行此操作');
    expectError(await t.put('/api/sys/user/changPassword', { username: 'admin', password: TEST_PASSWORD, confirmpassword: TEST_PASSWORD }, student), 403, '没有权限执行此操作');
  });
});
