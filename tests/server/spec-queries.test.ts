import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionNode } from '@contract/permission-admin.ts';
import type { PageResult } from '@contract/resource.ts';
import type { LoginResult } from '@contract/session.ts';
import type { UserAdminRow } from '@contract/user-admin.ts';
import { sysUserRole } from '../../server/db/schema.ts';
import { DEMO_PASSWORD, expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

const FORBIDDEN = '没有权限执行此操作';
const ROLE_MISSING = '角色不存在';

let t: TestApp;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  teacher = await t.login('teacher01');
});
afterAll(() => t.close());

const api = (path: string) => `${t.config.apiPrefix}${path}`;
const page = (path: string, query: Record<string, string>, token = admin) => t.get<PageResult<UserAdminRow>>(api(path), token, query);

describe('user queries SPEC section 7 lists', () => {
  it('queryPagelist answers a page of the user list, as list does', async () => {
    const query = { pageNo: '1', pageSize: '5', username: 'teacher0' };
    const result = expectOk(await page('/sys/user/queryPagelist', query));
    expect(result).toEqual(expectOk(await page('/sys/user/list', query)));
    expect(result).toMatchObject({ current: 1, size: 5 });
    expect(result.records.length).toBeGreaterThan(0);
    expect(result.records[0]).toMatchObject({ id: expect.any(String), username: expect.stringContaining('teacher0'), realname: expect.any(String), roleNames: expect.any(String) });
  });

  it('listyh answers one user type, paged, and needs the type', async () => {
    const result = expectOk(await page('/sys/user/listyh', { yhlx: '1', pageNo: '1', pageSize: '10' }));
    expect(result.total).toBeGreaterThan(100);
    expect(result.records).toHaveLength(10);
    expect(result.records.every((r) => r.yhlx === '1')).toBe(true);
    expectError(await page('/sys/user/listyh', { pageNo: '1' }), 400, '用户类型只能是0、1或2');
  });

  it('listjsquery answers a role’s users, listjsnotinptb01query the others, and userAccessSave gives the role', async () => {
    const user = await t.createUser({ roles: [] });
    const inRole = async () => expectOk(await page('/sys/user/listjsquery', { roleId: 'role-teacher', username: user.username })).records.map((r) => r.id);
    const notInRole = async () => expectOk(await page('/sys/user/listjsnotinptb01query', { roleId: 'role-teacher', username: user.username })).records.map((r) => r.id);
    expect({ in: await inRole(), out: await notInRole() }).toEqual({ in: [], out: [user.id] });

    const teachers = expectOk(await page('/sys/user/listjsquery', { roleId: 'role-teacher', pageSize: '50' }));
    expect(teachers.records.every((r) => r.selectedroles.split(',').includes('role-teacher'))).toBe(true);

    // A trailing comma, as the old client sends id lists.
    expectOk(await t.put(api('/sys/user/userAccessSave'), { roleId: 'role-teacher', userIds: `${user.id},` }, admin), '保存成功！');
    expect(await t.db.select().from(sysUserRole).where(and(eq(sysUserRole.userId, user.id), eq(sysUserRole.roleId, 'role-teacher')))).toHaveLength(1);
    expect({ in: await inRole(), out: await notInRole() }).toEqual({ in: [user.id], out: [] });
    // Given again: kept once.
    expectOk(await t.put(api('/sys/user/userAccessSave'), { roleId: 'role-teacher', userIds: [user.id] }, admin));
    expect(await t.db.select().from(sysUserRole).where(eq(sysUserRole.userId, user.id))).toHaveLength(1);
  });

  it('refuses an unknown role, a relation role and unknown users', async () => {
    const user = await t.createUser({ roles: [] });
    expectError(await page('/sys/user/listjsquery', { roleId: 'role-none' }), 404, ROLE_MISSING);
    expectError(await page('/sys/user/listjsnotinptb01query', {}), 400, '缺少参数 roleId');
    expectError(await t.put(api('/sys/user/userAccessSave'), { roleId: 'role-rel-adviser', userIds: user.id }, admin), 400, '选择的角色不存在');
    expectError(await t.put(api('/sys/user/userAccessSave'), { roleId: 'role-teacher', userIds: `${user.id},nobody` }, admin), 404, '用户不存在');
    expectError(await t.put(api('/sys/user/userAccessSave'), { roleId: 'role-teacher', userIds: ',' }, admin), 400, '请选择用户');
  });

  it('are for the user administrators only', async () => {
    expectError(await page('/sys/user/listyh', { yhlx: '1' }, teacher), 403, FORBIDDEN);
    expectError(await page('/sys/user/listjsquery', { roleId: 'role-teacher' }, teacher), 403, FORBIDDEN);
    expectError(await t.put(api('/sys/user/userAccessSave'), { roleId: 'role-admin', userIds: 'x' }, teacher), 403, FORBIDDEN);
  });
});

