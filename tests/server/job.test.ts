import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MSG, nextCronRun, type JobRow, type JobRunResult } from '@contract/job.ts';
import { sysIdempotency, sysJob, sysLoginAttempt, sysSession } from '../../server/db/schema.ts';
import { JobScheduler, registerJob } from '../../server/modules/job/registry.ts';
import { expectError, expectOk, startTestApp, userRow, type TestApp } from './harness.ts';

const FORBIDDEN = '没有权限执行此操作';
const DAY = 86_400_000;
const BUILT_IN = ['session-cleanup', 'idempotency-cleanup', 'login-attempt-cleanup'];

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

const list = async (app: TestApp = t) => expectOk(await app.get<JobRow[]>('/api/sys/quartzJob/list', tokens.admin));
const jobOf = async (key: string, app: TestApp = t) => (await list(app)).find((j) => j.jobKey === key)!;
const execute = (id: string, app: TestApp = t) => app.post<JobRunResult>('/api/sys/quartzJob/execute', { id }, tokens.admin);
const storedJob = async (key: string) => (await t.db.select().from(sysJob).where(eq(sysJob.jobKey, key)))[0]!;

describe('GET /sys/quartzJob/list', () => {
  it('lists the server’s housekeeping jobs, running, with nothing planned while scheduling is off', async () => {
    const rows = (await list()).filter((j) => BUILT_IN.includes(j.jobKey));
    expect(rows).toEqual([
      expect.objectContaining({ jobKey: 'session-cleanup', jobName: '清理过期登录', cron: '0 0 * * * ?', status: '0', nextRunAt: null, lastRunAt: null }),
      expect.objectContaining({ jobKey: 'idempotency-cleanup', jobName: '清理防重复提交记录', cron: '0 10 3 * * ?', status: '0', nextRunAt: null, lastRunAt: null }),
      expect.objectContaining({ jobKey: 'login-attempt-cleanup', jobName: '清理登录失败记录', cron: '0 20 3 * * ?', status: '0', nextRunAt: null, lastRunAt: null }),
    ]);
    for (const row of rows) expect(row.description).toBeTruthy();
  });

  it.each(['student01', 'teacher01'])('is refused to %s', async (username) => {
    expectError(await t.get('/api/sys/quartzJob/list', tokens[username]), 403, FORBIDDEN);
    expectError(await t.post('/api/sys/quartzJob/execute', { id: 'session-cleanup' }, tokens[username]), 403, FORBIDDEN);
    expectError(await t.put('/api/sys/quartzJob/pause', { id: 'session-cleanup' }, tokens[username]), 403, FORBIDDEN);
    expectError(await t.put('/api/sys/quartzJob/edit', { id: 'session-cleanup', cron: '0 0 4 * * ?' }, tokens[username]), 403, FORBIDDEN);
    expect((await storedJob('session-cleanup')).status).toBe('0');
  });
});

