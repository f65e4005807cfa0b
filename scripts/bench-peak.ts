/**
 * npm run bench:peak — the busiest hour of a school in season, through HTTP with each student's own session.
 *
 * The school (scripts/bench-school.ts): the demo school's 2,000 students on PGlite (one server process, port
 * 5421); on PostgreSQL ten times as many, 20,000, with two server processes (5423, 5424) behind nginx
 * (5425) on a throwaway cluster (5422) started as npm test starts one, but durable (fsync on, as in
 * production), or on the server of DATABASE_URL. The demo seed places 100 of its students; the bench places
 * every other one as the office would have by now (实习中 in the running 岗位实习, a unit, one of the
 * school's teachers as adviser, round robin, teacher01 among them), in bulk, before the server starts.
 *
 * Sessions, before anything is timed: on PGlite every student logs in through POST /sys/login (the
 * per-address login limit raised by AUTH_RATE_LIMIT for the bench: all logins come from 127.0.0.1); on
 * PostgreSQL the 20,000 sessions are made with createSession (server/modules/auth/sessions.ts), the row a
 * login writes after its password check: 20,000 scrypt checks would hold both cores for minutes, and
 * logging in is not the 08:00 peak. The adviser, the office and the administrator log in through HTTP.
 *
 * Then, timed, while teacher01 reads the 周记 review list and the day's check-in list, office01 the 实习统计
 * page's figures and admin the 分析页's (each a round of its page, a pause of READ_PAUSE_MS, again), and
 * GET /sys/ping is sent every PING_EVERY_MS:
 * 1. 签到: every student's check-in within 60 s (each at a random moment), as the app sends it: PUT with its
 *    Idempotency-Key, the device headers (X-Device-Acted-At, X-Device-Clock), Prefer: return=minimal, the
 *    installation's deviceId and a located place. One in ten is sent twice more as a bad network does: at once
 *    (the answer lost, the phone tries again; a 409 with Retry-After is waited out and retried as the
 *    outbox does) and again a few seconds after the answer.
 * 2. 周记: a quarter of the students (500 / 5,000) submit this week's 周记 within 60 s, each with its own
 *    200 KB photo (POST …/attachments, then the PUT); one in ten is replayed the same two ways, upload and all.
 *
 * Prints per phase and route: requests, req/s, p50, p99, errors and the route's p99 over /sys/ping's p99 in
 * the same phase; then what the database holds (after the servers stopped): one check-in per student for
 * today and one submitted 周记 with its photo per student of the rush. Targets: no error, exactly once,
 * check-in p99 ≤ 200 ms on PGlite and ≤ 100 ms on PostgreSQL, the reads' p99 ≤ 300 ms; exits 1 when one
 * is missed. Options: --pglite or --pg for one of the two (both by default); --pg-students=N for a smaller
 * PostgreSQL school (N ≥ 2,000); --window=S to send each phase within S seconds instead of 60 (what the
 * machine holds when 60 s is more than it can take). The CPU seconds of each process tree per phase are
 * printed too: unlike the latencies, they hardly depend on what else the machine runs. BENCH_CPU_PROF_DIR=dir
 * writes each server process's CPU profile there as it stops.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crc32, deflateSync } from 'node:zlib';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { DEVICE_ACTED_AT_HEADER, DEVICE_CLOCK_HEADER } from '../contract/device-time.ts';
import { ACCESS_TOKEN_HEADER } from '../contract/envelope.ts';
import { ATTACHMENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, addDays, mondayOf, schoolToday } from '../contract/internship.ts';
import { RECORD_KINDS } from '../contract/records.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipRecord, internshipUnit, sysUser } from '../server/db/schema.ts';
import { insertRows } from '../server/lib/bulk-insert.ts';
import { createSession } from '../server/modules/auth/sessions.ts';
import { rolesOf } from '../server/modules/user/queries.ts';
import { startNginx, startPostgres, type LocalNginx, type LocalPostgres } from './local-cluster.ts';
import { briefError, loginToken, schoolOnPglite, schoolOnPostgres, type PreparedSchool } from './bench-school.ts';
import { ROOT, percentile, runBench, startServer, stopServer, waitUntilServing, type BenchServer } from './bench-support.ts';

const PORTS = { pglite: 5421, postgres: 5422, processes: [5423, 5424], nginx: 5425 } as const;
const PGLITE_DATA = '.tmp/bench-peak-data';
/** DATA_DIR of the PostgreSQL run: the photos' directory, shared by both processes. */
const PG_FILES_DATA = '.tmp/bench-peak-pg-data';
const PG_DATABASE = 'isps_bench_peak';
/** Each phase's sending window (--window=S to spread it wider). */
const DEFAULT_WINDOW_S = 60;
const REPLAYED_SHARE = 0.1;
const WEEKLY_SHARE = 0.25;
const READ_PAUSE_MS = 500;
/** How often a write that got no answer is sent again (the app's outbox keeps trying; the bench stops after 30 s). */
const OUTBOX_RETRIES = 4;
/** The outbox's backoff (src/offline/sync-rules.ts): 2 s, 4 s … 5 min, up to 20 % more. */
const outboxBackoffMs = (attempt: number) => Math.min(300_000, 2000 * 2 ** (attempt - 1)) * (1 + 0.2 * Math.random());
const PING_EVERY_MS = 100;
/** Logins at once on PGlite: scrypt runs on libuv's four threads. */
const LOGIN_CONCURRENCY = 8;
/** The login limit per address and minute for the bench (every student logs in from 127.0.0.1). */
const BENCH_AUTH_RATE_LIMIT = '1000000';
const TARGET = { checkinP99: { PGlite: 200, PostgreSQL: 100 }, readP99: 300 } as const;
const DEFAULT_PG_STUDENTS = 20_000;
const DEMO_STUDENTS = 2_000;
/** Well over the program minimum (200 characters without white space). */
const WEEKLY_CONTENT = '本周在测试组跟岗，执行回归测试用例，记录并跟踪缺陷，参加站会汇报进度，课余时间学习接口测试与数据库知识。'.repeat(6);
const CHECKIN = RECORD_KINDS.checkin.base;
const WEEKLY = RECORD_KINDS.weekly.base;

