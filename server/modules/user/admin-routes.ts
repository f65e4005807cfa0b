import multipart from '@fastify/multipart';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { MSG } from '@contract/messages.ts';
import { exportFields, pageQuerySchema, type PageResult, type ResourceField } from '@contract/resource.ts';
import { USER_ADMIN_MSG, USER_RESOURCE, frozenBatchSchema, resetPasswordSchema, userAddSchema, userEditSchema, userImportSchema, type UserAdminRow, type UserEditInput, type UserImportInput } from '@contract/user-admin.ts';
import type { Database } from '../../db/database.ts';
import { sysDepart, sysRole, sysSession, sysUser, sysUserDepart, sysUserRole } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { IMPORT_MAX_BYTES, buildTemplate, buildWorkbook, excelColumns, sendWorkbook } from '../../lib/excel.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { checkImportRows, choiceValue, type ImportRow, type RowIssue } from '../../lib/import-rows.ts';
import { likePattern, takenMessage, uniqueRefusals } from '../../lib/resource-routes.ts';
import { requireAuth, type App } from '../../types.ts';
import { ROLE_BY_TYPE } from './queries.ts';

const P = USER_RESOURCE.permissions;
const access = (permission: string) => ({ permission, scope: 'all' as const });
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const listQuery = z.extend(pageQuerySchema, {
  username: z.optional(z.string().check(z.maxLength(64))),
  realname: z.optional(z.string().check(z.maxLength(64))),
  workNo: z.optional(z.string().check(z.maxLength(64))),
  phone: z.optional(z.string().check(z.maxLength(32))),
  yhlx: z.optional(z.string().check(z.maxLength(2))),
  status: z.optional(z.string().check(z.maxLength(2))),
  departId: z.optional(z.string().check(z.maxLength(64))),
});
const SORTABLE = { username: sysUser.username, realname: sysUser.realname, workNo: sysUser.workNo, createTime: sysUser.createdAt } as const;

const ids = (list: string | null | undefined) => [...new Set((list ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
const blankToNull = (value: string | null | undefined) => (value ? value : null);
const live = eq(sysUser.delFlag, 0);

/** The columns the user form edits, from its validated input. */
const detailValues = (input: Omit<UserEditInput, 'id'>) => ({
  realname: input.realname,
  workNo: input.workNo,
  yhlx: input.yhlx,
  sex: input.sex ? Number(input.sex) : null,
  birthday: blankToNull(input.birthday),
  email: blankToNull(input.email),
  phone: blankToNull(input.phone),
  telephone: blankToNull(input.telephone),
  post: blankToNull(input.post),
  orgCode: blankToNull(input.orgCode),
});

/** Roles and departments of many users at once, as comma lists. */
async function membership(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { roleIds: string[]; roleNames: string[]; departIds: string[]; departNames: string[] }>();
  const [roles, departs] = await Promise.all([
    db
      .select({ userId: sysUserRole.userId, id: sysRole.id, name: sysRole.roleName })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(inArray(sysUserRole.userId, userIds))
      .orderBy(asc(sysRole.roleCode)),
    db
      .select({ userId: sysUserDepart.userId, id: sysDepart.id, name: sysDepart.departName })
      .from(sysUserDepart)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.departId))
      .where(and(inArray(sysUserDepart.userId, userIds), eq(sysDepart.delFlag, 0)))
      .orderBy(asc(sysDepart.sortNo)),
  ]);
  const result = new Map(userIds.map((id) => [id, { roleIds: [] as string[], roleNames: [] as string[], departIds: [] as string[], departNames: [] as string[] }]));
  for (const r of roles) {
    result.get(r.userId)?.roleIds.push(r.id);
    result.get(r.userId)?.roleNames.push(r.name);
  }
  for (const d of departs) {
    result.get(d.userId)?.departIds.push(d.id);
    result.get(d.userId)?.departNames.push(d.name);
  }
  return result;
}

async function toRows(db: Database, users: (typeof sysUser.$inferSelect)[]): Promise<UserAdminRow[]> {
  const links = await membership(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => {
    const link = links.get(u.id);
    return {
      id: u.id,
      username: u.username,
      realname: u.realname,
      sex: u.sex === 1 || u.sex === 2 ? String(u.sex) : null,
      birthday: u.birthday,
      email: u.email,
      phone: u.phone,
      telephone: u.telephone,
      workNo: u.workNo,
      orgCode: u.orgCode,
      post: u.post,
      yhlx: u.yhlx,
      status: u.status,
      selectedroles: link?.roleIds.join(',') ?? '',
      roleNames: link?.roleNames.join('，') ?? '',
      selecteddeparts: link?.departIds.join(',') ?? '',
      departNames: link?.departNames.join('，') ?? '',
      createTime: u.createdAt.toISOString(),
    };
  });
}

const takenByOthers = (db: Database, input: object, selfId: string | null) => takenMessage(db, sysUser, sysUser.id, USER_RESOURCE, input as Record<string, unknown>, selfId);

async function checkLinks(db: Database, roleIds: string[], departIds: string[]) {
  if (roleIds.length > 0) {
    // A relation role (sys_role.relation) comes with the relation and is never given.
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

const revokeSessionsOf = (db: Database | Tx, userIds: string[]) =>
  db
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sysSession.userId, userIds), isNull(sysSession.revokedAt)));

