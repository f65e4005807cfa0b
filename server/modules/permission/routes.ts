import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  IFRAME_COMPONENT,
  PERMISSION_CODES,
  PERMISSION_MSG,
  ROLE_AUTHORIZE_PERMISSION,
  permissionEditSchema,
  permissionIdList,
  permissionSchema,
  permRuleQuerySchema,
  rolePermissionQuerySchema,
  saveRolePermissionSchema,
  type PermissionInput,
} from '@contract/permission-admin.ts';
import { idQuerySchema } from '@contract/resource.ts';
import { ROLE_MSG } from '@contract/role.ts';
import type { Database } from '../../db/database.ts';
import { sysPermission, sysRolePermission } from '../../db/schema.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, rolesOf, type App } from '../../types.ts';
import { timestampQuery } from '../log/schemas.ts';
import { ADMIN_ROLE_ID, findRole } from '../role/queries.ts';
import {
  ancestorsOf,
  authorizeChain,
  buttonCodeTaken,
  findPermission,
  hasChildren,
  permissionChooserTree,
  permissionTree,
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

/** The row to store after the checks the schema cannot make (the parent, loops, a taken code); fields a type does not use are cleared. */
async function storedValues(db: Database, input: PermissionInput, id: string | null) {
  const isButton = input.menuType === 2;
  const parentId = input.menuType === 0 ? null : blankToNull(input.parentId);
  if (parentId) {
    const parent = await findPermission(db, parentId);
    if (!parent) throw badRequest(PERMISSION_MSG.parentMissing);
    if (parent.menuType === 2) throw badRequest(PERMISSION_MSG.parentIsButton);
    if (id && (await ancestorsOf(db, parentId)).includes(id)) throw badRequest(PERMISSION_MSG.parentCycle);
  }
  const perms = isButton ? blankToNull(input.perms) : null;
  if (perms && (await buttonCodeTaken(db, perms, id))) throw badRequest(PERMISSION_MSG.permsTaken);
  const url = isButton ? null : blankToNull(input.url);
  const internalOrExternal = !isButton && (input.internalOrExternal ?? false);
  // An internal menu at an http(s) address is shown in a frame by the iframe page.
  const component = isButton || internalOrExternal ? null : (blankToNull(input.component) ?? (isHttp(url) ? IFRAME_COMPONENT : null));
  return {
    parentId,
    name: input.name.trim(),
    menuType: input.menuType,
    url,
    component,
    componentName: isButton ? null : blankToNull(input.componentName),
    redirect: isButton ? null : blankToNull(input.redirect),
    perms,
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

const pageQuery = z.object({ path: z.string().check(z.minLength(1), z.maxLength(500)) });

const guardsAuthorization = (row: PermissionRow) => row.menuType === 2 && row.perms === ROLE_AUTHORIZE_PERMISSION;

/**
 * Menus and button permissions: the user's own (getUserPermissionByToken), the editor (菜单管理) and
 * the role authorisation. Every read goes to the table, so a change reaches users at their next fetch.
 */
export default async function permissionRoutes(app: App) {
  const { db } = app;

  app.get('/sys/permission/getUserPermissionByToken', { config: { access: { permission: null, scope: 'self', beforePasswordChange: true } } }, async (request) => {
    const auth = requireAuth(request.auth);
    return ok(await userPermissions(app.db, rolesOf(auth)));
  });

  /** Whether an address is a page of the product (some live menu's), so the app shows 403 rather than 404 for one the user may not open. */
  app.get('/sys/permission/isPage', { config: { access: { permission: null, scope: 'all' } }, schema: { querystring: pageQuery } }, async (request) => {
    const [row] = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(eq(sysPermission.url, request.query.path), eq(sysPermission.delFlag, 0), ne(sysPermission.menuType, 2)))
      .limit(1);
    return ok(Boolean(row));
  });

  app.get('/sys/permission/list', { config: { access: access(PERMISSION_CODES.list) }, schema: { querystring: timestampQuery } }, async () =>
    ok(await permissionTree(db)),
  );

  app.post('/sys/permission/add', { config: { access: access(PERMISSION_CODES.add) }, schema: { body: permissionSchema } }, async (request) => {
    const values = await storedValues(db, request.body, null);
    const id = randomUUID();
    const [row] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(sysPermission)
        .values({ id, ...values })
        .returning();
      // A new node is granted to no one but the administrator role, so the administrator sees it and can grant it on.
      await tx.insert(sysRolePermission).values({ roleId: ADMIN_ROLE_ID, permissionId: id });
      return inserted;
    });
    return ok(toPermissionNode(row!), '添加成功！');
  });

  app.put('/sys/permission/edit', { config: { access: access(PERMISSION_CODES.edit) }, schema: { body: permissionEditSchema } }, async (request) => {
    const { id, ...input } = request.body;
    const existing = await findPermission(db, id);
    if (!existing) throw notFound(PERMISSION_MSG.notFound);
    if (input.menuType === 2 && existing.menuType !== 2 && (await hasChildren(db, id))) throw badRequest(PERMISSION_MSG.childrenToButton);
    const values = await storedValues(db, input, id);
    if (guardsAuthorization(existing) && values.perms !== ROLE_AUTHORIZE_PERMISSION) throw badRequest(PERMISSION_MSG.keepAuthorize);
    const [row] = await db.update(sysPermission).set(values).where(eq(sysPermission.id, id)).returning();
    return ok(toPermissionNode(row!), '编辑成功！');
  });

  app.delete('/sys/permission/delete', { config: { access: access(PERMISSION_CODES.remove) }, schema: { querystring: idQuerySchema } }, async (request) => {
    const { id } = request.query;
    const existing = await findPermission(db, id);
    if (!existing) throw notFound(PERMISSION_MSG.notFound);
    if (await hasChildren(db, id)) throw badRequest(PERMISSION_MSG.hasChildren);
    if (guardsAuthorization(existing)) throw badRequest(PERMISSION_MSG.keepAuthorize);
    await db.transaction(async (tx) => {
      await tx.delete(sysRolePermission).where(eq(sysRolePermission.permissionId, id));
      await tx.delete(sysPermission).where(eq(sysPermission.id, id));
    });
    return ok(null, '删除成功!');
  });

  app.get('/sys/permission/queryTreeList', { config: { access: access(ROLE_AUTHORIZE_PERMISSION) }, schema: { querystring: timestampQuery } }, async () =>
    ok(await permissionChooserTree(db)),
  );

  app.get(
    '/sys/permission/queryRolePermission',
    { config: { access: access(ROLE_AUTHORIZE_PERMISSION) }, schema: { querystring: rolePermissionQuerySchema } },
    async (request) => {
      const role = await findRole(db, request.query.roleId);
      if (!role) throw notFound(ROLE_MSG.notFound);
      return ok(await rolePermissionIds(db, role.id));
    },
  );

  app.post(
    '/sys/permission/saveRolePermission',
    { config: { access: access(ROLE_AUTHORIZE_PERMISSION) }, schema: { body: saveRolePermissionSchema } },
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
  const dataRules = { config: { access: access(PERMISSION_CODES.list) }, schema: { querystring: permRuleQuerySchema } };
  app.get('/sys/permission/getPermRuleListByPermId', dataRules, async () => ok([]));
  app.get('/sys/permission/queryPermissionRule', dataRules, async () => ok([]));
}