interface Student {
  username: string;
  userId: string;
  enrolmentId: string;
  /** Its session when made in the preparation (PostgreSQL); else it logs in. */
  token?: string;
}

interface Plan {
  students: Student[];
  programId: string;
  today: string;
  monday: string;
  /** 第N周 of the running 岗位实习 this week is. */
  weekNo: number;
  /** teacher01's placements. */
  adviserStudents: number;
  /** Students whose placement has no 周记 of this week yet (the rush takes its students from these). */
  weeklyFree: Set<string>;
}

// ---- preparation ---------------------------------------------------------------------------------

/**
 * Every student in one running placement today: the one they have, else their pending enrolment in the
 * running 岗位实习 started, else a new one there; units and advisers round robin. With sessions, a session
 * per student as login makes it.
 */
async function placeEveryone(db: Database, withSessions: boolean): Promise<Plan> {
  const started = performance.now();
  const today = schoolToday();
  const monday = mondayOf(today);
  const [program] = await db
    .select({ id: internshipProgram.id, startDate: internshipProgram.startDate, endDate: internshipProgram.endDate })
    .from(internshipProgram)
    .where(and(eq(internshipProgram.type, 'post'), eq(internshipProgram.status, 'running'), lte(internshipProgram.startDate, monday), gte(internshipProgram.endDate, today)))
    .orderBy(asc(internshipProgram.startDate))
    .limit(1);
  if (!program) throw new Error('示范数据中没有进行中的岗位实习');
  const students = await db.select({ userId: sysUser.id, username: sysUser.username }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).orderBy(asc(basicStudent.studentNo));
  const running = await db
    .select({ id: internshipEnrolment.id, studentUserId: internshipEnrolment.studentUserId, programId: internshipEnrolment.programId })
    .from(internshipEnrolment)
    .where(and(eq(internshipEnrolment.status, 'active'), lte(internshipEnrolment.startDate, today), gte(internshipEnrolment.endDate, today)));
  const pending = await db
    .select({ id: internshipEnrolment.id, studentUserId: internshipEnrolment.studentUserId })
    .from(internshipEnrolment)
    .where(and(eq(internshipEnrolment.programId, program.id), eq(internshipEnrolment.status, 'pending')));
  const advisers = (await db.select({ userId: basicTeacher.userId }).from(basicTeacher).orderBy(asc(basicTeacher.workNo))).flatMap((t) => (t.userId ? [t.userId] : []));
  const units = (await db.select({ id: internshipUnit.id }).from(internshipUnit).where(eq(internshipUnit.status, 'active')).orderBy(asc(internshipUnit.name))).map((u) => u.id);
  const [teacher01] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01'));

  // A student's running placement: the 岗位实习's when they have two.
  const runningOf = new Map<string, string>();
  for (const r of [...running].sort((a, b) => Number(a.programId === program.id) - Number(b.programId === program.id))) runningOf.set(r.studentUserId, r.id);
  const pendingOf = new Map(pending.map((p) => [p.studentUserId, p.id]));
  const terms = { startDate: program.startDate, endDate: program.endDate, status: 'active', post: '岗位实习', insured: true, noFeeConfirmed: true, workTermsConfirmed: true, preTrainingDate: addDays(program.startDate, -3) };
  const newRows: (typeof internshipEnrolment.$inferInsert)[] = [];
  const starting: { id: string; adviserUserId: string; unitId: string }[] = [];
  let turn = 0;
  const placed: Student[] = students.map((s) => {
    const own = runningOf.get(s.userId);
    if (own) return { ...s, enrolmentId: own };
    const adviserUserId = advisers[turn % advisers.length]!;
    const unitId = units[turn % units.length]!;
    turn++;
    const waiting = pendingOf.get(s.userId);
    if (waiting) {
      starting.push({ id: waiting, adviserUserId, unitId });
      return { ...s, enrolmentId: waiting };
    }
    const id = randomUUID();
    newRows.push({ id, programId: program.id, studentUserId: s.userId, adviserUserId, unitId, ...terms });
    return { ...s, enrolmentId: id };
  });
  await db.transaction(async (tx) => {
    for (const p of starting) await tx.update(internshipEnrolment).set({ ...terms, adviserUserId: p.adviserUserId, unitId: p.unitId }).where(eq(internshipEnrolment.id, p.id));
    await insertRows(tx, internshipEnrolment, newRows);
  });
  await db.execute(sql`vacuum (analyze) internship_enrolment`);

  const ids = placed.map((s) => s.enrolmentId);
  const taken = new Set<string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({ enrolmentId: internshipRecord.enrolmentId, kind: internshipRecord.kind, periodStart: internshipRecord.periodStart })
      .from(internshipRecord)
      .where(and(inArray(internshipRecord.enrolmentId, ids.slice(i, i + 5000)), inArray(internshipRecord.kind, ['weekly', 'checkin']), gte(internshipRecord.periodStart, monday)));
    for (const r of rows) {
      if (r.kind === 'checkin' && r.periodStart === today) throw new Error(`准备的数据中今天已有签到（${r.enrolmentId}）`);
      if (r.kind === 'weekly' && r.periodStart === monday) taken.add(r.enrolmentId);
    }
  }
  const adviserStudents = await db.$count(internshipEnrolment, and(eq(internshipEnrolment.adviserUserId, teacher01!.id), eq(internshipEnrolment.status, 'active')));
  if (withSessions) {
    for (let i = 0; i < placed.length; i += 20) {
      await Promise.all(
        placed.slice(i, i + 20).map(async (s) => {
          const roles = await rolesOf(db, s.userId);
          s.token = await createSession(db, { userId: s.userId, activeRoleId: roles[0]?.id ?? null, ip: '127.0.0.1', userAgent: 'bench:peak', idleMinutes: 240 });
        }),
      );
    }
  }
  console.log(
    `  实习安排：${placed.length} 名学生实习中（示范数据 ${runningOf.size}，本次开始 ${starting.length}，新建 ${newRows.length}）；teacher01 指导 ${adviserStudents} 名` +
      `${withSessions ? `；${placed.length} 个会话（createSession）` : ''}（${((performance.now() - started) / 1000).toFixed(1)} 秒）`,
  );
  const weekNo = Math.round((Date.parse(monday) - Date.parse(mondayOf(program.startDate))) / 604_800_000) + 1;
  return { students: placed, programId: program.id, today, monday, weekNo, adviserStudents, weeklyFree: new Set(ids.filter((id) => !taken.has(id))) };
}

