import * as z from 'zod/mini';
import { CATEGORY_PERMISSIONS, CATEGORY_RESOURCE, categoryChildrenQuerySchema } from '@contract/category.ts';
import { sysCategory } from '../../db/schema.ts';
import { notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';
import { allCategories, categoryTree, childChoices, childrenRefusal, findByCode, parentRefusal, toRow, type CategoryRecord } from './queries.ts';

/** GETs carry the client's timestamp (_t, SPEC.md section 7). */
const timestamp = z.object({ _t: z.optional(z.string()) });

/** 分类字典: the generic list/add/edit/delete, the whole tree, and one level of it for choosers. */
export default async function categoryRoutes(app: App) {
  const { db } = app;

  await registerResourceRoutes(app, {
    resource: CATEGORY_RESOURCE,
    table: sysCategory,
    idColumn: sysCategory.id,
    toRow: (row) => toRow(row as CategoryRecord),
    check: (database, input, id) => (typeof input.pid === 'string' ? parentRefusal(database, input.pid, id) : Promise.resolve(null)),
    inUse: childrenRefusal,
  });

  app.get('/sys/category/loadTreeRoot', { config: { access: { permission: CATEGORY_PERMISSIONS.list, scope: 'all' } }, schema: { querystring: timestamp } }, async () =>
    ok(categoryTree(await allCategories(db))),
  );

  // Forms everywhere offer categories as choices: any logged-in user may read them.
  app.get('/sys/category/loadTreeData', { config: { access: { permission: null, scope: 'all' } }, schema: { querystring: categoryChildrenQuerySchema } }, async (request) => {
    const pcode = request.query.pcode?.trim();
    if (!pcode) return ok(await childChoices(db, null));
    const parent = await findByCode(db, pcode);
    if (!parent) throw notFound('分类不存在');
    return ok(await childChoices(db, parent.id));
  });
}
