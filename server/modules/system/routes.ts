import { and, asc, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CasConfig, DictOption, LogoResult } from '@contract/session.ts';
import { dt02, sysCategory, sysDepart, sysDict, sysDictItem, sysFillRule, sysLogo, sysPermission, sysPosition, sysRole, sysUser } from '../../db/schema.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { BASIC_DUPLICATE_CHECKS, type DuplicateCheck } from '../basic/bindings.ts';
import { UNIT_DUPLICATE_CHECKS } from '../internship-unit/bindings.ts';
import { CONTRACT_DUPLICATE_CHECKS } from '../practice-contract/bindings.ts';
import type { App } from '../../types.ts';

/** The only table/field pairs /sys/duplicate/check answers for; names are the database's, as the old client sends them. */
const DUPLICATE_CHECKS: Record<string, DuplicateCheck> = {
  ...BASIC_DUPLICATE_CHECKS,
  ...UNIT_DUPLICATE_CHECKS,
  ...CONTRACT_DUPLICATE_CHECKS,
  'sys_user.username': { column: sysUser.username, id: sysUser.id },
  'sys_user.work_no': { column: sysUser.workNo, id: sysUser.id },
  'sys_user.phone': { column: sysUser.phone, id: sysUser.id },
  'sys_user.email': { column: sysUser.email, id: sysUser.id },
  'sys_role.role_code': { column: sysRole.roleCode, id: sysRole.id },
  'sys_depart.org_code': { column: sysDepart.orgCode, id: sysDepart.id },
  'sys_dict.dict_code': { column: sysDict.dictCode, id: sysDict.id },
  'sys_permission.perms': { column: sysPermission.perms, id: sysPermission.id },
  'sys_position.code': { column: sysPosition.code, id: sysPosition.id },
  'sys_category.code': { column: sysCategory.code, id: sysCategory.id },
  'sys_fill_rule.rule_code': { column: sysFillRule.ruleCode, id: sysFillRule.id },
};

/** Dictionaries backed by a business table rather than sys_dict_item (also read by /sys/dict/loadDict). */
export const TABLE_DICTS: Record<string, { value: PgColumn; text: PgColumn; where: ReturnType<typeof eq>; order: PgColumn; table: typeof dt02 }> = {
  dt0201: { table: dt02, value: dt02.dwdm, text: dt02.dwmc, where: eq(dt02.delFlag, 0), order: dt02.sortNo },
};

export default async function systemRoutes(app: App) {
  const { db, config } = app;
  const session = { permission: null, scope: 'all' } as const;

  app.get(
    '/sys/logo/getLogo',
    { config: { access: { public: true } }, schema: { querystring: z.object({ logoCode: z.string().max(64).optional(), _t: z.coerce.number().optional() }) } },
    async (request) => {
      const [row] = await db.select().from(sysLogo).where(eq(sysLogo.logoCode, request.query.logoCode || 'default')).limit(1);
      const result: LogoResult = { logo: row?.logo ?? null, logologin: row?.logologin ?? null };
      return ok(result);
    },
  );

  // Reachability for the offline outbox: a captive portal answers with its own page, never this envelope.
  app.get('/sys/ping', { config: { access: { public: true } } }, async () => ok('pong'));

  app.get('/cas/client/queryCasList', { config: { access: { public: true } } }, async () => {
    const result: CasConfig = { enableCas: config.cas.enableCas, casType: config.cas.casType, casPrefixUrl: config.cas.casPrefixUrl };
    return ok(result);
  });

  app.get(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: { access: session },
      schema: {
        params: z.object({ dictCode: z.string().min(1).max(64) }),
        querystring: z.object({ key: z.string().optional(), keyword: z.string().max(64).optional(), pageSize: z.coerce.number().int().min(1).max(500).optional() }),
      },
    },
    async (request, reply) => {
      // Called without _t (SPEC.md section 7): no cache may keep an item changed or disabled since.
      reply.header('cache-control', 'no-cache');
      const { dictCode } = request.params;
      const { key, keyword, pageSize } = request.query;
      let items: DictOption[];
      const tableDict = TABLE_DICTS[dictCode];
      if (tableDict) {
        const rows = await db
          .select({ value: tableDict.value, text: tableDict.text })
          .from(tableDict.table)
          .where(tableDict.where)
          .orderBy(asc(tableDict.order), asc(tableDict.value));
        items = rows.map((r) => ({ value: String(r.value), text: String(r.text), title: String(r.text) }));
      } else {
        const [dict] = await db.select().from(sysDict).where(and(eq(sysDict.dictCode, dictCode), eq(sysDict.delFlag, 0))).limit(1);
        if (!dict) throw notFound(`字典不存在：${dictCode}`);
        const rows = await db
          .select()
          .from(sysDictItem)
          .where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.status, 1)))
          .orderBy(asc(sysDictItem.sortOrder));
        items = rows.map((r) => ({ value: r.itemValue, text: r.itemText, title: r.itemText }));
      }
      if (key !== undefined) items = items.filter((i) => i.value === key);
      if (keyword) items = items.filter((i) => i.text.includes(keyword));
      if (keyword !== undefined || pageSize !== undefined) items = items.slice(0, pageSize ?? 10);
      return ok(items);
    },
  );

  app.get(
    '/sys/duplicate/check',
    {
      config: { access: session },
      schema: {
        querystring: z.object({
          tableName: z.string().min(1),
          fieldName: z.string().min(1),
          fieldVal: z.string().optional(),
          dataId: z.string().optional(),
          _t: z.coerce.number().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { tableName, fieldName, fieldVal, dataId } = request.query;
      const check = DUPLICATE_CHECKS[`${tableName}.${fieldName}`];
      if (!check) throw badRequest('不支持该字段的重复校验');
      if (!fieldVal) return ok(null, '该值可用！');
      const [taken] = await db
        .select({ id: check.id })
        .from(check.column.table)
        .where(and(eq(check.column, fieldVal), dataId ? ne(check.id, dataId) : undefined))
        .limit(1);
      if (taken || (await check.alsoTaken?.(db, fieldVal, dataId))) return reply.send({ success: false, message: '该值不可用，系统中已存在！', code: 500, result: null, timestamp: Date.now() });
      return ok(null, '该值可用！');
    },
  );
}
