import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { SMS_MODES } from '@contract/phone-login.ts';
import { ROLE_BY_TYPE } from '../user/queries.ts';
import { REGISTER_SUBMITTED, registerSchema, retrieveAccountSchema, retrieveCodeSchema, retrieveResetSchema } from '@contract/validators.ts';
import { sysPasswordReset, sysRole, sysUser, sysUserRole } from '../../db/schema.ts';
import { hashPassword, newToken, sha256, sixDigitCode } from '../../lib/crypto.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, isUniqueViolation, ok } from '../../lib/http.ts';
import { SMS_SIGNATURE, smsSenderOf } from '../../lib/sms.ts';
import { keyedRateLimit } from '../../plugins/app/rate-limit-store.ts';
import type { App } from '../../types.ts';
import { decryptFields } from '../auth/installation-keys.ts';
import { consumeSmsCode } from '../auth/sms-codes.ts';
import { revokeOtherSessions } from '../auth/sessions.ts';
import { clearFailures } from '../auth/lockout.ts';
import { findUserById, findUserByUsername, isTakenByOther } from '../user/queries.ts';
import { registerBody, resetTokenAnswer } from './schemas.ts';

const CODE_MINUTES = 10;
const RESET_MINUTES = 15;
const MAX_CODE_ATTEMPTS = 5;
const CODE_INVALID = '验证码错误或已过期，请重新获取';

type AccountValues = Record<'username' | 'workNo' | 'phone' | 'email', string>;
const ACCOUNT_FIELDS = ['username', 'workNo', 'phone', 'email'] as const;
const FIELD_LABELS: Record<Exclude<keyof AccountValues, 'phone'>, string> = { username: '用户账号', workNo: '工号/学号', email: '邮箱' };

/**
 * A registration's outcome as its phone is told it. The phone's own account is all its owner is told of
 * (someone tried to register with it); otherwise what was taken, which only the phone's holder learns.
 */
function registrationSms(values: AccountValues, taken: readonly (keyof AccountValues)[]): string {
  if (taken.includes('phone')) return `${SMS_SIGNATURE}该手机号已注册，如忘记密码请找回。如非本人操作，请忽略。`;
  if (taken.length > 0) {
    const named = taken.map((field) => `${FIELD_LABELS[field as keyof typeof FIELD_LABELS]}“${values[field]}”`).join('、');
    return `${SMS_SIGNATURE}注册未成功：${named}已被使用，请更换后重新注册。如非本人操作，请忽略。`;
  }
  return `${SMS_SIGNATURE}您的账号“${values.username}”注册申请已提交，学校管理员审核通过后即可登录。`;
}

