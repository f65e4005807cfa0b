import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@contract/resource.ts';
import type { UserAdminRow } from '@contract/user-admin.ts';
import { sysUser, sysUserRole } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, TEST_PASSWORD, type TestApp } from './harness.ts';

/**
 * What the resource machinery gained for 用户管理, through it: declared row actions (ResourceDescription.actions with
 * ResourceBinding.actions), related values read by subqueries of tables no migration tracks, and searches no field
 * shows. The flows themselves (冻结 ending sessions, a new password) are in user-admin.test.ts.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const statusOf = async (id: string) => (await t.db.select({ status: sysUser.status }).from(sysUser).where(eq(sysUser.id, id)))[0]?.status;
const list = (query: Record<string, string>) => t.get<PageResult<UserAdminRow>>('/api/sys/user/list', admin, query);

describe('a declared action', () => {
  it('checks its body with the action’s schema', async () => {
    const user = await t.createUser();
    expectError(await t.put('/api/sys/user/frozenBatch', { ids: user.id, status: '3' }, admin), 400, '状态只能是正常或冻结');
    expectError(await t.put('/api/sys/user/changPassword', { username: user.username, password: 'weak', confirmpassword: 'weak' }, admin), 400, '密码由8位数字、大小写字母和特殊符号组成!');
  });

  it('changes nothing when one of the rows it names is none, or marked deleted', async () => {
    const [user, gone] = [await t.createUser(), await t.createUser()];
    await t.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.id, gone.id));
    expectError(await t.put('/api/sys/user/frozenBatch', { ids: `${user.id},no-such-user`, status: '2' }, admin), 404, '用户不存在');
    expectError(await t.put('/api/sys/user/frozenBatch', { ids: `${user.id},${gone.id}`, status: '2' }, admin), 404, '用户不存在');
    expect(await statusOf(user.id)).toBe(1);
    expectError(await t.put('/api/sys/user/changPassword', { username: gone.username, password: TEST_PASSWORD, confirmpassword: TEST_PASSWORD }, admin), 404, '用户不存在');
  });

  it('refuses what its binding refuses before any row is read, and answers as its body asked', async () => {
    const user = await t.createUser();
    const me = (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin')))[0]!;
    expectError(await t.put('/api/sys/user/frozenBatch', { ids: me.id, status: '2' }, admin), 400, '不能冻结当前登录的账号');
    expectOk(await t.put('/api/sys/user/frozenBatch', { ids: `${user.id},${user.id}`, status: '2' }, admin), '冻结成功!');
    expect(await statusOf(user.id)).toBe(2);
    expectOk(await t.put('/api/sys/user/frozenBatch', { ids: user.id, status: '1' }, admin), '解冻成功!');
    expect(await statusOf(user.id)).toBe(1);
  });
});

describe('the user list', () => {
  it('reads each user’s roles afresh: a table no migration tracks is never behind a cached page', async () => {
    const user = await t.createUser({ roles: ['role-teacher'] });
    const rowOf = async () => expectOk(await list({ username: user.username })).records[0]!;
    expect(await rowOf()).toMatchObject({ selectedroles: 'role-teacher', roleNames: '指导教师' });
    await t.db.insert(sysUserRole).values({ userId: user.id, roleId: 'role-mentor' });
    expect(await rowOf()).toMatchObject({ selectedroles: 'role-mentor,role-teacher', roleNames: '企业导师，指导教师' });
  });

  it('searches by a department no field shows (JeecgBoot’s departId), and by status as its choices hold it', async () => {
    const members = expectOk(await list({ departId: 'dep-info', pageSize: '1000' })).records.map((r) => r.username);
    expect(members).toContain('teacher01');
    expect(members).not.toContain('admin');
    expect(expectOk(await list({ departId: 'no-such-depart' })).total).toBe(0);
    const frozen = await t.createUser({ status: 2 });
    expect(expectOk(await list({ username: frozen.username, status: '2' })).records.map((r) => r.id)).toEqual([frozen.id]);
    expect(expectOk(await list({ username: frozen.username, status: '1' })).total).toBe(0);
    expect(expectOk(await list({ username: frozen.username, status: 'x' })).total).toBe(0);
  });
});
