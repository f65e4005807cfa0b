import pg from 'pg';
import { isPreparable } from './preparable.ts';

/**
 * Named prepared statements for PostgreSQL. node-postgres sends an unnamed statement as parse, bind and
 * execute each time, so PostgreSQL parses and plans it afresh; with a name it parses it once per
 * connection and then only binds and executes it, in as many round trips. Each statement text drizzle
 * sends gets a name of its own here (the pool's connections share the names, each prepares its own).
 * Large statements (isPreparable) and those beyond the limit go the usual way: each name stays prepared
 * on every connection for as long as it is open.
 */
const STATEMENT_LIMIT = 500;

const names = new Map<string, string>();

function nameOf(text: string, paramCount: number): string | undefined {
  const known = names.get(text);
  if (known || names.size >= STATEMENT_LIMIT || !isPreparable(text, paramCount)) return known;
  const name = `isps_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/** A pg.Client whose query() names a config's statement; everything else (a string, a named or submittable query) passes as it came. */
export class PreparingClient extends pg.Client {}

const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  // Only a statement with parameters: node-postgres already sends those one by one through the extended protocol,
  // while one without may hold several statements (a migration), which only the simple protocol takes.
  const paramCount = Array.isArray(values) ? values.length : 0;
  if (paramCount > 0 && config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !('name' in config && config.name) && !('submit' in config)) {
    const name = nameOf(config.text, paramCount);
    if (name) args[0] = { ...config, name };
  }
  return plainQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
