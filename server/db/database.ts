import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../config.ts';
import { claimDataDir } from './data-dir-claim.ts';
import { syncDeclaredMenus } from './declared-menus.ts';
import { PreparingClient } from './pg-statements.ts';
import { withPreparedStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs start-up work (the migrations, a first seed) in one process at a time, however many start
   * together on one PostgreSQL (a session advisory lock); PGlite has only one process anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Listens for NOTIFY on a channel, from every process on the database. `ready` says from when nothing
   * is missed, `lost` that messages may be missed until the next `ready` (a PostgreSQL connection ended;
   * it is opened again). Resolves to the way to stop.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /**
   * Whether a listener has heard every NOTIFY of a write by the time the write's statement resolves: on
   * PGlite the one connection hands them over as it reads the answer; on PostgreSQL they come on another.
   */
  heardOnCommit: boolean;
  /** PostgreSQL's connection pool, for the metrics (server/lib/metrics.ts); PGlite has one connection and no pool. */
  pool: PoolFigures | null;
}

/** What pg.Pool tells of its connections. */
export interface PoolFigures {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface ChannelHandlers {
  message: (payload: string) => void;
  ready: () => void;
  lost: () => void;
}

const RELISTEN_DELAY_MS = 1000;

/** A connection of its own that LISTENs (a pooled one would be handed to queries), opened again when it ends. */
function listenOnPostgres(connectionString: string, channel: string, handlers: ChannelHandlers): () => Promise<void> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    const end = () => {
      if (current !== client) return;
      current = null;
      handlers.lost();
      again();
    };
    client.on('error', end);
    client.on('end', end);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => undefined);
      again();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    handlers.ready();
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

/** Any constant: the advisory lock of start-up work. */
const STARTUP_LOCK = 20_261_124;

export const MIGRATIONS = path.join(PROJECT_ROOT, 'server/db/migrations');

/** PostgreSQL through DATABASE_URL, else the embedded PGlite under dataDir (or a given instance, for tests). */
export async function openDatabase(options: { databaseUrl?: string | null; dataDir?: string; pglite?: PGlite; onQuery?: (query: string) => void }): Promise<DatabaseHandle> {
  // bench:api counts the statements of a request with it.
  const logger = options.onQuery ? { logQuery: options.onQuery } : false;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: PreparingClient });
    // An idle client whose connection ends (a PostgreSQL restart, a database dropped) is an 'error'
    // event; unhandled, it would stop the whole server. The pool drops that client and opens another.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, logger });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        client.release();
      }
    };
    await exclusive(async () => {
      await migratePg(db, { migrationsFolder: MIGRATIONS });
      await syncDeclaredMenus(db as unknown as Database);
    });
    const connectionString = options.databaseUrl;
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      exclusive,
      listen: async (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
      heardOnCommit: false,
      pool,
    };
  }
  let client = options.pglite;
  let release = async () => {};
  if (!client) {
    const dataDir = options.dataDir ?? path.join(PROJECT_ROOT, 'data');
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    release = await claimDataDir(path.join(dataDir, 'pglite.pid'), dataDir);
    client = await PGlite.create(path.join(dataDir, 'pglite')).catch(async (error: unknown) => {
      await release();
      throw error;
    });
  }
  const db = drizzlePglite(withPreparedStatements(client), { schema, logger });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  await syncDeclaredMenus(db as unknown as Database);
  const owned = client;
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => owned.close().finally(release),
    exclusive: (work) => work(),
    // One process owns the directory: its own NOTIFYs are all there is, and none is missed.
    listen: async (channel, handlers) => {
      const stop = await owned.listen(channel, handlers.message);
      handlers.ready();
      return async () => {
        if (!owned.closed) await stop();
      };
    },
    heardOnCommit: true,
    pool: null,
  };
}