/** Self-service account screens reachable without login: registration and password retrieval. */
export default async function accountRoutes(app: App) {
  const { db, config } = app;
  const sms = smsSenderOf(config);
  const access = { public: true } as const;
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };

  /** Which of a registration's values another account already holds. */
  const takenFields = async (values: AccountValues) => {
    const taken = await Promise.all(ACCOUNT_FIELDS.map((field) => isTakenByOther(db, field, values[field], null)));
    return ACCOUNT_FIELDS.filter((_field, i) => taken[i]);
  };

  /**
   * A registered account waits frozen until an administrator approves it. Every well-formed registration
   * is answered alike, so nobody learns which accounts, phones or e-mails exist; the outcome goes by SMS to
   * the phone given, as retrieval's codes do. Limited per address (rateLimit) and per account name and
   * phone (each attempt sends that phone a message).
   */
  app.post(
    '/sys/user/register',
    {
      config: { access, rateLimit },
      preHandler: keyedRateLimit(db, {
        name: 'register',
        max: config.registerRateLimit,
        timeWindowMs: 60 * 60_000,
        keysOf: (request) => {
          const { username, phone } = request.body as Record<string, unknown>;
          return [typeof username === 'string' && username.trim() ? `account:${username.trim()}` : null, typeof phone === 'string' && phone ? `phone:${phone}` : null];
        },
      }),
      schema: { body: registerBody, response: { 200: doneAnswer } },
    },
    async (request) => {
      const plain = await decryptFields(db, request.body, ['password', 'confirmpassword']);
      const parsed = registerSchema.safeParse(plain);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
      const input = parsed.data;
      // JeecgBoot's registration form sends the code /sys/sms (smsmode 1) sent to the phone; ours answers by SMS instead.
      if (input.smscode && !(await consumeSmsCode(db, input.phone, SMS_MODES.register, input.smscode))) throw badRequest(CODE_INVALID);
      const values: AccountValues = { username: input.username.trim(), workNo: input.workNo.trim(), phone: input.phone, email: input.email };
      // Hashed whatever the outcome: a taken value is answered as slowly as a free one.
      const passwordHash = await hashPassword(input.password);
      let taken = await takenFields(values);
      if (taken.length === 0) {
        try {
          await db.transaction(async (tx) => {
            const [user] = await tx
              .insert(sysUser)
              .values({ ...values, realname: input.realname.trim(), yhlx: input.yhlx, passwordHash, status: 2 })
              .returning({ id: sysUser.id });
            const [role] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, ROLE_BY_TYPE[input.yhlx]!));
            if (role) await tx.insert(sysUserRole).values({ userId: user!.id, roleId: role.id });
          });
        } catch (error) {
          // Another registration took one of the values meanwhile.
          if (!isUniqueViolation(error)) throw error;
          taken = await takenFields(values);
          if (taken.length === 0) throw error;
        }
      }
      await sms.send(values.phone, registrationSms(values, taken));
      return ok(null, REGISTER_SUBMITTED);
    },
  );

  /** The same answer whether or not the name and phone match, so nobody learns who has an account. */
  app.post('/sys/retrieve/sendCode', { config: { access, rateLimit }, schema: { body: retrieveAccountSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { username, phone } = request.body;
    const user = await findUserByUsername(db, username.trim());
    if (user && user.phone === phone && user.status === 1) {
      const code = sixDigitCode();
      await db.insert(sysPasswordReset).values({
        userId: user.id,
        codeHash: sha256(`${user.id}:${code}`),
        codeExpiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
      });
      await sms.send(phone, `${SMS_SIGNATURE}您的验证码为${code}，${CODE_MINUTES}分钟内有效。如非本人操作，请忽略。`);
    }
    return ok(null, '如果账号与手机号匹配，验证码已发送，请注意查收');
  });

  app.post('/sys/retrieve/verifyCode', { config: { access, rateLimit }, schema: { body: retrieveCodeSchema, response: { 200: resetTokenAnswer } } }, async (request) => {
    const { username, phone, code } = request.body;
    const user = await findUserByUsername(db, username.trim());
    if (!user || user.phone !== phone) throw badRequest(CODE_INVALID);
    const [pending] = await db
      .select()
      .from(sysPasswordReset)
      .where(and(eq(sysPasswordReset.userId, user.id), isNull(sysPasswordReset.usedAt), gt(sysPasswordReset.codeExpiresAt, new Date())))
      .orderBy(desc(sysPasswordReset.createdAt))
      .limit(1);
    const live = pending && pending.attempts < MAX_CODE_ATTEMPTS ? pending : null;
    const sentHere = live !== null && live.codeHash === sha256(`${user.id}:${code}`);
    // A retrieval code from JeecgBoot's POST /sys/sms (smsmode 2) serves as well: it went to this account's phone.
    if (!sentHere && !(user.status === 1 && (await consumeSmsCode(db, phone, SMS_MODES.retrieve, code)))) {
      if (live) await db.update(sysPasswordReset).set({ attempts: live.attempts + 1 }).where(eq(sysPasswordReset.id, live.id));
      throw badRequest(CODE_INVALID);
    }
    const resetToken = newToken();
    const reset = { resetTokenHash: sha256(resetToken), resetExpiresAt: new Date(Date.now() + RESET_MINUTES * 60_000), codeExpiresAt: new Date() };
    if (sentHere) await db.update(sysPasswordReset).set(reset).where(eq(sysPasswordReset.id, live.id));
    else await db.insert(sysPasswordReset).values({ userId: user.id, codeHash: '', ...reset });
    return ok({ resetToken }, '验证通过');
  });

  app.post(
    '/sys/retrieve/resetPassword',
    { config: { access, rateLimit }, schema: { body: z.object({ resetToken: z.string().min(1), password: z.string(), confirmpassword: z.string() }), response: { 200: doneAnswer } } },
    async (request) => {
      const plain = await decryptFields(db, request.body, ['password', 'confirmpassword']);
      const parsed = retrieveResetSchema.safeParse(plain);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
      const [reset] = await db
        .select()
        .from(sysPasswordReset)
        .where(and(eq(sysPasswordReset.resetTokenHash, sha256(parsed.data.resetToken)), isNull(sysPasswordReset.usedAt), gt(sysPasswordReset.resetExpiresAt, new Date())))
        .limit(1);
      if (!reset) throw badRequest('重置链接已失效，请重新找回密码');
      const passwordHash = await hashPassword(parsed.data.password);
      await db.transaction(async (tx) => {
        await tx.update(sysUser).set({ passwordHash, updatedAt: new Date() }).where(eq(sysUser.id, reset.userId));
        await tx.update(sysPasswordReset).set({ usedAt: new Date() }).where(eq(sysPasswordReset.id, reset.id));
      });
      await revokeOtherSessions(db, reset.userId, null);
      const user = await findUserById(db, reset.userId);
      if (user) await clearFailures(db, user.username);
      return ok(null, '密码重置成功，请使用新密码登录');
    },
  );
}
