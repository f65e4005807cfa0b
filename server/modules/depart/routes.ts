import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DEPART_PERMISSIONS, departEditSchema, departSchema, departSearchSchema, type DepartInput } from '@contract/depart.ts';
import { idQuerySchema, idsQuerySchema } from '@contract/resource.ts';
import { sysDepart } from '../../db/schema.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import {
  deleteRefusal,
  departTree,
  findDepart,
  idTree,
  liveDeparts,
  orgCodeTaken,
  searchDeparts,
  selfAndDescendants,
  softDelete,
  toNode,
  usersOfDepart,
} from './queries.ts';

const NOT_FOUND = '部门不存在';
const USER_LIST = 'system:user:list';
const access = (permission: string) => ({ permission, scope: 'all' as const });
/** GETs carry the client's timestamp (_t, SPEC.md section 7). */
const timestamp = z.object({ _t: z.optional(z.string()) });

/** 部门管理: the tree, its search, add/edit/delete (refused while in use) and a department's users. */
export default async function departRoutes(app: App) {
  const { db } = app;

  app.get('/sys/sysDepart/queryTreeList', { config: { access: access(DEPART_PERMISSIONS.list) }, schema: { querystring: timestamp } }, async () =>
    ok(departTree(await liveDeparts(db))),
  );

  // The same tree for the user form's department chooser, which user administrators open.
  app.get('/sys/sysDepart/queryIdTree', { config: { access: access(USER_LIST) }, schema: { querystring: timestamp } }, async () =>
    ok(idTree(departTree(await liveDeparts(db)))),
  );

  app.get('/sys/sysDepart/searchBy', { config: { access: access(DEPART_PERMISSIONS.list) }, schema: { querystring: departSearchSchema } }, async (request) =>
    ok(await searchDeparts(db, request.query.keyWord.trim())),
  );

  /** The parent a department may have: one that exists, not itself nor under it. Null: top level. */
  const checkedParent = async (parentId: string | null, selfId: string | null): Promise<string | null> => {
    if (!parentId) return null;
    const rows = await liveDeparts(db);
    if (!rows.some((r) => r.id === parentId)) throw badRequest('上级部门不存在');
    if (selfId && selfAndDescendants(rows, selfId).has(parentId)) throw badRequest('上级部门不能是自己或下级部门');
    return parentId;
  };

  const checkOrgCode = async (orgCode: string, selfId: string | null) => {
    if (await orgCodeTaken(db, orgCode, selfId)) throw badRequest('机构编码已存在');
  };

  app.post('/sys/sysDepart/add', { config: { access: access(DEPART_PERMISSIONS.add) }, schema: { body: departSchema } }, async (request) => {
    const input: DepartInput = request.body;
    const parentId = await checkedParent(input.parentId ?? null, null);
    await checkOrgCode(input.orgCode, null);
    const [row] = await db
      .insert(sysDepart)
      .values({ departName: input.departName.trim(), orgCode: input.orgCode, orgType: input.orgType, parentId, sortNo: input.sortNo ?? 0 })
      .returning();
    return ok(toNode(row!), '添加成功！');
  });

  app.put('/sys/sysDepart/edit', { config: { access: access(DEPART_PERMISSIONS.edit) }, schema: { body: departEditSchema } }, async (request) => {
    const { id, ...input } = request.body;
    if (!(await findDepart(db, id))) throw notFound(NOT_FOUND);
    const parentId = input.parentId === undefined ? undefined : await checkedParent(input.parentId, id);
    await checkOrgCode(input.orgCode, id);
    const [row] = await db
      .update(sysDepart)
      .set({ departName: input.departName.trim(), orgCode: input.orgCode, orgType: input.orgType, parentId, sortNo: input.sortNo ?? undefined })
      .where(eq(sysDepart.id, id))
      .returning();
    return ok(toNode(row!), '编辑成功！');
  });

  const remove = async (ids: string[]) => {
    for (const id of ids) if (!(await findDepart(db, id))) throw notFound(NOT_FOUND);
    const refusal = await deleteRefusal(db, ids);
    if (refusal) throw badRequest(refusal);
    await softDelete(db, ids);
  };

  app.delete('/sys/sysDepart/delete', { config: { access: access(DEPART_PERMISSIONS.remove) }, schema: { querystring: idQuerySchema } }, async (request) => {
    await remove([request.query.id]);
    return ok(null, '删除成功!');
  });

  app.delete('/sys/sysDepart/deleteBatch', { config: { access: access(DEPART_PERMISSIONS.remove) }, schema: { querystring: idsQuerySchema } }, async (request) => {
    const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 0) throw badRequest('请选择要删除的数据');
    await remove(ids);
    return ok(null, '删除成功!');
  });

  app.get('/sys/user/queryUserByDepId', { config: { access: access(USER_LIST) }, schema: { querystring: idQuerySchema } }, async (request) => {
    if (!(await findDepart(db, request.query.id))) throw notFound(NOT_FOUND);
    return ok(await usersOfDepart(db, request.query.id));
  });
}
