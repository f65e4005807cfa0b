import { and, asc, count, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { ROLE_AUTHORIZE_PERMISSION, type MenuType, type PermissionNode, type PermissionTreeNode, type PermissionTreeResult } from '@contract/permission-admin.ts';
import { isActionAllowed, type MenuItem, type PermissionRule, type UserPermissions } from '@contract/permissions.ts';
import type { Database } from '../../db/database.ts';
import { sysPermission, sysRolePermission } from '../../db/schema.ts';
import { nestRows } from '../../lib/resource-tree.ts';

const BUTTON = 2;
export type PermissionRow = typeof sysPermission.$inferSelect;

/** What a rule needs, and no more: every API call checks its permission with these (the whole rows cost PGlite tens of ms). */
const RULE_COLUMNS = { perms: sysPermission.perms, name: sysPermission.name, status: sysPermission.status };

const toRule = (row: Pick<PermissionRow, 'perms' | 'name' | 'status'>): PermissionRule => ({
  action: row.perms ?? '',
  describe: row.name,
  type: '2',
  status: row.status === '0' ? '0' : '1',
});

/** What the roles grant together, each permission once. */
async function rolePermissionRows(db: Database, roleIds: readonly (string | null)[]): Promise<PermissionRow[]> {
  const ids = roleIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  return db
    .selectDistinctOn([sysPermission.sortNo, sysPermission.id])
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.id, db.select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(inArray(sysRolePermission.roleId, ids)))))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** Every button rule of the system (allAuth). */
async function systemButtonRules(db: Database): Promise<PermissionRule[]> {
  const rows = await db
    .select(RULE_COLUMNS)
    .from(sysPermission)
    .where(and(eq(sysPermission.menuType, BUTTON), eq(sysPermission.delFlag, 0), isNotNull(sysPermission.perms)));
  return rows.filter((r) => r.perms).map(toRule);
}

/** The roles as a text[] for SQL: literal ids, or an expression (the session's roles, read in the same query). */
const roleArray = (roleIds: readonly (string | null)[]): SQL => {
  const ids = roleIds.filter((id): id is string => id !== null);
  return ids.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
};

/**
 * The button rules whose code list names the action, each with whether one of the roles holds it, as one JSON
 * column: reading only these, rather than every rule, keeps the check cheap, and as a column it rides on
 * the query that resolves the session, so a request pays one query for session, roles and permission.
 */
export function actionRulesColumn(code: string, roles: SQL): SQL<ActionRuleRow[]> {
  const granted = sql`exists (select 1 from ${sysRolePermission} granted where granted.permission_id = rule.id and granted.role_id = any(${roles}))`;
  return sql<ActionRuleRow[]>`(select coalesce(json_agg(json_build_object('perms', rule.perms, 'name', rule.name, 'status', rule.status, 'granted', ${granted})), '[]'::json)
    from ${sysPermission} rule where rule.menu_type = ${BUTTON} and rule.del_flag = 0 and strpos(rule.perms, ${code}) > 0)`;
}

export interface ActionRuleRow {
  perms: string | null;
  name: string;
  status: string;
  granted: boolean;
}

/** isActionAllowed over the rules that name the action (actionRulesColumn). */
export function allowedBy(code: string, rows: readonly ActionRuleRow[]): boolean {
  const rules = rows.map((row) => ({ rule: toRule(row), granted: row.granted }));
  return isActionAllowed(
    code,
    rules.filter((r) => r.granted).map((r) => r.rule),
    rules.map((r) => r.rule),
  );
}

/** Whether one of the roles (the active one and the relation roles held: rolesOf) may take an action. */
export async function actionAllowed(db: Database, code: string, roleIds: readonly (string | null)[]): Promise<boolean> {
  // Both drivers answer execute with { rows }; drizzle's type leaves the shape to the driver.
  const result = (await db.execute(sql`select ${actionRulesColumn(code, roleArray(roleIds))} as rules`)) as unknown as { rows: { rules: ActionRuleRow[] }[] };
  return allowedBy(code, result.rows[0]?.rules ?? []);
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

/** Menu, auth and allAuth for the active role and the relation roles held (GET /sys/permission/getUserPermissionByToken). */
export async function userPermissions(db: Database, roleIds: readonly (string | null)[]): Promise<UserPermissions> {
  const rows = await rolePermissionRows(db, roleIds);
  const menus = rows.filter((r) => r.menuType !== BUTTON);
  const buttons = rows.filter((r) => r.menuType === BUTTON && r.perms);
  return { menu: buildMenuTree(menus, buttons), auth: buttons.map(toRule), allAuth: await systemButtonRules(db) };
}

// The menu editor and the role authorisation (issue 5). The rows are read again at every permission
// fetch and every guarded call, so a change reaches users at their next fetch.

const toMenuType = (value: number): MenuType => (value === 0 || value === 1 ? value : 2);

export const livePermission = eq(sysPermission.delFlag, 0);
/** Siblings by sort_no. */
export const permissionOrder = [asc(sysPermission.sortNo), asc(sysPermission.id)] as const;

/** Every live node (menus, hidden ones and buttons), siblings by sort_no. */
async function allPermissionRows(db: Database): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(livePermission)
    .orderBy(...permissionOrder);
}

