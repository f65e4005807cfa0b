import { and, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { ROLE_MSG } from '@contract/role.ts';
import { USER_ADMIN_MSG, USER_PERMISSIONS as P } from '@contract/user-admin.ts';
import { sysUser, sysUserRole } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import type { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';
import { findRole } from '../role/queries.ts';

type UserResource = Awaited<ReturnType<typeof registerResourceRoutes>>;
/** A list query as the list's schema parses it (its shape is built from the resource, so typed loosely). */
type ListQuery = Parameters<UserResource['listPage']>[1];
type RoleListQuery = ListQuery & { roleId: string };

const access = (permission: string) => ({ permission, scope: 'all' as const });
const roleIdField = z.string({ error: '缺少参数 roleId' }).check(z.minLength(1, '缺少参数 roleId'), z.maxLength(64));
/** A comma list of ids, a trailing comma allowed (JeecgBoot's clients send them so), or an array. */
const idsOf = (value: string | string[]) => [...new Set((Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean))];

export const userAccessSaveSchema = z.object({
  roleId: roleIdField,
  userIds: z.union([z.string(), z.array(z.string())], { error: '请选择用户' }).check(z.refine((v) => idsOf(v).length > 0, { error: '请选择用户' }), z.refine((v) => idsOf(v).length <= 1000, { error: '一次最多选择1000个用户' })),
});

/**
 * The user queries SPEC.md section 7 lists beside /sys/user/list, each answering a page of the same list (same
 * columns, search fields, paging and sorting) with its own condition. The names are the old system's
 * (JeecgBoot conventions; SPEC shows no shapes): see each route.
 */
export function userListRoutes(app: App, users: UserResource) {
  const { db } = app;
  const { listQuery, listPage, pageAnswer } = users;

  const requireRole = async (roleId: string) => {
    if (!(await findRole(db, roleId))) throw notFound(ROLE_MSG.notFound);
  };

  /** queryPagelist: JeecgBoot's queryPageList, the paged user list itself, at its old address. */
  app.get('/sys/user/queryPagelist', { config: { access: access(P.list) }, schema: { querystring: listQuery, response: { 200: pageAnswer } } }, async (request) =>
    ok(await listPage(request, request.query as ListQuery)),
  );

  /** listyh: the users of one 用户类型 (yhlx: 0 教职工, 1 学生, 2 企业导师), paged; listByYhlx is its short unpaged form. */
  app.get(
    '/sys/user/listyh',
    { config: { access: access(P.list) }, schema: { querystring: z.extend(listQuery, { yhlx: z.enum(['0', '1', '2'], { error: '用户类型只能是0、1或2' }) }), response: { 200: pageAnswer } } },
    async (request) => ok(await listPage(request, request.query as ListQuery)),
  );

  /** listjsquery: the users holding a role (角色, js), paged: JeecgBoot's userRoleList of the role's 用户 screen. */
  app.get('/sys/user/listjsquery', { config: { access: access(P.list) }, schema: { querystring: z.extend(listQuery, { roleId: roleIdField }), response: { 200: pageAnswer } } }, async (request) => {
    const query = request.query as RoleListQuery;
    await requireRole(query.roleId);
    return ok(await listPage(request, query));
  });

  /**
   * listjsnotinptb01query: the users not holding the role, paged: whom 添加已有用户 may choose from. ("ptb01" names
   * the old system's table of role grants; here that is sys_user_role.)
   */
  app.get(
    '/sys/user/listjsnotinptb01query',
    { config: { access: access(P.list) }, schema: { querystring: z.extend(listQuery, { roleId: roleIdField }), response: { 200: pageAnswer } } },
    async (request) => {
      const { roleId, ...search } = request.query as RoleListQuery;
      await requireRole(roleId);
      return ok(await listPage(request, { ...search, notInRoleId: roleId }));
    },
  );

  /**
   * userAccessSave: gives a role to the users chosen (JeecgBoot's addSysUserRole, PUT as SPEC says); those who
   * hold it already keep it. A relation role (班主任, 指导教师) follows its relation and is never given.
   */
  app.put('/sys/user/userAccessSave', { config: { access: access(P.edit) }, schema: { body: userAccessSaveSchema, response: { 200: doneAnswer } } }, async (request) => {
    const body = request.body as z.infer<typeof userAccessSaveSchema>;
    const role = await findRole(db, body.roleId);
    if (!role) throw notFound(ROLE_MSG.notFound);
    if (role.relation) throw badRequest(USER_ADMIN_MSG.roleMissing);
    const userIds = idsOf(body.userIds);
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, userIds), eq(sysUser.delFlag, 0)));
    if (found.length !== userIds.length) throw notFound(USER_ADMIN_MSG.notFound);
    await db
      .insert(sysUserRole)
      .values(userIds.map((userId) => ({ userId, roleId: role.id })))
      .onConflictDoNothing();
    return ok(null, '保存成功！');
  });
}
