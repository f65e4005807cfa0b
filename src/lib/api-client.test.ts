// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { ApiError, api, configureApiClient, http } from './api-client.ts';
import { connectivity } from './connectivity.ts';
import { sessionStore } from './session-store.ts';

/** A real HTTP server answering /status/<code> with that status, and echoing what it received. */
let server: Server;
let lastRequest: IncomingMessage | null = null;
const hooks = { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() };

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequest = req;
    if (req.url?.startsWith('/portal/')) {
      // A captive portal: its login page, whatever was asked.
      res.writeHead(Number(/\/portal\/(\d+)/.exec(req.url)![1]), { 'content-type': 'text/html; charset=utf-8' });
      return void res.end('<html><body>请登录校园网</body></html>');
    }
    if (req.url?.startsWith('/busy')) {
      res.writeHead(409, { 'content-type': 'application/json', 'retry-after': '1' });
      return void res.end(JSON.stringify({ success: false, message: '相同的请求正在处理中，请稍后重试', code: 409, result: null, timestamp: 1 }));
    }
    const status = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
    const message = new URL(req.url ?? '/', 'http://x').searchParams.get('message') ?? '服务器说明';
    const body = status === 200 ? { success: true, message: 'ok', code: 200, result: { echo: req.url }, timestamp: 1 } : { success: false, message, code: status, result: null, timestamp: 1 };
    res.writeHead(status === 901 ? 200 : status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 901 ? { ...body, success: false, code: 901 } : body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.defaults.adapter = 'http';
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, hooks);
});
afterAll(() => server.close());
beforeEach(() => {
  noticeStore.list().forEach((n) => noticeStore.close(n.id));
  hooks.onSessionEnded.mockClear();
  hooks.onLicenceInvalid.mockClear();
  sessionStore.clear();
});

const lastNotice = () => noticeStore.list().at(-1);

describe('requests (SPEC.md section 7)', () => {
  it('uses the 1,200,000 ms timeout', () => expect(api.defaults.timeout).toBe(1_200_000));

  it('adds _t in seconds to GET and sends the token header', async () => {
    sessionStore.saveLogin({ token: 'tok-1', userInfo: { username: 'u' } as never, sysroles: [], multi_sysrole: false, departs: [], multi_depart: false });
    const before = Math.floor(Date.now() / 1000);
    const result = await http.get<{ echo: string }>('/status/200', { a: 1 });
    const t = Number(new URL(result.echo, 'http://x').searchParams.get('_t'));
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThan(before + 5);
    expect(lastRequest?.headers['x-access-token']).toBe('tok-1');
  });

  it('no _t on dictionary items', async () => {
    const result = await http.get<{ echo: string }>('/sys/dict/getDictItems/sex');
    expect(result.echo).toBe('/sys/dict/getDictItems/sex');
  });
});

describe('errors (SPEC.md section 8)', () => {
  it.each([
    [403, '拒绝访问'],
    [404, '很抱歉，资源未找到!'],
    [504, '网络超时'],
    [500, '服务器说明'],
    [400, '服务器说明'],
  ])('HTTP %i shows 系统提示 "%s" for 4 s', async (status, message) => {
    const error = await http.get(`/status/${status}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(lastNotice()).toMatchObject({ title: '系统提示', message, duration: 4000 });
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });

  it('a download refused (a file asked for, our envelope answered) shows the server’s message, not the status’s', async () => {
    const message = '该学生在实习开始时已满18周岁，无需监护人知情同意书';
    const error = await api.get(`/status/400?message=${encodeURIComponent(message)}`, { responseType: 'blob' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect(lastNotice()).toMatchObject({ title: '系统提示', message });
  });

  it('401 ends the session once, however many calls fail together', async () => {
    sessionStore.saveLogin({ token: 'tok-2', userInfo: { username: 'u' } as never, sysroles: [], multi_sysrole: false, departs: [], multi_depart: false });
    configureApiClient(api.defaults.baseURL!, hooks);
    await Promise.allSettled([http.get('/status/401'), http.get('/status/401')]);
    expect(hooks.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(noticeStore.list().filter((n) => n.message === '未授权，请重新登录')).toHaveLength(1);
  });

  it('a 500 saying the token is invalid ends the session', async () => {
    sessionStore.saveLogin({ token: 'tok-3', userInfo: { username: 'u' } as never, sysroles: [], multi_sysrole: false, departs: [], multi_depart: false });
    configureApiClient(api.defaults.baseURL!, hooks);
    await http.get('/status/500', { message: 'Token失效，请重新登录' }).catch(() => undefined);
    expect(hooks.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(lastNotice()?.message).toBe('Token失效，请重新登录!');
  });

  it('code 901 in the body reports the licence', async () => {
    await http.get('/status/901').catch(() => undefined);
    expect(lastNotice()?.message).toBe('无效的软件授权信息!');
    expect(hooks.onLicenceInvalid).toHaveBeenCalledTimes(1);
  });

  it('a 200 that is not our envelope (a captive portal) is a failure to reach the server, not a refusal', async () => {
    const error = (await http.post('/portal/200', { a: 1 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, unreached: true, notified: true, message: '网络连接异常，请检查网络后重试' });
    expect(lastNotice()).toMatchObject({ title: '系统提示', message: '网络连接异常，请检查网络后重试' });
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });

  it('an error status with a page that is not our envelope keeps its catalogue message and counts as unreached', async () => {
    const error = (await http.get('/portal/404').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 404, unreached: true, message: '很抱歉，资源未找到!' });
    expect(lastNotice()?.message).toBe('很抱歉，资源未找到!');
  });

  it('our own answers are marked as reached, and Retry-After is kept', async () => {
    const refused = (await http.get('/status/400').catch((e: unknown) => e)) as ApiError;
    expect(refused).toMatchObject({ status: 400, unreached: false, retryLater: false });
    const busy = (await http.put('/busy', {}, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(busy).toMatchObject({ status: 409, unreached: false, retryLater: true, message: '相同的请求正在处理中，请稍后重试' });
  });

  it('a read that finds no network is not announced, and the app counts as offline until our API answers again', async () => {
    const base = api.defaults.baseURL!;
    // A port nobody listens on: no answer at all, as offline.
    configureApiClient('http://127.0.0.1:9', hooks);
    const read = (await http.get('/status/200').catch((e: unknown) => e)) as ApiError;
    expect(read).toMatchObject({ unreached: true, notified: false });
    expect(noticeStore.list()).toHaveLength(0);
    expect(connectivity.offline()).toBe(true);
    // What a person asked for still says why it failed.
    await http.post('/status/200', {}).catch(() => undefined);
    expect(lastNotice()).toMatchObject({ title: '系统提示', message: '网络连接异常，请检查网络后重试' });
    configureApiClient(base, hooks);
    await http.get('/status/200');
    expect(connectivity.offline()).toBe(false);
  });

  it('silent calls leave the message to the caller', async () => {
    const error = (await http.get('/status/400', { message: '验证码错误' }, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('验证码错误');
    expect(error.notified).toBe(false);
    expect(noticeStore.list()).toHaveLength(0);
  });
});
