import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { MSG } from '@contract/messages.ts';
import type { MyPlacementRecords } from '@contract/records.ts';
import { READY_MSG, type Health, type ServerStatus } from '@contract/monitor.ts';
import { histogramQuantile } from '../../server/lib/metrics.ts';
import { expectError, expectOk, startTestApp, testDatabaseSource, type TestApp } from './harness.ts';
import { openTestDatabase } from './test-database.ts';

const TOKEN = 'scrape-secret-2026';

let t: TestApp;
/** The same server with /metrics on, behind a token. */
let m: TestApp;
beforeAll(async () => {
  [t, m] = await Promise.all([startTestApp(), startTestApp({}, { env: { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN } })]);
});
afterAll(() => Promise.all([t.close(), m.close()]));

const scrape = async (authorization = `Bearer ${TOKEN}`) => m.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

/** The value of one series in the Prometheus text, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return wanted.every((pair) => l.includes(pair));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /api/health and /api/ready', () => {
  it('answer without a session while the server serves and its database is current', async () => {
    const health = expectOk(await t.get<Health>('/api/health'));
    expect(health).toEqual({ status: 'up', uptimeSeconds: expect.any(Number) });
    expect(expectOk(await t.get('/api/ready'))).toEqual({ status: 'ready' });
  });

  it('is not ready while the database lacks the newest migration', async () => {
    const table = sql`drizzle.__drizzle_migrations`;
    const rows = await t.db.execute(sql`select id, created_at from ${table} order by created_at desc limit 1`);
    const newest = (rows as unknown as { rows: { id: number; created_at: string }[] }).rows[0]!;
    await t.db.execute(sql`update ${table} set created_at = 0 where id = ${newest.id}`);
    try {
      expectError(await t.get('/api/ready'), 503, READY_MSG.migrations);
      expectOk(await t.get('/api/health'));
    } finally {
      await t.db.execute(sql`update ${table} set created_at = ${newest.created_at} where id = ${newest.id}`);
    }
    expectOk(await t.get('/api/ready'));
  });

  // The database goes away under a running server (its connection closed: on PostgreSQL the pool ended, as
  // when the server stops): /ready says so, /health still answers, so a load balancer drains without a restart.
  it('answers 503 with the reason once the database is unreachable, while /health stays up', async () => {
    const database = await openTestDatabase(testDatabaseSource());
    const lost = await startTestApp({}, { database });
    try {
      expectOk(await lost.get('/api/ready'));
      await database.close();
      expectError(await lost.get('/api/ready'), 503, READY_MSG.database);
      expectOk(await lost.get('/api/health'));
    } finally {
      await lost.close();
    }
  });
});

describe('GET /metrics', () => {
  it('is not there by default: a plain 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect({ status: response.statusCode, body: response.body }).toEqual({ status: 404, body: '404 Not Found' });
  });

  it('with METRICS_TOKEN set, refuses a scrape without the token or with another', async () => {
    for (const authorization of ['', 'Bearer wrong-token', TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.body).not.toContain('isps_');
    }
  });

  it('counts requests by declared route and status, and gives the process figures', async () => {
    const before = series((await scrape()).body, 'isps_http_request_duration_seconds_count', { route: '/api/documents/verify/:code' }) ?? 0;
    await m.get('/api/sys/ping');
    await m.get(`/api/documents/verify/${'A'.repeat(12)}`);
    await m.get('/api/no-such-call/BBBBBBBBBBBB');
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(series(text, 'isps_http_request_duration_seconds_count', { method: 'GET', route: '/api/sys/ping', status_code: '200' })).toBeGreaterThanOrEqual(1);
    // The pattern, not the address: one series however many codes are asked.
    expect(series(text, 'isps_http_request_duration_seconds_count', { route: '/api/documents/verify/:code' })).toBe(before + 1);
    expect(text).not.toContain('AAAAAAAAAAAA');
    // What no route serves is one series too, never its address.
    expect(text).not.toContain('BBBBBBBBBBBB');
    expect(series(text, 'isps_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'isps_http_request_duration_seconds_bucket', { route: '/api/sys/ping', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    for (const name of ['nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) expect(series(text, name), name).toBeGreaterThan(0);
    // Node's delay histogram starts again at each scrape: between two close ones it may hold no sample yet.
    expect(series(text, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    // PGlite is one connection inside the process: a pool's figures only on PostgreSQL.
    expect(series(text, 'isps_db_pool_connections', { state: 'idle' }) !== undefined).toBe(m.database.kind === 'postgres');
  });

  it('counts an outbox write and its replay, an import and a job run', async () => {
    const student = await m.login('student01');
    const [enrolment] = expectOk(await m.get<MyPlacementRecords[]>('/api/internship/weekly/mine', student));
    const id = randomUUID();
    const write = () =>
      m.app.inject({
        method: 'PUT',
        url: `/api/internship/weekly/${id}`,
        headers: { 'x-access-token': student, 'idempotency-key': `${id}:1` },
        payload: { enrolmentId: enrolment!.id, periodStart: enrolment!.slots[0]!.periodStart, title: '本周工作总结', content: '本周完成了接口测试与缺陷跟踪。'.repeat(20), submit: true, attachmentIds: [] },
      });
    const before = (await scrape()).body;
    expect((await write()).statusCode).toBe(200);
    expect((await write()).headers['idempotent-replay']).toBe('true');

    const admin = await m.login('admin');
    expectError(await m.post('/api/sys/user/importExcel', {}, admin), 400, MSG.importFileRequired);
    expectOk(await m.post('/api/sys/quartzJob/execute', { id: 'session-cleanup' }, admin));

    const after = (await scrape()).body;
    const grew = (name: string, labels: Record<string, string>) => (series(after, name, labels) ?? 0) - (series(before, name, labels) ?? 0);
    expect(grew('isps_outbox_writes_total', { replayed: 'false' })).toBe(1);
    expect(grew('isps_outbox_writes_total', { replayed: 'true' })).toBe(1);
    expect(grew('isps_import_duration_seconds_count', { outcome: 'refused' })).toBe(1);
    expect(grew('isps_job_run_duration_seconds_count', { job: 'session-cleanup', status: 'ok' })).toBe(1);
  });
});

describe('GET /sys/monitor/server', () => {
  it('gives an administrator the process, the database, the slowest routes and the jobs', async () => {
    const admin = await m.login('admin');
    await m.get('/api/sys/ping');
    expectOk(await m.post('/api/sys/quartzJob/execute', { id: 'login-attempt-cleanup' }, admin));
    const status = expectOk(await m.get<ServerStatus>('/api/sys/monitor/server', admin));
    expect(status).toEqual({
      serverTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      uptimeSeconds: expect.any(Number),
      nodeVersion: process.version,
      platform: `${process.platform} ${process.arch}`,
      memoryRss: expect.any(Number),
      heapUsed: expect.any(Number),
      heapTotal: expect.any(Number),
      eventLoopDelayMs: status.eventLoopDelayMs === null ? null : { mean: expect.any(Number), p99: expect.any(Number) },
      databaseVersion: expect.stringMatching(/^PostgreSQL \d+/),
      databaseLatencyMs: expect.any(Number),
      database: {
        kind: m.database.kind,
        sizeBytes: expect.any(Number),
        connections: m.database.kind === 'postgres' ? expect.any(Number) : status.database.connections,
        pool: m.database.kind === 'postgres' ? { total: expect.any(Number), idle: expect.any(Number), waiting: expect.any(Number) } : null,
      },
      slowestRoutes: expect.any(Array),
      jobs: expect.any(Array),
      recentRuns: expect.any(Array),
    });
    expect(Math.abs(Date.parse(status.serverTime) - Date.now())).toBeLessThan(60_000);
    expect(status.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(status.heapUsed).toBeLessThanOrEqual(status.heapTotal);

    expect(status.slowestRoutes.length).toBeGreaterThan(0);
    expect(status.slowestRoutes.length).toBeLessThanOrEqual(10);
    const p95s = status.slowestRoutes.map((r) => r.p95Ms);
    expect(p95s).toEqual([...p95s].sort((a, b) => b - a));
    for (const route of status.slowestRoutes) expect(route).toEqual({ route: expect.stringMatching(/^(GET|POST|PUT|DELETE) \//), count: expect.any(Number), meanMs: expect.any(Number), p95Ms: expect.any(Number) });

    const job = status.jobs.find((j) => j.jobKey === 'login-attempt-cleanup');
    expect(job).toEqual({
      jobKey: 'login-attempt-cleanup',
      jobName: '清理登录失败记录',
      status: '0',
      lastRunAt: expect.stringMatching(/^\d{4}-/),
      lastStatus: 'ok',
      lastMessage: expect.any(String),
      nextRunAt: null,
      runs: 1,
      failed: 0,
    });

    // Every run is kept, by whichever process: the latest first, with its time, duration and who started it.
    expect(status.recentRuns[0]).toEqual({
      jobKey: 'login-attempt-cleanup',
      jobName: '清理登录失败记录',
      ranAt: job!.lastRunAt,
      durationMs: expect.any(Number),
      status: 'ok',
      message: job!.lastMessage,
      manual: true,
    });
    expect(status.recentRuns.map((run) => run.jobKey)).toContain('session-cleanup');
    const times = status.recentRuns.map((run) => run.ranAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a teacher, and a caller without a session', async () => {
    expectError(await t.get('/api/sys/monitor/server', await t.login('teacher01')), 403, '没有权限执行此操作');
    expectError(await t.get('/api/sys/monitor/server'), 401, TOKEN_INVALID_MESSAGE);
  });
});

describe('histogramQuantile', () => {
  const buckets = [
    { le: 0.1, count: 50 },
    { le: 0.5, count: 90 },
    { le: 1, count: 100 },
    { le: Infinity, count: 100 },
  ];

  it('interpolates within the bucket the rank falls in, as Prometheus does', () => {
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.1);
    expect(histogramQuantile(0.7, buckets)).toBeCloseTo(0.3);
    expect(histogramQuantile(0.95, buckets)).toBeCloseTo(0.75);
  });

  it('answers the highest finite bound past it, and null without observations', () => {
    expect(histogramQuantile(0.99, [{ le: 0.1, count: 1 }, { le: Infinity, count: 10 }])).toBe(0.1);
    expect(histogramQuantile(0.95, [{ le: 0.1, count: 0 }, { le: Infinity, count: 0 }])).toBeNull();
  });
});
