import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  IFRAME_COMPONENT,
  PERMISSION_MSG,
  PERMISSION_RESOURCE,
  ROLE_AUTHORIZE_PERMISSION,
  permissionIdList,
  permRuleQuerySchema,
  rolePermissionQuerySchema,
  saveRolePermissionSchema,
  type PermissionInput,
  type PermissionNode,
} from '@contract/permission-admin.ts';
import { ROLE_MSG } from '@contract/role.ts';
import type { Database } from '../../db/database.ts';
import { sysPermission, sysRolePermission } from '../../db/schema.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { ResourceBinding } from '../../lib/resource/binding.ts';
import { requireAuth, rolesOf, type App } from '../../types.ts';
import { doneAnswer, timestampQuery } from '../../lib/answers.ts';
import { ADMIN_ROLE_ID, findRole } from '../role/queries.ts';
import { menuLevelRoutes } from './menu-levels.ts';
import { dataRulesAnswer, isPageAnswer, permissionIdsAnswer, permissionTreeAnswer, userPermissionsAnswer } from './schemas.ts';
import {
  authorizeChain,
  buttonCodeTaken,
  findPermission,
  hasChildren,
  livePermission,
  permissionChooserTree,
  permissionOrder,
  replaceRolePermissions,
  rolePermissionIds,
  toPermissionNode,
  unknownPermissionIds,
  userPermissions,
  type PermissionRow,
} from './queries.ts';

const access = (permission: string) => ({ permission, scope: 'all' as const });
const blankToNull = (value: string | null | undefined) => value?.trim() || null;
const isHttp = (url: string | null) => url !== null && /^https?:\/\//.test(url);

/** The row to store from a validated node: fields its type does not use are cleared, the rest get their defaults. */
function storedValues(input: PermissionInput) {
  const isButton = input.menuType === 2;
  const url = isButton ? null : blankToNull(input.url);
  const internalOrExternal = !isButton && (input.internalOrExternal ?? false);
  return {
    parentId: input.menuType === 0 ? null : blankToNull(input.parentId),
    name: input.name.trim(),
    menuType: input.menuType,
    url,
    // An internal menu at an http(s) address is shown in a frame by the iframe page.
    component: isButton || internalOrExternal ? null : (blankToNull(input.component) ?? (isHttp(url) ? IFRAME_COMPONENT : null)),
    componentName: isButton ? null : blankToNull(input.componentName),
    redirect: isButton ? null : blankToNull(input.redirect),
    perms: isButton ? blankToNull(input.perms) : null,
    permsType: input.permsType ?? '1',
    status: input.status ?? '1',
    sortNo: input.sortNo ?? 0,
    icon: isButton ? null : blankToNull(input.icon),
    alwaysShow: !isButton && (input.alwaysShow ?? false),
    isRoute: !isButton && (input.route ?? true),
    keepAlive: !isButton && (input.keepAlive ?? false),
    hidden: !isButton && (input.hidden ?? false),
    internalOrExternal,
  };
}
type StoredValues = ReturnType<typeof storedValues>;

const guardsAuthorization = (row: Pick<PermissionRow, 'menuType' | 'perms'>) => row.menuType === 2 && row.perms === ROLE_AUTHORIZE_PERMISSION;

/** What the schema and the tree's rules cannot check: a menu with children turned into a button, a taken code, the administrators' authorisation. */
async function permissionRefusal(db: Database, values: StoredValues, id: string | null): Promise<string | null> {
  const existing = id ? await findPermission(db, id) : undefined;
  if (existing && values.menuType === 2 && existing.menuType !== 2 && (await hasChildren(db, existing.id))) return PERMISSION_MSG.childrenToButton;
  if (values.perms && (await buttonCodeTaken(db, values.perms, id))) return PERMISSION_MSG.permsTaken;
  return existing && guardsAuthorization(existing) && values.perms !== ROLE_AUTHORIZE_PERMISSION ? PERMISSION_MSG.keepAuthorize : null;
}

