import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import type { LoginInfo, ServerStatus, VisitDay } from '@contract/log.ts';
import { sysLog } from '../../server/db/schema.ts';
import { SCHOOL_TIME_ZONE, dayStart } from '../../server/modules/log/queries.ts';
import { expectError, expectOk, startTestApp, userRow, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

const loginInfo = async (token: string) => expectOk(await t.get<LoginInfo>('/api/sys/loginfo', token));
const visitInfo = async (token: string) => expectOk(await t.get<VisitDay[]>('/api/sys/visitInfo', token));

/** A successful login entry as the login route writes it, at a given time and address. */
async function loggedIn(at: Date, ip: string) {
  const user = (await userRow(t.db, 'student01'))!;
  await t.db.insert(sysLog).values({ logType: 1, logContent: '用户名: student01,登录成功！', userId: user.id, username: user.username, ip, method: 'POST', requestUrl: '/api/sys/login', createdAt: at });
}

const noon = (offset: number) => new Date(dayStart(new Date(), offset).getTime() + 12 * 3_600_000);
/** An instant on the school's clock: YYYY-MM-DD HH:mm:ss. */
const schoolClock = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);

describe('days on the school clock', () => {
  it('start at the school’s midnight, whatever zone the server runs in', () => {
    const now = new Date('2026-03-01T17:30:00Z'); // 01:30 on 2 March in China
    expect(schoolClock(dayStart(now))).toBe('2026-03-02 00:00:00');
    expect(dayStart(now).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(dayStart(now, -1).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(dayStart(now, 1).toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(dayStart(new Date('2026-03-01T15:59:59Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });
});

describe('the login statistics need a session', () => {
  it.each(['/api/sys/loginfo', '/api/sys/visitInfo', '/api/sys/monitor/server'])('GET %s without a token is 401', async (url) => {
    expectError(await t.get(url), 401, TOKEN_INVALID_MESSAGE);
  });
});

describe('GET /sys/loginfo', () => {
  it('counts successful logins today and in total, and today’s addresses', async () => {
    const before = await loginInfo(tokens.teacher01!);
    expect(before.todayVisitCount).toBeGreaterThanOrEqual(2);
    expect(before.todayIp).toBeGreaterThanOrEqual(1);

    await t.login('student01');
    await t.login('mentor01');
    const after = await loginInfo(tokens.teacher01!);
    expect(after).toEqual({ todayVisitCount: before.todayVisitCount + 2, totalVisitCount: before.totalVisitCount + 2, todayIp: before.todayIp });
  });

  it('leaves out failed logins and logouts', async () => {
    const before = await loginInfo(tokens.admin!);
    expect((await t.loginRequest('student01', 'Wrong@2026x')).body.success).toBe(false);
    const extra = await t.login('teacher01');
    expectOk(await t.post('/api/sys/logout', {}, extra));
    const after = await loginInfo(tokens.admin!);
    expect(after.todayVisitCount).toBe(before.todayVisitCount + 1);
    expect(after.totalVisitCount).toBe(before.totalVisitCount + 1);
  });

  it('counts a new address today and earlier logins only in the total', async () => {
    const before = await loginInfo(tokens.admin!);
    await loggedIn(new Date(), '10.0.0.7');
    await loggedIn(noon(-1), '10.0.0.8');
    await loggedIn(noon(-30), '10.0.0.9');
    expect(await loginInfo(tokens.admin!)).toEqual({
      todayVisitCount: before.todayVisitCount + 1,
      totalVisitCount: before.totalVisitCount + 3,
      todayIp: before.todayIp + 1,
    });
  });
});

describe('GET /sys/visitInfo', () => {
  it('gives the last 7 days, oldest first, with MM-DD and the date, empty days as 0', async () => {
    const before = await visitInfo(tokens.teacher01!);
    await loggedIn(noon(-3), '10.0.1.1');
    await loggedIn(noon(-3), '10.0.1.1');
    await loggedIn(noon(-3), '10.0.1.2');
    await loggedIn(noon(-7), '10.0.1.3');
    const days = await visitInfo(tokens.teacher01!);

    expect(days).toHaveLength(7);
    days.forEach((day, i) => {
      const date = schoolClock(dayStart(new Date(), i - 6)).slice(0, 10);
      expect(day).toMatchObject({ tian: date.slice(5), type: date });
    });
    expect(days[3]).toMatchObject({ visit: before[3]!.visit + 3, ip: before[3]!.ip + 2 });
    // Eight days ago is outside the window; today holds this file's logins.
    expect(days.map((d) => d.visit).reduce((a, b) => a + b)).toBe(before.map((d) => d.visit).reduce((a, b) => a + b) + 3);
    expect(days[6]!.visit).toBe((await loginInfo(tokens.teacher01!)).todayVisitCount);
    expect(days[6]!.ip).toBe((await loginInfo(tokens.teacher01!)).todayIp);
  });
});

describe('GET /sys/monitor/server', () => {
  it('gives an administrator the server figures', async () => {
    const status = expectOk(await t.get<ServerStatus>('/api/sys/monitor/server', tokens.admin));
    expect(status).toEqual({
      serverTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      uptimeSeconds: expect.any(Number),
      nodeVersion: process.version,
      platform: `${process.platform} ${process.arch}`,
      memoryRss: expect.any(Number),
      heapUsed: expect.any(Number),
      databaseVersion: expect.stringMatching(/^PostgreSQL \d+/),
      databaseLatencyMs: expect.any(Number),
    });
    expect(Math.abs(Date.parse(status.serverTime) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a teacher', async () => {
    expectError(await t.get('/api/sys/monitor/server', tokens.teacher01), 403, '没有权限执行此操作');
  });
});
