import { eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DICT_ITEM_RESOURCE, DICT_PERMISSIONS, DICT_RESOURCE, dictItemEditSchema, dictItemListSchema, dictItemSchema, loadDictQuerySchema } from '@contract/dict.ts';
import { idQuerySchema, idsQuerySchema, resourceUrl } from '@contract/resource.ts';
import { sysDict, sysDictItem } from '../../db/schema.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
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

const ITEM_NOT_FOUND = '字典项不存在';
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

  app.get(resourceUrl(DICT_ITEM_RESOURCE, 'list'), { config: { access: access(DICT_PERMISSIONS.list) }, schema: { querystring: dictItemListSchema } }, async (request) =>
    ok(await listDictItems(db, request.query)),
  );

  app.post(resourceUrl(DICT_ITEM_RESOURCE, 'add'), { config: { access: access(DICT_PERMISSIONS.add) }, schema: { body: dictItemSchema } }, async (request) => {
    const { dictId, status, ...input } = request.body;
    if (!(await findDict(db, dictId))) throw badRequest('字典不存在');
    if (await itemValueTaken(db, dictId, input.itemValue, null)) throw badRequest('数据值已存在');
    const [row] = await db
      .insert(sysDictItem)
      .values({ ...input, dictId, sortOrder: input.sortOrder ?? 0, status: statusNumber(status ?? '1') })
      .returning();
    return ok(toDictItemRow(row!), '添加成功！');
  });

  app.put(resourceUrl(DICT_ITEM_RESOURCE, 'edit'), { config: { access: access(DICT_PERMISSIONS.edit) }, schema: { body: dictItemEditSchema } }, async (request) => {
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

  app.delete(resourceUrl(DICT_ITEM_RESOURCE, 'delete'), { config: { access: access(DICT_PERMISSIONS.remove) }, schema: { querystring: idQuerySchema } }, async (request) => {
    await removeItems([request.query.id]);
    return ok(null, '删除成功!');
  });

  app.delete(resourceUrl(DICT_ITEM_RESOURCE, 'deleteBatch'), { config: { access: access(DICT_PERMISSIONS.remove) }, schema: { querystring: idsQuerySchema } }, async (request) => {
    const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 0) throw badRequest('请选择要删除的数据');
    await removeItems(ids);
    return ok(null, '删除成功!');
  });

  // Search selects of any logged-in user; like getDictItems, answered fresh every time.
  app.get(
    '/sys/dict/loadDict/:dict',
    {
      config: { access: { permission: null, scope: 'all' } },
      schema: { params: z.object({ dict: z.string().check(z.minLength(1), z.maxLength(64)) }), querystring: loadDictQuerySchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await loadDictOptions(db, request.params.dict, request.query.keyword?.trim() ?? '', request.query.pageSize));
    },
  );
}
