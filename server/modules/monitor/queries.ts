import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { READY_MSG, type DatabaseFigures } from '@contract/monitor.ts';
import { MIGRATIONS, type Database, type DatabaseHandle } from '../../db/database.ts';

/** How long /ready waits for the database: a load balancer's check must answer within its own timeout. */
const READY_TIMEOUT_MS = 2000;

/** The first row of a raw query (node-postgres and PGlite both answer { rows }). */
async function firstRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows[0];
}

/** Rejects when the work has not finished in time (the work itself runs on; a pool or PGlite ends it). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The newest migration this code brings (read once: the files do not change under a running server). */
export const latestMigration = (): number => Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS }).map((m) => m.folderMillis));

/**
 * Why the app cannot serve now, or null when it can: the database answers, and has had the newest migration
 * (drizzle's own bookkeeping, as its migrator reads it). One small query.
 */
export async function notReadyReason(db: Database, latest: number): Promise<string | null> {
  let applied: number;
  try {
    const row = await within(firstRow<{ at: string | number | null }>(db, sql`select max(created_at) as at from drizzle.__drizzle_migrations`), READY_TIMEOUT_MS);
    applied = Number(row?.at ?? 0);
  } catch {
    return READY_MSG.database;
  }
  return applied >= latest ? null : READY_MSG.migrations;
}

/** The database's version line, shortened (PostgreSQL 17.4), and the round trip of asking it, in ms. */
export async function databaseVersion(db: Database): Promise<{ version: string; latencyMs: number }> {
  const started = performance.now();
  const row = await firstRow<{ version: string }>(db, sql`select version() as version`);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const version = row?.version ?? '';
  return { version: /^\S+ [\d.]+/.exec(version)?.[0] ?? version, latencyMs };
}

/** A figure the database may not give (a role without the right, a build without the view): null rather than a failed page. */
async function optionalNumber(db: Database, query: SQL): Promise<number | null> {
  try {
    const row = await firstRow<{ value: string | number | null }>(db, query);
    return row?.value === null || row?.value === undefined ? null : Number(row.value);
  } catch {
    return null;
  }
}

/** Size and sessions of the current database, and this process's pool (PostgreSQL only). */
export async function databaseFigures(handle: Pick<DatabaseHandle, 'db' | 'kind' | 'pool'>): Promise<DatabaseFigures> {
  const { db, kind, pool } = handle;
  return {
    kind,
    sizeBytes: await optionalNumber(db, sql`select pg_database_size(current_database()) as value`),
    connections: await optionalNumber(db, sql`select count(*) as value from pg_stat_activity where datname = current_database()`),
    pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
  };
}
