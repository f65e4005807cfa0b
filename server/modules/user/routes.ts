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

  /** The profile save (ydyz '1'): the logged-in user edits their own birthday, email and phone. */
  app.put('/sys/user/edit', { config: { access: { permission: null, scope: 'self' } }, schema: { body: profileSchema } }, async (request) => {
    const auth = requireAuth(request.auth);
    const input = request.body;
    if (input.id !== auth.userId) throw forbidden('只能修改本人的个人信息');
    const phone = blankToNull(input.phone);
    const email = blankToNull(input.email);
    if (phone && (await isTakenByOther(db, 'phone', phone, auth.userId))) throw badRequest(MSG.profilePhoneTaken);
    if (email && (await isTakenByOther(db, 'email', email, auth.userId))) throw badRequest(MSG.profileEmailTaken);
    await db
      .update(sysUser)
      .set({ birthday: blankToNull(input.birthday), phone, email, updatedAt: new Date() })
      .where(eq(sysUser.id, auth.userId));
    const user = await findUserById(db, auth.userId);
    return ok({ userInfo: await userInfoOf(db, user!) }, '修改成功!');
  });
}
