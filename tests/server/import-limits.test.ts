import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import type { EncryptedString, LoginResult } from '@contract/session.ts';
import { ensureServerBuilt } from '../../scripts/build-server.ts';
import { PROJECT_ROOT } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { sysUser, sysUserRole } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/lib/crypto.ts';
import { importHoldKey } from '../../server/plugins/app/imports.ts';
import { holdKey } from '../../server/plugins/app/rate-limit-store.ts';
import { DEMO_PASSWORD, startTestApp, testDatabaseSource, uniqueName, userRow, type TestApp } from './harness.ts';
import { createDatabase, databaseUrl, dropDatabase, withAdminClient } from './test-database.ts';
import { bombSheet, slowWorkbook, textSheet, workbook, workbookWithSheet } from './workbook-support.ts';

/*
 * Import files built to stall the server (issue 38): a zip bomb, a workbook cut short, a corrupt one, one that takes
 * SheetJS many seconds. Each is refused quickly, other requests keep their latency, and SIGTERM ends the process.
 */

const STUDENT_IMPORT = '/api/basic/student/importExcel';
const USER_IMPORT = '/api/sys/user/importExcel';
const REFUSED = {
  unreadable: '无法读取该Excel文件，请确认文件未损坏',
  inflated: '文件解压后超过50MB，请删除无关内容后重试',
  sheets: '工作表超过20个，请删除无关的工作表后重试',
  rows: '数据行超过20000行，请分批导入',
  busy: '上一个导入仍在处理中，请稍候',
  timeout: '导入文件处理超时（超过1秒），请删除无关内容或分批导入',
  stopping: '服务正在停止，请稍后重试导入',
};
/** What the student import says of a workbook that is read but is not its template: proof it was read. */
const MISSING_COLUMNS = '缺少列：班级、年级、学籍状态、初始密码';

/** A million rows, 47 MB of sheet, under 200 KB deflated; built once. */
const BOMB_ROWS = 1_000_000;
let bombXml: Buffer;
let bombDeflated: Buffer;
/** The bomb as it is: its headers declare the 47 MB. */
const bomb = () => workbookWithSheet({ content: bombXml, compressed: bombDeflated });
/** The bomb claiming to be 40 KB: given up once it inflates past that. */
const lyingBomb = () => workbookWithSheet({ content: bombXml, compressed: bombDeflated, declaredSize: 40_000 });
/** A shared-strings part declaring a size within the limit that inflates to 60 MB of text without a tag. */
const textBomb = (declaredMb: number) =>
  workbookWithSheet({ content: '<worksheet/>' }, [{ name: 'xl/sharedStrings.xml', content: Buffer.alloc(0), compressed: deflateRawSync(Buffer.alloc(60e6, 'a'), { level: 9 }), declaredSize: declaredMb * 1024 * 1024 }]);

beforeAll(() => {
  bombXml = bombSheet(BOMB_ROWS);
  bombDeflated = deflateRawSync(bombXml, { level: 9 });
});

