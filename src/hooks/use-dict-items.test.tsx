import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { dictText, useDictItems } from './use-dict-items.ts';

/** A real HTTP server on a free port: /sex answers the items, anything else fails with the server's message. */
let server: Server;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    requested.push(req.url ?? '');
    const ok = req.url === '/sys/dict/getDictItems/sex';
    const body = ok
      ? { success: true, message: '', code: 200, result: [{ value: '1', text: '男' }, { value: '2', text: '女' }], timestamp: 1 }
      : { success: false, message: '字典服务暂不可用', code: 500, result: null, timestamp: 1 };
    res.writeHead(ok ? 200 : 500, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());
beforeEach(() => {
  requested.length = 0;
  act(() => noticeStore.clear());
});

function renderDict(dictCode: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useDictItems(dictCode), { wrapper });
}

describe('useDictItems', () => {
  it('loads GET /sys/dict/getDictItems/{dictCode} without _t', async () => {
    const { result } = renderDict('sex');
    await waitFor(() => expect(result.current.data).toEqual([{ value: '1', text: '男' }, { value: '2', text: '女' }]));
    expect(requested).toEqual(['/sys/dict/getDictItems/sex']);
    expect(dictText(result.current.data, '2')).toBe('女');
  });

  it("a failure shows the server's message as a warning, not as an error", async () => {
    const { result } = renderDict('broken');
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(noticeStore.list()).toEqual([expect.objectContaining({ kind: 'warning', message: '字典服务暂不可用' })]);
  });

  it('does not ask without a code', () => {
    const { result } = renderDict('');
    expect(result.current.fetchStatus).toBe('idle');
    expect(requested).toEqual([]);
  });
});

describe('dictText', () => {
  it('is the text of a value, or the value when unknown, or empty', () => {
    const items = [{ value: '1', text: '男' }];
    expect(dictText(items, '1')).toBe('男');
    expect(dictText(items, '9')).toBe('9');
    expect(dictText(items, null)).toBe('');
    expect(dictText(undefined, '1')).toBe('1');
  });
});