describe('POST /sys/quartzJob/execute', () => {
  it('cleans up ended sessions now and records the run', async () => {
    const student = (await userRow(t.db, 'student01'))!;
    const session = (expiresAt: Date) => ({ tokenHash: randomBytes(16).toString('hex'), userId: student.id, expiresAt });
    const [ended] = await t.db.insert(sysSession).values(session(new Date(Date.now() - 2 * DAY))).returning();
    const [live] = await t.db.insert(sysSession).values(session(new Date(Date.now() + DAY))).returning();

    const before = Date.now();
    const response = await execute('session-cleanup');
    const result = expectOk(response);
    expect(result.status).toBe('ok');
    expect(result.message).toMatch(/^已清理 [1-9]\d* 条过期登录$/);
    expect(response.body.message).toBe(`执行成功：${result.message}`);

    const remaining = (await t.db.select({ id: sysSession.id }).from(sysSession)).map((s) => s.id);
    expect(remaining).not.toContain(ended!.id);
    expect(remaining).toContain(live!.id);
    const stored = await storedJob('session-cleanup');
    expect(stored).toMatchObject({ lastStatus: 'ok', lastMessage: result.message, status: '0', nextRunAt: null });
    expect(stored.lastRunAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await jobOf('session-cleanup')).toMatchObject({ lastStatus: 'ok', lastRunAt: stored.lastRunAt!.toISOString() });
  });

  it('cleans up idempotency keys older than 30 days and keeps newer ones', async () => {
    const student = (await userRow(t.db, 'student01'))!;
    const key = (days: number) => ({ userId: student.id, key: `job-test-${days}`, route: 'POST /x', requestHash: 'h', createdAt: new Date(Date.now() - days * DAY) });
    await t.db.insert(sysIdempotency).values([key(31), key(2)]);

    const result = expectOk(await execute('idempotency-cleanup'));
    expect(result).toMatchObject({ status: 'ok', message: '已清理 1 条防重复提交记录' });
    const keys = (await t.db.select({ key: sysIdempotency.key }).from(sysIdempotency)).map((r) => r.key);
    expect(keys).toContain('job-test-2');
    expect(keys).not.toContain('job-test-31');
  });

  it('forgets failed logins only once their lock is over and a day has passed', async () => {
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
    await t.db.insert(sysLoginAttempt).values([
      { username: 'job-stale', failedCount: 2, lockedUntil: null, updatedAt: hours(-30) },
      { username: 'job-unlocked', failedCount: 0, lockedUntil: hours(-29), updatedAt: hours(-30) },
      { username: 'job-locked', failedCount: 0, lockedUntil: hours(1), updatedAt: hours(-30) },
      { username: 'job-recent', failedCount: 0, lockedUntil: hours(-1), updatedAt: hours(-2) },
    ]);

    const result = expectOk(await execute('login-attempt-cleanup'));
    expect(result).toMatchObject({ status: 'ok', message: '已清理 2 条登录失败记录' });
    const left = (await t.db.select({ username: sysLoginAttempt.username }).from(sysLoginAttempt)).map((r) => r.username);
    expect(left).toEqual(expect.arrayContaining(['job-locked', 'job-recent']));
    expect(left).not.toContain('job-stale');
    expect(left).not.toContain('job-unlocked');
  });

  it('records a failing run as failed with its error, and the server goes on', async () => {
    await t.db.execute(sql`ALTER TABLE sys_idempotency RENAME TO sys_idempotency_moved`);
    let response;
    try {
      response = await execute('idempotency-cleanup');
    } finally {
      await t.db.execute(sql`ALTER TABLE sys_idempotency_moved RENAME TO sys_idempotency`);
    }
    const result = expectOk(response);
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/sys_idempotency/);
    expect(response.body.message).toBe(`执行失败：${result.message}`);
    expect(await storedJob('idempotency-cleanup')).toMatchObject({ lastStatus: 'failed', lastMessage: result.message });

    expect(expectOk(await execute('idempotency-cleanup')).status).toBe('ok');
    expect((await storedJob('idempotency-cleanup')).lastStatus).toBe('ok');
  });
});

describe('unknown jobs and bad input', () => {
  it.each([
    ['PUT', '/api/sys/quartzJob/pause', {}],
    ['PUT', '/api/sys/quartzJob/resume', {}],
    ['PUT', '/api/sys/quartzJob/edit', { cron: '0 0 4 * * ?' }],
    ['POST', '/api/sys/quartzJob/execute', {}],
  ] as const)('%s %s of an unknown job is 404', async (method, url, body) => {
    expectError(await t.request(method, url, { token: tokens.admin, body: { id: 'no-such-job', ...body } }), 404, JOB_MSG.notFound);
  });

  it('asks for the job', async () => {
    expectError(await t.post('/api/sys/quartzJob/execute', {}, tokens.admin), 400, '缺少参数 id');
    expectError(await t.put('/api/sys/quartzJob/edit', { id: 'session-cleanup' }, tokens.admin), 400, JOB_MSG.cronRequired);
  });

  it.each([
    ['five Unix fields', '0 3 * * *', JOB_MSG.badCron],
    ['text', 'every night', JOB_MSG.badCron],
    ['a second out of range', '61 0 * * * ?', JOB_MSG.badCron],
    ['a time that never comes', '0 0 0 30 2 ?', JOB_MSG.badCron],
    ['nothing', '   ', JOB_MSG.cronRequired],
  ])('refuses a cron of %s and changes nothing', async (_name, cron, message) => {
    const before = await storedJob('session-cleanup');
    expectError(await t.put('/api/sys/quartzJob/edit', { id: 'session-cleanup', cron }, tokens.admin), 400, message);
    expect(await storedJob('session-cleanup')).toEqual(before);
  });
});

