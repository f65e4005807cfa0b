import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { SCHOOL_TIME_ZONE } from '@contract/internship.ts';
import { LOG_MSG, type LogRecord, type LoginInfo, type VisitDay } from '@contract/log.ts';
import type { PageResult } from '@contract/resource.ts';
import { sysLog } from '../../server/db/schema.ts';
import { dayStart, schoolDayStart } from '../../server/modules/log/queries.ts';
import { expectError, expectOk, startTestApp, uniqueName, userRow, type TestApp } from './harness.ts';

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
  it.each(['/api/sys/loginfo', '/api/sys/visitInfo', '/api/sys/monitor/server', '/api/sys/log/list'])('GET %s without a token is 401', async (url) => {
    expectError(await t.get(url), 401, TOKEN_INVALID_MESSAGE);
  });
});

describe('GET /sys/loginfo', () => {
  it('counts successful logins today and in total, and today’s addresses', async () => {
    const before = await loginInfo(tokens.admin!);
    expect(before.todayVisitCount).toBeGreaterThanOrEqual(2);
    expect(before.todayIp).toBeGreaterThanOrEqual(1);

    await t.login('student01');
    await t.login('mentor01');
    const after = await loginInfo(tokens.admin!);
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
    const before = await visitInfo(tokens.admin!);
    await loggedIn(noon(-3), '10.0.1.1');
    await loggedIn(noon(-3), '10.0.1.1');
    await loggedIn(noon(-3), '10.0.1.2');
    await loggedIn(noon(-7), '10.0.1.3');
    const days = await visitInfo(tokens.admin!);

    expect(days).toHaveLength(7);
    days.forEach((day, i) => {
      const date = schoolClock(dayStart(new Date(), i - 6)).slice(0, 10);
      expect(day).toMatchObject({ tian: date.slice(5), type: date });
    });
    expect(days[3]).toMatchObject({ visit: before[3]!.visit + 3, ip: before[3]!.ip + 2 });
    // Eight days ago is outside the window; today holds this file's logins.
    expect(days.map((d) => d.visit).reduce((a, b) => a + b)).toBe(before.map((d) => d.visit).reduce((a, b) => a + b) + 3);
    expect(days[6]!.visit).toBe((await loginInfo(tokens.admin!)).todayVisitCount);
    expect(days[6]!.ip).toBe((await loginInfo(tokens.admin!)).todayIp);
  });
});

/** The operation-log entries of a user at an address, newest first; written just after the answer, so waited for. */
async function operations(username: string, requestUrl: string, expected = 1) {
  return vi.waitFor(async () => {
    const rows = await t.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 2), eq(sysLog.username, username), eq(sysLog.requestUrl, requestUrl)))
      .orderBy(desc(sysLog.createdAt));
    expect(rows).toHaveLength(expected);
    return rows;
  });
}

