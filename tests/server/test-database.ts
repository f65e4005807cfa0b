import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';

/**
 * Where the server tests get their databases. Every test file opens its own, already migrated and
 * holding the demo school, so files never see each other's writes:
 * - PGlite (default): global setup migrates and seeds one in-memory database and dumps it to a tarball;
 *   each file loads a copy of it.
 * - PostgreSQL (env TEST_DATABASE_URL): global setup builds a template database; each file creates
 *   its own database from the template and drops it afterwards.
 */
export type TestDatabaseSource = { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export const TEMPLATE_DATABASE = 'isps_template';
const GZIP_TAR = 'application/x-gzip';

/** The same server and credentials as the admin URL, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Database names here come from code, never from input; quoting keeps them safe all the same. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
}

export async function createDatabase(client: pg.Client, name: string, template?: string): Promise<void> {
  await client.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`);
}

/**
 * A database for one test file: a copy of the demo snapshot, or (empty: true) a new database with
 * only the migrations run. close() disposes of it.
 */
export async function openTestDatabase(source: TestDatabaseSource, options: { empty?: boolean } = {}): Promise<DatabaseHandle> {
  if (source.kind === 'pglite') {
    const pglite = options.empty
      ? new PGlite()
      : new PGlite({ loadDataDir: new Blob([await readFile(source.snapshotFile)], { type: GZIP_TAR }) });
    return openDatabase({ pglite });
  }
  const name = `isps_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(source.adminUrl, (client) => createDatabase(client, name, options.empty ? undefined : source.template));
  const handle = await openDatabase({ databaseUrl: databaseUrl(source.adminUrl, name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(source.adminUrl, (client) => dropDatabase(client, name));
    },
  };
}
