import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import type { EncryptedString, LoginResult } from '@contract/session.ts';
import { DEMO_PASSWORD } from '../../server/db/seed.ts';
import { ensureServerBuilt } from '../../scripts/build-server.ts';
import { freePort, startNginx, until, watch } from '../../scripts/local-cluster.ts';
import { PNG } from '../server/attachment-support.ts';
import { createDatabase, databaseUrl, dropDatabase, withAdminClient } from '../server/test-database.ts';
import { startS3Server } from '../support/s3-server.ts';

/**
 * Two API processes on one throwaway PostgreSQL behind Debian's nginx (round robin), as a school that
 * outgrows one process runs them: sessions, scheduled jobs, the login limits and files hold across both.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const AUTH_RATE_LIMIT = 4;

async function startApiProcess(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, [await ensureServerBuilt()], {
    cwd: ROOT,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = watch(child);
  await until(async () => (await fetch(`http://127.0.0.1:${port}/api/sys/ping`)).ok, () => output.lines.slice(-20).join('\n'));
  return { port, ...output, url: `http://127.0.0.1:${port}` };
}

type Answer<T> = { status: number; body: ApiEnvelope<T>; upstream: string | null };

async function call<T>(base: string, method: string, url: string, options: { token?: string; body?: unknown; clientAddress?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers[ACCESS_TOKEN_HEADER] = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  const response = await fetch(`${base}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: response.status, body: (await response.json()) as ApiEnvelope<T>, upstream: response.headers.get('x-upstream') };
}

async function encrypted(base: string, text: string): Promise<string> {
  const { result: keys } = (await call<EncryptedString>(base, 'GET', '/api/sys/getEncryptedString')).body;
  return CryptoJS.AES.encrypt(text, CryptoJS.enc.Utf8.parse(keys.key), { iv: CryptoJS.enc.Utf8.parse(keys.iv) }).toString();
}

/** The login form's POST alone (the encryption keys come from the first process: they are the installation's). */
async function login(base: string, username: string, password = DEMO_PASSWORD, clientAddress?: string): Promise<Answer<LoginResult>> {
  return call<LoginResult>(base, 'POST', '/api/sys/login', { body: { username, password: await encrypted(first.url, password) }, clientAddress });
}

async function tokenOf(base: string, username: string, clientAddress: string): Promise<string> {
  const answer = await login(base, username, DEMO_PASSWORD, clientAddress);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.token;
}

const databaseServer = process.env.TEST_DATABASE_URL;
if (!databaseServer) throw new Error('The cluster test needs a PostgreSQL server: set TEST_DATABASE_URL (npm test starts one).');

let databaseName: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let first: Awaited<ReturnType<typeof startApiProcess>>;
let second: Awaited<ReturnType<typeof startApiProcess>>;
let balancer: Awaited<ReturnType<typeof startNginx>>;

beforeAll(async () => {
  databaseName = `isps_cluster_${randomUUID().slice(0, 8)}`;
  await withAdminClient(databaseServer, (client) => createDatabase(client, databaseName));
  s3 = await startS3Server();
  const env = {
    DATABASE_URL: databaseUrl(databaseServer, databaseName),
    DEMO_DATA: 'true',
    JOBS_ENABLED: 'true',
    AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    TRUST_PROXY: 'loopback',
    S3_ENDPOINT: s3.config.endpoint,
    S3_BUCKET: s3.config.bucket,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'isps-cluster-')),
  };
  // The first process builds the schema and the demo school; an admin then has a job run every second,
  // and the second process starts on that.
  first = await startApiProcess(env);
  const adminToken = await tokenOf(first.url, 'admin', '198.51.100.1');
  const edited = await call(first.url, 'PUT', '/api/sys/quartzJob/edit', { token: adminToken, body: { id: 'session-cleanup', cron: '* * * * * ?' } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  second = await startApiProcess(env);
  balancer = await startNginx([first.port, second.port]);
}, 240_000);

afterAll(async () => {
  await balancer?.stop();
  await first?.stop();
  await second?.stop();
  await s3?.close();
  if (databaseName) await withAdminClient(databaseServer, (client) => dropDatabase(client, databaseName));
}, 60_000);

