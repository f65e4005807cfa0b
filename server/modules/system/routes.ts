import { and, asc, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CATEGORY_RESOURCE } from '@contract/category.ts';
import { DEPART_PERMISSIONS } from '@contract/depart.ts';
import { DICT_RESOURCE } from '@contract/dict.ts';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import { PERMISSION_CODES } from '@contract/permission-admin.ts';
import { POSITION_RESOURCE } from '@contract/position.ts';
import { ROLE_RESOURCE } from '@contract/role.ts';
import type { CasConfig, DictOption, LogoResult } from '@contract/session.ts';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { dt02, sysCategory, sysDepart, sysDict, sysDictItem, sysFillRule, sysLogo, sysPermission, sysPosition, sysRole, sysUser } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { BASIC_DUPLICATE_CHECKS, uniqueChecksOf, type DuplicateCheck } from '../basic/bindings.ts';
import { UNIT_DUPLICATE_CHECKS } from '../internship-unit/bindings.ts';
import { CONTRACT_DUPLICATE_CHECKS } from '../practice-contract/bindings.ts';
import { takenValueCheckLimit } from '../../plugins/app/rate-limit-store.ts';
import type { App } from '../../types.ts';
import { dictOptionsAnswer } from '../dict/schemas.ts';
import { casConfigAnswer, logoAnswer, pingAnswer } from './schemas.ts';

/**
 * The only table/field pairs /sys/duplicate/check answers for; names are the database's, as the old client
 * sends them. Each pair answers only holders of the code of the form that checks it (DuplicateCheck.forms).
 */
const DUPLICATE_CHECKS: Record<string, DuplicateCheck> = {
  ...BASIC_DUPLICATE_CHECKS,
  ...UNIT_DUPLICATE_CHECKS,
  ...CONTRACT_DUPLICATE_CHECKS,
  ...uniqueChecksOf(USER_RESOURCE, sysUser, sysUser.id),
  ...uniqueChecksOf(ROLE_RESOURCE, sysRole, sysRole.id),
  ...uniqueChecksOf(DICT_RESOURCE, sysDict, sysDict.id),
  ...uniqueChecksOf(POSITION_RESOURCE, sysPosition, sysPosition.id),
  ...uniqueChecksOf(CATEGORY_RESOURCE, sysCategory, sysCategory.id),
  ...uniqueChecksOf(FILL_RULE_RESOURCE, sysFillRule, sysFillRule.id),
  // Two screens written by hand rather than from a resource declaration.
  'sys_depart.org_code': { column: sysDepart.orgCode, id: sysDepart.id, forms: { add: DEPART_PERMISSIONS.add, edit: DEPART_PERMISSIONS.edit } },
  'sys_permission.perms': { column: sysPermission.perms, id: sysPermission.id, forms: { add: PERMISSION_CODES.add, edit: PERMISSION_CODES.edit } },
};

/** The check a duplicate-check query asks for, by its raw (not yet validated) query. */
function duplicateCheckOf(query: unknown): DuplicateCheck | undefined {
  const { tableName, fieldName } = (query ?? {}) as Record<string, unknown>;
  return DUPLICATE_CHECKS[`${String(tableName)}.${String(fieldName)}`];
}

/** The code a duplicate check needs: the edit form's when a row is being edited (dataId), else the add form's. */
function formCodeOf(query: unknown): string | null {
  const check = duplicateCheckOf(query);
  if (!check) return null;
  const { dataId } = query as Record<string, unknown>;
  return typeof dataId === 'string' && dataId !== '' ? check.forms.edit : check.forms.add;
}

/** Dictionaries backed by a business table rather than sys_dict_item (also read by /sys/dict/loadDict). */
export const TABLE_DICTS: Record<string, { value: PgColumn; text: PgColumn; where: ReturnType<typeof eq>; order: PgColumn; table: typeof dt02 }> = {
  dt0201: { table: dt02, value: dt02.dwdm, text: dt02.dwmc, where: eq(dt02.delFlag, 0), order: dt02.sortNo },
};

export default async function systemRoutes(app: App) {
  const { db, config } = app;
  const session = { permission: null, scope: 'all' } as const;

  app.get(
    '/sys/logo/getLogo',
    { config: { access: { public: true } }, schema: { querystring: z.object({ logoCode: z.string().max(64).optional(), _t: z.coerce.number().optional() }), response: { 200: logoAnswer } } },
    async (request) => {
      const [row] = await db.select().from(sysLogo).where(eq(sysLogo.logoCode, request.query.logoCode || 'default')).limit(1);
      const result: LogoResult = { logo: row?.logo ?? null, logologin: row?.logologin ?? null };
      return ok(result);
    },
  );

  // Reachability for the offline outbox: a captive portal answers with its own page, never this envelope.
  app.get('/sys/ping', { config: { access: { public: true } }, schema: { response: { 200: pingAnswer } } }, async () => ok('pong'));

  app.get('/cas/client/queryCasList', { config: { access: { public: true } }, schema: { response: { 200: casConfigAnswer } } }, async () => {
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
        response: { 200: dictOptionsAnswer },
      },
    },
    async (request, reply) => {
      // Called without _t (SPEC.md section 7): no cache may keep an item changed or disabled since.
      reply.header('cache-control', 'no-cache');
      const { dictCode } = request.params;
      const { key, keyword, pageSize } = request.query;
      let items: Required<DictOption>[];
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

  // A caller holding neither form's code is refused (403) before anything is looked up; an unknown pair
  // chooses no code, and the handler refuses it (400). Limited per address and per account: even a form's
  // holder only checks values one at a time, as they are typed.
  app.get(
    '/sys/duplicate/check',
    {
      config: {
        access: { permission: (_body, query) => formCodeOf(query), scope: 'all' },
        rateLimit: { max: config.duplicateCheckRateLimit * 10, timeWindow: '1 minute' },
      },
      preHandler: takenValueCheckLimit(db, config.duplicateCheckRateLimit),
      schema: {
        querystring: z.object({
          tableName: z.string().min(1),
          fieldName: z.string().min(1),
          fieldVal: z.string().optional(),
          dataId: z.string().optional(),
          _t: z.coerce.number().optional(),
        }),
        // A taken value is answered success false, code 500, in the same envelope (JeecgBoot's duplicate check).
        response: { 200: doneAnswer },
      },
    },
    async (request, reply) => {
      const { fieldVal, dataId } = request.query;
      const check = duplicateCheckOf(request.query);
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
