import { readFile } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@contract/messages.ts';
import { sysPasswordReset, sysUser, sysUserRole } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, uniquePhone, userRow, type TestApp, type TestUser } from './harness.ts';

const PASSWORD = 'Regist#2026';
const NEW_PASSWORD = 'Reset#2026x';
const FROZEN = '该账号已冻结或尚未通过审核，请联系管理员';
const CODE_INVALID = '验证码错误或已过期，请重新获取';
const SEND_CODE_MESSAGE = '如果账号与手机号匹配，验证码已发送，请注意查收';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.db.select({ n: count() }).from(sysUser))[0]!.n;

describe('registration', () => {
  type RegisterForm = Record<'yhlx' | 'username' | 'workNo' | 'realname' | 'phone' | 'email' | 'password' | 'confirmpassword', string | undefined>;

  const registerForm = (patch: Partial<RegisterForm> = {}): RegisterForm => {
    const username = uniqueName('reg');
    return {
      yhlx: '1',
      username,
      workNo: `W${username}`,
      realname: '新同学',
      phone: uniquePhone(),
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      ...patch,
    };
  };

  /** Sends the form as the registration page does: both passwords encrypted, absent fields left out. */
  async function register(form: RegisterForm) {
    const body: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      if (value === undefined) continue;
      body[key] = (key === 'password' || key === 'confirmpassword') && value !== '' ? await t.encrypt(value) : value;
    }
    return t.post<{ username: string }>('/api/sys/user/register', body);
  }

  it.each([
    { yhlx: '0', role: 'role-teacher' },
    { yhlx: '1', role: 'role-student' },
    { yhlx: '2', role: 'role-mentor' },
  ])('creates a frozen user of type $yhlx with role $role, who cannot log in yet', async ({ yhlx, role }) => {
    const form = registerForm({ yhlx });
    expect(expectOk(await register(form), '注册成功，请等待管理员审核')).toEqual({ username: form.username });
    const user = (await userRow(t.db, form.username!))!;
    expect(user).toMatchObject({ status: 2, yhlx, workNo: form.workNo, phone: form.phone, email: form.email, realname: form.realname });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(await t.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, user.id))).toEqual([{ roleId: role }]);
    expectError(await t.loginRequest(form.username!, PASSWORD), 400, FROZEN);
  });

  describe('values another user holds', () => {
    let taken: RegisterForm;
    beforeAll(async () => {
      taken = registerForm();
      expectOk(await register(taken));
    });

    it.each([
      { field: 'username', message: '用户账号已存在' },
      { field: 'workNo', message: '工号已存在' },
      { field: 'phone', message: '手机号已存在!' },
      { field: 'email', message: '邮箱已存在!' },
    ] as const)('refuses a $field already taken', async ({ field, message }) => {
      const before = await userCount();
      expectError(await register(registerForm({ [field]: taken[field] })), 400, message);
      expect(await userCount()).toBe(before);
    });
  });

  it.each([
    { name: 'no user type', patch: { yhlx: undefined }, message: MSG.yhlxRequired },
    { name: 'an empty user type', patch: { yhlx: '' }, message: MSG.yhlxRequired },
    { name: 'an unknown user type', patch: { yhlx: '9' }, message: MSG.yhlxRequired },
    { name: 'no username', patch: { username: '' }, message: MSG.usernameRequired },
    { name: 'a blank username', patch: { username: '   ' }, message: MSG.usernameRequired },
    { name: 'no work number', patch: { workNo: '' }, message: MSG.workNoRequired },
    { name: 'no real name', patch: { realname: '' }, message: MSG.realnameRequired },
    { name: 'no phone', patch: { phone: '' }, message: MSG.phoneRequired },
    { name: 'a bad phone', patch: { phone: '12345678901' }, message: MSG.phoneFormat },
    { name: 'no email', patch: { email: '' }, message: MSG.emailRequired },
    { name: 'a bad email', patch: { email: 'someone@nowhere' }, message: MSG.emailFormat },
    { name: 'an empty password', patch: { password: '' }, message: MSG.passwordStrength },
    { name: 'no password', patch: { password: undefined }, message: MSG.passwordStrength },
    { name: 'a password without digits or specials', patch: { password: 'abcdefgh', confirmpassword: 'abcdefgh' }, message: MSG.passwordStrength },
    { name: 'a password under 8 characters', patch: { password: 'Ab1!x', confirmpassword: 'Ab1!x' }, message: MSG.passwordStrength },
    { name: 'an empty confirmation', patch: { confirmpassword: '' }, message: MSG.confirmPasswordRequired },
    { name: 'no confirmation', patch: { confirmpassword: undefined }, message: MSG.confirmPasswordRequired },
    { name: 'a confirmation that differs', patch: { confirmpassword: 'Other#2026' }, message: MSG.passwordMismatch },
  ])('refuses $name and writes nothing', async ({ patch, message }) => {
    const form = registerForm(patch);
    const before = await userCount();
    expectError(await register(form), 400, message);
    expect(await userCount()).toBe(before);
  });
});

