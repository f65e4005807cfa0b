import { and, asc, count, eq, ilike } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { DepartOptionRow } from '@contract/basic-data.ts';
import { pageQuerySchema, type PageResult } from '@contract/resource.ts';
import { sysDepart } from '../../db/schema.ts';
import { departScopeOf, inDeparts } from '../../lib/data-scope.ts';
import { ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { likePattern } from '../../lib/resource/search.ts';
import type { App } from '../../types.ts';
import { BASIC_BINDINGS, DEPART_CHOOSABLE, DEPART_SCOPE } from './bindings.ts';
import { departOptionPageAnswer } from './schemas.ts';

const departQuery = z.extend(pageQuerySchema, {
  departName: z.optional(z.string().check(z.maxLength(100))),
  id: z.optional(z.string().check(z.maxLength(64))),
});

/** 基础数据: the eight entities' routes, and the 院系 picker's list (DEPART_REF). */
export default async function basicRoutes(app: App) {
  const { db } = app;
  for (const binding of BASIC_BINDINGS) await registerResourceRoutes(app, binding);

  /**
   * 院系 for the pickers of majors and teachers: any logged-in user may search them (a department's name is no
   * secret: the department switcher shows it), and a department administrator gets only their own.
   */
  app.get('/basic/depart/list', { config: { access: { permission: null, scope: 'all' } }, schema: { querystring: departQuery, response: { 200: departOptionPageAnswer } } }, async (request) => {
    const { pageNo, pageSize, departName, id } = request.query;
    const departIds = await departScopeOf(db, request.auth);
    const where = and(
      DEPART_CHOOSABLE,
      departName?.trim() ? ilike(sysDepart.departName, likePattern(departName.trim())) : undefined,
      id ? eq(sysDepart.id, id) : undefined,
      departIds ? inDeparts(DEPART_SCOPE, departIds) : undefined,
    );
    const [records, [total]] = await Promise.all([
      db
        .select({ id: sysDepart.id, departName: sysDepart.departName, orgCode: sysDepart.orgCode })
        .from(sysDepart)
        .where(where)
        .orderBy(asc(sysDepart.sortNo), asc(sysDepart.orgCode))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ n: count() }).from(sysDepart).where(where),
    ]);
    const result: PageResult<DepartOptionRow> = { records, total: total?.n ?? 0, current: pageNo, size: pageSize };
    return ok(result);
  });
}
