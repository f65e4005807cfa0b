import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';

const ROWS_PER_STATEMENT = 1000;

/**
 * Inserts many rows, a thousand a statement, each statement's rows as one JSON parameter
 * (json_populate_recordset): on PGlite several times faster than as many bound parameters per row.
 * Every row must give the same fields (null where a nullable column is empty); the columns it leaves out take
 * their defaults. The ids, when the table makes them, are not returned: give them when they are needed.
 */
export async function insertRows<T extends PgTable>(db: Pick<Database, 'execute'>, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const first = rows[0] as Record<string, unknown>;
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) => first[key] !== undefined);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const json = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null])));
    await db.execute(sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(json)}::json)`);
  }
}
