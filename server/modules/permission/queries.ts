import { and, asc, eq } from 'drizzle-orm';
import type { MenuItem, PermissionRule, UserPermissions } from '@contract/permissions.ts';
import type { Database } from '../../db/database.ts';
import { sysPermission, sysRolePermission } from '../../db/schema.ts';

const BUTTON = 2;
type PermissionRow = typeof sysPermission.$inferSelect;

const toRule = (row: PermissionRow): PermissionRule => ({
  action: row.perms ?? '',
  describe: row.name,
  type: '2',
  status: row.status === '0' ? '0' : '1',
});

async function rolePermissionRows(db: Database, roleId: string | null): Promise<PermissionRow[]> {
  if (!roleId) return [];
  const rows = await db
    .select({ p: sysPermission })
    .from(sysPermission)
    .innerJoin(sysRolePermission, eq(sysRolePermission.permissionId, sysPermission.id))
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo));
  return rows.map((r) => r.p);
}

/** Every button rule of the system (allAuth). */
export async function systemButtonRules(db: Database): Promise<PermissionRule[]> {
  const rows = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.menuType, BUTTON), eq(sysPermission.delFlag, 0)));
  return rows.filter((r) => r.perms).map(toRule);
}

/** The button rules granted to a role (auth). */
export async function roleButtonRules(db: Database, roleId: string | null): Promise<PermissionRule[]> {
  const rows = await rolePermissionRows(db, roleId);
  return rows.filter((r) => r.menuType === BUTTON && r.perms).map(toRule);
}

function buildMenuTree(rows: PermissionRow[], buttons: PermissionRow[]): MenuItem[] {
  const byParent = new Map<string | null, PermissionRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const ids = new Set(rows.map((r) => r.id));
  const toItem = (row: PermissionRow): MenuItem => {
    const children = (byParent.get(row.id) ?? []).map(toItem);
    const permissionList = buttons.filter((b) => b.parentId === row.id).map(toRule);
    return {
      id: row.id,
      path: row.url ?? '',
      name: row.componentName ?? row.id,
      component: row.component ?? '',
      redirect: row.redirect,
      hidden: row.hidden,
      alwaysShow: row.alwaysShow,
      route: row.isRoute ? '1' : '0',
      meta: {
        title: row.name,
        icon: row.icon,
        url: row.internalOrExternal || row.component === 'layouts/IframePageView' ? row.url : null,
        keepAlive: row.keepAlive,
        internalOrExternal: row.internalOrExternal,
        permissionList,
      },
      ...(children.length > 0 ? { children } : {}),
    };
  };
  const roots = rows.filter((r) => r.parentId === null || !ids.has(r.parentId));
  return roots.map(toItem);
}

/** Menu, auth and allAuth for the active role (GET /sys/permission/getUserPermissionByToken). */
export async function userPermissions(db: Database, roleId: string | null): Promise<UserPermissions> {
  const rows = await rolePermissionRows(db, roleId);
  const menus = rows.filter((r) => r.menuType !== BUTTON);
  const buttons = rows.filter((r) => r.menuType === BUTTON && r.perms);
  return { menu: buildMenuTree(menus, buttons), auth: buttons.map(toRule), allAuth: await systemButtonRules(db) };
}