function multipart(content: Buffer, fileName: string) {
  const boundary = `----isps${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('an import file built to stall the server', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ importTimeoutMs: 1000 });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  /** The answer to an upload and how long it took. */
  const upload = async (content: Buffer, token = admin, url = STUDENT_IMPORT) => {
    const { payload, contentType } = multipart(content, '学生.xlsx');
    const started = performance.now();
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, [ACCESS_TOKEN_HEADER]: token } });
    return { status: response.statusCode, message: response.json<ApiEnvelope<null>>().message, ms: performance.now() - started };
  };

  /** Refused with the message in under a second. */
  const refusedQuickly = async (content: Buffer, message: string) => {
    const { status, message: answered, ms } = await upload(content);
    expect({ status, message: answered }).toEqual({ status: 400, message });
    expect(ms).toBeLessThan(1000);
  };

  it('refuses a zip bomb of a million rows in under a second, whether it declares its size or lies about it', async () => {
    const honest = bomb();
    expect(honest.length).toBeLessThan(300_000);
    await refusedQuickly(honest, REFUSED.rows);
    await refusedQuickly(lyingBomb(), REFUSED.unreadable);
    const big = workbookWithSheet({ content: '<worksheet/>' }, [{ name: 'xl/media/image1.png', content: Buffer.alloc(51 * 1024 * 1024) }]);
    await refusedQuickly(big, REFUSED.inflated);
    await refusedQuickly(textBomb(5), REFUSED.unreadable);
    await refusedQuickly(workbook([['学号']], { sheetCount: 21 }), REFUSED.sheets);
  });

  it('refuses a workbook whose compressed sheet is cut short, and corrupt ones (600 bytes of one, noise in another), in under a second', async () => {
    const rows = [['学号', '姓名'], ...Array.from({ length: 2000 }, (_, i) => [`2023${i}`, `学生${i}`])];
    const sheet = Buffer.from(textSheet(rows), 'utf8');
    const cut = deflateRawSync(sheet, { level: 9 }).subarray(0, 2000);
    await refusedQuickly(workbookWithSheet({ content: sheet, compressed: cut }), REFUSED.unreadable);

    const small = workbook([['学号', '姓名'], ['2023001', '张三']]);
    // Its first 600 bytes (no directory), and the whole of it with the sheet's deflated bytes, after its name in its
    // local header, overwritten with noise.
    await refusedQuickly(small.subarray(0, 600), REFUSED.unreadable);
    const noisy = Buffer.from(small);
    const sheetData = noisy.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    for (let i = sheetData; i < sheetData + 40; i++) noisy[i] = (i * 151) & 0xff;
    await refusedQuickly(noisy, REFUSED.unreadable);
    // The same file unbroken gets as far as the columns the student import needs.
    expect(await upload(small)).toMatchObject({ status: 400, message: MISSING_COLUMNS });
  });

  it('runs one import per account at a time: one while its import runs is refused with 429, the next one runs', async () => {
    const file = workbook([['学号', '姓名'], ['2023001', '张三']]);
    // The account's import running (in this process or another): its hold in the shared store, as the route takes it.
    // Two uploads sent at once would race instead: a small file's import can end before the second arrives.
    const release = (await holdKey(t.db, importHoldKey((await userRow(t.db, 'admin'))!.id), 60_000))!;
    const refused = await upload(file);
    await release();
    expect(refused).toMatchObject({ status: 429, message: REFUSED.busy });
    // The account is free again once its import is done; another account was never held (the user import, too).
    const other = await t.createUser({ roles: ['role-admin'] });
    const [again, another] = await Promise.all([upload(file, admin, USER_IMPORT), upload(file, await t.login(other.username, other.password), USER_IMPORT)]);
    expect(again).toMatchObject({ status: 400, message: expect.stringMatching(/^缺少列：/) });
    expect(another).toMatchObject({ status: 400, message: again.message });
  });

  it('ends the reading of a workbook that passes the time limit, and reads the next file with a new worker', async () => {
    // Not within a second: the time limit counts from when the worker has loaded, which a fresh worker takes a moment to.
    expect(await upload(slowWorkbook())).toMatchObject({ status: 400, message: REFUSED.timeout });
    expect(await upload(workbook([['学号', '姓名'], ['2023001', '张三']]))).toMatchObject({ status: 400, message: MISSING_COLUMNS });
  });
});

describe('the server process (production’s way: the bundle of npm run build:server)', () => {
  let dataDir: string;
  let base: string;
  let server: ChildProcess;
  let exited: Promise<number | null>;
  const logs: { msg?: string }[] = [];
  let dropServerDatabase = async () => {};
  const admins = [uniqueName('imp'), uniqueName('imp')];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'isps-import-server-'));
    const env = await serverDatabase(dataDir, admins);
    dropServerDatabase = env.drop;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [await ensureServerBuilt()], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env.vars, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DIST_DIR: dataDir, DEMO_DATA: 'true', JOBS_ENABLED: 'false', AUTH_RATE_LIMIT: '1000', LOG_LEVEL: 'debug', IMPORT_TIMEOUT_SECONDS: '60' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    let pending = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as { msg?: string });
        } catch {
          logs.push({});
        }
      }
    });
    await until(async () => (await fetch(`${base}/api/sys/ping`).catch(() => null))?.ok === true, 60_000);
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await exited;
    await dropServerDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  const ping = async () => {
    const started = performance.now();
    expect((await fetch(`${base}/api/sys/ping`)).status).toBe(200);
    return performance.now() - started;
  };
  const send = async (token: string, content: Buffer) => {
    const form = new FormData();
    form.append('files[]', new Blob([new Uint8Array(content)]), '学生.xlsx');
    const response = await fetch(`${base}${STUDENT_IMPORT}`, { method: 'POST', body: form, headers: { [ACCESS_TOKEN_HEADER]: token } });
    return { status: response.status, message: ((await response.json()) as ApiEnvelope<null>).message };
  };
  const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

  it('answers /sys/ping within 100 ms (p99) while three accounts send bombs at once', async () => {
    const tokens = await Promise.all(['admin', ...admins].map((username) => httpLogin(base, username)));
    // The last one makes the server inflate 49 MB before it is found out.
    const bombs = [bomb(), lyingBomb(), textBomb(49)];
    const expected = [REFUSED.rows, REFUSED.unreadable, REFUSED.unreadable];
    const latencies: number[] = [];
    let bombing = true;
    const bombers = tokens.map(async (token, i) => {
      const answers: { status: number; message: string }[] = [];
      for (let round = 0; round < 3 || latencies.length < 50; round++) answers.push(await send(token, bombs[i]!));
      return answers;
    });
    const answered = Promise.all(bombers).finally(() => (bombing = false));
    while (bombing) latencies.push(await ping());
    (await answered).forEach((answers, i) => expect(answers.every((a) => a.status === 400 && a.message === expected[i])).toBe(true));
    expect(latencies.length).toBeGreaterThanOrEqual(50);
    expect(p99(latencies)).toBeLessThan(100);
  });

  it('reads a slow workbook in a worker (pings keep their latency) and stops within 5 s of SIGTERM, releasing the database', async () => {
    const token = await httpLogin(base, 'admin');
    const reading = () => logs.some((l) => l.msg === 'import: workbook checked, reading it in a worker');
    expect(reading()).toBe(false);
    const answer = send(token, slowWorkbook()).catch((error: unknown) => error);
    await until(async () => reading(), 20_000);
    // Parsed on the event loop, the first ping would wait for the whole parse (over ten seconds here).
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) latencies.push(await ping());
    expect(Math.max(...latencies)).toBeLessThan(1000);

    const signalled = performance.now();
    server.kill('SIGTERM');
    const code = await exited;
    expect(performance.now() - signalled).toBeLessThan(5000);
    expect(code).toBe(0);
    expect(await answer).toEqual({ status: 503, message: REFUSED.stopping });
    // The start-up claim of the embedded database's directory is gone (PostgreSQL's lock ends with its connection).
    expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);
  }, 40_000);
});

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function addAdmins(db: Database, usernames: readonly string[]) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const username of usernames) {
    const [user] = await db.insert(sysUser).values({ username, realname: `导入${username}`, passwordHash, yhlx: '0' }).returning({ id: sysUser.id });
    await db.insert(sysUserRole).values({ userId: user!.id, roleId: 'role-admin' });
  }
}

/** The demo database for the spawned server, with more administrators: a PGlite directory, or a PostgreSQL database. */
async function serverDatabase(dataDir: string, usernames: readonly string[]): Promise<{ vars: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const source = testDatabaseSource();
  if (source.kind === 'pglite') {
    const pglite = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([await readFile(source.snapshotFile)], { type: 'application/x-gzip' }) });
    const handle = await openDatabase({ pglite });
    await addAdmins(handle.db, usernames);
    await handle.close();
    return { vars: { DATABASE_URL: '' }, drop: async () => {} };
  }
  const name = `isps_t_${randomUUID().slice(0, 12).replace(/-/g, '')}`;
  await withAdminClient(source.adminUrl, (client) => createDatabase(client, name, source.template));
  const url = databaseUrl(source.adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  await addAdmins(handle.db, usernames);
  await handle.close();
  return { vars: { DATABASE_URL: url }, drop: () => withAdminClient(source.adminUrl, (client) => dropDatabase(client, name)) };
}

async function httpLogin(base: string, username: string): Promise<string> {
  const keys = ((await (await fetch(`${base}/api/sys/getEncryptedString`)).json()) as ApiEnvelope<EncryptedString>).result;
  const password = CryptoJS.AES.encrypt(DEMO_PASSWORD, CryptoJS.enc.Utf8.parse(keys.key), { iv: CryptoJS.enc.Utf8.parse(keys.iv) }).toString();
  const response = await fetch(`${base}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await response.json()) as ApiEnvelope<LoginResult>;
  expect(body, `login of ${username}`).toMatchObject({ success: true });
  return body.result.token;
}
