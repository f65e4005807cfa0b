// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE } from '@contract/internship.ts';
import type { LoginResult } from '@contract/session.ts';
import { api, configureApiClient, request } from '@/lib/api-client.ts';
import { connectivity } from '@/lib/connectivity.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { db } from './db.ts';
import { offlineStore } from './offline-store.ts';
import { outbox } from './outbox.ts';
import { PARALLEL_SENDS, registerReplayer, startSync, syncNow } from './sync-engine.ts';

/**
 * The engine against a small real HTTP stand-in (the real IndexedDB code on fake-indexeddb, the real
 * API client). Each record id is answered the way the test says: our envelope, a refusal, a captive
 * portal's page, a dropped connection…
 */
type Answer = 'ok' | 'refused' | 'server-error' | 'portal' | 'in-progress' | 'taken' | 'dropped' | 'expired';
const answers = new Map<string, Answer>();
const received = new Map<string, number>();
/** The device-time headers of each request, per record id. */
const deviceTimes = new Map<string, { actedAt?: string; clock?: string }[]>();
let server: Server;

const envelope = (success: boolean, message: string, code: number) => JSON.stringify({ success, message, code, result: null, timestamp: 1 });

beforeAll(async () => {
  server = createServer((req, res) => {
    const id = /\/records\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
    received.set(id, (received.get(id) ?? 0) + 1);
    deviceTimes.set(id, [...(deviceTimes.get(id) ?? []), { actedAt: req.headers['x-device-acted-at'] as string, clock: req.headers['x-device-clock'] as string }]);
    const json = { 'content-type': 'application/json' };
    switch (answers.get(id) ?? 'ok') {
      case 'ok':
        return void res.writeHead(200, json).end(envelope(true, '提交成功', 200));
      case 'refused':
        return void res.writeHead(400, json).end(envelope(false, '周记内容不能少于200字', 400));
      case 'server-error':
        return void res.writeHead(503, json).end(envelope(false, '服务暂不可用', 503));
      case 'portal':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>请先登录校园网</body></html>');
      case 'in-progress':
        return void res.writeHead(409, { ...json, 'retry-after': '1' }).end(envelope(false, IDEMPOTENCY_IN_PROGRESS_MESSAGE, 409));
      case 'taken':
        return void res.writeHead(409, json).end(envelope(false, '数据已存在，请勿重复提交', 409));
      case 'dropped':
        return void req.socket.destroy();
      case 'expired':
        return void res.writeHead(401, json).end(envelope(false, 'Token失效，请重新登录', 401));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.defaults.adapter = 'http';
  registerReplayer('test-record', (entry, headers) => request({ method: 'put', url: `/records/${entry.id}`, data: entry.payload, headers, silent: true }).then(() => undefined), { path: '/internship/weekly', title: '我的周记' });
});
afterAll(() => server.close());

function login() {
  sessionStore.saveLogin({ token: 'tok', userInfo: { id: 'u1', username: 'student01' }, sysroles: [], multi_sysrole: false, departs: [], multi_depart: false } as unknown as LoginResult);
}

beforeEach(async () => {
  await db.outbox.clear();
  answers.clear();
  received.clear();
  deviceTimes.clear();
  // What the app does when the server ends the session: the token goes.
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: () => sessionStore.clear(), onLicenceInvalid: () => undefined });
  login();
});

const photo = { id: 'p1', name: '工位照片.png', type: 'image/png', bytes: new Uint8Array([1, 2, 3]).buffer };
const queue = (id: string, answer: Answer) => {
  answers.set(id, answer);
  return outbox.put({ id, kind: 'test-record', userId: 'u1', payload: { content: id }, files: [photo] });
};

describe('sync engine', () => {
  it('sends the moment the user submitted, not the moment of sending, with the device clock at each send', async () => {
    const before = Date.now();
    await queue('r-time', 'server-error');
    const queuedBy = Date.now();
    await syncNow();
    answers.set('r-time', 'ok');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const resentAfter = Date.now();
    await syncNow(true);
    const [first, second] = deviceTimes.get('r-time')!;
    expect(Date.parse(first!.actedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(first!.actedAt!)).toBeLessThanOrEqual(queuedBy);
    expect(second!.actedAt).toBe(first!.actedAt);
    expect(Date.parse(second!.clock!)).toBeGreaterThanOrEqual(resentAfter);
  });

  it('a record the server accepts is marked synced, sent once, and its files leave the phone', async () => {
    await queue('r-ok', 'ok');
    expect(offlineStore.get().waiting).toBe(1);
    await syncNow();
    expect(await outbox.get('r-ok')).toMatchObject({ state: 'synced', error: null, files: [] });
    expect(received.get('r-ok')).toBe(1);
    expect(offlineStore.get()).toMatchObject({ waiting: 0, syncing: false });
  });

  it.each([
    ['a 4xx', 'refused', '周记内容不能少于200字'],
    ['a 409 that is not a request in progress', 'taken', '数据已存在，请勿重复提交'],
  ] as const)('%s puts the record in needs-fix with the server message, keeps its files, and tries no more', async (_name, answer, message) => {
    await queue('r-fix', answer);
    await syncNow();
    const entry = await outbox.get('r-fix');
    expect(entry).toMatchObject({ state: 'needs-fix', error: message });
    expect(entry!.files).toHaveLength(1);
    expect(offlineStore.get().waiting).toBe(0);
    await syncNow(true);
    expect(received.get('r-fix')).toBe(1);
  });

  it('a dropped connection, a 5xx, a captive portal page and a 409 "in progress" wait as retrying, and the scheduled retry sends them', async () => {
    await queue('r-dropped', 'dropped');
    await queue('r-5xx', 'server-error');
    await queue('r-portal', 'portal');
    await queue('r-busy', 'in-progress');
    await syncNow();

    const entries = await Promise.all(['r-dropped', 'r-5xx', 'r-portal', 'r-busy'].map((id) => outbox.get(id)));
    expect(entries.map((e) => [e!.id, e!.state, e!.attempts])).toEqual([
      ['r-dropped', 'retrying', 1],
      ['r-5xx', 'retrying', 1],
      ['r-portal', 'retrying', 1],
      ['r-busy', 'retrying', 1],
    ]);
    expect(entries.map((e) => e!.error)).toEqual(['网络连接异常，请检查网络后重试', '服务暂不可用', '网络连接异常，请检查网络后重试', IDEMPOTENCY_IN_PROGRESS_MESSAGE]);
    for (const entry of entries) {
      // The first backoff: 2 s plus up to 20 % jitter.
      expect(entry!.nextAttemptAt - entry!.updatedAt).toBeGreaterThanOrEqual(1_900);
      expect(entry!.nextAttemptAt - entry!.updatedAt).toBeLessThanOrEqual(2_500);
      expect(entry!.files).toHaveLength(1);
    }
    expect(offlineStore.get().waiting).toBe(4);

    // Not due yet: another run leaves them alone.
    await syncNow();
    expect(received.get('r-5xx')).toBe(1);

    // The server is back; nobody calls syncNow: the retry scheduled for the end of the backoff runs.
    answers.clear();
    await expect
      .poll(async () => (await outbox.unsynced('u1')).length, { timeout: 6_000, interval: 200 })
      .toBe(0);
    expect(await Promise.all(['r-dropped', 'r-5xx', 'r-portal', 'r-busy'].map(async (id) => (await outbox.get(id))!.state))).toEqual(['synced', 'synced', 'synced', 'synced']);
    expect(offlineStore.get().waiting).toBe(0);
  });

  it('after an outage, the server answering again sends what waits at once, not when its backoff ends', async () => {
    const stop = startSync();
    try {
      await queue('r-outage', 'dropped');
      await syncNow();
      expect(await outbox.get('r-outage')).toMatchObject({ state: 'retrying' });
      expect(connectivity.offline()).toBe(true);
      // Minutes into the outage, the next try is minutes away.
      await outbox.update('r-outage', { nextAttemptAt: Date.now() + 300_000 });

      answers.set('r-outage', 'ok');
      await request({ method: 'get', url: '/records/any-read', silent: true });
      await expect.poll(async () => (await outbox.get('r-outage'))!.state, { timeout: 3_000, interval: 50 }).toBe('synced');
    } finally {
      stop();
    }
  });

  it('an expired session keeps the whole queue; after logging in again the sync resumes', async () => {
    // The first PARALLEL_SENDS go out together; once the session is found ended, no more are sent.
    const later = Array.from({ length: PARALLEL_SENDS + 1 }, (_, i) => `r-later-${i}`);
    await queue('r-first', 'expired');
    for (const id of later) await queue(id, 'ok');
    await syncNow();

    expect(sessionStore.get().token).toBeNull();
    expect(await outbox.get('r-first')).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await outbox.get('r-first'))!.files).toHaveLength(1);
    const waiting = later.slice(PARALLEL_SENDS - 1);
    for (const id of waiting) {
      expect(await outbox.get(id)).toMatchObject({ state: 'pending' });
      expect(received.get(id)).toBeUndefined();
    }

    // Logged out, nothing is sent.
    await syncNow(true);
    expect(received.get('r-first')).toBe(1);

    answers.set('r-first', 'ok');
    configureApiClient(api.defaults.baseURL!, { onSessionEnded: () => sessionStore.clear(), onLicenceInvalid: () => undefined });
    login();
    await syncNow(true);
    for (const id of ['r-first', ...later]) expect(await outbox.get(id)).toMatchObject({ state: 'synced' });
    expect(offlineStore.get().waiting).toBe(0);
  });

  it('sends independent records at the same time, PARALLEL_SENDS at most, and one that fails holds back none of the others', async () => {
    let inFlight = 0;
    let most = 0;
    registerReplayer('slow-record', async (entry, headers) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await request({ method: 'put', url: `/records/${entry.id}`, data: entry.payload, headers, silent: true });
      } finally {
        inFlight -= 1;
      }
    }, { path: '/internship/weekly', title: '我的周记' });
    const ids = Array.from({ length: 10 }, (_, i) => `r-many-${i}`);
    for (const [i, id] of ids.entries()) {
      answers.set(id, i === 0 ? 'refused' : 'ok');
      await outbox.put({ id, kind: 'slow-record', userId: 'u1', payload: { i } });
    }
    await syncNow();
    expect(most).toBe(PARALLEL_SENDS);
    expect(await outbox.get(ids[0]!)).toMatchObject({ state: 'needs-fix' });
    for (const id of ids.slice(1)) expect(await outbox.get(id)).toMatchObject({ state: 'synced' });
  });
});
