import { and, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idQuerySchema, idsQuerySchema, resourceUrl, type ResourceAction } from '@contract/resource.ts';
import type { App } from '../../types.ts';
import { badRequest, notFound, ok } from '../http.ts';
import type { Row, WriteContext } from './binding.ts';
import { type ResourceModel, storable } from './model.ts';
import { columnOf, fieldOf } from './columns.ts';

/** A resource's add, edit and delete, and its declared row actions. */

/**
 * The declared actions (ResourceDescription.actions), one route per path (冻结 and 解冻 share theirs): the body
 * checked by the action's schema, the rows it names found in the caller's reach (404 when one is not), and the
 * binding's handler run on them in one transaction.
 */
export function registerResourceActions(app: App, { binding, access, idField, contextOf, reach, db, resource, table }: ResourceModel) {
  const byPath = new Map<string, ResourceAction[]>();
  for (const action of resource.actions ?? []) byPath.set(action.path, [...(byPath.get(action.path) ?? []), action]);
  for (const [path, [first, ...others]] of byPath) {
    const handler = binding.actions?.[path];
    if (!handler) throw new Error(`action ${path} of ${resource.key} has no handler in its binding (ResourceBinding.actions)`);
    if (others.some((a) => a.permission !== first!.permission || a.schema !== first!.schema)) throw new Error(`the actions at ${path} of ${resource.key} differ in permission or schema`);
    app.put(path, { config: { access: access(first!.permission) }, schema: { body: first!.schema } }, async (request) => {
      const body = request.body as Row;
      const context = await contextOf(request);
      const refusal = handler.refuse?.(body, context);
      if (refusal) throw badRequest(refusal);
      const { field = idField, values } = handler.rows(body);
      const named = [...new Set(values)];
      const rows = (await db
        .select()
        .from(table)
        .where(and(inArray(columnOf(table, field), named), reach(context)))) as Row[];
      if (rows.length !== named.length) throw notFound(`${resource.title}不存在`);
      await db.transaction((tx) => handler.run(tx, rows, body, context));
      return ok(null, handler.message(body));
    });
  }
}

/** 添加, 编辑 and 删除 where the resource has their codes. */
export function registerResourceWrites(app: App, { binding, access, idField, contextOf, reach, readOnlyRefusal, rowById, findById, present, normalized, validate, insertRows, tree, db, resource, table, idColumn, permissions }: ResourceModel) {
  if (permissions.add) {
    app.post(resourceUrl(resource, 'add'), { config: { access: access(permissions.add) }, schema: { body: resource.createSchema } }, async (request) => {
      const context = await contextOf(request);
      const input = normalized(request.body as Row);
      await validate(input, null, context);
      const [id] = await db.transaction((tx) => insertRows(tx, [storable(table, input)], context));
      return ok(present([await rowById(id!)])[0], '添加成功！');
    });
  }

  /** 编辑: a body the edit schema has taken. */
  const edit = async (request: FastifyRequest, { id, ...body }: Row & { id: string }) => {
    const context = await contextOf(request);
    const input = normalized(body);
    const current = await findById(id, context);
    if (!current) throw notFound(`${resource.title}不存在`);
    readOnlyRefusal([current], context);
    await validate(input, current, context);
    const changes = 'updatedAt' in getTableColumns(table) ? { ...storable(table, input), updatedAt: new Date() } : storable(table, input);
    await db.transaction(async (tx) => {
      if (binding.write?.update) await binding.write.update(tx, current, changes, context);
      else await tx.update(table).set(changes).where(eq(idColumn, id));
    });
    return ok(present([await rowById(id)])[0], '编辑成功！');
  };
  if (permissions.edit && !binding.editShared) {
    app.put(resourceUrl(resource, 'edit'), { config: { access: access(permissions.edit) }, schema: { body: resource.editSchema } }, (request) => edit(request, request.body as Row & { id: string }));
  }

  if (permissions.remove) {
    /** The first row (in the order asked) that another table still refers to, as the rule's message. */
    const usedByRefusal = async (rows: Row[], ids: string[]): Promise<string | null> => {
      const counts = [];
      for (const rule of binding.usedBy ?? []) {
        const keyField = rule.key ? fieldOf(table, rule.key) : idField;
        const keys = rows.map((r) => r[keyField]).filter((v): v is string => typeof v === 'string');
        const found = await db
          .select({ key: rule.column, n: count() })
          .from(rule.table)
          .where(inArray(rule.column, keys))
          .groupBy(rule.column);
        counts.push({ rule, keyField, byKey: new Map(found.map((f) => [String(f.key), f.n])) });
      }
      for (const id of ids) {
        const row = rows.find((r) => r[idField] === id)!;
        for (const { rule, keyField, byKey } of counts) {
          const n = byKey.get(String(row[keyField])) ?? 0;
          if (n > 0) return rule.message(ids.length === 1 ? `该${resource.title}` : `${resource.title}“${String(row[resource.titleField])}”`, n);
        }
      }
      return null;
    };
    const remove = async (ids: string[], context: WriteContext) => {
      const found = (await db
        .select()
        .from(table)
        .where(and(inArray(idColumn, ids), reach(context)))) as Row[];
      if (found.length !== ids.length) throw notFound(`${resource.title}不存在`);
      readOnlyRefusal(found, context);
      const refusal = (tree ? await tree.childrenRefusal(ids) : null) ?? (binding.inUse ? await binding.inUse(db, ids) : null) ?? (await usedByRefusal(found, ids));
      if (refusal) throw badRequest(refusal);
      await db.transaction(async (tx) => {
        if (binding.write?.remove) await binding.write.remove(tx, found, context);
        else await tx.delete(table).where(inArray(idColumn, ids));
      });
    };
    app.delete(resourceUrl(resource, 'delete'), { config: { access: access(permissions.remove) }, schema: { querystring: idQuerySchema } }, async (request) => {
      await remove([request.query.id], await contextOf(request));
      return ok(null, '删除成功!');
    });
    app.delete(resourceUrl(resource, 'deleteBatch'), { config: { access: access(permissions.remove) }, schema: { querystring: idsQuerySchema } }, async (request) => {
      const ids = [...new Set(request.query.ids.split(',').filter(Boolean))];
      if (ids.length === 0) throw badRequest('请选择要删除的数据');
      await remove(ids, await contextOf(request));
      return ok(null, '删除成功!');
    });
  }

  /** 编辑 for a module that registers the shared path itself (ResourceBinding.editShared): the body checked here. */
  return async (request: FastifyRequest, body: unknown) => {
    const parsed = resource.editSchema.safeParse(body);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '数据格式不正确');
    return edit(request, parsed.data as Row & { id: string });
  };
}
