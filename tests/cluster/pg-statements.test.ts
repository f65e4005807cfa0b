import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PreparingClient } from '../../server/db/pg-statements.ts';

/** The server's PostgreSQL connections prepare each parameterised statement once, and still take the rest as before. */

const databaseServer = process.env.TEST_DATABASE_URL;
if (!databaseServer) throw new Error('TEST_DATABASE_URL is not set: the cluster tests run in npm test’s PostgreSQL stage');

const pools: pg.Pool[] = [];
const poolOfOne = () => {
  const pool = new pg.Pool({ connectionString: databaseServer, max: 1, Client: PreparingClient });
  pools.push(pool);
  return pool;
};
afterAll(() => Promise.all(pools.map((pool) => pool.end())));

/** What the pool's one connection holds prepared, as PostgreSQL reports it. */
async function preparedOn(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ statement: string }>({ text: 'select statement from pg_prepared_statements where statement not like $1' }, ['%pg_prepared_statements%']);
  return rows.map((r) => r.statement);
}

describe('PostgreSQL statements prepared per connection', () => {
  const SUM = 'select $1::int + $2::int as sum';

  it('prepares a parameterised statement once on a connection and answers every run', async () => {
    const pool = poolOfOne();
    expect((await pool.query({ text: SUM }, [1, 2])).rows).toEqual([{ sum: 3 }]);
    expect((await pool.query({ text: SUM }, [40, 2])).rows).toEqual([{ sum: 42 }]);
    expect(await preparedOn(pool)).toEqual([SUM]);
    // Another connection prepares it for itself under the same name.
    const other = poolOfOne();
    expect((await other.query({ text: SUM }, [5, 5])).rows).toEqual([{ sum: 10 }]);
    expect(await preparedOn(other)).toEqual([SUM]);
  });

  it('leaves a statement without parameters unprepared, so one text may hold several (as a migration does)', async () => {
    const pool = poolOfOne();
    const results = (await pool.query({ text: 'select 1 as one; select 2 as two' }, [])) as unknown as pg.QueryResult[];
    expect(results.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    expect(await preparedOn(pool)).toEqual([]);
  });
});
