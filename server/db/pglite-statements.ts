import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { isPreparable } from './preparable.ts';

/**
 * Named prepared statements for PGlite. Its own query() parses, plans and describes every statement afresh
 * in six calls into the WebAssembly engine; planning alone is most of what a statement costs there (3 of
 * 4 ms for the session's lookup). Here each statement drizzle sends is parsed and described once under a
 * name, and then only bound and executed, in one call: PostgreSQL plans it once it finds a generic plan as
 * good as a custom one, as it does for any client that prepares. What drizzle sees is query() and
 * transaction() as before.
 */

const { serialize } = protocol;
/** Statements kept prepared (by default); the least recently used is closed beyond this. */
const STATEMENT_LIMIT = 500;
/** The commands whose last word counts the rows they changed, as PGlite's parseResults adds them up. */
const COUNTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
/** The only error a prepared statement adds: its tables changed under it (a migration); prepared again, it runs. */
const CACHED_PLAN_CHANGED = 'cached plan must not change result type';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
interface Field {
  name: string;
  dataTypeID: number;
}
interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Field[];
}
type Runner = <T>(work: () => Promise<T>) => Promise<T>;

export function withPreparedStatements(client: PGlite, { limit = STATEMENT_LIMIT } = {}): PGlite {
  const statements = new Map<string, Prepared>();
  const toClose: string[] = [];
  let named = 0;

  const exec = async (message: Uint8Array, options?: QueryOptions) => (await client.execProtocol(message, { syncToFs: false, onNotice: options?.onNotice })).messages;

  async function prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const name = `isps_${(named += 1)}`;
    const closing = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const messages = await exec(Buffer.concat([...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), options);
    const description = messages.find((m) => m.name === 'rowDescription') as (BackendMessage & { fields: Field[] }) | undefined;
    const fields = (description?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), fields };
    statements.set(text, statement);
    if (statements.size > limit) {
      const [oldest] = statements.keys();
      toClose.push(statements.get(oldest!)!.name);
      statements.delete(oldest!);
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, retried = false): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last, so the first key is the one to close.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]!] ?? client.serializers[paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const messages = await exec(Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]), options);
      return resultOf<T>(statement.fields, messages, options);
    } catch (error) {
      if (!retried && error instanceof Error && error.message.includes(CACHED_PLAN_CHANGED)) {
        statements.delete(text);
        toClose.push(statement.name);
        return run(text, params, options, true);
      }
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  /**
   * The rows as PGlite's parseResults makes them, without its copy of every type's parser on each call (a
   * quarter of a millisecond a statement, as drizzle passes parsers of its own every time).
   */
  function resultOf<T>(fields: Field[], messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const own = options?.parsers;
    const value = (raw: string | null, oid: number) => {
      if (raw === null) return null;
      const parser = own?.[oid] ?? client.parsers[oid];
      return parser ? parser(raw, oid) : raw;
    };
    const rows: unknown[] = [];
    let affectedRows = 0;
    let command: string | undefined;
    let rowCount: number | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const raw = (message as BackendMessage & { fields: (string | null)[] }).fields;
        rows.push(options?.rowMode === 'array' ? raw.map((v, i) => value(v, fields[i]!.dataTypeID)) : Object.fromEntries(raw.map((v, i) => [fields[i]!.name, value(v, fields[i]!.dataTypeID)])));
      } else if (message.name === 'commandComplete') {
        const words = (message as BackendMessage & { text: string }).text.split(' ');
        command = words[0];
        const count = parseInt(words[words.length - 1]!, 10);
        if (COUNTING.has(command!)) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
      }
    }
    return { rows: rows as T[], fields, affectedRows, ...(command === undefined ? {} : { command }), ...(rowCount === undefined ? {} : { rowCount }) } as Results<T>;
  }

  const preparable = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    !options?.blob && isPreparable(text, params?.length ?? 0);

  /** A query as PGlite's: alone (after any transaction), or in the transaction holding the engine. */
  const queryVia =
    (exclusive: Runner, fallback: PGlite['query'] | Transaction['query'], afterwards: () => Promise<void>) =>
    async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      if (!preparable(text, params, options)) return fallback<T>(text, params as never[], options);
      const result = await exclusive(() => run<T>(text, params ?? [], options));
      await afterwards();
      return result;
    };

  const alone: Runner = (work) => client._runExclusiveTransaction(() => client.runExclusive(work));
  const query = queryVia(alone, client.query.bind(client), () => client.syncToFs());
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => {
      const inside = queryVia((work) => client.runExclusive(work), tx.query.bind(tx), async () => undefined);
      return callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? inside : Reflect.get(target, key, target)) }));
    });

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