describe('the operation log', () => {
  it('records a change by an administrator: who, what, from where, with secrets blanked', async () => {
    // A second administrator, so the demo admin keeps its password.
    const user = await t.createUser({ roles: ['role-admin'] });
    const token = await t.login(user.username, user.password);
    const body = {
      oldpassword: await t.encrypt(user.password),
      password: await t.encrypt('New@2026xy'),
      confirmpassword: await t.encrypt('New@2026xy'),
    };
    expectOk(await t.put('/api/sys/user/updatePassword', body, token), '密码修改成功！');

    const [row] = await operations(user.username, '/api/sys/user/updatePassword');
    expect(row).toMatchObject({
      logContent: 'PUT /api/sys/user/updatePassword',
      userId: user.id,
      method: 'PUT',
      ip: '127.0.0.1',
      statusCode: 200,
      requestParams: JSON.stringify({ oldpassword: '******', password: '******', confirmpassword: '******' }),
    });
    expect(row!.costTime).toBeGreaterThanOrEqual(0);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('records a refused change with its 400, the raw body blanked at any depth', async () => {
    const body = { orgCode: 5, profile: { newPassword: 'Secret@2026', accessToken: 'abc', note: '备注' } };
    expectError(await t.put('/api/sys/selectDepart', body, tokens.admin), 400, '请选择');

    const [row] = await operations('admin', '/api/sys/selectDepart');
    expect(row).toMatchObject({
      statusCode: 400,
      requestParams: JSON.stringify({ orgCode: 5, profile: { newPassword: '******', accessToken: '******', note: '备注' } }),
    });
  });

  it('cuts long bodies at 2000 characters', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    expectError(await t.put('/api/sys/selectDepart', { orgCode: 5, note: 'x'.repeat(3000) }, token), 400, '请选择');
    const [row] = await operations(user.username, '/api/sys/selectDepart');
    expect(row!.requestParams).toHaveLength(2000);
    expect(row!.requestParams!.startsWith('{"orgCode":5,"note":"xxx')).toBe(true);
  });

  it('leaves out reads, logins and logouts, and calls without a session', async () => {
    const user = await t.createUser({ roles: ['role-admin'] });
    const token = await t.login(user.username, user.password);
    expectOk(await t.get('/api/sys/loginfo', token));
    expectError(await t.post('/api/sys/user/register', {}), 400, /./);
    expectOk(await t.post('/api/sys/logout', {}, token));
    // A last write that is logged: once it is there, the calls before it have been through the hook.
    const other = await t.login(user.username, user.password);
    expectError(await t.put('/api/sys/selectDepart', {}, other), 400, '请选择');
    await operations(user.username, '/api/sys/selectDepart');

    const rows = await t.db.select().from(sysLog).where(eq(sysLog.logType, 2));
    expect(rows.filter((r) => r.method === 'GET')).toEqual([]);
    expect(rows.filter((r) => ['/api/sys/login', '/api/sys/logout', '/api/sys/user/register'].includes(r.requestUrl!))).toEqual([]);
  });
});

describe('GET /sys/log/list', () => {
  const list = async (query: Record<string, string>, token = tokens.admin) => expectOk(await t.get<PageResult<LogRecord>>('/api/sys/log/list', token, query));
  const contents = (page: PageResult<LogRecord>) => page.records.map((r) => r.logContent);

  /** A log entry straight in the database; the marker in its content keeps each test to its own entries. */
  async function entry(values: Partial<typeof sysLog.$inferInsert> & { logContent: string }) {
    const [row] = await t.db.insert(sysLog).values({ logType: 2, ...values }).returning();
    return row!;
  }

  it('gives one page of the chosen log type, newest first, in the list shape', async () => {
    const marker = uniqueName('page');
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const oldest = await entry({ logContent: `${marker} 1`, createdAt: at(30), userId: 'u-1', username: 'someone', ip: '10.1.1.1', method: 'POST', requestUrl: '/api/sys/position/add', requestParams: '{"name":"x"}', statusCode: 200, costTime: 12 });
    await entry({ logContent: `${marker} 2`, createdAt: at(20) });
    await entry({ logContent: `${marker} 3`, createdAt: at(10) });
    await entry({ logContent: `${marker} 登录`, logType: 1, createdAt: at(5) });

    const first = await list({ logType: '2', keyword: marker, pageNo: '1', pageSize: '2' });
    expect({ ...first, records: contents(first) }).toEqual({ records: [`${marker} 3`, `${marker} 2`], total: 3, current: 1, size: 2 });
    const second = await list({ logType: '2', keyword: marker, pageNo: '2', pageSize: '2' });
    expect(second.records).toEqual([
      {
        id: oldest.id,
        logType: 2,
        logContent: `${marker} 1`,
        userid: 'u-1',
        username: 'someone',
        ip: '10.1.1.1',
        method: 'POST',
        requestUrl: '/api/sys/position/add',
        requestParams: '{"name":"x"}',
        statusCode: 200,
        costTime: 12,
        createTime: oldest.createdAt.toISOString(),
      },
    ]);
    expect(contents(await list({ logType: '1', keyword: marker }))).toEqual([`${marker} 登录`]);
  });

  it('finds the keyword in the content, the username or the address, in any case, wildcards taken literally', async () => {
    const marker = uniqueName('kw');
    await entry({ logContent: `编辑 ${marker.toUpperCase()}` });
    await entry({ logContent: '按用户名', username: marker });
    await entry({ logContent: '按地址', requestUrl: `/api/sys/${marker}/edit` });
    await entry({ logContent: `${marker} 50%_完成` });
    await entry({ logContent: `${marker} 50ab完成` });

    expect(contents(await list({ logType: '2', keyword: marker })).sort()).toEqual(['按用户名', '按地址', `${marker} 50%_完成`, `${marker} 50ab完成`, `编辑 ${marker.toUpperCase()}`].sort());
    expect(contents(await list({ logType: '2', keyword: `${marker} 50%_` }))).toEqual([`${marker} 50%_完成`]);
    expect(contents(await list({ logType: '2', keyword: `  ${marker} 50%_ ` }))).toEqual([`${marker} 50%_完成`]);
  });

  it('filters whole days on the school clock, both ends included', async () => {
    const marker = uniqueName('day');
    const day = '2025-03-10';
    await entry({ logContent: `${marker} 前一天`, createdAt: new Date(schoolDayStart(day).getTime() - 1000) });
    await entry({ logContent: `${marker} 零点`, createdAt: schoolDayStart(day) });
    await entry({ logContent: `${marker} 深夜`, createdAt: new Date(schoolDayStart(day, 1).getTime() - 1000) });
    await entry({ logContent: `${marker} 后一天`, createdAt: schoolDayStart(day, 1) });
    const days = async (query: Record<string, string>) => contents(await list({ logType: '2', keyword: marker, ...query }));

    expect(await days({ createTime_begin: day, createTime_end: day })).toEqual([`${marker} 深夜`, `${marker} 零点`]);
    expect(await days({ createTime_begin: day })).toEqual([`${marker} 后一天`, `${marker} 深夜`, `${marker} 零点`]);
    expect(await days({ createTime_end: day })).toEqual([`${marker} 深夜`, `${marker} 零点`, `${marker} 前一天`]);
    expect(await days({ createTime_begin: '', createTime_end: '' })).toHaveLength(4);
    expect(schoolClock(schoolDayStart(day))).toBe('2025-03-10 00:00:00');
  });

  it.each<{ query: Record<string, string>; message: string | RegExp }>([
    { query: {}, message: LOG_MSG.logType },
    { query: { logType: '3' }, message: LOG_MSG.logType },
    { query: { logType: '2', createTime_begin: '2026-02-30' }, message: LOG_MSG.dateFormat },
    { query: { logType: '2', createTime_end: '2026/03/01' }, message: LOG_MSG.dateFormat },
    { query: { logType: '2', createTime_begin: '2026-03-02', createTime_end: '2026-03-01' }, message: LOG_MSG.dateOrder },
    { query: { logType: '2', keyword: 'x'.repeat(101) }, message: LOG_MSG.keywordTooLong },
    { query: { logType: '2', pageSize: '0' }, message: /./ },
  ])('refuses $query with a clear message', async ({ query, message }) => {
    expectError(await t.get('/api/sys/log/list', tokens.admin, query), 400, message);
  });

  it.each(['student01', 'teacher01', 'mentor01'])('refuses %s', async (username) => {
    expectError(await t.get('/api/sys/log/list', await t.login(username), { logType: '2' }), 403, '没有权限执行此操作');
  });
});
