import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { MSG } from '@contract/messages.ts';
import { USER_ADMIN_MSG, USER_RESOURCE, type UserAdminRow } from '@contract/user-admin.ts';
import type { Database } from '../../db/database.ts';
import { sysDepart, sysRole, sysSession, sysUser, sysUserDepart, sysUserRole } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { badRequest, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { RelatedValues, ResourceBinding, Tx } from '../../lib/resource/binding.ts';
import type { App } from '../../types.ts';
import { userListRoutes } from './list-routes.ts';
import { ROLE_BY_TYPE, accountDetails } from './queries.ts';
import { roleIdsAnswer, usernameFreeAnswer, usersOfTypeAnswer } from './schemas.ts';

type Row = Record<string, unknown>;
type UserRecord = typeof sysUser.$inferSelect;

const P = USER_RESOURCE.permissions;
const access = (permission: string) => ({ permission, scope: 'all' as const });
const live = eq(sysUser.delFlag, 0);

/** The distinct ids of a comma list (JeecgBoot's form sends roles and departments so). */
const commaIds = (list: unknown) => [...new Set((typeof list === 'string' ? list : '').split(',').map((s) => s.trim()).filter(Boolean))];
/** The roles a body gives: selectedroles, or SPEC.md section 3's roleIds. */
const roleIdsOf = (input: Row) => commaIds(input.selectedroles ?? input.roleIds);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The columns the user form edits, from its validated input: blanks as none. */
const detailValues = (input: Row) => ({
  realname: String(input.realname),
  workNo: String(input.workNo),
  yhlx: String(input.yhlx),
  sex: input.sex === '1' || input.sex === '2' ? Number(input.sex) : null,
  birthday: text(input.birthday),
  email: text(input.email),
  phone: text(input.phone),
  telephone: text(input.telephone),
  post: text(input.post),
  orgCode: text(input.orgCode),
});

const toRow = (user: UserRecord): Omit<UserAdminRow, 'selectedroles' | 'roleNames' | 'selecteddeparts' | 'departNames'> => ({
  ...accountDetails(user),
  sex: user.sex === 1 || user.sex === 2 ? String(user.sex) : null,
  status: user.status,
  createTime: user.createdAt.toISOString(),
});

/**
 * A list of the user's roles (by code) or live departments (by sort number), '' for none. The subqueries name
 * their tables and the user's column in full: drizzle leaves columns unqualified in a query without joins, where
 * "id" would be the role's.
 */
const userIdColumn = sql`${sysUser}.${sql.identifier(sysUser.id.name)}`;
const roleList = (column: 'id' | 'role_name', separator: string) =>
  sql<string>`coalesce((select string_agg(r.${sql.identifier(column)}, ${separator} order by r.role_code) from ${sysUserRole} ur join ${sysRole} r on r.id = ur.role_id where ur.user_id = ${userIdColumn}), '')`;
const departList = (column: 'id' | 'depart_name', separator: string) =>
  sql<string>`coalesce((select string_agg(d.${sql.identifier(column)}, ${separator} order by d.sort_no) from ${sysUserDepart} ud join ${sysDepart} d on d.id = ud.depart_id where ud.user_id = ${userIdColumn} and d.del_flag = 0), '')`;

/** Each user's roles and departments, as the form keeps them (comma lists of ids) and the list shows them (names). */
const MEMBERSHIP: RelatedValues = {
  columns: { selectedroles: roleList('id', ','), roleNames: roleList('role_name', '，'), selecteddeparts: departList('id', ','), departNames: departList('depart_name', '，') },
  reads: [sysRole, sysUserDepart, sysDepart],
  untracked: [sysUserRole],
  answers: { selectedroles: z.string(), roleNames: z.string(), selecteddeparts: z.string(), departNames: z.string() },
};

/** Roles that exist and can be given (a relation role comes with its relation), and live departments. */
async function linkRefusal(db: Database, input: Row): Promise<string | null> {
  const [roleIds, departIds] = [roleIdsOf(input), commaIds(input.selecteddeparts)];
  if (roleIds.length > 0) {
    const [found] = await db.select({ n: count() }).from(sysRole).where(and(inArray(sysRole.id, roleIds), isNull(sysRole.relation)));
    if ((found?.n ?? 0) !== roleIds.length) return USER_ADMIN_MSG.roleMissing;
  }
  if (departIds.length > 0) {
    const [found] = await db
      .select({ n: count() })
      .from(sysDepart)
      .where(and(inArray(sysDepart.id, departIds), eq(sysDepart.delFlag, 0)));
    if ((found?.n ?? 0) !== departIds.length) return USER_ADMIN_MSG.departMissing;
  }
  return null;
}

async function replaceLinks(tx: Tx, userId: string, roleIds: string[], departIds: string[]) {
  await tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length > 0) await tx.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
  await tx.delete(sysUserDepart).where(eq(sysUserDepart.userId, userId));
  if (departIds.length > 0) await tx.insert(sysUserDepart).values(departIds.map((departId) => ({ userId, departId })));
}

/** A frozen account or a new password ends the account's sessions at once, not when they expire. */
const revokeSessionsOf = (tx: Tx, userIds: string[]) =>
  tx
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sysSession.userId, userIds), isNull(sysSession.revokedAt)));

