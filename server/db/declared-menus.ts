import { and, eq, inArray, sql } from 'drizzle-orm';
import { declaredMenus } from '@contract/menus.ts';
import { FOLDER, type MenuDeclaration } from '@contract/menu-declaration.ts';
import type { Database } from './database.ts';
import { sysPermission, sysPermissionDeclared, sysRole, sysRolePermission } from './schema.ts';

/**
 * Brings sys_permission and the built-in roles' grants in line with the declarations (contract/menus.ts) at
 * start-up, inside the start-up lock, after the migrations. Three-way, against what was last applied
 * (sys_permission_declared), so that an administrator's changes made on purpose in 菜单管理 and 角色管理 stay:
 * - a field the declaration changed is written only where the row still holds what was last applied; a
 *   field the administrator changed (a renamed menu, another icon or order) keeps the administrator's value;
 * - a new declaration is created with its grants; a row of that id that already exists (a database whose
 *   migrations wrote the menus) is taken as it is, with the grants it has;
 * - a grant the declaration adds is given; one it withdraws is taken; one the administrator revoked stays
 *   revoked; a declared row the administrator deleted stays deleted;
 * - a declaration removed from the code takes its row (and its grants) with it;
 * - what the declarations never named (the administrator's own menus and roles) is left alone.
 * A rule's status (switched off in 菜单管理) and del_flag are the administrator's and never written.
 */

/** What a declaration writes of its sys_permission row. */
export interface DeclaredFields {
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  sortNo: number;
  icon: string | null;
  isRoute: boolean;
  hidden: boolean;
}

export interface DeclaredRow {
  id: string;
  fields: DeclaredFields;
  /** Built-in role codes. */
  roles: string[];
}

const FIELD_NAMES = ['parentId', 'name', 'url', 'component', 'componentName', 'redirect', 'menuType', 'perms', 'sortNo', 'icon', 'isRoute', 'hidden'] as const satisfies readonly (keyof DeclaredFields)[];

const MENU_TYPE = { top: 0, sub: 1, rule: 2 } as const;

/** A rule's id, from its code: btn-system-user-add. */
export const ruleId = (code: string) => `btn-${code.replaceAll(':', '-')}`;

/** The rows the declarations describe: each menu, then its rules; a folder granted to whoever gets a page in it. */
export function declaredRows(menus: readonly MenuDeclaration[]): DeclaredRow[] {
  const rows: DeclaredRow[] = [];
  for (const menu of menus) {
    rows.push({
      id: menu.id,
      fields: {
        parentId: menu.parent ?? null,
        name: menu.name,
        url: menu.path,
        component: menu.component,
        componentName: menu.componentName ?? menu.id.replace(/^menu-/, ''),
        redirect: menu.redirect ?? null,
        menuType: menu.parent ? MENU_TYPE.sub : MENU_TYPE.top,
        perms: null,
        sortNo: menu.order,
        icon: menu.icon ?? null,
        isRoute: true,
        hidden: menu.hidden ?? false,
      },
      roles: [...(menu.roles ?? [])],
    });
    (menu.rules ?? []).forEach((rule, index) =>
      rows.push({
        id: ruleId(rule.code),
        fields: { parentId: menu.id, name: rule.name, url: null, component: null, componentName: null, redirect: null, menuType: MENU_TYPE.rule, perms: rule.code, sortNo: index + 1, icon: null, isRoute: false, hidden: false },
        roles: [...(rule.roles ?? menu.roles ?? [])],
      }),
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const folderRoles = (folder: MenuDeclaration): Set<string> => {
    const roles = new Set<string>();
    for (const child of menus.filter((m) => m.parent === folder.id)) for (const role of child.component === FOLDER ? folderRoles(child) : (child.roles ?? [])) roles.add(role);
    return roles;
  };
  for (const folder of menus.filter((m) => m.component === FOLDER)) byId.get(folder.id)!.roles = [...folderRoles(folder)];
  return rows;
}

/** What the database holds: the rows of the declared ids, what was last applied, and the built-in roles' grants. */
export interface MenuState {
  rows: Map<string, DeclaredFields>;
  applied: Map<string, { fields: DeclaredFields; roles: string[] }>;
  grants: Set<string>;
}

export const grantKey = (role: string, permissionId: string) => `${role} ${permissionId}`;

export interface MenuChanges {
  inserts: DeclaredRow[];
  updates: { id: string; set: Partial<DeclaredFields> }[];
  deletes: string[];
  grant: { role: string; permissionId: string }[];
  revoke: { role: string; permissionId: string }[];
  /** The new base: every declared row as declared now. */
  applied: DeclaredRow[];
  /** Ids whose base is dropped (declarations removed from the code). */
  forgotten: string[];
}

/** What bringing the database in line with the declarations takes (see the module's comment). */
export function planMenuChanges(declared: readonly DeclaredRow[], state: MenuState): MenuChanges {
  const changes: MenuChanges = { inserts: [], updates: [], deletes: [], grant: [], revoke: [], applied: [], forgotten: [] };
  for (const row of declared) {
    const base = state.applied.get(row.id);
    const current = state.rows.get(row.id);
    const unchanged = base && sameFields(base.fields, row.fields) && sameRoles(base.roles, row.roles);
    if (!unchanged) changes.applied.push(row);
    if (!base) {
      if (current) continue;
      changes.inserts.push(row);
      changes.grant.push(...row.roles.map((role) => ({ role, permissionId: row.id })));
      continue;
    }
    if (current) {
      const set: Partial<DeclaredFields> = {};
      for (const name of FIELD_NAMES) if (row.fields[name] !== base.fields[name] && current[name] === base.fields[name]) Object.assign(set, { [name]: row.fields[name] });
      if (Object.keys(set).length > 0) changes.updates.push({ id: row.id, set });
      for (const role of row.roles) if (!base.roles.includes(role) && !state.grants.has(grantKey(role, row.id))) changes.grant.push({ role, permissionId: row.id });
    }
    for (const role of base.roles) if (!row.roles.includes(role) && state.grants.has(grantKey(role, row.id))) changes.revoke.push({ role, permissionId: row.id });
  }
  const declaredIds = new Set(declared.map((row) => row.id));
  for (const id of state.applied.keys()) {
    if (declaredIds.has(id)) continue;
    changes.forgotten.push(id);
    if (state.rows.has(id)) changes.deletes.push(id);
  }
  return changes;
}

const sameFields = (a: DeclaredFields, b: DeclaredFields) => FIELD_NAMES.every((name) => a[name] === b[name]);
const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));