/** 菜单管理's rows as a tree resource. */
const PERMISSION_BINDING: ResourceBinding = {
  resource: PERMISSION_RESOURCE,
  table: sysPermission,
  idColumn: sysPermission.id,
  toRow: (row) => toPermissionNode(row as PermissionRow),
  answers: { menuType: z.union([z.literal(0), z.literal(1), z.literal(2)]), status: z.enum(['0', '1']), leaf: z.boolean() },
  live: livePermission,
  prepare: (input) => storedValues(input as PermissionInput),
  tree: { order: permissionOrder, node: (row, children) => toPermissionNode(row as PermissionRow, children as PermissionNode[]) },
  check: (db, input, id) => permissionRefusal(db, input as StoredValues, id),
  // Whoever deletes the button guarding role authorisation could never grant it again.
  inUse: async (db, ids) => {
    const rows = await db.select({ menuType: sysPermission.menuType, perms: sysPermission.perms }).from(sysPermission).where(inArray(sysPermission.id, ids));
    return rows.some(guardsAuthorization) ? PERMISSION_MSG.keepAuthorize : null;
  },
  write: {
    insert: async (tx, inputs) => {
      const rows = inputs.map((input) => ({ ...(input as StoredValues), id: randomUUID() }));
      await tx.insert(sysPermission).values(rows);
      // A new node is granted to no one but the administrator role, so the administrator sees it and can grant it on.
      await tx.insert(sysRolePermission).values(rows.map((row) => ({ roleId: ADMIN_ROLE_ID, permissionId: row.id })));
      return rows.map((row) => row.id);
    },
    remove: async (tx, rows) => {
      const ids = rows.map((row) => String(row.id));
      await tx.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, ids));
      await tx.delete(sysPermission).where(inArray(sysPermission.id, ids));
    },
  },
};

const pageQuery = z.object({ path: z.string().check(z.minLength(1), z.maxLength(500)) });

/**
 * Menus and button permissions: the user's own (getUserPermissionByToken), the editor (菜单管理) and
 * the role authorisation. Every read goes to the table, so a change reaches users at their next fetch.
 */
export default async function permissionRoutes(app: App) {
  const { db } = app;

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { access: { permission: null, scope: 'self', beforePasswordChange: true } }, schema: { response: { 200: userPermissionsAnswer } } },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok(await userPermissions(app.db, rolesOf(auth)));
    },
  );

  /** Whether an address is a page of the product (some live menu's), so the app shows 403 rather than 404 for one the user may not open. */
  app.get('/sys/permission/isPage', { config: { access: { permission: null, scope: 'all' } }, schema: { querystring: pageQuery, response: { 200: isPageAnswer } } }, async (request) => {
    const [row] = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(eq(sysPermission.url, request.query.path), livePermission, ne(sysPermission.menuType, 2)))
      .limit(1);
    return ok(Boolean(row));
  });

  await registerResourceRoutes(app, PERMISSION_BINDING);
  menuLevelRoutes(app);

  app.get('/sys/permission/queryTreeList', { config: { access: access(ROLE_AUTHORIZE_PERMISSION) }, schema: { querystring: timestampQuery, response: { 200: permissionTreeAnswer } } }, async () =>
    ok(await permissionChooserTree(db)),
  );

  app.get(
    '/sys/permission/queryRolePermission',
    { config: { access: access(ROLE_AUTHORIZE_PERMISSION) }, schema: { querystring: rolePermissionQuerySchema, response: { 200: permissionIdsAnswer } } },
    async (request) => {
      const role = await findRole(db, request.query.roleId);
      if (!role) throw notFound(ROLE_MSG.notFound);
      return ok(await rolePermissionIds(db, role.id));
    },
  );

  app.post(
    '/sys/permission/saveRolePermission',
    { config: { access: access(ROLE_AUTHORIZE_PERMISSION) }, schema: { body: saveRolePermissionSchema, response: { 200: doneAnswer } } },
    async (request) => {
      const role = await findRole(db, request.body.roleId);
      if (!role) throw notFound(ROLE_MSG.notFound);
      const ids = permissionIdList(request.body.permissionIds);
      if ((await unknownPermissionIds(db, ids)).length > 0) throw badRequest(PERMISSION_MSG.permissionMissing);
      // Whoever takes role authorisation from the administrators could never give it back.
      if (role.id === ADMIN_ROLE_ID && (await authorizeChain(db)).some((needed) => !ids.includes(needed))) throw badRequest(PERMISSION_MSG.keepAuthorize);
      await replaceRolePermissions(db, role.id, ids);
      return ok(null, '保存成功！');
    },
  );

  // Data rules (row filters per permission) are not supported: the editor's rule panel gets an empty list.
  const dataRules = { config: { access: access(PERMISSION_RESOURCE.permissions.list) }, schema: { querystring: permRuleQuerySchema, response: { 200: dataRulesAnswer } } };
  app.get('/sys/permission/getPermRuleListByPermId', dataRules, async () => ok([]));
  app.get('/sys/permission/queryPermissionRule', dataRules, async () => ok([]));
}