/** 用户管理 (SPEC.md section 7, /sys/user/*) on the resource machinery: the list, the form, Excel, 冻结/解冻 and 重置密码. */
const USER_BINDING: ResourceBinding = {
  resource: USER_RESOURCE,
  table: sysUser,
  idColumn: sysUser.id,
  toRow: (row) => toRow(row as UserRecord),
  answers: { sex: z.nullable(z.enum(['1', '2'])) },
  live,
  related: MEMBERSHIP,
  computedSearch: {
    status: (value) => (value === '1' || value === '2' ? eq(sysUser.status, Number(value)) : undefined),
    // For API callers (JeecgBoot's departId): the users of one department.
    departId: (value) => sql`exists (select 1 from ${sysUserDepart} ud where ud.user_id = ${userIdColumn} and ud.depart_id = ${value})`,
    // The users holding a role, and those not holding it (list-routes.ts: listjsquery, listjsnotinptb01query).
    roleId: (value) => sql`exists (select 1 from ${sysUserRole} ur where ur.user_id = ${userIdColumn} and ur.role_id = ${value})`,
    notInRoleId: (value) => sql`not exists (select 1 from ${sysUserRole} ur where ur.user_id = ${userIdColumn} and ur.role_id = ${value})`,
  },
  check: linkRefusal,
  editShared: true,
  write: {
    async insert(tx, inputs, { imported }) {
      const hashes = await Promise.all(inputs.map((input) => hashPassword(String(input.password))));
      const created = await tx
        .insert(sysUser)
        .values(inputs.map((input, i) => ({ username: String(input.username), passwordHash: hashes[i]!, ...detailValues(input), currentDepartId: commaIds(input.selecteddeparts)[0] ?? null })))
        .returning({ id: sysUser.id, yhlx: sysUser.yhlx });
      if (imported) {
        // Like a registration, an imported account starts with the role of its user type.
        const roles = await tx.select({ id: sysRole.id, code: sysRole.roleCode }).from(sysRole);
        const links = created.flatMap((user) => roles.filter((r) => r.code === ROLE_BY_TYPE[user.yhlx]).map((r) => ({ userId: user.id, roleId: r.id })));
        if (links.length > 0) await tx.insert(sysUserRole).values(links);
      } else {
        for (const [i, user] of created.entries()) await replaceLinks(tx, user.id, roleIdsOf(inputs[i]!), commaIds(inputs[i]!.selecteddeparts));
      }
      return created.map((user) => user.id);
    },
    async update(tx, current, changes) {
      const userId = String(current.id);
      const departIds = commaIds(changes.selecteddeparts);
      const currentDepartId = typeof current.currentDepartId === 'string' && departIds.includes(current.currentDepartId) ? current.currentDepartId : (departIds[0] ?? null);
      await tx
        .update(sysUser)
        .set({ ...detailValues(changes), currentDepartId, updatedAt: new Date() })
        .where(eq(sysUser.id, userId));
      await replaceLinks(tx, userId, roleIdsOf(changes), departIds);
    },
  },
  actions: {
    '/sys/user/frozenBatch': {
      rows: (body) => ({ values: commaIds(body.ids) }),
      refuse: (body, { userId }) => (body.status === '2' && userId !== null && commaIds(body.ids).includes(userId) ? USER_ADMIN_MSG.freezeSelf : null),
      async run(tx, users, body) {
        const status = Number(body.status);
        const ids = users.map((user) => String(user.id));
        await tx.update(sysUser).set({ status, updatedAt: new Date() }).where(inArray(sysUser.id, ids));
        if (status === 2) await revokeSessionsOf(tx, ids);
      },
      message: (body) => (body.status === '2' ? USER_ADMIN_MSG.frozen : USER_ADMIN_MSG.unfrozen),
    },
    '/sys/user/changPassword': {
      rows: (body) => ({ field: 'username', values: [String(body.username)] }),
      async run(tx, [user], body) {
        const passwordHash = await hashPassword(String(body.password));
        await tx.update(sysUser).set({ passwordHash, updatedAt: new Date() }).where(eq(sysUser.id, String(user!.id)));
        await revokeSessionsOf(tx, [String(user!.id)]);
      },
      message: () => USER_ADMIN_MSG.passwordReset,
    },
  },
};

/**
 * 用户管理's routes and lookups. PUT /sys/user/edit is shared with the profile save (see routes.ts): the
 * administrator's edit, and what it answers, is what this resolves to.
 */
export async function userAdminRoutes(app: App) {
  const { db } = app;
  const users = await registerResourceRoutes(app, USER_BINDING);
  userListRoutes(app, users);

  app.get('/sys/user/queryUserRole', { config: { access: access(P.list) }, schema: { querystring: z.object({ userid: z.string({ error: '缺少参数 userid' }) }), response: { 200: roleIdsAnswer } } }, async (request) => {
    const rows = await db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, request.query.userid));
    return ok(rows.map((r) => r.roleId));
  });

  app.get('/sys/user/checkOnlyUser', { config: { access: access(P.list) }, schema: { querystring: z.object({ username: z.string({ error: MSG.usernameRequired }) }), response: { 200: usernameFreeAnswer } } }, async (request) => {
    const [row] = await db.select({ n: count() }).from(sysUser).where(eq(sysUser.username, request.query.username));
    if ((row?.n ?? 0) > 0) throw badRequest(USER_ADMIN_MSG.usernameTaken);
    return ok(true, '该用户名可用');
  });

  app.get(
    '/sys/user/listByYhlx',
    { config: { access: access(P.list) }, schema: { querystring: z.object({ yhlx: z.enum(['0', '1', '2'], { error: '用户类型只能是0、1或2' }) }), response: { 200: usersOfTypeAnswer } } },
    async (request) => {
      const rows = await db
        .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
        .from(sysUser)
        .where(and(eq(sysUser.yhlx, request.query.yhlx), eq(sysUser.status, 1), live))
        .orderBy(asc(sysUser.username));
      return ok(rows);
    },
  );

  return { edit: users.edit, recordAnswer: users.recordAnswer };
}