function userConditions(query: z.infer<typeof listQuery>): SQL[] {
  const conditions: SQL[] = [live];
  for (const [field, column] of [
    ['username', sysUser.username],
    ['realname', sysUser.realname],
    ['workNo', sysUser.workNo],
    ['phone', sysUser.phone],
  ] as const) {
    const value = query[field]?.trim();
    if (value) conditions.push(ilike(column, likePattern(value)));
  }
  if (query.yhlx) conditions.push(eq(sysUser.yhlx, query.yhlx));
  if (query.status === '1' || query.status === '2') conditions.push(eq(sysUser.status, Number(query.status)));
  if (query.departId) conditions.push(sql`exists (select 1 from ${sysUserDepart} where ${sysUserDepart.userId} = ${sysUser.id} and ${sysUserDepart.departId} = ${query.departId})`);
  return conditions;
}

const EXCEL_FIELDS = USER_RESOURCE.fields.filter((f) => f.excel);
const EXCEL_FIELD = Object.fromEntries(EXCEL_FIELDS.map((f) => [f.name, f])) as Record<string, ResourceField>;
/** The template's column headers by field: the password column is the new account's 初始密码. */
const EXCEL_LABELS = Object.fromEntries(EXCEL_FIELDS.map((f) => [f.name, f.name === 'password' ? '初始密码' : f.label])) as Record<string, string>;
/** The columns as the template heads them, for the import report. */
const IMPORT_COLUMNS = EXCEL_FIELDS.map((f) => ({ ...f, label: EXCEL_LABELS[f.name] ?? f.label }));
/** The sheet's columns as the reader takes them and the template writes them. */
const SHEET_COLUMNS = excelColumns(EXCEL_FIELDS, userImportSchema, EXCEL_LABELS);
const YHLX_LABELS: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };
const SEX_LABELS: Record<string, string> = { '1': '男', '2': '女' };
const STATUS_LABELS: Record<string, string> = { '1': '正常', '2': '冻结' };
/** The export's columns: the list's (角色, 所属部门, 状态) and the import's. */
const EXPORT_FIELDS = exportFields(USER_RESOURCE);
/** label → value, as an import cell names a choice. */
const labelMap = (labels: Record<string, string>) => new Map(Object.entries(labels).map(([value, label]) => [label, value]));

/** The administrator's edit, reached through PUT /sys/user/edit when the body is not a profile save (ydyz '1'). */
export async function editUserAsAdmin(db: Database, body: unknown) {
  const parsed = userEditSchema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '数据格式不正确');
  const input = parsed.data;
  const [current] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.id, input.id), live));
  if (!current) throw notFound(USER_ADMIN_MSG.notFound);
  if (input.username !== undefined && input.username !== current.username) throw badRequest(USER_ADMIN_MSG.usernameFixed);
  const roleIds = ids(input.selectedroles ?? input.roleIds);
  const departIds = ids(input.selecteddeparts);
  const refusal = (await takenByOthers(db, input, input.id)) ?? (await checkLinks(db, roleIds, departIds));
  if (refusal) throw badRequest(refusal);
  await db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({
        ...detailValues(input),
        currentDepartId: current.currentDepartId && departIds.includes(current.currentDepartId) ? current.currentDepartId : (departIds[0] ?? null),
        updatedAt: new Date(),
      })
      .where(eq(sysUser.id, input.id));
    await replaceLinks(tx, input.id, roleIds, departIds);
  });
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, input.id));
  return ok((await toRows(db, [user!]))[0], '编辑成功！');
}


