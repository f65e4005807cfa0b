import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { MSG } from '@contract/messages.ts';
import type { CurrentDeparts, CurrentRoles, EncryptedString, UserInfo } from '@contract/session.ts';
import { sysConfig, sysLog, sysLoginAttempt, sysSession, sysUser } from '../../server/db/schema.ts';
import { expectError, expectOk, sessionOf, startTestApp, TEST_PASSWORD, uniqueName, userRow, type TestApp, type TestUser } from './harness.ts';

const WRONG_CREDENTIALS = '用户名或密码错误';
const NEW_PASSWORD = 'Changed#2026';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A call any logged-in user may make; used to see whether a token still works. */
const whoAmI = (token?: string) => t.get('/api/sys/permission/getUserPermissionByToken', token);
const expectTokenRefused = async (token?: string) => expectError(await whoAmI(token), 401, TOKEN_INVALID_MESSAGE);

describe('installation key', () => {
  it('gives a 16-character key and iv, the same on every call, kept in sys_config', async () => {
    const first = expectOk(await t.get<EncryptedString>('/api/sys/getEncryptedString'));
    const second = expectOk(await t.get<EncryptedString>('/api/sys/getEncryptedString'));
    expect(first.key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(first.iv).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(second).toEqual(first);
    const [stored] = await t.db.select().from(sysConfig).where(eq(sysConfig.key, 'aes_key_iv'));
    expect(JSON.parse(stored!.value)).toEqual(first);
  });
});

describe('login', () => {
  it.each([
    { username: 'admin', yhlx: '0', roles: ['role-admin'], departs: ['A01'] },
    { username: 'teacher01', yhlx: '0', roles: ['role-teacher'], departs: ['A01A01'] },
    { username: 'student01', yhlx: '1', roles: ['role-student'], departs: ['A01A01'] },
    { username: 'mentor01', yhlx: '2', roles: ['role-mentor'], departs: [] },
    { username: 'multi01', yhlx: '0', roles: ['role-admin', 'role-teacher'], departs: ['A01A01', 'A01A02'] },
  ])('logs in $username with roles $roles', async ({ username, yhlx, roles, departs }) => {
    const result = expectOk(await t.loginRequest(username), '登录成功');
    expect(result.token).toMatch(/^[\w-]{40,}$/);
    expect(result.userInfo).toMatchObject({ username, yhlx });
    expect(result.userInfo).not.toHaveProperty('passwordHash');
    expect(result.sysroles.map((r) => r.id).sort()).toEqual(roles);
    expect(result.multi_sysrole).toBe(roles.length > 1);
    expect(result.departs.map((d) => d.orgCode)).toEqual(departs);
    expect(result.multi_depart).toBe(departs.length > 1);
    const logs = await t.db.select().from(sysLog).where(eq(sysLog.logContent, `用户名: ${username},登录成功！`));
    expect(logs.length).toBeGreaterThan(0);
  });

  it('answers a wrong password and an unknown name alike', async () => {
    const wrongPassword = await t.loginRequest('teacher01', 'Wrong@2026');
    const unknownUser = await t.loginRequest(uniqueName('nobody'), 'Wrong@2026');
    expectError(wrongPassword, 400, WRONG_CREDENTIALS);
    expectError(unknownUser, 400, WRONG_CREDENTIALS);
    await t.login('teacher01'); // clears the failure count for the demo account
  });

  it('answers 409 to a password not encrypted with the installation key (the browser then fetches the key again)', async () => {
    const response = await t.post('/api/sys/login', { username: 'teacher01', password: 'Demo@2026' });
    expectError(response, 409, '加密数据无法解析，请刷新页面后重试');
  });

  it.each([
    { name: 'an existing account', exists: true },
    { name: 'a name nobody has', exists: false },
  ])('locks $name after 5 failed attempts', async ({ exists }) => {
    const user: TestUser = exists ? await t.createUser() : { id: '', username: uniqueName('ghost'), password: TEST_PASSWORD };
    for (let attempt = 0; attempt < 5; attempt++) expectError(await t.loginRequest(user.username, 'Wrong@2026'), 400, WRONG_CREDENTIALS);
    expectError(await t.loginRequest(user.username, user.password), 423, /锁定/);
    const [attempt] = await t.db.select().from(sysLoginAttempt).where(eq(sysLoginAttempt.username, user.username));
    expect(attempt!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('clears the failure count after a successful login', async () => {
    // 8 failures in all, never 5 in a row: no lock.
    const user = await t.createUser();
    for (let attempt = 0; attempt < 4; attempt++) await t.loginRequest(user.username, 'Wrong@2026');
    await t.login(user.username, user.password);
    for (let attempt = 0; attempt < 4; attempt++) await t.loginRequest(user.username, 'Wrong@2026');
    await t.login(user.username, user.password);
  });

  it('stores a salted scrypt hash and only a hash of the token', async () => {
    const token = await t.login('admin');
    expect((await userRow(t.db, 'admin'))!.passwordHash).toMatch(/^scrypt\$/);
    const session = await sessionOf(t.db, token);
    expect(session!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(await t.db.select().from(sysSession).where(eq(sysSession.tokenHash, token))).toEqual([]);
  });
});

describe('session', () => {
  it('ends on logout', async () => {
    const token = await t.login('teacher01');
    expectOk(await whoAmI(token));
    expectOk(await t.post('/api/sys/logout', {}, token), '退出登录成功！');
    await expectTokenRefused(token);
    expect((await sessionOf(t.db, token))!.revokedAt).not.toBeNull();
  });

  it.each([
    { name: 'no token', token: undefined },
    { name: 'an unknown token', token: 'not-a-real-token' },
  ])('refuses $name', async ({ token }) => {
    await expectTokenRefused(token);
  });

  it('refuses an expired session', async () => {
    const token = await t.login('teacher01');
    const session = await sessionOf(t.db, token);
    await t.db.update(sysSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysSession.id, session!.id));
    await expectTokenRefused(token);
  });

  it('slides the idle expiry forward when the session is used', async () => {
    const token = await t.login('teacher01');
    const { id } = (await sessionOf(t.db, token))!;
    const soon = new Date(Date.now() + 5 * 60_000);
    await t.db.update(sysSession).set({ lastSeenAt: new Date(Date.now() - 2 * 60_000), expiresAt: soon }).where(eq(sysSession.id, id));
    expectOk(await whoAmI(token));
    const after = (await sessionOf(t.db, token))!;
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + (t.config.sessionIdleMinutes - 1) * 60_000);
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends when the user is frozen', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    await t.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.id, user.id));
    await expectTokenRefused(token);
  });
});

describe('role and department choice', () => {
  it('switches the active role of a user with two roles', async () => {
    const token = await t.login('multi01');
    const result = expectOk(await t.post<{ userInfo: UserInfo }>('/api/sys/selectRole', { orgCode: 'role-teacher', username: 'multi01' }, token), '身份切换成功');
    expect(result.userInfo.username).toBe('multi01');
    expect((await sessionOf(t.db, token))!.activeRoleId).toBe('role-teacher');
    expectOk(await whoAmI(token));
    expect(expectOk(await t.get<CurrentRoles>('/api/sys/user/getCurrentUserRoles', token)).roleId).toBe('role-teacher');
  });

  it('lists the roles of the user and the one the session acts as', async () => {
    const token = await t.login('multi01');
    const { list, roleId } = expectOk(await t.get<CurrentRoles>('/api/sys/user/getCurrentUserRoles', token));
    expect(list.map((r) => r.roleName).sort()).toEqual(['指导教师', '系统管理员'].sort());
    expect(list.map((r) => r.id)).toContain(roleId);
  });

  it.each([
    { username: 'multi01', role: 'role-student' },
    { username: 'teacher01', role: 'role-admin' },
  ])('refuses $username the role $role', async ({ username, role }) => {
    const token = await t.login(username);
    const before = (await sessionOf(t.db, token))!.activeRoleId;
    expectError(await t.post('/api/sys/selectRole', { orgCode: role, username }, token), 403, '您没有该身份');
    expect((await sessionOf(t.db, token))!.activeRoleId).toBe(before);
  });

  it('switches to one of the user’s own departments, whatever username the body names', async () => {
    const token = await t.login('multi01');
    const teacherDepart = (await userRow(t.db, 'teacher01'))!.currentDepartId;
    const result = expectOk(await t.put<{ userInfo: UserInfo }>('/api/sys/selectDepart', { orgCode: 'A01A02', username: 'teacher01' }, token), '部门切换成功');
    expect(result.userInfo.username).toBe('multi01');
    expect((await userRow(t.db, 'multi01'))!.currentDepartId).toBe('dep-mech');
    expect((await userRow(t.db, 'teacher01'))!.currentDepartId).toBe(teacherDepart);
    expect(expectOk(await t.get<CurrentDeparts>('/api/sys/user/getCurrentUserDeparts', token)).orgCode).toBe('A01A02');
  });

  it('refuses a department the user does not belong to', async () => {
    const token = await t.login('teacher01');
    expectError(await t.put('/api/sys/selectDepart', { orgCode: 'A01A02' }, token), 403, '您不属于该部门');
    expect((await userRow(t.db, 'teacher01'))!.currentDepartId).toBe('dep-info');
  });

  it.each([
    { username: 'teacher01', list: [{ id: 'dep-info', orgCode: 'A01A01', departName: '信息工程学院' }], orgCode: 'A01A01' },
    { username: 'mentor01', list: [], orgCode: null },
  ])('lists the departments of $username', async ({ username, list, orgCode }) => {
    const token = await t.login(username);
    expect(expectOk(await t.get<CurrentDeparts>('/api/sys/user/getCurrentUserDeparts', token))).toEqual({ list, orgCode });
  });
});

describe('password change', () => {
  interface PasswordForm {
    username?: string;
    oldpassword: string;
    password: string;
    confirmpassword: string;
  }

  /** Encrypts every field given, as the browser's password dialog does. */
  async function encryptedForm(form: PasswordForm): Promise<Record<string, string>> {
    const entries = Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return Object.fromEntries(await Promise.all(entries.map(async ([key, value]) => [key, await t.encrypt(value)] as const)));
  }

  const changeForm = (user: TestUser, patch: Partial<PasswordForm> = {}): PasswordForm => ({
    username: user.username,
    oldpassword: user.password,
    password: NEW_PASSWORD,
    confirmpassword: NEW_PASSWORD,
    ...patch,
  });

  const updatePassword = async (token: string, form: PasswordForm) => t.put('/api/sys/user/updatePassword', await encryptedForm(form), token);

  it('changes the logged-in user’s password even when the body names another user', async () => {
    const user = await t.createUser();
    const adminHash = (await userRow(t.db, 'admin'))!.passwordHash;
    const token = await t.login(user.username, user.password);
    expectOk(await updatePassword(token, changeForm(user, { username: 'admin', oldpassword: user.password })), '密码修改成功！');
    expect((await userRow(t.db, 'admin'))!.passwordHash).toBe(adminHash);
    expectError(await t.loginRequest(user.username, user.password), 400, WRONG_CREDENTIALS);
    await t.login(user.username, NEW_PASSWORD);
    await t.login('admin');
  });

  it('changes the password when the body carries no username', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    expectOk(await updatePassword(token, changeForm(user, { username: undefined })), '密码修改成功！');
    await t.login(user.username, NEW_PASSWORD);
  });

  it.each([
    { name: 'a wrong old password', patch: { oldpassword: 'Wrong@2026' }, message: '旧密码输入错误' },
    { name: 'a weak new password', patch: { password: 'abcdefgh', confirmpassword: 'abcdefgh' }, message: MSG.passwordStrength },
    { name: 'a short new password', patch: { password: 'Ab1!', confirmpassword: 'Ab1!' }, message: MSG.passwordStrength },
    { name: 'a confirmation that differs', patch: { confirmpassword: 'Other#2026' }, message: MSG.passwordMismatch },
    { name: 'an empty old password', patch: { oldpassword: '' }, message: MSG.oldPasswordRequired },
  ])('refuses $name and keeps the password', async ({ patch, message }) => {
    const user = await t.createUser();
    const before = (await userRow(t.db, user.username))!.passwordHash;
    const token = await t.login(user.username, user.password);
    expectError(await updatePassword(token, changeForm(user, patch)), 400, message);
    expect((await userRow(t.db, user.username))!.passwordHash).toBe(before);
  });

  it('ends the user’s other sessions and keeps the current one', async () => {
    const user = await t.createUser();
    const other = await t.login(user.username, user.password);
    const current = await t.login(user.username, user.password);
    expectOk(await updatePassword(current, changeForm(user)));
    await expectTokenRefused(other);
    expectOk(await whoAmI(current));
  });

  it('changes the password from the login page with the old one (alterPassword)', async () => {
    const user = await t.createUser();
    const session = await t.login(user.username, user.password);
    const response = await t.post('/api/sys/user/alterPassword', await encryptedForm(changeForm(user)));
    expectOk(response, '密码修改成功，请使用新密码登录');
    await expectTokenRefused(session);
    await t.login(user.username, NEW_PASSWORD);
  });

  it('refuses alterPassword with a wrong old password, counting it as a failed login', async () => {
    const user = await t.createUser();
    const response = await t.post('/api/sys/user/alterPassword', await encryptedForm(changeForm(user, { oldpassword: 'Wrong@2026' })));
    expectError(response, 400, WRONG_CREDENTIALS);
    const [attempt] = await t.db.select().from(sysLoginAttempt).where(eq(sysLoginAttempt.username, user.username));
    expect(attempt!.failedCount).toBe(1);
    await t.login(user.username, user.password);
  });
});
