import { and, eq } from 'drizzle-orm';
import { PHONE_LOGIN_FAILED, SMS_CODE_MINUTES, SMS_MODES, SMS_RESEND_SECONDS, SMS_SENT, phoneLoginSchema, sendSmsSchema, type SmsMode } from '@contract/phone-login.ts';
import type { Database } from '../../db/database.ts';
import { sysUser } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, ok } from '../../lib/http.ts';
import { SMS_SIGNATURE, smsSenderOf } from '../../lib/sms.ts';
import { keyedRateLimit } from '../../plugins/app/rate-limit-store.ts';
import type { App } from '../../types.ts';
import type { UserRow } from '../user/queries.ts';
import { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import { writeLoginLog } from './log.ts';
import { loginAnswer } from './schemas.ts';
import { ACCOUNT_FROZEN, signIn } from './sign-in.ts';
import { consumeSmsCode, issueSmsCode } from './sms-codes.ts';

async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.phone, phone), eq(sysUser.delFlag, 0)))
    .limit(1);
  return row ?? null;
}

const codeText = (what: string, code: string) => `${SMS_SIGNATURE}您的${what}验证码为${code}，${SMS_CODE_MINUTES}分钟内有效。如非本人操作，请忽略。`;

/**
 * What the phone is sent for each smsmode, or null for nothing: a login or retrieval code only to an
 * active account's phone; a registration code only to a free phone, whose taken counterpart is told so
 * (as /sys/user/register does), so only the phone's holder learns it has an account.
 */
function messageFor(mode: SmsMode, user: UserRow | null, code: string): string | null {
  if (mode === SMS_MODES.register) return user ? `${SMS_SIGNATURE}该手机号已注册，如忘记密码请找回。如非本人操作，请忽略。` : codeText('注册', code);
  if (!user || user.status !== 1) return null;
  return codeText(mode === SMS_MODES.login ? '登录' : '找回密码', code);
}

/** Attempts count per phone typed, whether or not an account has it (lockout.ts). */
const lockKey = (mobile: string) => `phone:${mobile}`;

/** JeecgBoot's phone login: POST /sys/sms sends a code, POST /sys/phoneLogin logs in with it. */
export default async function phoneLoginRoutes(app: App) {
  const { db, config } = app;
  const sms = smsSenderOf(config);
  const access = { public: true } as const;
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };
  const phoneKey = (request: { body: unknown }) => [`phone:${(request.body as { mobile: string }).mobile}`];

  /**
   * Every well-formed request is answered alike and issues a code (so it costs the same), whether or not
   * the phone has an account; what is sent goes only to the phone. Limited per address, and per phone to
   * one message a minute and REGISTER_RATE_LIMIT an hour, as registration's messages are.
   */
  app.post(
    '/sys/sms',
    {
      config: { access, rateLimit },
      preHandler: [
        keyedRateLimit(db, { name: 'sms-resend', max: 1, timeWindowMs: SMS_RESEND_SECONDS * 1000, keysOf: phoneKey }),
        keyedRateLimit(db, { name: 'sms', max: config.registerRateLimit, timeWindowMs: 60 * 60_000, keysOf: phoneKey }),
      ],
      schema: { body: sendSmsSchema, response: { 200: doneAnswer } },
    },
    async (request) => {
      const { mobile, smsmode } = request.body;
      const [user, code] = await Promise.all([findUserByPhone(db, mobile), issueSmsCode(db, mobile, smsmode)]);
      const text = messageFor(smsmode, user, code);
      if (text) await sms.send(mobile, text);
      return ok(null, SMS_SENT);
    },
  );

  /** Logs in as /sys/login does (lockout, session, answer), with a login code in place of the password. */
  app.post('/sys/phoneLogin', { config: { access, rateLimit }, schema: { body: phoneLoginSchema, response: { 200: loginAnswer } } }, async (request) => {
    const { mobile, captcha } = request.body;
    await assertNotLocked(db, lockKey(mobile), config.lockMinutes);
    const [user, valid] = await Promise.all([findUserByPhone(db, mobile), consumeSmsCode(db, mobile, SMS_MODES.login, captcha)]);
    if (!user || !valid) {
      await recordFailure(db, lockKey(mobile), config.lockThreshold, config.lockMinutes);
      await writeLoginLog(db, request, `手机号: ${mobile},登录失败！`, null);
      throw badRequest(PHONE_LOGIN_FAILED);
    }
    await clearFailures(db, lockKey(mobile));
    if (user.status !== 1) throw badRequest(ACCOUNT_FROZEN);
    return ok(await signIn(db, config, request, user), '登录成功');
  });
}
