import { and, asc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DICT_ITEM_RESOURCE, DICT_PERMISSIONS, DICT_RESOURCE, dictItemEditSchema, dictItemListSchema, dictItemSchema, loadDictQuerySchema } from '@contract/dict.ts';
import { idQuerySchema, idsQuerySchema, resourceUrl } from '@contract/resource.ts';
import { dt02, sysDict, sysDictItem } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { likePattern } from '../../lib/resource/search.ts';
import type { App } from '../../types.ts';
import {
  builtInAmong,
  builtInRenamed,
  findDict,
  findDictItem,
  itemValueTaken,
  listDictItems,
  loadDictOptions,
  statusNumber,
  toDictItemRow,
  toDictRow,
} from './queries.ts';
import { dictItemAnswer, dictItemPageAnswer, dictOptionsAnswer, unitsAnswer } from './schemas.ts';

const ITEM_NOT_FOUND = '字典项不存在';
const DICT_CODE_TAKEN = '字典编码已存在';
const dictCodeCheckSchema = z.object({
  dictCode: z.string({ error: '请输入字典编码' }).check(z.minLength(1, '请输入字典编码'), z.maxLength(64, '字典编码不能超过64个字符')),
  id: z.optional(z.string().check(z.maxLength(64))),
  _t: z.optional(z.string()),
});
const unitListQuerySchema = z.object({ keyword: z.optional(z.string().check(z.maxLength(64))), _t: z.optional(z.string()) });
const access = (permission: string) => ({ permission, scope: 'all' as const });

/**
 * 数据字典: dictionaries are a plain resource; their items are listed and written per dictionary.
 * Browsers keep dictionaries on the device and refresh them in the background (src/offline/dicts.ts),
 * so a change shows at their next refresh.
 */
export default async function dictRoutes(app: App) {
  const { db } = app;

  await registerResourceRoutes(app, {
    resource: DICT_RESOURCE,
    table: sysDict,
    idColumn: sysDict.id,
    toRow: (row) => toDictRow(row as typeof sysDict.$inferSelect),
    inUse: builtInAmong,
    check: (checkDb, input, id) => builtInRenamed(checkDb, id, input.dictCode),
  });

  app.get(resourceUrl(DICT_ITEM_RESOURCE, 'list'), { config: { access: access(DICT_PERMISSIONS.list) }, schema: { querystring: dictItemListSchema, response: { 200: dictItemPageAnswer } } }, async (request) =>
    ok(await listDictItems(db, request.query)),
  );

  app.post(resourceUrl(DICT_ITEM_RESOURCE, 'add'), { config: { access: access(DICT_PERMISSIONS.add) }, schema: { body: dictItemSchema, response: { 200: dictItemAnswer } } }, async (request) => {
    const { dictId, status, ...input } = request.body;
    if (!(await findDict(db, dictId))) throw badRequest('字典不存在');
    if (await itemValueTaken(db, dictId, input.itemValue, null)) throw badRequest('数据值已存在');
    const [row] = await db
      .insert(sysDictItem)
      .values({ ...input, dictId, sortOrder: input.sortOrder ?? 0, status: statusNumber(status ?? '1') })
      .returning();
    return ok(toDictItemRow(row!), '添加成功！');
  });

  app.put(resourceUrl(DICT_ITEM_RESOURCE, 'edit'), { config: { access: access(DICT_PERMISSIONS.edit) }, schema: { body: dictItemEditSchema, response: { 200: dictItemAnswer } } }, async (request) => {
    const { id, status, ...input } = request.body;
    const item = await findDictItem(db, id);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    if (await itemValueTaken(db, item.dictId, input.itemValue, id)) throw badRequest('数据值已存在');
    const [row] = await db
      .update(sysDictItem)
      .set({ ...input, sortOrder: input.sortOrder ?? undefined, status: status === undefined ? undefined : statusNumber(status) })
      .where(eq(sysDictItem.id, id))
      .returning();
    return ok(toDictItemRow(row!), '编辑成功！');
  });

  const removeItems = async (ids: string[]) => {
    const found = await db.select({ id: sysDictItem.id }).from(sysDictItem).where(inArray(sysDictItem.id, ids));
    if (found.length !== ids.length) throw notFound(ITEM_NOT_FOUND);
    await db.delete(sysDictItem).where(inArray(sysDictItem.id, ids));
  };

  app.delete(resourceUrl(DICT_ITEM_RESOURCE, 'delete'), { config: { access: access(DICT_PERMISSIONS.remove) }, schema: { querystring: idQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    await removeItems([request.query.id]);
    return ok(null, '删除成功!');
  });

  app.delete(resourceUrl(DICT_ITEM_RESOURCE, 'deleteBatch'), { config: { access: access(DICT_PERMISSIONS.remove) }, schema: { querystring: idsQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 0) throw badRequest('请选择要删除的数据');
    await removeItems(ids);
    return ok(null, '删除成功!');
  });

  /**
   * getDictBhyz (编号验证): whether a dictionary code is free, for the dictionary form as it is typed; id is the
   * dictionary being edited. Answered as /sys/duplicate/check answers (HTTP 200, success false when taken), so
   * the old client's validator reads it alike. For holders of the form's code (add, or edit with an id).
   */
  app.get(
    '/sys/dict/getDictBhyz',
    {
      config: { access: { permission: (_body, query) => ((query as { id?: unknown } | undefined)?.id ? DICT_PERMISSIONS.edit : DICT_PERMISSIONS.add), scope: 'all' } },
      // Taken is answered success false, code 500 (the same envelope), as /sys/duplicate/check answers.
      schema: { querystring: dictCodeCheckSchema, response: { 200: doneAnswer } },
    },
    async (request, reply) => {
      const { dictCode, id } = request.query;
      const [taken] = await db
        .select({ id: sysDict.id })
        .from(sysDict)
        .where(and(eq(sysDict.dictCode, dictCode.trim()), id ? ne(sysDict.id, id) : undefined))
        .limit(1);
      if (taken) return reply.send({ success: false, message: DICT_CODE_TAKEN, code: 500, result: null, timestamp: Date.now() });
      return ok(null, '该值可用！');
    },
  );

  /**
   * listdw: the 单位 list (dt02, the table behind dictionary dt0201, which a user's orgCode names), for any
   * logged-in user's choosers as getDictItems/dt0201 is; JeecgBoot's list of rows, not a page, by sort order.
   */
  app.get('/listdw', { config: { access: { permission: null, scope: 'all' } }, schema: { querystring: unitListQuerySchema, response: { 200: unitsAnswer } } }, async (request) => {
    const keyword = request.query.keyword?.trim();
    const rows = await db
      .select({ id: dt02.id, dwdm: dt02.dwdm, dwmc: dt02.dwmc })
      .from(dt02)
      .where(and(eq(dt02.delFlag, 0), keyword ? or(ilike(dt02.dwmc, likePattern(keyword)), ilike(dt02.dwdm, likePattern(keyword))) : undefined))
      .orderBy(asc(dt02.sortNo), asc(dt02.dwdm));
    return ok(rows);
  });

  // Search selects of any logged-in user; like getDictItems, answered fresh every time.
  app.get(
    '/sys/dict/loadDict/:dict',
    {
      config: { access: { permission: null, scope: 'all' } },
      schema: { params: z.object({ dict: z.string().check(z.minLength(1), z.maxLength(64)) }), querystring: loadDictQuerySchema, response: { 200: dictOptionsAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await loadDictOptions(db, request.params.dict, request.query.keyword?.trim() ?? '', request.query.pageSize));
    },
  );
}