describe('password retrieval', () => {
  interface OutboxLine {
    phone: string;
    text: string;
  }

  async function outbox(): Promise<OutboxLine[]> {
    const text = await readFile(t.config.smsOutboxFile, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  }

  const codeIn = (line: OutboxLine) => /验证码为(\d{6})/.exec(line.text)![1]!;
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  const sendCode = (username: string, phone: string) => t.post('/api/sys/retrieve/sendCode', { username, phone });
  const verifyCode = (user: RetrievingUser, code: string) =>
    t.post<{ resetToken: string }>('/api/sys/retrieve/verifyCode', { username: user.username, phone: user.phone, code });
  const resetPassword = async (resetToken: string, password = NEW_PASSWORD, confirmpassword = password) =>
    t.post('/api/sys/retrieve/resetPassword', { resetToken, password: await t.encrypt(password), confirmpassword: await t.encrypt(confirmpassword) });

  type RetrievingUser = TestUser & { phone: string };

  async function userWithPhone(): Promise<RetrievingUser> {
    const phone = uniquePhone();
    return { ...(await t.createUser({ phone })), phone };
  }

  /** Asks for a code and reads it from the SMS outbox. */
  async function requestCode(user: RetrievingUser): Promise<string> {
    const before = (await outbox()).length;
    expectOk(await sendCode(user.username, user.phone), SEND_CODE_MESSAGE);
    const lines = await outbox();
    expect(lines).toHaveLength(before + 1);
    expect(lines.at(-1)!.phone).toBe(user.phone);
    return codeIn(lines.at(-1)!);
  }

  it('sends a six-digit code to the phone of a matching account', async () => {
    const user = await userWithPhone();
    const code = await requestCode(user);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.db.select().from(sysPasswordReset).where(eq(sysPasswordReset.userId, user.id));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    { name: 'a phone that is not the account’s', pair: (user: RetrievingUser) => [user.username, uniquePhone()] as const },
    { name: 'an unknown account', pair: (user: RetrievingUser) => [uniqueName('nobody'), user.phone] as const },
  ])('answers the same for $name and sends nothing', async ({ pair }) => {
    const user = await userWithPhone();
    const before = await outbox();
    expectOk(await sendCode(...pair(user)), SEND_CODE_MESSAGE);
    expect(await outbox()).toEqual(before);
  });

  it('sends nothing to a frozen account', async () => {
    const phone = uniquePhone();
    const user = await t.createUser({ phone, status: 2 });
    const before = await outbox();
    expectOk(await sendCode(user.username, phone), SEND_CODE_MESSAGE);
    expect(await outbox()).toEqual(before);
  });

  it.each([
    { name: 'no code', code: '', message: MSG.smsCodeRequired },
    { name: 'a code that is not six digits', code: '12ab', message: MSG.smsCodeFormat },
  ])('refuses $name', async ({ code, message }) => {
    const user = await userWithPhone();
    expectError(await verifyCode(user, code), 400, message);
  });

  it('resets the password with the right code, once', async () => {
    const user = await userWithPhone();
    const session = await t.login(user.username, user.password);
    const code = await requestCode(user);
    expectError(await verifyCode(user, otherCode(code)), 400, CODE_INVALID);
    const { resetToken } = expectOk(await verifyCode(user, code), '验证通过');
    expect(resetToken).toBeTruthy();
    expectError(await verifyCode(user, code), 400, CODE_INVALID);

    expectOk(await resetPassword(resetToken), '密码重置成功，请使用新密码登录');
    await t.login(user.username, NEW_PASSWORD);
    expectError(await t.loginRequest(user.username, user.password), 400, '用户名或密码错误');
    expectError(await t.get('/api/sys/permission/getUserPermissionByToken', session), 401, 'Token失效，请重新登录!');
    expectError(await resetPassword(resetToken, 'Again#2026x'), 400, '重置链接已失效，请重新找回密码');
    await t.login(user.username, NEW_PASSWORD);
  });

  it('refuses a weak or mismatched new password and keeps the reset usable', async () => {
    const user = await userWithPhone();
    const { resetToken } = expectOk(await verifyCode(user, await requestCode(user)));
    expectError(await resetPassword(resetToken, 'weakpass'), 400, MSG.passwordStrength);
    expectError(await resetPassword(resetToken, NEW_PASSWORD, 'Other#2026x'), 400, MSG.passwordMismatch);
    expectOk(await resetPassword(resetToken));
  });

  it('gives up on a code after 5 wrong attempts', async () => {
    const user = await userWithPhone();
    const code = await requestCode(user);
    for (let attempt = 0; attempt < 5; attempt++) expectError(await verifyCode(user, otherCode(code)), 400, CODE_INVALID);
    expectError(await verifyCode(user, code), 400, CODE_INVALID);
  });
});
