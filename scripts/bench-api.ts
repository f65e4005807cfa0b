/**
 * npm run bench:api — how much of one API process's throughput the real work leaves: autocannon (10
 * connections, DURATION_S seconds each) against the administrator's paged 学生管理 list of a school of
 * 20,000 students (scripts/bench-school.ts), and against GET /sys/ping (no session, no database) in the
 * same run with the same settings. Prints req/s, p50 and p99 of both and the list's share of the bare
 * route's req/s, on PGlite and, with DATABASE_URL set, on PostgreSQL; and the SQL statements a list request
 * sends, counted in this process before the server starts. A repeated page comes from the read cache
 * (server/lib/read-cache.ts); a third load asks for a page never asked before in the run each time (at
 * random depths), so what reading a page from the database costs is printed too. Exits 1 when a target is missed:
 * the list at ≥ 20 % (PGlite) / 40 % (PostgreSQL) of the bare route's req/s, and its p99 ≤ 100 ms.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { STUDENT_RESOURCE } from '../contract/basic-data.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { adminToken, benchOnBothDatabases, type PreparedSchool } from './bench-school.ts';
import { startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8894;
const API_URL = `http://127.0.0.1:${PORT}/api`;
const DATA_DIR = '.tmp/bench-api-data';
const PG_DATABASE = 'isps_bench_api';
const CONNECTIONS = 10;
const DURATION_S = 10;
const TARGET_SHARE = { PGlite: 0.2, PostgreSQL: 0.4 } as const;
const TARGET_P99_MS = 100;
/** The school's students (scripts/bench-school.ts). */
const STUDENTS = 20_000;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

/**
 * Pages no request of the run has asked for, so none is in the read cache: the pages of 10 in a shuffled
 * order, then those of 11, and so on.
 */
function freshPages(base: string): () => string {
  let size = 9;
  let pageNos: number[] = [];
  return () => {
    if (pageNos.length === 0) {
      size++;
      pageNos = Array.from({ length: Math.ceil(STUDENTS / size) }, (_, i) => i + 1);
      for (let i = pageNos.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [pageNos[i], pageNos[j]] = [pageNos[j]!, pageNos[i]!];
      }
    }
    return `${base}?pageNo=${pageNos.pop()}&pageSize=${size}`;
  };
}

/** Each request's path from nextPath when given (a page not asked before), else url's. */
async function load(url: string, headers: Record<string, string> = {}, nextPath?: () => string): Promise<Figures> {
  const requests = nextPath ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: `/api${nextPath()}` }) }] : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, requests } as autocannon.Options);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

/**
 * The statements a list request sends, counted in this process on the same database before the server
 * starts (PGlite's directory has one user at a time): where a request's time can go. A page read for the
 * first time (another page than the warm-up's), and the same page again, answered from the read cache.
 */
async function statementsOfRequests(env: NodeJS.ProcessEnv, path: string): Promise<{ first: string[]; again: string[] }> {
  const config = loadConfig({ ...process.env, ...env, DEMO_DATA: 'true' });
  const statements: string[] = [];
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onQuery: (query) => statements.push(query) });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const token = await adminToken(API_URL);
    const get = async (url: string) => {
      statements.length = 0;
      const answer = await app.inject({ url: `/api${url}`, headers: { 'X-Access-Token': token } });
      if (answer.statusCode !== 200) throw new Error(`列表请求失败：${answer.statusCode} ${answer.body.slice(0, 200)}`);
      return [...statements];
    };
    // Once to warm up (the session, the permission decision) on another page.
    await get(path.replace('pageNo=1', 'pageNo=2'));
    return { first: await get(path), again: await get(path) };
  } finally {
    await app.close();
    await database.close();
  }
}

async function measure({ label, env }: PreparedSchool): Promise<boolean> {
  const listPath = `${STUDENT_RESOURCE.api.base}/list?pageNo=1&pageSize=10`;
  const statements = await statementsOfRequests(env, listPath);
  const server = startServer({ port: PORT, dataDir: DATA_DIR, freshData: false, env: { ...env, AUTH_RATE_LIMIT: '1000' } });
  try {
    await waitUntilServing(server, `${API_URL}/sys/ping`);
    const token = await adminToken(API_URL);
    const listUrl = `${API_URL}${listPath}`;
    // A short warm-up of both, then each measured alone.
    await autocannon({ url: listUrl, connections: CONNECTIONS, duration: 2, headers: { 'X-Access-Token': token } });
    await autocannon({ url: `${API_URL}/sys/ping`, connections: CONNECTIONS, duration: 2 });
    const bare = await load(`${API_URL}/sys/ping`);
    const list = await load(listUrl, { 'X-Access-Token': token });
    const pages = await load(`${API_URL}${STUDENT_RESOURCE.api.base}/list`, { 'X-Access-Token': token }, freshPages(`${STUDENT_RESOURCE.api.base}/list`));
    const share = list.requestsPerSecond / bare.requestsPerSecond;
    console.log(`\n${label}：${CONNECTIONS} 个连接，各 ${DURATION_S} 秒（${os.availableParallelism()} 核，1 分钟平均负载 ${os.loadavg()[0]!.toFixed(1)}）`);
    console.table({
      'GET /sys/ping（无会话、无数据库）': { 'req/s': Math.round(bare.requestsPerSecond), 'p50 ms': bare.p50, 'p99 ms': bare.p99, 失败: bare.failed },
      [`GET ${STUDENT_RESOURCE.api.base}/list（管理员，第 1 页）`]: { 'req/s': Math.round(list.requestsPerSecond), 'p50 ms': list.p50, 'p99 ms': list.p99, 失败: list.failed },
      ['…同上，每次读取本轮未读过的一页（任意深度，不经缓存）']: { 'req/s': Math.round(pages.requestsPerSecond), 'p50 ms': pages.p50, 'p99 ms': pages.p99, 失败: pages.failed },
    });
    console.log(`列表请求的 SQL 语句：首次读取一页 ${statements.first.length} 条，再次读取同一页 ${statements.again.length} 条（内存中的页，表有变动即失效）`);
    for (const statement of statements.first) console.log(`  ${statement.replace(/\s+/g, ' ').slice(0, 150)}…`);
    const target = TARGET_SHARE[label];
    console.log(`列表为空路由的 ${(share * 100).toFixed(1)} %（目标 ≥ ${target * 100} %），列表 p99 ${list.p99} ms（目标 ≤ ${TARGET_P99_MS} ms）`);
    return share >= target && list.p99 <= TARGET_P99_MS && list.failed === 0 && bare.failed === 0;
  } finally {
    await stopServer(server);
  }
}

benchOnBothDatabases(DATA_DIR, PG_DATABASE, measure);