describe('with scheduling on', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp({ jobsEnabled: true }, { database: t.database });
  });
  afterAll(() => s.close());

  it('plans every running job on its cron', async () => {
    const job = await jobOf('session-cleanup', s);
    expect(job.nextRunAt).toBe(nextCronRun('0 0 * * * ?')!.toISOString());
  });

  it('pauses and resumes a job: a paused job has no next run', async () => {
    const paused = expectOk(await s.put<JobRow>('/api/sys/quartzJob/pause', { id: 'session-cleanup' }, tokens.admin), '暂停成功');
    expect(paused).toMatchObject({ status: '-1', nextRunAt: null });
    expect(await storedJob('session-cleanup')).toMatchObject({ status: '-1', nextRunAt: null });

    const resumed = expectOk(await s.put<JobRow>('/api/sys/quartzJob/resume', { id: 'session-cleanup' }, tokens.admin), '恢复成功');
    expect(resumed.status).toBe('0');
    expect(new Date(resumed.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    expect(await storedJob('session-cleanup')).toMatchObject({ status: '0', nextRunAt: new Date(resumed.nextRunAt!) });
  });

  it('runs a paused job on demand and leaves it paused', async () => {
    await s.put('/api/sys/quartzJob/pause', { id: 'login-attempt-cleanup' }, tokens.admin);
    expect(expectOk(await execute('login-attempt-cleanup', s)).status).toBe('ok');
    expect(await storedJob('login-attempt-cleanup')).toMatchObject({ status: '-1', nextRunAt: null, lastStatus: 'ok' });
  });

  it('keeps the admins’ status and cron over a restart', async () => {
    const again = await startTestApp({ jobsEnabled: true }, { database: t.database });
    try {
      expect(await jobOf('login-attempt-cleanup', again)).toMatchObject({ status: '-1', nextRunAt: null });
    } finally {
      await again.close();
    }
    await s.put('/api/sys/quartzJob/resume', { id: 'login-attempt-cleanup' }, tokens.admin);
  });

  it('changes the cron (spaces tidied) and plans the next run on it', async () => {
    const edited = expectOk(await s.put<JobRow>('/api/sys/quartzJob/edit', { id: 'idempotency-cleanup', cron: '  0 30  4 * * ? ' }, tokens.admin), '修改成功');
    expect(edited).toMatchObject({ cron: '0 30 4 * * ?', status: '0', nextRunAt: nextCronRun('0 30 4 * * ?')!.toISOString() });
    expect((await storedJob('idempotency-cleanup')).cron).toBe('0 30 4 * * ?');
  });
});

describe('two runs of one job never overlap', () => {
  let runs = 0;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const closeGate = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  let g: TestApp;

  beforeAll(async () => {
    registerJob({
      key: 'test-gated',
      name: '测试任务',
      description: '等到测试放行才结束',
      cron: '0 0 5 * * ?',
      run: async () => {
        runs++;
        await gate;
        return '完成';
      },
    });
    g = await startTestApp({}, { database: t.database });
  });
  afterAll(() => g.close());

  it('refuses a run on demand while one is under way', async () => {
    closeGate();
    const first = execute('test-gated', g);
    await expect.poll(() => runs).toBe(1);
    expectError(await execute('test-gated', g), 409, JOB_MSG.running);
    release();
    expect(expectOk(await first)).toMatchObject({ status: 'ok', message: '完成' });
    expect(runs).toBe(1);
  });

  it('skips the timer’s ticks while a run is under way', async () => {
    runs = 0;
    closeGate();
    const scheduler = new JobScheduler(g.db, g.app.log, true);
    await scheduler.start();
    await scheduler.setCron('test-gated', '* * * * * ?');
    try {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(runs).toBe(1);
    } finally {
      release();
      await scheduler.stop();
    }
  });

  it('runs each planned run once when two API processes plan the same job on one database', async () => {
    const startedAt: number[] = [];
    registerJob({ key: 'test-counted', name: '计数任务', description: '记下每次执行', cron: '0 0 5 * * ?', run: async () => `第${startedAt.push(Date.now())}次` });
    const processes = [new JobScheduler(g.db, g.app.log, true), new JobScheduler(g.db, g.app.log, true)];
    for (const scheduler of processes) await scheduler.start();
    await processes[0]!.setCron('test-counted', '* * * * * ?');
    await processes[1]!.setCron('test-counted', '* * * * * ?');
    try {
      await expect.poll(() => startedAt.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    } finally {
      for (const scheduler of processes) await scheduler.stop();
    }
    const seconds = startedAt.map((ms) => Math.floor(ms / 1000));
    expect(new Set(seconds).size, `runs started at ${startedAt.map((ms) => new Date(ms).toISOString()).join(', ')}`).toBe(seconds.length);
  });

  it('stops running a job in every process once it is paused through one', async () => {
    let runs = 0;
    registerJob({ key: 'test-paused-elsewhere', name: '暂停任务', description: '在另一进程暂停', cron: '* * * * * ?', run: async () => `第${++runs}次` });
    const processes = [new JobScheduler(g.db, g.app.log, true), new JobScheduler(g.db, g.app.log, true)];
    for (const scheduler of processes) await scheduler.start();
    try {
      await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      await processes[0]!.pause('test-paused-elsewhere');
      // A run claimed just before the pause may still be finishing; none starts after it.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const afterPause = runs;
      await new Promise((resolve) => setTimeout(resolve, 2200));
      expect(runs).toBe(afterPause);
    } finally {
      for (const scheduler of processes) await scheduler.stop();
    }
  });

  it('refuses a duplicate key or a bad default cron', () => {
    const job = { key: 'test-gated', name: '重复', description: '', cron: '0 0 5 * * ?', run: async () => '' };
    expect(() => registerJob(job)).toThrow('registered twice');
    expect(() => registerJob({ ...job, key: 'test-bad', cron: '0 5 * * *' })).toThrow('invalid default cron');
  });
});