// ---- measuring -------------------------------------------------------------------------------------

type Phase = 'checkin' | 'weekly';
const PHASE_TITLES: Record<Phase, string> = { checkin: '签到高峰', weekly: '周记高峰' };

class Route {
  readonly durations: number[] = [];
  errors = 0;
  /** 409 answers with Retry-After: the first copy was still running; waited out and sent again. */
  inProgress = 0;
  replayed = 0;
  /** Writes still without an answer after the outbox's retries. */
  gaveUp = 0;
  /** 503 with Retry-After (load shedding): ran nothing; a write is sent again after the outbox's backoff. */
  shed = 0;
  firstError: string | null = null;
  first = Infinity;
  last = 0;
}

class Recorder {
  private readonly routes = new Map<string, Route>();
  phase: Phase = 'checkin';

  route(name: string, phase: Phase = this.phase): Route {
    const key = `${phase}\u0001${name}`;
    let route = this.routes.get(key);
    if (!route) this.routes.set(key, (route = new Route()));
    return route;
  }

  of(phase: Phase): [string, Route][] {
    return [...this.routes].filter(([key]) => key.startsWith(`${phase}\u0001`)).map(([key, route]) => [key.split('\u0001')[1]!, route]);
  }
}


interface Answer {
  status: number;
  replayed: boolean;
}

/**
 * One request, timed to the end of its body and recorded under name in the phase it started in. A 409
 * with Retry-After (the first copy still running) is waited out and sent again, as the outbox does; any
 * other answer but a 2xx envelope with success is an error. A write (outbox) that got no answer, or a 408,
 * 429 or 5xx, is sent again as the outbox would (after 2, 4, 8, 16 s), so what the database ends up holding
 * still says whether each record was kept exactly once; every failed attempt counts as an error. A 503 with
 * Retry-After (the server shedding load) is counted apart and its time left out of the latencies (it ran
 * nothing); a write is sent again after the outbox's backoff for as long as it is shed, as the outbox does.
 */
