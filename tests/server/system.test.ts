import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@contract/envelope.ts';
import { MSG } from '@contract/messages.ts';
import type { MenuItem, PermissionRule, UserPermissions } from '@contract/permissions.ts';
import type { AnnouncementLists, CasConfig, DictOption, LogoResult, UserInfo } from '@contract/session.ts';
import { sysAnnouncement, sysAnnouncementSend, sysLogo, sysPermission, sysRolePermission, sysUser, sysUserRole } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, uniquePhone, userRow, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'multi01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

const permissionsOf = async (token: string) => expectOk(await t.get<UserPermissions>('/api/sys/permission/getUserPermissionByToken', token));
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

describe('permissions', () => {
  const DEMO_BUTTON: PermissionRule = { action: 'demo:button', describe: '示例按钮', type: '2', status: '1' };
  const holdsButton = (rules: PermissionRule[]) => rules.some((rule) => rule.action === DEMO_BUTTON.action);

  beforeAll(async () => {
    await t.db.insert(sysPermission).values({
      id: 'btn-demo',
      parentId: 'menu-dashboard-workplace',
      name: DEMO_BUTTON.describe,
      menuType: 2,
      perms: DEMO_BUTTON.action,
      status: '1',
    });
    await t.db.insert(sysRolePermission).values({ roleId: 'role-teacher', permissionId: 'btn-demo' });
  });

  it('gives the menu with the 工作台 item, auth and allAuth', async () => {
    const { menu, auth, allAuth } = await permissionsOf(tokens.student01!);
    expect(Array.isArray(auth) && Array.isArray(allAuth)).toBe(true);
    const workplace = flatten(menu).find((item) => item.path === '/dashboard/workplace');
    expect(workplace).toMatchObject({ route: '1', component: 'dashboard/Workplace', meta: { title: '工作台' } });
    expect(menu.find((item) => item.path === '/dashboard')).toMatchObject({ redirect: '/dashboard/workplace', meta: { title: '仪表盘' } });
  });

  it('gives a granted button in auth and in the menu item, and every button in allAuth', async () => {
    const teacher = await permissionsOf(tokens.teacher01!);
    expect(teacher.auth).toContainEqual(DEMO_BUTTON);
    expect(teacher.allAuth).toContainEqual(DEMO_BUTTON);
    expect(flatten(teacher.menu).find((item) => item.id === 'menu-dashboard-workplace')!.meta.permissionList).toEqual([DEMO_BUTTON]);

    const student = await permissionsOf(tokens.student01!);
    expect(holdsButton(student.auth)).toBe(false);
    expect(student.allAuth).toContainEqual(DEMO_BUTTON);
  });

  it('follows the active role', async () => {
    const token = tokens.multi01!;
    const holdsAfterSwitch = async (role: string) => {
      expectOk(await t.post('/api/sys/selectRole', { orgCode: role }, token));
      return holdsButton((await permissionsOf(token)).auth);
    };
    expect(await holdsAfterSwitch('role-teacher')).toBe(true);
    expect(await holdsAfterSwitch('role-admin')).toBe(false);
  });
});

describe('dictionaries', () => {
  const items = async (dictCode: string, query?: Record<string, string>) =>
    expectOk(await t.get<DictOption[]>(`/api/sys/dict/getDictItems/${dictCode}`, tokens.teacher01, query));
  const UNITS = ['学校办公室', '信息工程学院', '机电工程学院', '经济管理学院', '招生就业处'];

  it('lists the items of a sys_dict dictionary in order', async () => {
    expect(await items('sex')).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
  });

  it('lists the units of dt0201 by dwmc, without deleted ones', async () => {
    const units = await items('dt0201');
    expect(units.map((u) => u.text)).toEqual(UNITS);
    expect(units[0]).toEqual({ value: 'DW01', text: '学校办公室', title: '学校办公室' });
    expect(units.map((u) => u.text)).not.toContain('已撤销的单位');
  });

  it.each<{ name: string; query: Record<string, string>; texts: string[] }>([
    { name: 'a keyword', query: { keyword: '工程' }, texts: ['信息工程学院', '机电工程学院'] },
    { name: 'a page size', query: { pageSize: '2' }, texts: UNITS.slice(0, 2) },
    { name: 'a keyword and a page size', query: { keyword: '学院', pageSize: '1' }, texts: ['信息工程学院'] },
    { name: 'a key (label lookup)', query: { key: 'DW03' }, texts: ['机电工程学院'] },
    { name: 'a keyword matching a deleted unit', query: { keyword: '撤销' }, texts: [] },
  ])('filters dt0201 by $name', async ({ query, texts }) => {
    expect((await items('dt0201', query)).map((u) => u.text)).toEqual(texts);
  });

  it('answers 404 for an unknown dictionary', async () => {
    expectError(await t.get('/api/sys/dict/getDictItems/no_such_dict', tokens.teacher01), 404, '字典不存在：no_such_dict');
  });

  it('needs a session', async () => {
    expectError(await t.get('/api/sys/dict/getDictItems/sex'), 401, 'Token失效，请重新登录!');
  });
});

