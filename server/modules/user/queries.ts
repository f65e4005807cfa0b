import { and, asc, eq, sql } from 'drizzle-orm';
import type { DepartOption, RoleOption, UserInfo } from '@contract/session.ts';
import type { Database } from '../../db/database.ts';
import { dt02, sysDepart, sysRole, sysUser, sysUserDepart, sysUserRole } from '../../db/schema.ts';

export type UserRow = typeof sysUser.$inferSelect;

/** The role a self-registered or imported account starts with, by user type (yhlx). */
export const ROLE_BY_TYPE: Record<string, string> = { '0': 'teacher', '1': 'student', '2': 'mentor' };

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.id, id), eq(sysUser.delFlag, 0)))
    .limit(1);
  return row ?? null;
}

/** What the account's own page and the administrator's list both show of a user. */
export const accountDetails = (user: UserRow) => ({
  id: user.id,
  username: user.username,
  realname: user.realname,
  birthday: user.birthday,
  email: user.email,
  phone: user.phone,
  telephone: user.telephone,
  workNo: user.workNo,
  orgCode: user.orgCode,
  post: user.post,
  yhlx: user.yhlx,
});

export async function userInfoOf(db: Database, user: UserRow): Promise<UserInfo> {
  const [unit] = user.orgCode
    ? await db.select({ dwmc: dt02.dwmc }).from(dt02).where(and(eq(dt02.dwdm, user.orgCode), eq(dt02.delFlag, 0))).limit(1)
    : [];
  return { ...accountDetails(user), avatar: user.avatar, sex: user.sex, orgCodeTxt: unit?.dwmc ?? null, passwordChangeRequired: user.passwordChangeRequired };
}

export async function rolesOf(db: Database, userId: string): Promise<RoleOption[]> {
  return db
    .select({ id: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName })
    .from(sysRole)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRole.id))
    .where(eq(sysUserRole.userId, userId))
    .orderBy(asc(sysRole.createdAt), asc(sysRole.roleCode));
}

export async function departsOf(db: Database, userId: string): Promise<DepartOption[]> {
  return db
    .select({ id: sysDepart.id, orgCode: sysDepart.orgCode, departName: sysDepart.departName })
    .from(sysDepart)
    .innerJoin(sysUserDepart, eq(sysUserDepart.departId, sysDepart.id))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.delFlag, 0)))
    .orderBy(asc(sysDepart.sortNo), asc(sysDepart.orgCode));
}

/** True when another live user already holds the value in that column. */
export async function isTakenByOther(db: Database, column: 'username' | 'workNo' | 'phone' | 'email', value: string, selfId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser[column], value), selfId ? sql`${sysUser.id} <> ${selfId}` : undefined))
    .limit(1);
  return Boolean(row);
}
