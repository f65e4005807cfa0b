import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { isBuiltinRoleCode, ROLE_MSG, type RoleOption, type RoleRow } from '@contract/role.ts';
import { startingMenus } from '@contract/menus.ts';
import type { Database } from '../../db/database.ts';
import { sysPermission, sysRole, sysRolePermission, sysUserRole } from '../../db/schema.ts';
import type { Tx } from '../../lib/resource/binding.ts';

/** The administrators' role: the seed and the first-admin set-up give it to 'admin', and new menus are granted to it. */
export const ADMIN_ROLE_ID = 'role-admin';

/** What a new role starts with (contract/menus.ts startingMenus). */
export const DEFAULT_ROLE_MENUS: readonly string[] = startingMenus();

export type RoleRecord = typeof sysRole.$inferSelect;

export const toRoleRow = (row: RoleRecord): RoleRow => ({
  id: row.id,
  roleCode: row.roleCode,
  roleName: row.roleName,
  description: row.description,
  createTime: row.createdAt.toISOString(),
});

export async function findRole(db: Database, id: string): Promise<RoleRecord | undefined> {
  const [row] = await db.select().from(sysRole).where(eq(sysRole.id, id)).limit(1);
  return row;
}

/** Every role a user may be given, built-in ones first, in the list's order (a relation role is held, never given). */
export async function roleOptions(db: Database): Promise<RoleOption[]> {
  return db
    .select({ id: sysRole.id, roleName: sysRole.roleName, roleCode: sysRole.roleCode })
    .from(sysRole)
    .where(isNull(sysRole.relation))
    .orderBy(asc(sysRole.createdAt), asc(sysRole.id));
}

/** A built-in role keeps its code: the code is what the rest of the system knows it by. */
export async function editRefusal(db: Database, id: string, roleCode: unknown): Promise<string | null> {
  const role = await findRole(db, id);
  return role && isBuiltinRoleCode(role.roleCode) && roleCode !== role.roleCode ? ROLE_MSG.builtinCode : null;
}

/** Why these roles cannot be deleted, or null: built-in roles never, others not while a user holds them. */
export async function deleteRefusal(db: Database, ids: string[]): Promise<string | null> {
  const roles = await db.select({ roleCode: sysRole.roleCode }).from(sysRole).where(inArray(sysRole.id, ids));
  if (roles.some((r) => isBuiltinRoleCode(r.roleCode))) return ROLE_MSG.builtinDelete;
  // Counted over every user, deleted ones too: the cascade would otherwise silently take their role away.
  const [held] = await db.select({ n: count() }).from(sysUserRole).where(inArray(sysUserRole.roleId, ids));
  return (held?.n ?? 0) > 0 ? ROLE_MSG.inUse : null;
}

/** New roles, each with the default menus (those the installation still has); resolves to their ids. */
export async function insertRoles(tx: Tx, inputs: Record<string, unknown>[]): Promise<string[]> {
  const roles = await tx
    .insert(sysRole)
    .values(inputs as (typeof sysRole.$inferInsert)[])
    .returning({ id: sysRole.id });
  const menus = await tx
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, [...DEFAULT_ROLE_MENUS]), eq(sysPermission.delFlag, 0)));
  const grants = roles.flatMap((role) => menus.map((menu) => ({ roleId: role.id, permissionId: menu.id })));
  if (grants.length > 0) await tx.insert(sysRolePermission).values(grants);
  return roles.map((role) => role.id);
}
