import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKED_TABLES } from '../../server/db/schema.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** TRACKED_TABLES says which tables the migrations track (npm run db:generate writes their triggers): it stays true. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the tracked tables', () => {
  it('are exactly the tables whose change trigger the migrations made', async () => {
    const result = (await t.db.execute(sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = c.relname || '_changed' order by 1`)) as unknown as { rows: { table: string }[] };
    expect(result.rows.map((row) => row.table)).toEqual(TRACKED_TABLES.map((table) => getTableName(table)).sort());
  });
});
