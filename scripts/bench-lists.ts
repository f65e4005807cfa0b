/**
 * npm run bench:lists — the 学生管理 list of a school of 20,000 students, timed through HTTP.
 *
 * The school of 20,000 students is prepared first (scripts/bench-school.ts): on PGlite in
 * .tmp/bench-lists-data; with DATABASE_URL set again in a database of its own (isps_bench_lists) on that
 * PostgreSQL server. The real server then starts on it (port 8893, no app needed), the administrator logs in, and
 * GET <api>/basic/student/list (STUDENT_RESOURCE) is asked, 10 rows a page, for each case:
 * the first page, a part of a name, a 学号 prefix, a class, and sorted by 学号 descending —
 * REQUESTS requests each (after a few to warm up), with a different value each time, the cases taking turns.
 * The read cache is off (READ_CACHE=false): every page is read from the database.
 * Prints p50/p95/max milliseconds per case; exits 1 when a case's p95 is over TARGET_P95_MS or an
 * answer is not a page of the rows asked for.
 */
import os from 'node:os';
import { STUDENT_RESOURCE } from '../contract/basic-data.ts';
import { adminToken, benchOnBothDatabases, type PreparedSchool, type School } from './bench-school.ts';
import { percentile, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8893;
const API_URL = `http://127.0.0.1:${PORT}/api`;
const LIST_URL = `${API_URL}${STUDENT_RESOURCE.api.base}/list`;
const DATA_DIR = '.tmp/bench-lists-data';
const PG_DATABASE = 'isps_bench_lists';
const REQUESTS = 50;
const WARM_UP = 10;
const PAGE_SIZE = 10;
const TARGET_P95_MS = 50;

interface Page {
  records: { studentNo: string; name: string; classId: string }[];
  total: number;
}

interface Case {
  name: string;
  /** The query of the i-th request. */
  query: (i: number) => Record<string, string>;
  /** What must hold of its page; a message when it does not. */
  check: (page: Page, query: Record<string, string>) => string | null;
}

function cases(school: School): Case[] {
  const nth = <T>(items: readonly T[], i: number) => items[(i * 7919) % items.length]!;
  // A given name's last character (婷, 浩…): a fragment many names share, as a user would type it.
  const fragment = (i: number) => nth(school.names, i).slice(-1);
  const noPrefix = (i: number) => nth(school.studentNos, i).slice(0, [4, 6, 8][i % 3]);
  const sortedDesc = [...school.studentNos].sort().reverse();
  return [
    {
      name: '第一页',
      query: () => ({}),
      check: (page) => (page.total === school.students ? null : `共 ${page.total} 条，应为 ${school.students}`),
    },
    {
      name: '姓名片段 name=…',
      query: (i) => ({ name: fragment(i) }),
      check: (page, q) => (page.total > 0 && page.records.every((r) => r.name.includes(q.name!)) ? null : `按“${q.name}”查到的不对`),
    },
    {
      name: '学号前缀 studentNo=…',
      query: (i) => ({ studentNo: noPrefix(i) }),
      check: (page, q) => (page.total > 0 && page.records.every((r) => r.studentNo.startsWith(q.studentNo!)) ? null : `按学号“${q.studentNo}”查到的不对`),
    },
    {
      name: '班级 classId=…',
      query: (i) => ({ classId: nth(school.classIds, i) }),
      check: (page, q) => (page.total >= 80 && page.records.every((r) => r.classId === q.classId) ? null : `班级 ${q.classId} 有 ${page.total} 条`),
    },
    {
      name: '学号倒序 column=studentNo&order=desc',
      query: (i) => ({ column: 'studentNo', order: 'desc', pageNo: String(1 + (i % 20)) }),
      check: (page, q) => {
        const from = (Number(q.pageNo) - 1) * PAGE_SIZE;
        return page.records.map((r) => r.studentNo).join() === sortedDesc.slice(from, from + PAGE_SIZE).join() ? null : `第 ${q.pageNo} 页的顺序不对`;
      },
    },
  ];
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
}

/** One request of a case: its milliseconds, after checking the answer. */
async function timeOne(token: string, benchCase: Case, i: number): Promise<number> {
  const query = { pageNo: '1', pageSize: String(PAGE_SIZE), ...benchCase.query(i) };
  const started = performance.now();
  const response = await fetch(`${LIST_URL}?${new URLSearchParams(query)}`, { headers: { 'X-Access-Token': token } });
  const body = (await response.json()) as { success: boolean; message: string; result: Page };
  const elapsed = performance.now() - started;
  if (!body.success) throw new Error(`${benchCase.name}：${response.status} ${body.message}`);
  const problem = benchCase.check(body.result, query);
  if (problem) throw new Error(`${benchCase.name}：${problem}`);
  return elapsed;
}

/**
 * Every case in turn, REQUESTS rounds after WARM_UP: a moment when the machine is busy with something
 * else then weighs on all cases alike rather than on whichever ran then.
 */
async function time(token: string, benchCases: Case[]): Promise<Timing[]> {
  const ms = benchCases.map((): number[] => []);
  for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
    for (const [index, benchCase] of benchCases.entries()) {
      const elapsed = await timeOne(token, benchCase, i);
      if (i >= WARM_UP) ms[index]!.push(elapsed);
    }
  }
  return benchCases.map((benchCase, index) => {
    const sorted = ms[index]!.sort((a, b) => a - b);
    return { name: benchCase.name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]! };
  });
}

/** Serves the prepared database and times every case; true when every p95 meets the target. */
async function measure({ label, school, env }: PreparedSchool): Promise<boolean> {
  // The database's work is timed: no page comes from the read cache (a repeated first page would).
  const server = startServer({ port: PORT, dataDir: DATA_DIR, freshData: false, env: { ...env, READ_CACHE: 'false' } });
  try {
    await waitUntilServing(server, `${API_URL}/sys/getEncryptedString`);
    const token = await adminToken(API_URL);
    const timings = await time(token, cases(school));
    const load = os.loadavg()[0]!.toFixed(1);
    console.log(`\n${label}：GET ${STUDENT_RESOURCE.api.base}/list，每页 ${PAGE_SIZE} 条，每种 ${REQUESTS} 次（本机 HTTP 往返，毫秒；${os.availableParallelism()} 核，1 分钟平均负载 ${load}）`);
    console.table(Object.fromEntries(timings.map((t) => [t.name, { p50: Number(t.p50.toFixed(1)), p95: Number(t.p95.toFixed(1)), max: Number(t.max.toFixed(1)) }])));
    const missed = timings.filter((t) => t.p95 > TARGET_P95_MS);
    console.log(missed.length === 0 ? `全部 p95 ≤ ${TARGET_P95_MS} ms` : `未达标（p95 > ${TARGET_P95_MS} ms）：${missed.map((t) => t.name).join('、')}`);
    return missed.length === 0;
  } finally {
    await stopServer(server);
  }
}

benchOnBothDatabases(DATA_DIR, PG_DATABASE, measure);