describe('duplicate check', () => {
  const TAKEN = '该值不可用，系统中已存在！';
  const FREE = '该值可用！';
  const check = (query: Record<string, string>) => t.get<null>('/api/sys/duplicate/check', tokens.admin, query);

  it.each([
    { tableName: 'sys_user', fieldName: 'username', fieldVal: 'teacher01' },
    { tableName: 'sys_user', fieldName: 'work_no', fieldVal: 'T2018001' },
    { tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000002' },
    { tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' },
    { tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01A01' },
    { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' },
  ])('reports $tableName.$fieldName = $fieldVal as taken', async (query) => {
    const response = await check(query);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: false, message: TAKEN });
  });

  it.each([
    { name: 'a free value', fieldVal: 'nobody-has-this' },
    { name: 'an empty value', fieldVal: '' },
    { name: 'a value that looks like SQL', fieldVal: "' OR '1'='1" },
    { name: 'a LIKE wildcard', fieldVal: '%' },
    { name: 'single-character wildcards as long as a taken name', fieldVal: '_________' },
  ])('reports $name as free', async ({ fieldVal }) => {
    expectOk(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal }), FREE);
  });

  it('does not count the record being edited (dataId), but counts others', async () => {
    const teacher = (await userRow(t.db, 'teacher01'))!;
    const student = (await userRow(t.db, 'student01'))!;
    const query = { tableName: 'sys_user', fieldName: 'username', fieldVal: 'teacher01' };
    expectOk(await check({ ...query, dataId: teacher.id }), FREE);
    expect((await check({ ...query, dataId: student.id })).body).toMatchObject({ success: false, message: TAKEN });
  });

  it.each([
    { tableName: 'sys_user', fieldName: 'password_hash' },
    { tableName: 'sys_session', fieldName: 'token_hash' },
    { tableName: 'sys_user; drop table sys_user', fieldName: 'username' },
  ])('refuses a pair not on the allow-list: $tableName.$fieldName', async ({ tableName, fieldName }) => {
    expectError(await check({ tableName, fieldName, fieldVal: 'x' }), 400, '不支持该字段的重复校验');
  });

  describe('answers only the holders of the form that checks the field', () => {
    const FORBIDDEN = '没有权限执行此操作';
    const checkAs = (username: string, query: Record<string, string>) => t.get<null>('/api/sys/duplicate/check', tokens[username], query);

    it.each([
      { tableName: 'sys_user', fieldName: 'username', fieldVal: 'teacher01' },
      { tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000002' },
      { tableName: 'sys_user', fieldName: 'email', fieldVal: 'nobody@example.com' },
      { tableName: 'sys_user', fieldName: 'work_no', fieldVal: 'T2018001' },
      { tableName: 'basic_student', fieldName: 'student_no', fieldVal: 'student02' },
      { tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' },
    ])('refuses a student and a teacher $tableName.$fieldName, taken or free, adding or editing', async (query) => {
      const student = (await userRow(t.db, 'student01'))!;
      for (const username of ['student01', 'teacher01']) {
        for (const variant of [query, { ...query, fieldVal: 'nobody-has-this' }, { ...query, dataId: student.id }]) expectError(await checkAs(username, variant), 403, FORBIDDEN);
      }
    });

    it('gives an administrator the two answers the forms need, adding and editing', async () => {
      const student = (await userRow(t.db, 'student01'))!;
      for (const [fieldName, fieldVal] of [['username', 'student01'], ['phone', student.phone!]] as const) {
        expect((await checkAs('admin', { tableName: 'sys_user', fieldName, fieldVal })).body).toMatchObject({ success: false, message: TAKEN });
        expectOk(await checkAs('admin', { tableName: 'sys_user', fieldName, fieldVal, dataId: student.id }), FREE);
        expectOk(await checkAs('admin', { tableName: 'sys_user', fieldName, fieldVal: `x${fieldVal}9` }), FREE);
      }
    });
  });

  describe('rate limit', () => {
    // A process allowing 2 checks per account and 20 per address a minute, on the same database.
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp({ duplicateCheckRateLimit: 2 }, { database: t.database });
    });
    afterAll(() => limited.close());

    const adminToken = async () => {
      const user = await limited.createUser({ roles: ['role-admin'] });
      return limited.login(user.username, user.password);
    };
    const checkFrom = async (token: string, remoteAddress: string) => {
      const response = await limited.app.inject({
        method: 'GET',
        url: '/api/sys/duplicate/check',
        query: { tableName: 'sys_user', fieldName: 'username', fieldVal: uniqueName('free') },
        headers: { 'x-access-token': token },
        remoteAddress,
      });
      return { status: response.statusCode, body: response.json<ApiEnvelope<null>>(), headers: response.headers };
    };

    it('answers 429 to an account’s 3rd check within a minute, from any address', async () => {
      const token = await adminToken();
      const statuses = [];
      for (const address of ['198.51.100.11', '198.51.100.12', '198.51.100.13']) statuses.push((await checkFrom(token, address)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await checkFrom(token, '198.51.100.14');
      expectError(refused, 429, '操作过于频繁，请稍后再试');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('counts a profile save that sets a phone or e-mail against the same budget: the 3rd answers 429 and saves nothing', async () => {
      const user = await limited.createUser({ roles: ['role-student'] });
      const token = await limited.login(user.username, user.password);
      const save = (body: Record<string, unknown>) =>
        limited.app.inject({ method: 'PUT', url: '/api/sys/user/edit', payload: { id: user.id, ydyz: '1', ...body }, headers: { 'x-access-token': token } });
      expect((await save({ birthday: '2001-01-01' })).statusCode).toBe(200);
      expect((await save({ phone: uniquePhone() })).statusCode).toBe(200);
      expect((await save({ email: `${uniqueName('p')}@example.com` })).statusCode).toBe(200);
      const third = uniquePhone();
      const refused = await save({ phone: third });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiEnvelope<null>>().message).toBe('操作过于频繁，请稍后再试');
      const [stored] = await limited.db.select({ phone: sysUser.phone }).from(sysUser).where(eq(sysUser.id, user.id));
      expect(stored?.phone).not.toBe(third);
    });

    it('answers 429 to an address’s 21st check within a minute, whichever account asks', async () => {
      const first = await adminToken();
      for (let attempt = 0; attempt < 20; attempt++) await checkFrom(first, '198.51.100.30');
      const fresh = await adminToken();
      expect((await checkFrom(fresh, '198.51.100.30')).status).toBe(429);
      expectOk(await checkFrom(fresh, '198.51.100.31'), FREE);
    });
  });
});

describe('public settings', () => {
  it('answers the reachability ping without a session, in the envelope', async () => {
    expect(expectOk(await t.get<string>('/api/sys/ping'))).toBe('pong');
  });

  it('gives the logo without a session', async () => {
    expect(expectOk(await t.get<LogoResult>('/api/sys/logo/getLogo'))).toEqual({ logo: null, logologin: null });
    await t.db.insert(sysLogo).values({ logoCode: 'default', logo: 'data:image/png;base64,AAAA', logologin: 'data:image/png;base64,BBBB' });
    expect(expectOk(await t.get<LogoResult>('/api/sys/logo/getLogo', undefined, { logoCode: 'default' }))).toEqual({
      logo: 'data:image/png;base64,AAAA',
      logologin: 'data:image/png;base64,BBBB',
    });
  });

  it('gives the single sign-on settings without a session', async () => {
    expect(expectOk(await t.get<CasConfig>('/api/cas/client/queryCasList'))).toEqual({ enableCas: '0', casType: '', casPrefixUrl: '' });
  });
});

describe('announcements', () => {
  const NOTICE = '关于做好2026年岗位实习工作的通知';
  const SYSTEM_MESSAGE = '平台已升级，支持离线填写实习记录';
  const lists = async (username: string) => expectOk(await t.get<AnnouncementLists>('/api/sys/annountCement/listByUser', tokens[username]));

  it('lists the demo notice and system message as unread', async () => {
    const result = await lists('student01');
    expect(result.anntMsgList.map((a) => a.titile)).toEqual([NOTICE]);
    // The season's bell messages (threads, warnings) are system messages too: the demo's own is among them.
    expect(result.sysMsgList.map((a) => a.titile)).toContain(SYSTEM_MESSAGE);
    expect(result.anntMsgTotal).toBe(1);
    expect(result.sysMsgTotal).toBeGreaterThanOrEqual(result.sysMsgList.length);
    expect(result.anntMsgList[0]).toMatchObject({ priority: 'M', msgTxt: '请按时提交周记和月报' });
  });

  it('marks a notice read for that user only', async () => {
    const before = await lists('teacher01');
    const notice = before.anntMsgList[0]!;
    expectOk(await t.put('/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: notice.id }, tokens.teacher01), '已读');
    expect(await lists('teacher01')).toMatchObject({ anntMsgList: [], anntMsgTotal: 0, sysMsgTotal: before.sysMsgTotal });
    expect(await lists('admin')).toMatchObject({ anntMsgTotal: 1 });

    const teacher = (await userRow(t.db, 'teacher01'))!;
    const [receipt] = await t.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, notice.id), eq(sysAnnouncementSend.userId, teacher.id)));
    expect(receipt).toMatchObject({ readFlag: 1 });
  });

  it('answers 404 for an announcement that does not exist or was not published', async () => {
    const [draft] = await t.db.insert(sysAnnouncement).values({ titile: '草稿', sendStatus: '0' }).returning({ id: sysAnnouncement.id });
    for (const anntId of ['no-such-id', draft!.id]) {
      expectError(await t.put('/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }, tokens.student01), 404, '通知不存在或已撤销');
    }
    expect((await lists('student01')).anntMsgList.map((a) => a.titile)).toEqual([NOTICE]);
  });
});

describe('profile edit', () => {
  const edit = (token: string, body: Record<string, string>) => t.put<{ userInfo: UserInfo }>('/api/sys/user/edit', body, token);

  it('saves the user’s own phone, email and birthday', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const phone = uniquePhone();
    const form = { id: user.id, ydyz: '1', phone, email: `${user.username}@example.com`, birthday: '2000-02-29' };
    const { userInfo } = expectOk(await edit(token, form), '修改成功!');
    expect(userInfo).toMatchObject({ phone, email: form.email, birthday: form.birthday });
    expect(await userRow(t.db, user.username)).toMatchObject({ phone, email: form.email, birthday: form.birthday });

    expectOk(await edit(token, { ...form, email: '' }));
    expect(await userRow(t.db, user.username)).toMatchObject({ phone, email: null });
  });

  it('refuses to edit another user', async () => {
    const teacher = (await userRow(t.db, 'teacher01'))!;
    expectError(await edit(tokens.student01!, { id: teacher.id, ydyz: '1', phone: uniquePhone() }), 403, '只能修改本人的个人信息');
    expect((await userRow(t.db, 'teacher01'))!.phone).toBe(teacher.phone);
  });

  // The route's body is either form (userEditBody), chosen by ydyz as the permission is: a profile save that also
  // carries the administrator's form is a profile save, and never gives a student the roles that form names.
  it('takes a profile save carrying the administrator’s form fields as a profile save only', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const before = (await userRow(t.db, user.username))!;
    const adminForm = { realname: '改名', workNo: uniqueName('W'), yhlx: '0', selectedroles: 'role-admin', selecteddeparts: '' };
    const { userInfo } = expectOk(await edit(token, { id: user.id, ydyz: '1', birthday: '2001-02-03', ...adminForm }), '修改成功!');
    expect(userInfo).toMatchObject({ realname: before.realname, birthday: '2001-02-03' });
    expect(await userRow(t.db, user.username)).toMatchObject({ realname: before.realname, workNo: before.workNo, yhlx: before.yhlx, birthday: '2001-02-03' });
    expect(await t.db.select().from(sysUserRole).where(and(eq(sysUserRole.userId, user.id), eq(sysUserRole.roleId, 'role-admin')))).toEqual([]);
  });

  describe('refusals', () => {
    let self: { id: string; token: string };
    beforeAll(async () => {
      const user = await t.createUser();
      self = { id: user.id, token: await t.login(user.username, user.password) };
      await t.db.update(sysUser).set({ email: 'teacher01@example.com' }).where(eq(sysUser.username, 'teacher01'));
    });

    it.each<{ name: string; patch: Record<string, string>; message: string }>([
      { name: 'a phone another user has', patch: { phone: '13800000002' }, message: MSG.profilePhoneTaken },
      { name: 'an email another user has', patch: { email: 'teacher01@example.com' }, message: MSG.profileEmailTaken },
      { name: 'a bad phone', patch: { phone: '1380000000' }, message: MSG.profilePhoneFormat },
      { name: 'a bad email', patch: { email: 'not-an-email' }, message: MSG.profileEmailFormat },
    ])('refuses $name and changes nothing', async ({ patch, message }) => {
      const before = (await t.db.select().from(sysUser).where(eq(sysUser.id, self.id)))[0];
      expectError(await edit(self.token, { id: self.id, ydyz: '1', ...patch }), 400, message);
      expect((await t.db.select().from(sysUser).where(eq(sysUser.id, self.id)))[0]).toEqual(before);
    });
  });
});
