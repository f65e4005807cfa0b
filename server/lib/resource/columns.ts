import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** The columns of a binding's table by the descriptions' field names, and back. */

/** A table's column by the field's name; a field without a column is a programming error caught at start. */
export function columnOf(table: PgTable, name: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[name];
  if (!column) throw new Error(`resource field ${name} has no column in its table`);
  return column;
}

/** The field name (the table row's key) of a column of the table. */
export function fieldOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table) as Record<string, PgColumn>).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in the binding's table`);
  return entry[0];
}