/** Reads what planMenuChanges compares against: the rows and grants of every declared or once-declared id. */
async function readState(db: Database, declared: readonly DeclaredRow[], roleIds: Map<string, string>): Promise<MenuState> {
  const appliedRows = await db.select().from(sysPermissionDeclared);
  const ids = [...new Set([...declared.map((row) => row.id), ...appliedRows.map((row) => row.id)])];
  const rows = await db.select().from(sysPermission).where(inArray(sysPermission.id, ids));
  const codeOf = new Map([...roleIds].map(([code, id]) => [id, code]));
  const grants = await db
    .select()
    .from(sysRolePermission)
    .where(inArray(sysRolePermission.roleId, [...roleIds.values()]));
  return {
    rows: new Map(rows.map((row) => [row.id, pickFields(row)])),
    applied: new Map(appliedRows.map((row) => [row.id, { fields: row.fields as DeclaredFields, roles: row.roles }])),
    grants: new Set(grants.map((grant) => grantKey(codeOf.get(grant.roleId)!, grant.permissionId))),
  };
}

const pickFields = (row: typeof sysPermission.$inferSelect): DeclaredFields => Object.fromEntries(FIELD_NAMES.map((name) => [name, row[name]])) as unknown as DeclaredFields;

/** Applies the declarations (contract/menus.ts) to the database; returns what it changed. Run inside the start-up lock. */
export async function syncDeclaredMenus(db: Database, menus: readonly MenuDeclaration[] = declaredMenus()): Promise<MenuChanges> {
  const declared = declaredRows(menus);
  const codes = [...new Set(declared.flatMap((row) => row.roles))];
  // A built-in role an administrator deleted gets no grants.
  const roleIds = new Map((await db.select({ id: sysRole.id, code: sysRole.roleCode }).from(sysRole).where(inArray(sysRole.roleCode, codes))).map((role) => [role.code, role.id]));
  const changes = planMenuChanges(declared, await readState(db, declared, roleIds));
  const grantRows = (list: MenuChanges['grant']) => list.flatMap(({ role, permissionId }) => (roleIds.has(role) ? [{ roleId: roleIds.get(role)!, permissionId }] : []));
  await db.transaction(async (tx) => {
    if (changes.inserts.length > 0) await tx.insert(sysPermission).values(changes.inserts.map((row) => ({ id: row.id, ...row.fields })));
    for (const { id, set } of changes.updates) await tx.update(sysPermission).set(set).where(eq(sysPermission.id, id));
    if (changes.deletes.length > 0) await tx.delete(sysPermission).where(inArray(sysPermission.id, changes.deletes));
    const granted = grantRows(changes.grant);
    if (granted.length > 0) await tx.insert(sysRolePermission).values(granted).onConflictDoNothing();
    for (const { roleId, permissionId } of grantRows(changes.revoke))
      await tx.delete(sysRolePermission).where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)));
    if (changes.forgotten.length > 0) await tx.delete(sysPermissionDeclared).where(inArray(sysPermissionDeclared.id, changes.forgotten));
    if (changes.applied.length > 0)
      await tx
        .insert(sysPermissionDeclared)
        .values(changes.applied.map((row) => ({ id: row.id, fields: row.fields, roles: row.roles })))
        .onConflictDoUpdate({ target: sysPermissionDeclared.id, set: { fields: sql`excluded.fields`, roles: sql`excluded.roles` } });
  });
  return changes;
}