async function send(recorder: Recorder, name: string, url: string, init: () => RequestInit, outbox = false): Promise<Answer | null> {
  const route = recorder.route(name);
  // Every retry lengthens the outbox's backoff, as a phone's does; only failures (not sheds or waits) count towards giving up.
  let failures = 0;
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    route.first = Math.min(route.first, started);
    let status = 0;
    let text = '';
    let retryAfter: string | null = null;
    let replayed = false;
    try {
      const response = await fetch(url, init());
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      replayed = response.headers.get(IDEMPOTENT_REPLAY_HEADER.toLowerCase()) === 'true';
      text = await response.text();
    } catch (error) {
      text = error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error);
    }
    const ended = performance.now();
    route.last = Math.max(route.last, ended);
    if (status === 503 && retryAfter) {
      route.shed++;
      if (!outbox) return null;
      await sleep(outboxBackoffMs(attempt));
      continue;
    }
    route.durations.push(ended - started);
    if (status === 409 && retryAfter) {
      route.inProgress++;
      await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000));
      continue;
    }
    const ok = status >= 200 && status < 300 && (() => {
      try {
        return (JSON.parse(text) as { success?: boolean }).success === true;
      } catch {
        return false;
      }
    })();
    if (!ok) {
      route.errors++;
      route.firstError ??= `${status} ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
      const retried = outbox && (status === 0 || status === 408 || status === 429 || status >= 500);
      if (retried && ++failures <= OUTBOX_RETRIES) {
        await sleep(2000 * 2 ** (failures - 1));
        continue;
      }
      if (retried) route.gaveUp++;
      return null;
    }
    if (replayed) route.replayed++;
    return { status, replayed };
  }
}

const json = (token: string, headers: Record<string, string> = {}) => ({ [ACCESS_TOKEN_HEADER]: token, 'content-type': 'application/json', ...headers });

// ---- the photo ---------------------------------------------------------------------------------------

const pngChunk = (type: string, data: Buffer) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/** A 256×266 RGB PNG of random noise (≈ 200 KB, incompressible); each photo differs in a text chunk naming its student, so each is stored on its own. */
function photoMaker(): (label: string) => Buffer {
  const [width, height] = [256, 266];
  const raw = Buffer.alloc((1 + width * 3) * height);
  for (let row = 0; row < height; row++) {
    const start = row * (1 + width * 3);
    raw[start] = 0;
    crypto.getRandomValues(raw.subarray(start + 1, start + 1 + width * 3));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const head = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header)]);
  const tail = Buffer.concat([pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
  return (label) => Buffer.concat([head, pngChunk('tEXt', Buffer.from(`Comment\0${label}`, 'latin1')), tail]);
}

// ---- the peak ----------------------------------------------------------------------------------------

interface Readers {
  adviser: string;
  office: string;
  admin: string;
}

/** Rounds of each reader's page until stop(); every request recorded in the phase it starts in. */
function readInLoops(recorder: Recorder, api: string, plan: Plan, tokens: Readers) {
  let stopped = false;
  const loop = async (requests: [string, string, string][]) => {
    while (!stopped) {
      for (const [name, path, token] of requests) await send(recorder, name, `${api}${path}`, () => ({ headers: { [ACCESS_TOKEN_HEADER]: token } }));
      await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
    }
  };
  const loops = [
    loop([
      ['GET 周记批阅列表（teacher01）', `${WEEKLY}/review?status=submitted&page=1&pageSize=10`, tokens.adviser],
      ['GET 今日签到（teacher01）', `${CHECKIN}/daily?date=${plan.today}`, tokens.adviser],
    ]),
    loop([
      ['GET 实习统计 placements（office01）', `/internship/stats/placements?programId=${plan.programId}`, tokens.office],
      ['GET 实习统计 weekly（office01）', `/internship/stats/weekly?programId=${plan.programId}`, tokens.office],
      ['GET 实习统计 warnings（office01）', `/internship/stats/warnings?programId=${plan.programId}`, tokens.office],
    ]),
    loop([
      ['GET 分析页 loginfo（admin）', '/sys/loginfo', tokens.admin],
      ['GET 分析页 visitInfo（admin）', '/sys/visitInfo', tokens.admin],
    ]),
  ];
  const pings: Promise<unknown>[] = [];
  const timer = setInterval(() => pings.push(send(recorder, 'GET /sys/ping', `${api}/sys/ping`, () => ({}))), PING_EVERY_MS);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all([...loops, ...pings]);
  };
}

/** A process tree to account CPU to: the server processes, PostgreSQL, nginx. */
interface CpuRoot {
  label: string;
  pids: () => (number | null | undefined)[];
}

/** CPU seconds (user and system) so far of the processes and their descendants, from /proc (utime to cstime, 100 ticks a second). */
function treeCpuSeconds(roots: (number | null | undefined)[]): number {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const text = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        // Its own time and that of its children it has reaped (a PostgreSQL backend that ended), so nothing is lost.
        return [{ pid: Number(name), ppid: Number(fields[1]), ticks: fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) }];
      } catch {
        return [];
      }
    });
  const inTree = new Set(roots.filter((pid): pid is number => typeof pid === 'number'));
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of processes) {
      if (inTree.has(p.pid) || !inTree.has(p.ppid)) continue;
      inTree.add(p.pid);
      grown = true;
    }
  }
  return processes.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / 100;
}

/** Each root's CPU seconds and the bench process's own, now. */
const cpuNow = (roots: CpuRoot[]): Record<string, number> => ({
  ...Object.fromEntries(roots.map((r) => [r.label, treeCpuSeconds(r.pids())])),
  压测进程: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
});

const jitter = (low: number, high: number) => low + Math.random() * (high - low);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs each job at its moment within the phase (open loop: a slow server does not slow the sending), and
 * waits for all of them, replays included.
 */
async function phase(jobs: (() => Promise<void>)[], windowMs: number): Promise<number> {
  const started = performance.now();
  await Promise.all(jobs.map((job) => sleep(Math.random() * windowMs).then(job)));
  return performance.now() - started;
}

/** A request the app's outbox sends, and for a replayed one its two copies more: at once, and seconds after the answer. */
async function withReplays(replayed: boolean, first: (name: 'first' | 'replay') => Promise<unknown>): Promise<void> {
  if (!replayed) return void (await first('first'));
  const original = first('first');
  await sleep(jitter(0, 300));
  const atOnce = first('replay');
  await original;
  await sleep(jitter(1000, 5000));
  await Promise.all([atOnce, first('replay')]);
}

function checkinJob(recorder: Recorder, api: string, student: Student & { token: string }, replayed: boolean) {
  const id = randomUUID();
  const key = `${id}:${Date.now()}`;
  const deviceId = randomUUID();
  const latitude = (22.95 + Math.random() * 0.1).toFixed(6);
  const longitude = (113.85 + Math.random() * 0.1).toFixed(6);
  return async () => {
    // The moment of the tap; every copy sends the same body (the outbox keeps it), with the clock of its sending.
    const checkedAt = new Date().toISOString();
    const body = JSON.stringify({ enrolmentId: student.enrolmentId, submit: true, checkedAt, location: 'granted', latitude, longitude, accuracy: '15', deviceId, attachmentIds: [] });
    await withReplays(replayed, (copy) =>
      send(recorder, copy === 'first' ? `PUT ${CHECKIN}/:id` : `PUT ${CHECKIN}/:id（重发）`, `${api}${CHECKIN}/${id}`, () => ({
        method: 'PUT',
        headers: json(student.token, { [IDEMPOTENCY_KEY_HEADER]: key, Prefer: 'return=minimal', [DEVICE_ACTED_AT_HEADER]: checkedAt, [DEVICE_CLOCK_HEADER]: new Date().toISOString() }),
        body,
      }), true),
    );
  };
}

function weeklyJob(recorder: Recorder, api: string, plan: Plan, student: Student & { token: string }, photo: Buffer, replayed: boolean) {
  const id = randomUUID();
  const attachmentId = randomUUID();
  const key = `${id}:${Date.now()}`;
  return async () => {
    const actedAt = new Date().toISOString();
    const body = JSON.stringify({ enrolmentId: student.enrolmentId, periodStart: plan.monday, title: `第${plan.weekNo}周周记`, content: WEEKLY_CONTENT, attachmentIds: [attachmentId], submit: true });
    await withReplays(replayed, async (copy) => {
      const suffix = copy === 'first' ? '' : '（重发）';
      const uploaded = await send(recorder, `POST ${WEEKLY}/:id/attachments${suffix}`, `${api}${WEEKLY}/${id}/attachments`, () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), '现场照片.png');
        return { method: 'POST', headers: { [ACCESS_TOKEN_HEADER]: student.token, [ATTACHMENT_ID_HEADER]: attachmentId }, body: form };
      }, true);
      if (!uploaded) return;
      await send(recorder, `PUT ${WEEKLY}/:id${suffix}`, `${api}${WEEKLY}/${id}`, () => ({
        method: 'PUT',
        headers: json(student.token, { [IDEMPOTENCY_KEY_HEADER]: key, Prefer: 'return=minimal', [DEVICE_ACTED_AT_HEADER]: actedAt, [DEVICE_CLOCK_HEADER]: new Date().toISOString() }),
        body,
      }), true);
    });
  };
}

/** Every student's session: logged in through HTTP (PGlite), or the one the preparation made. */
async function sessions(api: string, students: Student[]): Promise<(Student & { token: string })[]> {
  const missing = students.filter((s) => !s.token);
  if (missing.length === 0) return students as (Student & { token: string })[];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: LOGIN_CONCURRENCY }, async () => {
      while (next < missing.length) {
        const student = missing[next++]!;
        student.token = await loginToken(api, student.username);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`  登录：${missing.length} 名学生各自登录（POST /sys/login，${LOGIN_CONCURRENCY} 个同时），${seconds.toFixed(1)} 秒，${(missing.length / seconds).toFixed(0)} 次/秒`);
  return students as (Student & { token: string })[];
}

interface PhaseResult {
  phase: Phase;
  ms: number;
  /** CPU seconds of each process tree during the phase. */
  cpu: Record<string, number>;
}

async function peak(api: string, plan: Plan, cpuRoots: CpuRoot[], windowMs: number): Promise<{ recorder: Recorder; phases: PhaseResult[]; loopDelayP99: number; weeklyIds: number; load: string }> {
  const students = await sessions(api, plan.students);
  const readers: Readers = { adviser: await loginToken(api, 'teacher01'), office: await loginToken(api, 'office01'), admin: await loginToken(api, 'admin') };
  const makePhoto = photoMaker();
  const weeklyStudents = students.filter((s) => plan.weeklyFree.has(s.enrolmentId)).filter((_, i) => i % Math.round(1 / WEEKLY_SHARE) === 0);

  // A few seconds of the readers and pings first, not counted: the processes' first requests compile their code.
  const warmUp = new Recorder();
  const stopWarmUp = readInLoops(warmUp, api, plan, readers);
  await sleep(5000);
  await stopWarmUp();

  const recorder = new Recorder();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const loadBefore = os.loadavg()[0]!;
  const stopReading = readInLoops(recorder, api, plan, readers);
  const phases: PhaseResult[] = [];
  const timed = async (name: Phase, jobs: (() => Promise<void>)[]) => {
    recorder.phase = name;
    const before = cpuNow(cpuRoots);
    const ms = await phase(jobs, windowMs);
    const after = cpuNow(cpuRoots);
    phases.push({ phase: name, ms, cpu: Object.fromEntries(Object.entries(after).map(([label, seconds]) => [label, seconds - before[label]!])) });
  };
  console.log(`  ${PHASE_TITLES.checkin}：${students.length} 次签到在 ${windowMs / 1000} 秒内…`);
  await timed('checkin', students.map((s) => checkinJob(recorder, api, s, Math.random() < REPLAYED_SHARE)));
  console.log(`  ${PHASE_TITLES.weekly}：${weeklyStudents.length} 篇周记（每篇一张约 200 KB 的照片）在 ${windowMs / 1000} 秒内…`);
  await timed('weekly', weeklyStudents.map((s) => weeklyJob(recorder, api, plan, s, makePhoto(s.username), Math.random() < REPLAYED_SHARE)));
  await stopReading();
  loopDelay.disable();
  return {
    recorder,
    phases,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    weeklyIds: weeklyStudents.length,
    load: `1 分钟平均负载 ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
  };
}

