import { and, eq, lt, sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { FILL_RULE_MESSAGES, type FillRuleRow } from '@contract/fill-rule.ts';
import { SCHOOL_TIME_ZONE } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { sysFillRule } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export type FillRuleRecord = typeof sysFillRule.$inferSelect;

export const toRow = (row: FillRuleRecord): FillRuleRow => ({
  id: row.id,
  ruleName: row.ruleName,
  ruleCode: row.ruleCode,
  prefix: row.prefix,
  datePattern: row.datePattern,
  seqDigits: row.seqDigits,
  seqValue: row.seqValue,
  seqPeriod: row.seqPeriod,
  createTime: row.createdAt.toISOString(),
});

/** The date part of a code made now, on the school's clock ('' without a pattern: dayjs would print ISO). */
export const periodOf = (datePattern: string, now: Date = new Date()): string => (datePattern ? dayjs(now).tz(SCHOOL_TIME_ZONE).format(datePattern) : '');

/** Pattern changes between the read and the update are retried this often before giving up. */
const ATTEMPTS = 3;

/**
 * Takes the rule's next sequence number and returns the code. One UPDATE does it: the new number is
 * computed from the row as locked, so concurrent calls queue on the row and never share a number; it
 * restarts at 1 when the date part differs from the last code's, and nothing changes once the number
 * would need more than seqDigits digits.
 */
export async function nextCode(db: Database, ruleCode: string): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const [rule] = await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode)).limit(1);
    if (!rule) throw notFound(FILL_RULE_MESSAGES.notFound);
    const period = periodOf(rule.datePattern);
    const next = sql<number>`case when ${sysFillRule.seqPeriod} = ${period} then ${sysFillRule.seqValue} + 1 else 1 end`;
    const [taken] = await db
      .update(sysFillRule)
      .set({ seqValue: next, seqPeriod: period, updatedAt: new Date() })
      // The period was made from this pattern: an edit in between means reading the rule again.
      .where(and(eq(sysFillRule.id, rule.id), eq(sysFillRule.datePattern, rule.datePattern), lt(next, sql`power(10, ${sysFillRule.seqDigits})`)))
      .returning({ prefix: sysFillRule.prefix, seqDigits: sysFillRule.seqDigits, seqValue: sysFillRule.seqValue });
    if (taken) return `${taken.prefix}${period}${String(taken.seqValue).padStart(taken.seqDigits, '0')}`;
    const [now] = await db.select().from(sysFillRule).where(eq(sysFillRule.id, rule.id)).limit(1);
    if (!now) throw notFound(FILL_RULE_MESSAGES.notFound);
    if (now.datePattern === rule.datePattern) throw badRequest(FILL_RULE_MESSAGES.exhausted);
  }
  throw badRequest('编码规则正在修改，请稍后重试');
}