/** 用户管理 for administrators (SPEC.md section 7, /sys/user/*). PUT /sys/user/edit is shared with the profile save (see routes.ts). */
export async function userAdminRoutes(app: App) {
  const { db } = app;

  app.get('/sys/user/list', { config: { access: access(P.list) }, schema: { querystring: listQuery } }, async (request) => {
    const query = request.query;
    const where = and(...userConditions(query));
    const sortColumn = query.column && query.column in SORTABLE ? SORTABLE[query.column as keyof typeof SORTABLE] : sysUser.createdAt;
    const direction = query.column && query.column in SORTABLE ? (query.order ?? 'asc') : 'desc';
    const [users, [total]] = await Promise.all([
      db
        .select()
        .from(sysUser)
        .where(where)
        .orderBy(direction === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(sysUser.username))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      db.select({ n: count() }).from(sysUser).where(where),
    ]);
    const result: PageResult<UserAdminRow> = { records: await toRows(db, users), total: total?.n ?? 0, current: query.pageNo, size: query.pageSize };
    return ok(result);
  });

  app.get('/sys/user/queryById', { config: { access: access(P.list) }, schema: { querystring: z.object({ id: z.string({ error: '缺少参数 id' }) }) } }, async (request) => {
    const [user] = await db
      .select()
      .from(sysUser)
      .where(and(eq(sysUser.id, request.query.id), live));
    if (!user) throw notFound(USER_ADMIN_MSG.notFound);
    return ok((await toRows(db, [user]))[0]);
  });

  app.post('/sys/user/add', { config: { access: access(P.add!) }, schema: { body: userAddSchema } }, async (request) => {
    const input = request.body;
    const roleIds = ids(input.selectedroles ?? input.roleIds);
    const departIds = ids(input.selecteddeparts);
    const refusal = (await takenByOthers(db, input, null)) ?? (await checkLinks(db, roleIds, departIds));
    if (refusal) throw badRequest(refusal);
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sysUser)
        .values({
          username: input.username,
          passwordHash,
          ...detailValues(input),
          currentDepartId: departIds[0] ?? null,
        })
        .returning();
      await replaceLinks(tx, row!.id, roleIds, departIds);
      return row!;
    });
    return ok((await toRows(db, [user]))[0], '添加成功！');
  });

  app.put('/sys/user/frozenBatch', { config: { access: access('system:user:frozen') }, schema: { body: frozenBatchSchema } }, async (request) => {
    const auth = requireAuth(request.auth);
    const userIds = ids(request.body.ids);
    const status = Number(request.body.status);
    if (status === 2 && userIds.includes(auth.userId)) throw badRequest(USER_ADMIN_MSG.freezeSelf);
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, userIds), live));
    if (found.length !== userIds.length) throw notFound(USER_ADMIN_MSG.notFound);
    await db.transaction(async (tx) => {
      await tx.update(sysUser).set({ status, updatedAt: new Date() }).where(inArray(sysUser.id, userIds));
      // A frozen account leaves at once, not when its sessions expire.
      if (status === 2) await revokeSessionsOf(tx, userIds);
    });
    return ok(null, status === 2 ? '冻结成功!' : '解冻成功!');
  });

  app.get('/sys/user/queryUserRole', { config: { access: access(P.list) }, schema: { querystring: z.object({ userid: z.string({ error: '缺少参数 userid' }) }) } }, async (request) => {
    const rows = await db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, request.query.userid));
    return ok(rows.map((r) => r.roleId));
  });

  app.put('/sys/user/changPassword', { config: { access: access('system:user:resetPassword') }, schema: { body: resetPasswordSchema } }, async (request) => {
    const { username, password } = request.body;
    const [user] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.username, username), live));
    if (!user) throw notFound(USER_ADMIN_MSG.notFound);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(sysUser).set({ passwordHash, updatedAt: new Date() }).where(eq(sysUser.id, user.id));
      await revokeSessionsOf(tx, [user.id]);
    });
    return ok(null, '密码修改成功!');
  });

  app.get('/sys/user/checkOnlyUser', { config: { access: access(P.list) }, schema: { querystring: z.object({ username: z.string({ error: MSG.usernameRequired }) }) } }, async (request) => {
    const [row] = await db.select({ n: count() }).from(sysUser).where(eq(sysUser.username, request.query.username));
    if ((row?.n ?? 0) > 0) throw badRequest(USER_ADMIN_MSG.usernameTaken);
    return ok(true, '该用户名可用');
  });

  app.get(
    '/sys/user/listByYhlx',
    { config: { access: access(P.list) }, schema: { querystring: z.object({ yhlx: z.enum(['0', '1', '2'], { error: '用户类型只能是0、1或2' }) }) } },
    async (request) => {
      const rows = await db
        .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
        .from(sysUser)
        .where(and(eq(sysUser.yhlx, request.query.yhlx), eq(sysUser.status, 1), live))
        .orderBy(asc(sysUser.username));
      return ok(rows);
    },
  );

  app.get('/sys/user/exportXls', { config: { access: access(P.export!) }, schema: { querystring: z.extend(listQuery, { exportType: z.optional(z.literal('empty')) }) } }, async (request, reply) => {
    const query = request.query;
    if (query.exportType === 'empty') return sendWorkbook(reply, '用户导入模板', buildTemplate('用户', SHEET_COLUMNS));
    const users = await db
      .select()
      .from(sysUser)
      .where(and(...userConditions(query)))
      .orderBy(asc(sysUser.username));
    const rows = (await toRows(db, users)).map((u) =>
      EXPORT_FIELDS.map((f) => {
        if (f.name === 'password') return '';
        if (f.name === 'yhlx') return YHLX_LABELS[u.yhlx] ?? u.yhlx;
        if (f.name === 'sex') return u.sex ? SEX_LABELS[u.sex] : '';
        if (f.name === 'status') return STATUS_LABELS[String(u.status)] ?? '';
        return (u as unknown as Record<string, unknown>)[f.name] ?? '';
      }),
    );
    return sendWorkbook(reply, '用户', await buildWorkbook('用户', EXPORT_FIELDS.map((f) => ({ header: EXCEL_LABELS[f.name] ?? f.label })), rows));
  });

  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    /** New users from the template's columns; the 初始密码 column must meet the password rule. All or nothing. */
    scoped.post('/sys/user/importExcel', { config: { access: access(P.import!) } }, app.imports.route(SHEET_COLUMNS, async (_request, records) => {
      if (records.length === 0) throw badRequest('Excel文件中没有数据');
      const rows = records.map(({ row, values }): ImportRow => {
        const cellIssues: RowIssue[] = [];
        const cell = (name: string) => values[EXCEL_LABELS[name] ?? name] ?? '';
        const choice = (name: 'yhlx' | 'sex', labels: Record<string, string>) => (cell(name) ? choiceValue(EXCEL_FIELD[name]!, cell(name), labelMap(labels), cellIssues) : null);
        const raw = {
          username: cell('username'),
          realname: cell('realname'),
          password: cell('password'),
          workNo: cell('workNo'),
          yhlx: choice('yhlx', YHLX_LABELS) ?? '',
          sex: choice('sex', SEX_LABELS),
          birthday: cell('birthday') || null,
          phone: cell('phone') || null,
          email: cell('email') || null,
          telephone: cell('telephone') || null,
          post: cell('post') || null,
        };
        return { row, raw, cellIssues };
      });
      const inputs = await checkImportRows<UserImportInput>(rows, { fields: IMPORT_COLUMNS, schema: userImportSchema, after: uniqueRefusals(db, sysUser, sysUser.id, USER_RESOURCE) });
      const hashes = await Promise.all(inputs.map((input) => hashPassword(input.password)));
      const roles = await db.select({ id: sysRole.id, code: sysRole.roleCode }).from(sysRole);
      const roleOf = (yhlx: string) => roles.find((r) => r.code === ROLE_BY_TYPE[yhlx])?.id;
      await db.transaction(async (tx) => {
        const created = await tx.insert(sysUser).values(
          inputs.map((input, i) => ({
            username: input.username,
            passwordHash: hashes[i]!,
            ...detailValues(input),
          })),
        ).returning({ id: sysUser.id, yhlx: sysUser.yhlx });
        // Like a registration, an imported account starts with the role of its user type.
        const links = created.flatMap((u) => {
          const roleId = roleOf(u.yhlx);
          return roleId ? [{ userId: u.id, roleId }] : [];
        });
        if (links.length > 0) await tx.insert(sysUserRole).values(links);
      });
      return ok(null, `导入成功，共${inputs.length}条`);
    }));
  });
}