// ---- what the database holds -------------------------------------------------------------------------

interface Stored {
  checkins: number;
  checkinStudents: number;
  checkinTwice: number;
  weeklies: number;
  weeklyStudents: number;
  weeklyPhotos: number;
  /** The database's size on disk, photos not included (they are in the file store). */
  databaseMb: number;
}

async function storedCounts(db: Database, plan: Plan): Promise<Stored> {
  const row = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, string | number>[] }).rows[0]!;
  const checkins = await row(sql`
    select count(*)::int as total, count(distinct e.student_user_id)::int as students,
      (select count(*)::int from (select e2.student_user_id from ${internshipRecord} r2 join ${internshipEnrolment} e2 on e2.id = r2.enrolment_id
        where r2.kind = 'checkin' and r2.period_start = ${plan.today} group by 1 having count(*) > 1) t) as twice
    from ${internshipRecord} r join ${internshipEnrolment} e on e.id = r.enrolment_id
    where r.kind = 'checkin' and r.period_start = ${plan.today}`);
  const weeklies = await row(sql`
    select count(*)::int as total, count(distinct r.enrolment_id)::int as students,
      (select count(*)::int from internship_attachment a join ${internshipRecord} r3 on r3.id = a.record_id where r3.kind = 'weekly' and r3.period_start = ${plan.monday} and r3.status = 'submitted') as photos
    from ${internshipRecord} r where r.kind = 'weekly' and r.period_start = ${plan.monday} and r.status = 'submitted'`);
  const size = await row(sql`select pg_database_size(current_database())::bigint as bytes`);
  return {
    databaseMb: Number(size.bytes) / 1024 / 1024,
    checkins: Number(checkins.total),
    checkinStudents: Number(checkins.students),
    checkinTwice: Number(checkins.twice),
    weeklies: Number(weeklies.total),
    weeklyStudents: Number(weeklies.students),
    weeklyPhotos: Number(weeklies.photos),
  };
}

