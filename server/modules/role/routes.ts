import { ROLE_RESOURCE, type RoleTreeNode } from '@contract/role.ts';
import { USER_PERMISSIONS } from '@contract/user-admin.ts';
import { sysRole } from '../../db/schema.ts';
import { ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';
import { timestampQuery } from '../../lib/answers.ts';
import { roleOptionsAnswer, roleTreeAnswer } from './schemas.ts';
import { deleteRefusal, editRefusal, insertRoles, roleOptions, toRoleRow, type RoleRecord } from './queries.ts';

/** Roles: list, add, edit, delete through the resource routes, plus the choosers' lists. Grants are in the permission module. */
export default async function roleRoutes(app: App) {
  const { db } = app;

  await registerResourceRoutes(app, {
    resource: ROLE_RESOURCE,
    table: sysRole,
    idColumn: sysRole.id,
    toRow: (row) => toRoleRow(row as RoleRecord),
    inUse: deleteRefusal,
    check: (database, input, id) => (id ? editRefusal(database, id, input.roleCode) : Promise.resolve(null)),
    write: { insert: (tx, inputs) => insertRoles(tx, inputs) },
  });

  // The user form's role choice: whoever may list users may see the roles to give them.
  app.get('/sys/role/queryall', { config: { access: { permission: USER_PERMISSIONS.list, scope: 'all' } }, schema: { querystring: timestampQuery, response: { 200: roleOptionsAnswer } } }, async () =>
    ok(await roleOptions(db)),
  );

  app.get('/sys/role/queryTreeList', { config: { access: { permission: ROLE_RESOURCE.permissions.list, scope: 'all' } }, schema: { querystring: timestampQuery, response: { 200: roleTreeAnswer } } }, async () => {
    const nodes: RoleTreeNode[] = (await roleOptions(db)).map((r) => ({ key: r.id, value: r.id, title: r.roleName }));
    return ok(nodes);
  });
}
