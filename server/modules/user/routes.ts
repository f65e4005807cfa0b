import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@contract/messages.ts';
import { profileSchema } from '@contract/validators.ts';
import { USER_PERMISSIONS } from '@contract/user-admin.ts';
import { sysUser } from '../../db/schema.ts';
import { envelope } from '../../lib/answers.ts';
import { badRequest, forbidden, ok } from '../../lib/http.ts';
import { takenValueCheckLimit } from '../../plugins/app/rate-limit-store.ts';
import { requireAuth, type App } from '../../types.ts';
import { userInfoAnswer } from '../auth/schemas.ts';
import { userAdminRoutes } from './admin-routes.ts';
import { findUserById, isTakenByOther, userInfoOf } from './queries.ts';
import { userEditBody } from './schemas.ts';

const blankToNull = (value: string | null | undefined) => (value ? value : null);

export default async function userRoutes(app: App) {
  const { db, config } = app;

  const { edit: editUserAsAdmin, recordAnswer } = await userAdminRoutes(app);

  /**
   * One path, two callers (SPEC.md section 7): the profile save (ydyz '1') edits the logged-in user's
   * own birthday, email and phone, answering the person as they now are; any other body is the administrator's
   * edit, which needs its code and answers the user's row. Each branch validates with its shared schema
   * (userEditBody: the body is one or the other by ydyz alone, as the permission is).
   */
  const isProfileSave = (body: unknown) => typeof body === 'object' && body !== null && (body as { ydyz?: unknown }).ydyz === '1';
  // A profile save that sets a phone or e-mail says whether another user has it: it spends the account's budget for such checks.
  const asksTaken = (request: FastifyRequest) => {
    const body = request.body as { phone?: unknown; email?: unknown } | null;
    return isProfileSave(body) && Boolean(body?.phone || body?.email);
  };
  app.put(
    '/sys/user/edit',
    {
      config: { access: { permission: (body) => (isProfileSave(body) ? null : USER_PERMISSIONS.edit), scope: 'self' } },
      preHandler: takenValueCheckLimit(db, config.duplicateCheckRateLimit, asksTaken),
      schema: { body: userEditBody, response: { 200: userInfoAnswer.or(envelope(recordAnswer)) } },
    },
    async (request) => {
      if (!isProfileSave(request.body)) return editUserAsAdmin(request, request.body);
      const auth = requireAuth(request.auth);
      const parsed = profileSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '数据格式不正确');
      const input = parsed.data;
      if (input.id !== auth.userId) throw forbidden('只能修改本人的个人信息');
      const changes = {
        ...(input.birthday !== undefined ? { birthday: blankToNull(input.birthday) } : {}),
        ...(input.phone !== undefined ? { phone: blankToNull(input.phone) } : {}),
        ...(input.email !== undefined ? { email: blankToNull(input.email) } : {}),
      };
      if (changes.phone && (await isTakenByOther(db, 'phone', changes.phone, auth.userId))) throw badRequest(MSG.profilePhoneTaken);
      if (changes.email && (await isTakenByOther(db, 'email', changes.email, auth.userId))) throw badRequest(MSG.profileEmailTaken);
      await db
        .update(sysUser)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(sysUser.id, auth.userId));
      const user = await findUserById(db, auth.userId);
      return ok({ userInfo: await userInfoOf(db, user!) }, '修改成功!');
    },
  );
}