// ---- report ------------------------------------------------------------------------------------------

const isRead = (name: string) => name.startsWith('GET ') && name !== 'GET /sys/ping';
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));

function report(label: PreparedSchool['label'], result: Awaited<ReturnType<typeof peak>>, stored: Stored, plan: Plan, processes: string): boolean {
  const { recorder, phases } = result;
  const problems: string[] = [];
  console.log(`\n${label}：${plan.students.length} 名学生，${processes}（${os.availableParallelism()} 核，${result.load}；压测进程事件循环延迟 p99 ${result.loopDelayP99.toFixed(0)} ms）`);
  for (const { phase: name, ms: phaseMs, cpu } of phases) {
    const routes = recorder.of(name);
    const ping = routes.find(([route]) => route === 'GET /sys/ping')?.[1];
    const pingP99 = ping ? percentile([...ping.durations].sort((a, b) => a - b), 99) : NaN;
    const table: Record<string, Record<string, string | number>> = {};
    let requests = 0;
    for (const [route, stats] of routes) {
      const sorted = [...stats.durations].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      requests += sorted.length;
      const seconds = (stats.last - stats.first) / 1000;
      table[route] = {
        请求: sorted.length,
        'req/s': seconds > 0 ? Number((sorted.length / seconds).toFixed(1)) : sorted.length,
        'p50 ms': ms(percentile(sorted, 50)),
        'p99 ms': ms(p99),
        错误: stats.errors,
        放弃: stats.gaveUp,
        '409等待': stats.inProgress,
        '503繁忙': stats.shed,
        已存应答: stats.replayed,
        'p99/ping': route === 'GET /sys/ping' ? '1' : (p99 / pingP99).toFixed(1),
      };
      if (stats.shed > 0) problems.push(`${PHASE_TITLES[name]} ${route}：${stats.shed} 次 503 繁忙（服务器卸载负荷${route.startsWith('GET ') ? '，读者看到“服务器繁忙”' : '，手机稍后重发'}）`);
      if (stats.errors > 0) problems.push(`${PHASE_TITLES[name]} ${route}：${stats.errors} 个错误，例如 ${stats.firstError}`);
      if (route === `PUT ${CHECKIN}/:id` && p99 > TARGET.checkinP99[label]) problems.push(`签到 p99 ${ms(p99)} ms > ${TARGET.checkinP99[label]} ms`);
      if (isRead(route) && p99 > TARGET.readP99) problems.push(`${PHASE_TITLES[name]} ${route} p99 ${ms(p99)} ms > ${TARGET.readP99} ms`);
    }
    console.log(`\n${PHASE_TITLES[name]}：${(phaseMs / 1000).toFixed(1)} 秒（含重发与应答），共 ${requests} 个请求，${(requests / (phaseMs / 1000)).toFixed(0)} req/s`);
    console.table(table);
    // CPU time is what the work costs whatever else the machine runs; the latencies above are not.
    const writes = routes.filter(([route]) => route.startsWith('PUT ') || route.startsWith('POST ')).reduce((n, [, stats]) => n + stats.durations.length, 0);
    const server = cpu['服务进程'] ?? 0;
    console.log(
      `CPU 秒：${Object.entries(cpu).map(([label, seconds]) => `${label} ${seconds.toFixed(1)}`).join('，')}（阶段 ${(phaseMs / 1000).toFixed(0)} 秒 × ${os.availableParallelism()} 核）；` +
        `服务进程每个写请求 ${((server * 1000) / writes).toFixed(1)} ms（含同时的读取与 ping）`,
    );
  }
  const students = plan.students.length;
  console.log(
    `数据库：今天的签到 ${stored.checkins} 条，${stored.checkinStudents} 名学生（应为 ${students}），签到多于一次的学生 ${stored.checkinTwice} 名；` +
      `本周已提交周记 ${stored.weeklies} 篇，${stored.weeklyStudents} 个实习（应为 ${result.weeklyIds}），照片 ${stored.weeklyPhotos} 张（应为 ${result.weeklyIds}）；数据库 ${stored.databaseMb.toFixed(0)} MB（照片在文件存储中）`,
  );
  if (stored.checkinTwice > 0 || stored.checkins !== stored.checkinStudents) problems.push(`签到重复：${stored.checkinTwice} 名学生多于一条`);
  if (stored.checkinStudents !== students) problems.push(`签到缺少：${students - stored.checkinStudents} 名学生没有签到（请求重试后仍未成功）`);
  if (stored.weeklies !== stored.weeklyStudents || stored.weeklyPhotos > stored.weeklies) problems.push('周记或照片重复');
  if (stored.weeklyStudents !== result.weeklyIds || stored.weeklyPhotos !== result.weeklyIds) problems.push(`周记缺少：应为 ${result.weeklyIds} 篇各一张照片`);
  console.log(
    `目标：无错误，恰好一次，签到 p99 ≤ ${TARGET.checkinP99[label]} ms，读取 p99 ≤ ${TARGET.readP99} ms —— ${problems.length === 0 ? '全部达到' : `未达到：\n  ${problems.join('\n  ')}`}`,
  );
  return problems.length === 0;
}

