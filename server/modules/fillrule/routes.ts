import * as z from 'zod/mini';
import { FILL_RULE_RESOURCE, ruleCodeParamsSchema } from '@contract/fill-rule.ts';
import { sysFillRule } from '../../db/schema.ts';
import { ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';
import { nextCode, toRow, type FillRuleRecord } from './queries.ts';
import { nextCodeAnswer } from './schemas.ts';

/** 编码规则: the generic list/add/edit/delete, and the next code of a rule. */
export default async function fillRuleRoutes(app: App) {
  const { db } = app;

  await registerResourceRoutes(app, {
    resource: FILL_RULE_RESOURCE,
    table: sysFillRule,
    idColumn: sysFillRule.id,
    toRow: (row) => toRow(row as FillRuleRecord),
  });

  // Code fields in forms everywhere ask for their next value: any logged-in user may. Each call takes a number.
  app.get(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    { config: { access: { permission: null, scope: 'all' } }, schema: { params: ruleCodeParamsSchema, querystring: z.object({ _t: z.optional(z.string()) }), response: { 200: nextCodeAnswer } } },
    async (request) => ok(await nextCode(db, request.params.ruleCode)),
  );
}
