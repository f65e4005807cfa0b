import { eq } from 'drizzle-orm';
import { MSG } from '@contract/messages.ts';
import { profileSchema } from '@contract/validators.ts';
import { sysUser } from '../../db/schema.ts';
import { badRequest, forbidden, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { findUserById, isTakenByOther, userInfoOf } from './queries.ts';

const blankToNull = (value: string | null | undefined) => (value ? value : null);

export default async function userRoutes(app: App) {
  const { db } = app;

  /** The profile save (ydyz '1'): the logged-in user edits their own birthday, email and phone; omitted fields stay. */
  app.put('/sys/user/edit', { config: { access: { permission: null, scope: 'self' } }, schema: { body: profileSchema } }, async (request) => {
    const auth = requireAuth(request.auth);
    const input = request.body;
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
  });
}
