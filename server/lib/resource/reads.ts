import { and, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import * as z from 'zod/mini';
import { idQuerySchema, resourceUrl, treeSearchQuerySchema } from '@contract/resource.ts';
import type { App } from '../../types.ts';
import { envelope } from '../answers.ts';
import { notFound, ok } from '../http.ts';
import { nestRows } from '../resource-tree.ts';
import type { Row } from './binding.ts';
import { type ResourceModel } from './model.ts';
import { likePattern } from './search.ts';
import { columnOf } from './columns.ts';

/** A resource's list and queryById (through the read cache), and a tree resource's tree, level and search. */

/** The list (a page, searched, in the caller's reach, cached) and one row by id. */
export function registerResourceReads(app: App, { binding, access, contextOf, findById, present, pagedList, listTables, listQuery, listPage, answers, resource, permissions }: ResourceModel) {
  if (pagedList) {
    app.get(resourceUrl(resource, 'list'), { config: { access: access(permissions.list) }, schema: { querystring: listQuery, response: { 200: answers.page } } }, async (request) => {
      const query = request.query as Row & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' };
      const context = await contextOf(request);
      const readPage = () => listPage(query, context);
      // Big pages (an export-sized pageSize) are read each time rather than held.
      if (!listTables || !app.config.readCache || query.pageSize > CACHED_PAGE_SIZE_MAX) return ok(await readPage());
      const key = `${resource.key}\u0000${context.departIds?.join(',') ?? '*'}\u0000${binding.pageVaries?.() ?? ''}\u0000${JSON.stringify(query)}`;
      return ok(await app.readCache.through(key, listTables, readPage));
    });
  }

  app.get(resourceUrl(resource, 'queryById'), { config: { access: access(permissions.list) }, schema: { querystring: idQuerySchema, response: { 200: envelope(answers.record) } } }, async (request) => {
    const row = await findById(request.query.id, await contextOf(request));
    if (!row) throw notFound(`${resource.title}不存在`);
    return ok(present([row])[0]);
  });
}

/** GETs carry the client's timestamp (_t, SPEC.md section 7). */
const timestampQuery = z.object({ _t: z.optional(z.string()) });

/** A tree's reads (ResourceDescription.tree): the whole tree, one level for choosers, and its search. */
export function registerTreeReads(app: App, { binding, access, tree, answers, db, resource, table, idColumn, permissions }: ResourceModel) {
  if (!tree || !binding.tree || !answers.nodes) return;
  const { node, levelNode, levelForEveryone } = binding.tree;
  const { api, search } = tree.description;
  app.get(api.tree, { config: { access: access(permissions.list) }, schema: { querystring: timestampQuery, response: { 200: answers.nodes } } }, async () => ok(nestRows(await tree.rows(), tree.keys, node)));

  if (api.search && search) {
    const columns = search.fields.map((name) => columnOf(table, name));
    app.get(api.search, { config: { access: access(permissions.list) }, schema: { querystring: treeSearchQuerySchema, response: { 200: answers.nodes } } }, async (request) => {
      const pattern = likePattern(request.query.keyWord.trim());
      return ok((await tree.rows(or(...columns.map((column) => ilike(column, pattern))))).map((row) => node(row, [])));
    });
  }

  if (api.level && levelNode && answers.levelNodes) {
    const { url, param, field } = api.level;
    const byColumn = columnOf(table, field);
    const levelQuery = z.object({ [param]: z.optional(z.string().check(z.maxLength(64, `${resource.title}不存在`))), _t: z.optional(z.string()) });
    const levelAccess = levelForEveryone ? { permission: null, scope: 'all' as const } : access(permissions.list);
    app.get(url, { config: { access: levelAccess }, schema: { querystring: levelQuery, response: { 200: answers.levelNodes } } }, async (request) => {
      const named = (request.query as Record<string, string | undefined>)[param]?.trim();
      let parentId: string | null = null;
      if (named) {
        const [parent] = await db
          .select({ id: idColumn })
          .from(table)
          .where(and(eq(byColumn, named), binding.live))
          .limit(1);
        if (!parent) throw notFound(`${resource.title}不存在`);
        parentId = String(parent.id);
      }
      const rows = await tree.rows(parentId ? eq(tree.parentColumn, parentId) : isNull(tree.parentColumn));
      const ids = rows.map((r) => String(r[tree.keys.id]));
      const parents =
        ids.length === 0
          ? []
          : await db
              .selectDistinct({ parent: tree.parentColumn })
              .from(table)
              .where(and(binding.live, inArray(tree.parentColumn, ids)));
      const withChildren = new Set(parents.map((p) => p.parent));
      return ok(rows.map((row) => levelNode(row, !withChildren.has(String(row[tree.keys.id])))));
    });
  }
}

/** The largest page the read cache holds. */
const CACHED_PAGE_SIZE_MAX = 100;
