import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@contract/messages.ts';
import { PHONE_LOGIN_FAILED, SMS_CODE_MAX_ATTEMPTS, SMS_SENT } from '@contract/phone-login.ts';
import type { LoginResult } from '@contract/session.ts';
import { sysSmsCode } from '../../server/db/schema.ts';
import { RATE_LIMITED } from '../../server/plugins/app/rate-limit-store.ts';
import { expectError, expectOk, startTestApp, uniquePhone, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const api = (path: string) => `${t.config.apiPrefix}${path}`;
const sendCode = (mobile: string, smsmode = '0') => t.post(api('/sys/sms'), { mobile, smsmode });
const phoneLogin = (mobile: string, captcha: string) => t.post<LoginResult>(api('/sys/phoneLogin'), { mobile, captcha });

/** The messages the SMS outbox holds for one phone, oldest first. */
async function messagesTo(phone: string): Promise<string[]> {
  const text = await readFile(t.config.smsOutboxFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { phone: string; text: string })
    .filter((line) => line.phone === phone)
    .map((line) => line.text);
}

/** The six-digit code of the latest message to the phone. */
async function lastCode(phone: string): Promise<string> {
  const messages = await messagesTo(phone);
  const code = /验证码为(\d{6})/.exec(messages.at(-1) ?? '')?.[1];
  expect(code, `a code sent to ${phone}`).toBeDefined();
  return code!;
}

/** Another code than the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone login', () => {
  it('sends a login code to an account’s phone and logs in with it once, as /sys/login does', async () => {
    const phone = uniquePhone();
    const user = await t.createUser({ phone });
    expectOk(await sendCode(phone), SMS_SENT);
    const code = await lastCode(phone);
    expect((await messagesTo(phone))[0]).toMatch(/登录验证码为\d{6}，5分钟内有效/);

    const result = expectOk(await phoneLogin(phone, code), '登录成功');
    expect(result).toMatchObject({ userInfo: { id: user.id, username: user.username }, sysroles: [{ id: 'role-teacher' }], multi_sysrole: false });
    expectOk(await t.get(api('/sys/user/getCurrentUserRoles'), result.token));

    expectError(await phoneLogin(phone, code), 400, PHONE_LOGIN_FAILED);
  });

  it('answers an unknown phone as a known one, and sends it nothing', async () => {
    const known = uniquePhone();
    const unknown = uniquePhone();
    await t.createUser({ phone: known });
    const answers = [await sendCode(known), await sendCode(unknown)].map(({ status, body }) => ({ status, success: body.success, code: body.code, message: body.message, result: body.result }));
    expect(answers[1]).toEqual(answers[0]);
    expect(await messagesTo(unknown)).toEqual([]);
    expectError(await phoneLogin(unknown, '123456'), 400, PHONE_LOGIN_FAILED);
  });

  it('voids a code after a few wrong tries', async () => {
    const phone = uniquePhone();
    await t.createUser({ phone });
    expectOk(await sendCode(phone));
    const code = await lastCode(phone);
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) expectError(await phoneLogin(phone, wrong(code)), 400, PHONE_LOGIN_FAILED);
    expectError(await phoneLogin(phone, code), 400, PHONE_LOGIN_FAILED);
  });

  it('refuses an expired code', async () => {
    const phone = uniquePhone();
    await t.createUser({ phone });
    expectOk(await sendCode(phone));
    const code = await lastCode(phone);
    await t.db.update(sysSmsCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysSmsCode.phone, phone));
    expectError(await phoneLogin(phone, code), 400, PHONE_LOGIN_FAILED);
  });

  it('limits the codes a phone is sent, known or not', async () => {
    const known = uniquePhone();
    await t.createUser({ phone: known });
    for (const phone of [known, uniquePhone()]) {
      expectOk(await sendCode(phone));
      expectError(await sendCode(phone, '2'), 429, RATE_LIMITED);
    }
    expect(await messagesTo(known)).toHaveLength(1);
  });

  it('locks a phone after repeated failures, as the password login does', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < t.config.lockThreshold; i++) expectError(await phoneLogin(phone, '000000'), 400, PHONE_LOGIN_FAILED);
    expectError(await phoneLogin(phone, '000000'), 423, /锁定/);
  });

  it('validates the phone, the purpose and the code', async () => {
    expectError(await sendCode('1234'), 400, MSG.phoneFormat);
    expectError(await sendCode(uniquePhone(), '9'), 400, '验证码用途有误');
    expectError(await phoneLogin(uniquePhone(), '12ab'), 400, MSG.smsCodeFormat);
  });

  it('sends a registration code to a free phone and a notice to a taken one', async () => {
    const taken = uniquePhone();
    const free = uniquePhone();
    await t.createUser({ phone: taken });
    expectOk(await sendCode(free, '1'), SMS_SENT);
    expectOk(await sendCode(taken, '1'), SMS_SENT);
    expect(await messagesTo(free)).toEqual([expect.stringMatching(/注册验证码为\d{6}/)]);
    expect(await messagesTo(taken)).toEqual([expect.stringContaining('该手机号已注册')]);
  });
});
