import { and, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { idQuerySchema, idsQuerySchema, resourceUrl, type ResourceAction, type ResourceField } from '@contract/resource.ts';
import type { App } from '../../types.ts';
import { doneAnswer, envelope } from '../answers.ts';
import { badRequest, notFound, ok } from '../http.ts';
import type { Row, WriteContext } from './binding.ts';
import { type ResourceModel, storable } from './model.ts';
import { columnOf, fieldOf } from './columns.ts';

/** A resource's add, edit and delete, and its declared row actions. */

const CODE_KINDS = new Set(['dict', 'select']);
const NUMBER_TEXT = /^-?\d+$/;

/**
 * JeecgBoot's old client sends some dictionary codes as numbers (sex 1, status 2): in a body, a whole number where
 * a field takes a code (a dictionary or choice field, or an enum of number-like codes) that the field's schema
 * refuses as a number and takes as its text is stored as that text. Anything else is left for the schema to judge.
 */
export function codesAsText(schema: z.ZodMiniObject, fields: readonly ResourceField[]) {
  const codeKeys = Object.entries(schema.shape as Record<string, z.ZodMiniType>)
    .filter(([key, field]) => {
      const values = field._zod.values;
      const numberCodes = values !== undefined && [...values].every((v) => v === null || v === undefined || (typeof v === 'string' && NUMBER_TEXT.test(v)));
      return numberCodes || fields.some((f) => f.name === key && CODE_KINDS.has(f.kind));
    })
    .map(([key, field]) => ({ key, field }));
  return (body: unknown): unknown => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const input = { ...(body as Row) };
    for (const { key, field } of codeKeys) {
      const value = input[key];
      if (typeof value === 'number' && Number.isInteger(value) && !field.safeParse(value).success && field.safeParse(String(value)).success) input[key] = String(value);
    }
    return input;
  };
}

/** The route option that applies codesAsText to the body before it is checked. */
const codesFirst = (schema: z.ZodMiniObject, fields: readonly ResourceField[]) => {
  const normalize = codesAsText(schema, fields);
  return async (request: FastifyRequest) => {
    request.body = normalize(request.body);
  };
};

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
    const schema = { body: first!.schema, response: { 200: doneAnswer } };
    app.put(path, { config: { access: access(first!.permission) }, schema, preValidation: codesFirst(first!.schema, first!.fields ?? []) }, async (request) => {
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
export function registerResourceWrites(app: App, { binding, access, idField, contextOf, reach, readOnlyRefusal, rowById, findById, present, normalized, validate, insertRows, tree, answers, db, resource, table, idColumn, permissions }: ResourceModel) {
  const rowAnswer = envelope(answers.record);
  if (permissions.add) {
    app.post(resourceUrl(resource, 'add'), { config: { access: access(permissions.add) }, schema: { body: resource.createSchema, response: { 200: rowAnswer } }, preValidation: codesFirst(resource.createSchema, resource.fields) }, async (request) => {
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
    app.put(resourceUrl(resource, 'edit'), { config: { access: access(permissions.edit) }, schema: { body: resource.editSchema, response: { 200: rowAnswer } }, preValidation: codesFirst(resource.editSchema, resource.fields) }, (request) => edit(request, request.body as Row & { id: string }));
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
    app.delete(resourceUrl(resource, 'delete'), { config: { access: access(permissions.remove) }, schema: { querystring: idQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
      await remove([request.query.id], await contextOf(request));
      return ok(null, '删除成功!');
    });
    app.delete(resourceUrl(resource, 'deleteBatch'), { config: { access: access(permissions.remove) }, schema: { querystring: idsQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
      // JeecgBoot's client ends the list with a comma (ids=a,b,): empty parts and spaces are no ids.
      const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter(Boolean))];
      if (ids.length === 0) throw badRequest('请选择要删除的数据');
      await remove(ids, await contextOf(request));
      return ok(null, '删除成功!');
    });
  }

  /** 编辑 for a module that registers the shared path itself (ResourceBinding.editShared): the body checked here. */
  const editCodes = codesAsText(resource.editSchema, resource.fields);
  return async (request: FastifyRequest, body: unknown) => {
    const parsed = resource.editSchema.safeParse(editCodes(body));
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '数据格式不正确');
    return edit(request, parsed.data as Row & { id: string });
  };
}