// ---- the two runs ------------------------------------------------------------------------------------

/** The counts from the run's database: PGlite's directory once its server has stopped, or PostgreSQL's. */
async function countAfter(where: { databaseUrl: string } | { dataDir: string }, plan: Plan): Promise<Stored> {
  const handle = await openDatabase('databaseUrl' in where ? where : { dataDir: path.join(ROOT, where.dataDir) });
  try {
    return await storedCounts(handle.db, plan);
  } finally {
    await handle.close();
  }
}

async function onPglite(windowMs: number): Promise<boolean> {
  const prepared = await schoolOnPglite(PGLITE_DATA, { moreStudents: 0, extend: (db) => placeEveryone(db, false) });
  const server = startServer({ port: PORTS.pglite, dataDir: PGLITE_DATA, freshData: false, env: { ...prepared.env, AUTH_RATE_LIMIT: BENCH_AUTH_RATE_LIMIT } });
  const api = `http://127.0.0.1:${PORTS.pglite}/api`;
  let result;
  try {
    await waitUntilServing(server, `${api}/sys/ping`);
    result = await peak(api, prepared.extra, [{ label: '服务进程', pids: () => [server.server.pid] }], windowMs);
  } finally {
    await stopServer(server);
  }
  const stored = await countAfter({ dataDir: PGLITE_DATA }, prepared.extra);
  return report('PGlite', result, stored, prepared.extra, '一个服务进程');
}

