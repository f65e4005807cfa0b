import { inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DEPART_RESOURCE, type DepartTreeNode } from '@contract/depart.ts';
import { idQuerySchema } from '@contract/resource.ts';
import { USER_PERMISSIONS } from '@contract/user-admin.ts';
import { sysDepart } from '../../db/schema.ts';
import { notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';
import { departIdTreeAnswer, departUsersAnswer } from './schemas.ts';
import { departIdTree, departInUse, departOrder, findDepart, liveDepart, toNode, usersOfDepart, type DepartRow } from './queries.ts';

const access = (permission: string) => ({ permission, scope: 'all' as const });
/** GETs carry the client's timestamp (_t, SPEC.md section 7). */
const timestamp = z.object({ _t: z.optional(z.string()) });

/** 部门管理: the tree resource (its tree, search, add/edit/delete refused while in use), the choosers' tree and a department's users. */
export default async function departRoutes(app: App) {
  const { db } = app;

  await registerResourceRoutes(app, {
    resource: DEPART_RESOURCE,
    table: sysDepart,
    idColumn: sysDepart.id,
    toRow: (row) => toNode(row as DepartRow),
    // A row's children are the tree's: a row alone has none.
    answers: { children: z.tuple([]) },
    live: liveDepart,
    tree: { order: departOrder, node: (row, children) => toNode(row as DepartRow, children as DepartTreeNode[]) },
    inUse: departInUse,
    write: {
      remove: async (tx, rows) => {
        await tx
          .update(sysDepart)
          .set({ delFlag: 1 })
          .where(
            inArray(
              sysDepart.id,
              rows.map((r) => String(r.id)),
            ),
          );
      },
    },
  });

  // The same tree for the user form's department chooser, which user administrators open.
  app.get('/sys/sysDepart/queryIdTree', { config: { access: access(USER_PERMISSIONS.list) }, schema: { querystring: timestamp, response: { 200: departIdTreeAnswer } } }, async () =>
    ok(await departIdTree(db)),
  );

  app.get('/sys/user/queryUserByDepId', { config: { access: access(USER_PERMISSIONS.list) }, schema: { querystring: idQuerySchema, response: { 200: departUsersAnswer } } }, async (request) => {
    if (!(await findDepart(db, request.query.id))) throw notFound('部门不存在');
    return ok(await usersOfDepart(db, request.query.id));
  });
}
