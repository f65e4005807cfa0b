import { readFile } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@contract/envelope.ts';
import { MSG } from '@contract/messages.ts';
import { REGISTER_SUBMITTED } from '@contract/validators.ts';
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

describe('registration', () => {
  type RegisterForm = Record<'yhlx' | 'username' | 'workNo' | 'realname' | 'phone' | 'email' | 'password' | 'confirmpassword', string | undefined> & { smscode?: string };

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
  async function registerRaw(form: RegisterForm, remoteAddress = '127.0.0.1') {
    const body: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      if (value === undefined) continue;
      body[key] = (key === 'password' || key === 'confirmpassword') && value !== '' ? await t.encrypt(value) : value;
    }
    const started = performance.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/sys/user/register', payload: body, remoteAddress });
    return { status: response.statusCode, raw: response.body, ms: performance.now() - started };
  }

  async function register(form: RegisterForm) {
    const { status, raw } = await registerRaw(form);
    return { status, body: JSON.parse(raw) as ApiEnvelope<null>, headers: {} };
  }

  /** The one message sent to a phone by the last registration. */
  async function lastSmsTo(phone: string, sentBefore: number): Promise<string> {
    const lines = (await outbox()).slice(sentBefore);
    expect(lines.map((l) => l.phone)).toEqual([phone]);
    return lines[0]!.text;
  }

  it.each([
    { yhlx: '0', role: 'role-teacher' },
    { yhlx: '1', role: 'role-student' },
    { yhlx: '2', role: 'role-mentor' },
  ])('creates a frozen user of type $yhlx with role $role, who cannot log in yet', async ({ yhlx, role }) => {
    const form = registerForm({ yhlx });
    const sentBefore = (await outbox()).length;
    expect(expectOk(await register(form), REGISTER_SUBMITTED)).toBeNull();
    expect(await lastSmsTo(form.phone!, sentBefore)).toBe(`【实习实训管理服务平台】您的账号“${form.username}”注册申请已提交，学校管理员审核通过后即可登录。`);
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

    it('answers a taken account name, 工号, phone or e-mail byte for byte as a free registration, at about its speed; the SMS tells the outcome', async () => {
      const cases = [
        { name: 'free', form: registerForm(), sms: (f: RegisterForm) => `【实习实训管理服务平台】您的账号“${f.username}”注册申请已提交，学校管理员审核通过后即可登录。` },
        { name: 'username', form: registerForm({ username: taken.username }), sms: (f: RegisterForm) => `【实习实训管理服务平台】注册未成功：用户账号“${f.username}”已被使用，请更换后重新注册。如非本人操作，请忽略。` },
        { name: 'workNo', form: registerForm({ workNo: taken.workNo }), sms: (f: RegisterForm) => `【实习实训管理服务平台】注册未成功：工号/学号“${f.workNo}”已被使用，请更换后重新注册。如非本人操作，请忽略。` },
        { name: 'email', form: registerForm({ email: taken.email }), sms: (f: RegisterForm) => `【实习实训管理服务平台】注册未成功：邮箱“${f.email}”已被使用，请更换后重新注册。如非本人操作，请忽略。` },
        { name: 'phone', form: registerForm({ phone: taken.phone }), sms: () => '【实习实训管理服务平台】该手机号已注册，如忘记密码请找回。如非本人操作，请忽略。' },
        {
          name: 'username and email',
          form: registerForm({ username: taken.username, email: taken.email }),
          sms: (f: RegisterForm) => `【实习实训管理服务平台】注册未成功：用户账号“${f.username}”、邮箱“${f.email}”已被使用，请更换后重新注册。如非本人操作，请忽略。`,
        },
      ];
      const answers: { name: string; status: number; body: string; ms: number }[] = [];
      for (const { name, form, sms } of cases) {
        const usersBefore = await userCount();
        const sentBefore = (await outbox()).length;
        const { status, raw, ms } = await registerRaw(form);
        answers.push({ name, status, body: raw.replace(/"timestamp":\d+/, '"timestamp":0'), ms });
        expect(await lastSmsTo(form.phone!, sentBefore), name).toBe(sms(form));
        expect(await userCount(), name).toBe(usersBefore + (name === 'free' ? 1 : 0));
      }
      const free = answers[0]!;
      expect(JSON.parse(free.body)).toEqual({ success: true, message: REGISTER_SUBMITTED, code: 200, result: null, timestamp: 0 });
      for (const answer of answers) expect({ name: answer.name, status: answer.status, body: answer.body }).toEqual({ name: answer.name, status: free.status, body: free.body });
      // The password is hashed whatever the outcome: a refusal costs what an account does, not a tenth of it.
      const times = answers.map((a) => a.ms);
      expect(Math.max(...times) / Math.min(...times), JSON.stringify(answers.map(({ name, ms }) => ({ name, ms: Math.round(ms) })))).toBeLessThan(10);
    });
  });

  describe('limits', () => {
    it(`answers 429 to the 6th registration naming one account within the hour, from any address`, async () => {
      const username = uniqueName('lim');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) statuses.push((await registerRaw(registerForm({ username }), `198.51.100.${attempt + 1}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await registerRaw(registerForm({ username }), '198.51.100.20');
      expectError({ status: refused.status, body: JSON.parse(refused.raw) as ApiEnvelope, headers: {} }, 429, '操作过于频繁，请稍后再试');
      expectOk(await register(registerForm()));
    });

    it('answers 429 to the 6th registration sending to one phone, and sends that phone nothing more', async () => {
      const phone = uniquePhone();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await registerRaw(registerForm({ phone }))).status);
      const sentBefore = (await outbox()).length;
      statuses.push((await registerRaw(registerForm({ phone }))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await outbox()).slice(sentBefore)).toEqual([]);
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
  it('takes, from JeecgBoot’s form, the code POST /sys/sms sent the phone, and refuses a wrong one changing nothing', async () => {
    const form = registerForm();
    expectOk(await t.post('/api/sys/sms', { mobile: form.phone, smsmode: '1' }));
    const code = /注册验证码为(\d{6})/.exec((await outbox()).filter((l) => l.phone === form.phone).at(-1)!.text)![1]!;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectError(await register({ ...form, smscode: wrongCode }), 400, '验证码错误或已过期，请重新获取');
    expect(await userRow(t.db, form.username!)).toBeUndefined();
    expectOk(await register({ ...form, smscode: code }), REGISTER_SUBMITTED);
    expect(await userRow(t.db, form.username!)).toMatchObject({ status: 2, phone: form.phone });
  });
});

describe('password retrieval', () => {
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

  it('also takes a retrieval code from POST /sys/sms (smsmode 2), once', async () => {
    const user = await userWithPhone();
    expectOk(await t.post('/api/sys/sms', { mobile: user.phone, smsmode: '2' }));
    const code = codeIn((await outbox()).filter((l) => l.phone === user.phone).at(-1)!);
    expectError(await verifyCode(user, otherCode(code)), 400, '验证码错误或已过期，请重新获取');
    const { resetToken } = expectOk(await verifyCode(user, code));
    expectOk(await resetPassword(resetToken), '密码重置成功，请使用新密码登录');
    expect((await t.loginRequest(user.username, NEW_PASSWORD)).body.success).toBe(true);
    expectError(await verifyCode(user, code), 400, '验证码错误或已过期，请重新获取');
  });

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