describe('menu levels', () => {
  it('getSystemMenuList answers the top menus and getSystemSubmenu a menu’s children, each saying whether it has more', async () => {
    const top = expectOk(await t.get<PermissionNode[]>(api('/sys/permission/getSystemMenuList'), admin));
    expect(top.every((node) => node.menuType === 0 && node.parentId === null && node.children === undefined)).toBe(true);
    const system = top.find((node) => node.id === 'menu-system');
    expect(system).toMatchObject({ name: '系统管理', leaf: false });

    const children = expectOk(await t.get<PermissionNode[]>(api('/sys/permission/getSystemSubmenu'), admin, { parentId: 'menu-system' }));
    expect(children.map((node) => node.id)).toEqual(expect.arrayContaining(['menu-system-user', 'menu-system-role']));
    expect(children.every((node) => node.parentId === 'menu-system')).toBe(true);
    const sorted = children.map((node) => node.sortNo);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // The user page's buttons are its children.
    expect(children.find((node) => node.id === 'menu-system-user')).toMatchObject({ leaf: false });
    const buttons = expectOk(await t.get<PermissionNode[]>(api('/sys/permission/getSystemSubmenu'), admin, { parentId: 'menu-system-user' }));
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((node) => node.menuType === 2 && node.leaf)).toBe(true);

    expectError(await t.get(api('/sys/permission/getSystemSubmenu'), admin), 400, '缺少参数 parentId');
    expectError(await t.get(api('/sys/permission/getSystemMenuList'), teacher), 403, FORBIDDEN);
  });
});

describe('dictionary code check and units', () => {
  it('getDictBhyz says whether a dictionary code is free, as the duplicate check does', async () => {
    const check = (query: Record<string, string>) => t.get(api('/sys/dict/getDictBhyz'), admin, query);
    const taken = await check({ dictCode: 'sex' });
    expect({ status: taken.status, success: taken.body.success, message: taken.body.message }).toEqual({ status: 200, success: false, message: '字典编码已存在' });
    expectOk(await check({ dictCode: 'no_such_dict_code' }), '该值可用！');
    expectOk(await check({ dictCode: 'sex', id: 'dict-sex' }), '该值可用！');
    expectError(await check({}), 400, '请输入字典编码');
    expectError(await t.get(api('/sys/dict/getDictBhyz'), teacher, { dictCode: 'sex' }), 403, FORBIDDEN);
  });

  it('listdw answers the live units in their order, to anyone logged in, and finds by name', async () => {
    const units = expectOk(await t.get<{ id: string; dwdm: string; dwmc: string }[]>(api('/listdw'), teacher));
    expect(units.map((u) => u.dwdm)).toEqual(['DW01', 'DW02', 'DW03', 'DW04', 'DW05']);
    expect(units[1]).toEqual({ id: expect.any(String), dwdm: 'DW02', dwmc: '信息工程学院' });
    expect(expectOk(await t.get<{ dwdm: string }[]>(api('/listdw'), teacher, { keyword: '机电' })).map((u) => u.dwdm)).toEqual(['DW03']);
    expectError(await t.get(api('/listdw')), 401, /.+/);
  });
});

describe('POST /sys/loginpt', () => {
  it('logs in as /sys/login does', async () => {
    const body = { username: 'teacher01', password: await t.encrypt(DEMO_PASSWORD) };
    const result = expectOk(await t.post<LoginResult>(api('/sys/loginpt'), body), '登录成功');
    expect(result).toMatchObject({ token: expect.any(String), userInfo: { username: 'teacher01' }, multi_sysrole: expect.any(Boolean) });
    expectError(await t.post(api('/sys/loginpt'), { ...body, password: await t.encrypt('wrong-password') }), 400, '用户名或密码错误');
  });
});