/** A node of the editor's tree, as the list and add/edit answer it. */
export const toPermissionNode = (row: PermissionRow, children: PermissionNode[] = []): PermissionNode => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  url: row.url,
  component: row.component,
  componentName: row.componentName,
  redirect: row.redirect,
  menuType: toMenuType(row.menuType),
  perms: row.perms,
  permsType: row.permsType,
  sortNo: row.sortNo,
  alwaysShow: row.alwaysShow,
  icon: row.icon,
  route: row.isRoute,
  keepAlive: row.keepAlive,
  hidden: row.hidden,
  internalOrExternal: row.internalOrExternal,
  status: row.status === '0' ? '0' : '1',
  leaf: children.length === 0,
  ...(children.length > 0 ? { children } : {}),
});

export async function permissionChooserTree(db: Database): Promise<PermissionTreeResult> {
  const rows = await allPermissionRows(db);
  const treeList = nestRows<PermissionTreeNode>(rows, { id: 'id', parent: 'parentId' }, (stored, children) => {
    const row = stored as PermissionRow;
    return {
      key: row.id,
      value: row.id,
      title: row.name,
      parentId: row.parentId,
      icon: row.icon,
      menuType: toMenuType(row.menuType),
      isLeaf: children.length === 0,
      ...(children.length > 0 ? { children } : {}),
    };
  });
  return { treeList, ids: rows.map((r) => r.id) };
}

export async function findPermission(db: Database, id: string): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.id, id), eq(sysPermission.delFlag, 0)))
    .limit(1);
  return row;
}

export async function hasChildren(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sysPermission)
    .where(and(eq(sysPermission.parentId, id), eq(sysPermission.delFlag, 0)));
  return (row?.n ?? 0) > 0;
}

/** Whether another live button already guards this code. */
export async function buttonCodeTaken(db: Database, perms: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sysPermission)
    .where(
      and(eq(sysPermission.menuType, BUTTON), eq(sysPermission.perms, perms), eq(sysPermission.delFlag, 0), exceptId ? ne(sysPermission.id, exceptId) : undefined),
    );
  return (row?.n ?? 0) > 0;
}

/** The ids from a node up to its root (the node first); stops at a missing parent or a loop already in the data. */
async function ancestorsOf(db: Database, id: string): Promise<string[]> {
  const rows = await db.select({ id: sysPermission.id, parentId: sysPermission.parentId }).from(sysPermission).where(eq(sysPermission.delFlag, 0));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const chain: string[] = [];
  for (let current: string | null | undefined = id; current && parentOf.has(current) && !chain.includes(current); current = parentOf.get(current)) {
    chain.push(current);
  }
  return chain;
}

/** The buttons guarding role authorisation and the menus above them: the administrator role always keeps these. */
export async function authorizeChain(db: Database): Promise<string[]> {
  const buttons = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(eq(sysPermission.menuType, BUTTON), eq(sysPermission.perms, ROLE_AUTHORIZE_PERMISSION), eq(sysPermission.delFlag, 0)));
  const chains = await Promise.all(buttons.map((b) => ancestorsOf(db, b.id)));
  return [...new Set(chains.flat())];
}

export async function rolePermissionIds(db: Database, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sysPermission.id })
    .from(sysRolePermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  return rows.map((r) => r.id);
}

/** Which of these ids name no live node. */
export async function unknownPermissionIds(db: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, ids), eq(sysPermission.delFlag, 0)));
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** Replaces a role's grants in one transaction. */
export async function replaceRolePermissions(db: Database, roleId: string, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
    if (ids.length > 0) await tx.insert(sysRolePermission).values(ids.map((permissionId) => ({ roleId, permissionId })));
  });
}
