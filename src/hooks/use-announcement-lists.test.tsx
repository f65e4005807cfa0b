import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { keptOnDevice } from '@/offline/query-persister.ts';
import { useAnnouncementLists } from './use-announcement-lists.ts';

const LISTS = { anntMsgList: [{ id: 'a1', titile: '实习动员会' }], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '', code: 200, result: LISTS, timestamp: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());

describe('useAnnouncementLists', () => {
  it('is kept on the device (src/offline/query-persister.ts keeps what is marked) whichever view asks first, and the views share one answer', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    // The workplace's message box, mounted before any bell.
    const box = renderHook(() => useAnnouncementLists({ staleTime: 10_000 }), { wrapper });
    await waitFor(() => expect(box.result.current.data).toEqual(LISTS));
    const kept = dehydrate(client, { shouldDehydrateQuery: keptOnDevice });
    expect(kept.queries.map((query) => query.state.data)).toEqual([LISTS]);
    // The welcome page's bell, mounted next, starts from the same answer.
    const bell = renderHook(() => useAnnouncementLists({ refetchInterval: 60_000 }), { wrapper });
    expect(bell.result.current.data).toEqual(LISTS);
  });
});