describe('two API processes on one PostgreSQL behind nginx', () => {
  it('spreads requests over both processes', async () => {
    const upstreams = new Set<string | null>();
    for (let i = 0; i < 4; i++) upstreams.add((await call(balancer.url, 'GET', '/api/sys/ping')).upstream);
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`].sort());
  });

  it('serves a session made on one process on the other', async () => {
    const token = await tokenOf(first.url, 'teacher01', '198.51.100.2');
    const answer = await call<unknown>(second.url, 'GET', '/api/sys/user/getCurrentUserDeparts', { token });
    expect({ status: answer.status, success: answer.body.success }).toEqual({ status: 200, success: true });
  });

  it('ends a session on the other process at once when it ends on one, though both held it in memory', async () => {
    const token = await tokenOf(first.url, 'teacher01', '198.51.100.4');
    for (const base of [first.url, second.url]) expect((await call(base, 'GET', '/api/sys/user/getCurrentUserDeparts', { token })).status).toBe(200);
    expect((await call(first.url, 'POST', '/api/sys/logout', { token })).status).toBe(200);
    const after = await call(second.url, 'GET', '/api/sys/user/getCurrentUserDeparts', { token });
    expect({ status: after.status, message: after.body.message }).toEqual({ status: 401, message: 'Token失效，请重新登录!' });
  });

  it('counts one address’s logins on both processes', async () => {
    const answers = [];
    for (let attempt = 0; attempt <= AUTH_RATE_LIMIT; attempt++) answers.push(await login(balancer.url, 'teacher01', DEMO_PASSWORD, '198.51.100.3'));
    expect(answers.map((a) => a.status)).toEqual([...Array(AUTH_RATE_LIMIT).fill(200), 429]);
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(2);
  });

  it('locks an account after five wrong passwords spread over both processes', async () => {
    const wrong = [];
    for (let attempt = 1; attempt <= 5; attempt++) wrong.push(await login(balancer.url, 'mentor01', 'Wrong@2026', `198.51.100.${10 + attempt}`));
    expect(new Set(wrong.map((a) => a.upstream)).size).toBe(2);
    expect(wrong.every((a) => a.status !== 200)).toBe(true);
    for (const base of [first.url, second.url]) {
      const locked = await login(base, 'mentor01', DEMO_PASSWORD, `198.51.100.${base === first.url ? 20 : 21}`);
      expect({ status: locked.status, message: locked.body.message }).toEqual({ status: 423, message: '登录失败次数过多，账号已锁定15分钟，请稍后再试' });
    }
  });

  it('runs each planned run of a job in one process only', async () => {
    const plannedRuns = () =>
      [first, second].flatMap((server, index) =>
        server.lines
          .filter((line) => line.includes('"scheduled job run"'))
          .map((line) => JSON.parse(line) as { job: string; plannedAt: string })
          .filter((entry) => entry.job === 'session-cleanup')
          .map((entry) => ({ server: index, plannedAt: entry.plannedAt })),
      );
    // Both processes plan the job every second from now on.
    const start = plannedRuns().length;
    await until(async () => plannedRuns().length >= start + 4, () => JSON.stringify(plannedRuns()), 15_000);
    const runs = plannedRuns();
    const times = runs.map((r) => r.plannedAt);
    expect(new Set(times).size, JSON.stringify(runs)).toBe(times.length);
  });

  it('serves a photo uploaded through one process from the other', async () => {
    const token = await tokenOf(first.url, 'student01', '198.51.100.30');
    const attachmentId = randomUUID();
    const content = Buffer.concat([PNG, Buffer.from(attachmentId)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), '现场照片.png');
    const uploaded = await fetch(`${first.url}/api/internship/weekly/${randomUUID()}/attachments`, {
      method: 'POST',
      headers: { [ACCESS_TOKEN_HEADER]: token, 'x-attachment-id': attachmentId },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const downloaded = await fetch(`${second.url}/api/internship/attachments/${attachmentId}`, { headers: { [ACCESS_TOKEN_HEADER]: token } });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
  });

  it('lets a list page held in memory by both processes go when a row changes through either one', async () => {
    const token = await tokenOf(first.url, 'admin', '198.51.100.40');
    const code = `C${randomUUID().slice(0, 8)}`;
    const names = async (base: string) =>
      (await call<{ records: { code: string; name: string }[] }>(base, 'GET', `/api/sys/position/list?code=${code}`, { token })).body.result.records.map((r) => r.name);
    for (const base of [first.url, second.url]) expect(await names(base)).toEqual([]);
    expect((await call(first.url, 'POST', '/api/sys/position/add', { token, body: { code, name: '驻校代表', postRank: '3' } })).status).toBe(200);
    await until(async () => (await names(second.url)).join() === '驻校代表', () => 'the second process still answers the page without the new row', 3000);
    const [row] = (await call<{ records: { id: string }[] }>(second.url, 'GET', `/api/sys/position/list?code=${code}`, { token })).body.result.records;
    expect((await call(second.url, 'PUT', '/api/sys/position/edit', { token, body: { id: row!.id, code, name: '驻企代表', postRank: '3' } })).status).toBe(200);
    await until(async () => (await names(first.url)).join() === '驻企代表', () => 'the first process still answers the page with the old name', 3000);
  });
});