async function onPostgres(students: number, windowMs: number): Promise<boolean> {
  let cluster: LocalPostgres | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startPostgres({ port: PORTS.postgres, durable: true });
    if (!cluster) {
      console.log('\n没有安装 PostgreSQL（/usr/lib/postgresql）：跳过。apt-get install -y postgresql nginx');
      return false;
    }
    adminUrl = cluster.url;
  }
  const servers: BenchServer[] = [];
  let nginx: LocalNginx | null = null;
  try {
    const prepared = await schoolOnPostgres(adminUrl, PG_DATABASE, PG_FILES_DATA, { moreStudents: students - DEMO_STUDENTS, extend: (db) => placeEveryone(db, true) });
    try {
      const env = { ...prepared.env, AUTH_RATE_LIMIT: BENCH_AUTH_RATE_LIMIT, TRUST_PROXY: 'loopback' };
      servers.push(...PORTS.processes.map((port, i) => startServer({ port, dataDir: PG_FILES_DATA, freshData: i === 0, env })));
      for (const [i, server] of servers.entries()) await waitUntilServing(server, `http://127.0.0.1:${PORTS.processes[i]}/api/sys/ping`);
      nginx = await startNginx([...PORTS.processes], { port: PORTS.nginx, workerConnections: 32768 });
      const cpuRoots: CpuRoot[] = [
        { label: '服务进程', pids: () => servers.map((s) => s.server.pid) },
        ...(cluster ? [{ label: 'PostgreSQL', pids: () => [cluster!.pid()] }] : []),
        { label: 'nginx', pids: () => [nginx?.pid] },
      ];
      const result = await peak(`${nginx.url}/api`, prepared.extra, cpuRoots, windowMs);
      const stored = await countAfter({ databaseUrl: prepared.env.DATABASE_URL! }, prepared.extra);
      const nginxErrors = nginx.errors();
      if (nginxErrors.length) console.log(`\nnginx 的错误日志：\n  ${nginxErrors.slice(0, 8).join('\n  ')}`);
      return report('PostgreSQL', result, stored, prepared.extra, `两个服务进程在 nginx 之后${cluster ? '（本机临时集群，fsync 开）' : ''}`);
    } finally {
      await nginx?.stop();
      await Promise.all(servers.map(stopServer));
      await prepared.dispose();
    }
  } finally {
    cluster?.stop();
  }
}

function option(name: string): string | undefined {
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : (arg.split('=')[1] ?? '');
}

runBench(async () => {
  const only = option('pglite') !== undefined ? 'pglite' : option('pg') !== undefined ? 'pg' : null;
  const pgStudents = Number(option('pg-students') ?? DEFAULT_PG_STUDENTS);
  if (!Number.isInteger(pgStudents) || pgStudents < DEMO_STUDENTS) throw new Error(`--pg-students 应为不小于 ${DEMO_STUDENTS} 的整数`);
  const windowS = Number(option('window') ?? DEFAULT_WINDOW_S);
  if (!(windowS > 0)) throw new Error('--window 应为正数（秒）');
  try {
    let met = true;
    if (only !== 'pg') met = (await onPglite(windowS * 1000)) && met;
    if (only !== 'pglite') met = (await onPostgres(pgStudents, windowS * 1000)) && met;
    return met ? 0 : 1;
  } catch (error) {
    throw briefError(error);
  }
});
