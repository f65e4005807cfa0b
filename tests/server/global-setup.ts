import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { createDatabase, databaseUrl, dropDatabase, TEMPLATE_DATABASE, withAdminClient } from './test-database.ts';

/** Builds the migrated, demo-seeded database every test file starts from (see test-database.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await withAdminClient(adminUrl, async (client) => {
      await dropDatabase(client, TEMPLATE_DATABASE);
      await createDatabase(client, TEMPLATE_DATABASE);
    });
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, TEMPLATE_DATABASE) });
    try {
      await seedDemo(handle.db);
    } finally {
      await handle.close();
    }
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template: TEMPLATE_DATABASE });
    return () => withAdminClient(adminUrl, (client) => dropDatabase(client, TEMPLATE_DATABASE));
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'isps-server-tests-'));
  const pglite = new PGlite();
  try {
    const handle = await openDatabase({ pglite });
    await seedDemo(handle.db);
    const snapshotFile = path.join(dir, 'demo.tar.gz');
    await writeFile(snapshotFile, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    project.provide('testDatabase', { kind: 'pglite', snapshotFile });
  } finally {
    await pglite.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
