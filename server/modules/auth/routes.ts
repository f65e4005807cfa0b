import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '@contract/messages.ts';
import { changePasswordSchema, loginSchema } from '@contract/validators.ts';
import { sysSession, sysUser } from '../../db/schema.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { doneAnswer, emptyBody } from '../../lib/answers.ts';
import { badRequest, forbidden, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { departsOf, findUserById, findUserByUsername, rolesOf, userInfoOf, type UserRow } from '../user/queries.ts';
import { decryptFields, installationKeys } from './installation-keys.ts';
import { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import { writeLoginLog } from './log.ts';
import { currentDepartsAnswer, currentRolesAnswer, encryptedStringAnswer, loginAnswer, userInfoAnswer } from './schemas.ts';
import { revokeOtherSessions, revokeSession } from './sessions.ts';
import { ACCOUNT_FROZEN, signIn } from './sign-in.ts';

const WRONG_CREDENTIALS = '用户名或密码错误';
const SESSION = { permission: null, scope: 'self' } as const;
/** The session calls an account with its initial password still makes: the login flow's choices, logout and the change itself. */
const FIRST_LOGIN = { ...SESSION, beforePasswordChange: true } as const;
const SAME_AS_INITIAL = '新密码不能与初始密码相同';

export default async function authRoutes(app: App) {
  const { db, config } = app;
  const authRateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };

  /**
   * Checks a name and password with the lockout rules; one message for an unknown name and a wrong
   * password, and the same work done for both.
   */
  async function checkCredentials(username: string, password: string): Promise<UserRow> {
    await assertNotLocked(db, username, config.lockMinutes);
    const user = await findUserByUsername(db, username.trim());
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid) {
      await recordFailure(db, username, config.lockThreshold, config.lockMinutes);
      throw badRequest(WRONG_CREDENTIALS);
    }
    await clearFailures(db, username);
    if (user.status !== 1) throw badRequest(ACCOUNT_FROZEN);
    return user;
  }

  app.get('/sys/getEncryptedString', { config: { access: { public: true } }, schema: { response: { 200: encryptedStringAnswer } } }, async () => ok(await installationKeys(db)));

  /**
   * /sys/loginpt is JeecgBoot's 平台登录: SPEC names it beside /sys/login and shows no body of its own, so it
   * is the same login (fields, checks, lockout, answer) at a second address, for clients that call it.
   */
  for (const url of ['/sys/login', '/sys/loginpt']) {
    app.post(url, { config: { access: { public: true }, rateLimit: authRateLimit }, schema: { body: loginSchema, response: { 200: loginAnswer } } }, async (request) => {
      const { username, password } = await decryptFields(db, request.body, ['password']);
      let user: UserRow;
      try {
        user = await checkCredentials(username, password);
      } catch (error) {
        await writeLoginLog(db, request, `用户名: ${username.slice(0, 64)},登录失败！`, null);
        throw error;
      }
      return ok(await signIn(db, config, request, user), '登录成功');
    });
  }

  app.post('/sys/logout', { config: { access: FIRST_LOGIN }, schema: { body: emptyBody, response: { 200: doneAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    await revokeSession(db, auth.sessionId);
    await writeLoginLog(db, request, `用户名: ${auth.username},退出成功！`, { id: auth.userId, username: auth.username });
    return ok(null, '退出登录成功！');
  });

  const choiceBody = z.object({ orgCode: z.string({ error: '请选择' }).min(1, '请选择'), username: z.string().optional() });

  app.post('/sys/selectRole', { config: { access: FIRST_LOGIN }, schema: { body: choiceBody, response: { 200: userInfoAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const roles = await rolesOf(db, auth.userId);
    if (!roles.some((r) => r.id === request.body.orgCode)) throw forbidden('您没有该身份');
    await db.update(sysSession).set({ activeRoleId: request.body.orgCode }).where(eq(sysSession.id, auth.sessionId));
    const user = await findUserById(db, auth.userId);
    return ok({ userInfo: await userInfoOf(db, user!) }, '身份切换成功');
  });

  app.put('/sys/selectDepart', { config: { access: FIRST_LOGIN }, schema: { body: choiceBody, response: { 200: userInfoAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const depart = (await departsOf(db, auth.userId)).find((d) => d.orgCode === request.body.orgCode);
    if (!depart) throw forbidden('您不属于该部门');
    await db.update(sysUser).set({ currentDepartId: depart.id, updatedAt: new Date() }).where(eq(sysUser.id, auth.userId));
    const user = await findUserById(db, auth.userId);
    return ok({ userInfo: await userInfoOf(db, user!) }, '部门切换成功');
  });

  app.get('/sys/user/getCurrentUserRoles', { config: { access: FIRST_LOGIN }, schema: { response: { 200: currentRolesAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const list = await rolesOf(db, auth.userId);
    return ok({ list, roleId: auth.activeRoleId });
  });

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: FIRST_LOGIN }, schema: { response: { 200: currentDepartsAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const [user, list] = await Promise.all([findUserById(db, auth.userId), departsOf(db, auth.userId)]);
    const current = list.find((d) => d.id === user?.currentDepartId) ?? list[0];
    return ok({ list, orgCode: current?.orgCode ?? null });
  });

  const PASSWORD_FIELDS = ['username', 'oldpassword', 'password', 'confirmpassword'] as const;
  const encryptedPasswordBody = z.object({
    username: z.string().optional(),
    oldpassword: z.string({ error: MSG.oldPasswordRequired }),
    password: z.string({ error: MSG.passwordStrength }),
    confirmpassword: z.string({ error: MSG.newPasswordConfirmRequired }),
  });
  const parsePasswordChange = async (body: z.infer<typeof encryptedPasswordBody>, username: string) => {
    const plain = await decryptFields(db, body, PASSWORD_FIELDS);
    const parsed = changePasswordSchema.safeParse({ ...plain, username: plain.username || username });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
    return parsed.data;
  };

  /** Acts on the logged-in user only, whatever name the body carries. */
  app.put('/sys/user/updatePassword', { config: { access: FIRST_LOGIN }, schema: { body: encryptedPasswordBody, response: { 200: doneAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const input = await parsePasswordChange(request.body, auth.username);
    const user = await findUserById(db, auth.userId);
    if (!user || !(await verifyPassword(input.oldpassword, user.passwordHash))) throw badRequest('旧密码输入错误');
    if (user.passwordChangeRequired && input.password === input.oldpassword) throw badRequest(SAME_AS_INITIAL);
    await db
      .update(sysUser)
      .set({ passwordHash: await hashPassword(input.password), passwordChangeRequired: false, updatedAt: new Date() })
      .where(eq(sysUser.id, user.id));
    await revokeOtherSessions(db, user.id, auth.sessionId);
    return ok(null, '密码修改成功！');
  });

  /** Password change from the login page (/user/alteration): the old password proves who it is. */
  app.post(
    '/sys/user/alterPassword',
    { config: { access: { public: true }, rateLimit: authRateLimit }, schema: { body: encryptedPasswordBody, response: { 200: doneAnswer } } },
    async (request) => {
      const input = await parsePasswordChange(request.body, '');
      const user = await checkCredentials(input.username, input.oldpassword);
      if (user.passwordChangeRequired && input.password === input.oldpassword) throw badRequest(SAME_AS_INITIAL);
      await db
        .update(sysUser)
        .set({ passwordHash: await hashPassword(input.password), passwordChangeRequired: false, updatedAt: new Date() })
        .where(and(eq(sysUser.id, user.id), eq(sysUser.delFlag, 0)));
      await revokeOtherSessions(db, user.id, null);
      return ok(null, '密码修改成功，请使用新密码登录');
    },
  );
}
