import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiEnvelope } from '@contract/envelope.ts';
import { READY_MSG } from '@contract/monitor.ts';
import { ensureServerBuilt } from '../../scripts/build-server.ts';
import { freePort, startPostgres, until, watch, type LocalPostgres } from '../../scripts/local-cluster.ts';

/**
 * The database server stops under a running API process and starts again: /api/ready tells a load balancer to
 * drain (503 with the reason) while /api/health keeps answering, and readiness comes back with the database,
 * without restarting the process. Its own PostgreSQL, since this one is stopped on purpose.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

let postgres: LocalPostgres;
let api: ReturnType<typeof watch> & { url: string };
let dataDir: string;

beforeAll(async () => {
  const started = await startPostgres();
  if (!started) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  postgres = started;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'isps-outage-'));
  const port = await freePort();
  const child = spawn(process.execPath, [await ensureServerBuilt()], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: postgres.url, DEMO_DATA: 'false', ADMIN_PASSWORD: 'Outage@2026x', JOBS_ENABLED: 'false', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api = { ...watch(child), url: `http://127.0.0.1:${port}` };
  await until(async () => (await fetch(`${api.url}/api/ready`)).ok, () => api.lines.slice(-20).join('\n'));
}, 240_000);

afterAll(async () => {
  await api?.stop();
  postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const answer = async (url: string) => {
  const response = await fetch(`${api.url}${url}`);
  return { status: response.status, body: (await response.json()) as ApiEnvelope<unknown> };
};

it('is not ready while PostgreSQL is stopped, stays alive, and is ready again once it is back', async () => {
  expect(await answer('/api/ready')).toMatchObject({ status: 200, body: { success: true, result: { status: 'ready' } } });

  postgres.halt();
  expect(await answer('/api/ready')).toMatchObject({ status: 503, body: { success: false, message: READY_MSG.database } });
  expect(await answer('/api/health')).toMatchObject({ status: 200, body: { success: true, result: { status: 'up' } } });

  postgres.resume();
  await until(async () => (await fetch(`${api.url}/api/ready`)).ok, () => api.lines.slice(-20).join('\n'), 30_000);
  expect(await answer('/api/health')).toMatchObject({ status: 200 });
});
