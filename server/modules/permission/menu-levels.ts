import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { PERMISSION_CODES, type PermissionNode } from '@contract/permission-admin.ts';
import type { Database } from '../../db/database.ts';
import { sysPermission } from '../../db/schema.ts';
import { ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import { livePermission, permissionOrder, toPermissionNode } from './queries.ts';
import { menuLevelAnswer } from './schemas.ts';

const ROOT_MENU = 0;
const parentQuery = z.object({
  parentId: z.string({ error: '缺少参数 parentId' }).check(z.minLength(1, '缺少参数 parentId'), z.maxLength(64)),
  _t: z.optional(z.string()),
});
const timestampQuery = z.object({ _t: z.optional(z.string()) });

/** Whether a live node has live children, read with the row (the outer table named in full: drizzle leaves it unqualified). */
const hasLiveChildren = sql<boolean>`exists (select 1 from ${sysPermission} child where child.parent_id = ${sysPermission}.${sql.identifier(sysPermission.id.name)} and child.del_flag = 0)`;

/** One level of the menu tree, each node with whether it has children (no children nested). */
async function menuLevel(db: Database, where: SQL | undefined): Promise<PermissionNode[]> {
  const rows = await db
    .select({ row: sysPermission, hasChildren: hasLiveChildren })
    .from(sysPermission)
    .where(and(livePermission, where))
    .orderBy(...permissionOrder);
  return rows.map(({ row, hasChildren }) => ({ ...toPermissionNode(row), leaf: !hasChildren }));
}

/**
 * JeecgBoot's lazy reads of 菜单管理's tree (SysPermissionController): getSystemMenuList answers the 一级菜单
 * (menu_type 0, under no parent) and getSystemSubmenu one node's children, buttons included, each node
 * as the editor's list answers it with `leaf` saying whether there is more below. For the editor's holders.
 */
export function menuLevelRoutes(app: App) {
  const { db } = app;
  const access = { permission: PERMISSION_CODES.list, scope: 'all' } as const;

  app.get('/sys/permission/getSystemMenuList', { config: { access }, schema: { querystring: timestampQuery, response: { 200: menuLevelAnswer } } }, async () =>
    ok(await menuLevel(db, and(eq(sysPermission.menuType, ROOT_MENU), isNull(sysPermission.parentId)))),
  );

  app.get('/sys/permission/getSystemSubmenu', { config: { access }, schema: { querystring: parentQuery, response: { 200: menuLevelAnswer } } }, async (request) =>
    ok(await menuLevel(db, eq(sysPermission.parentId, request.query.parentId))),
  );
}
