// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { readRow } from './bare-db.ts';
import { db } from './db.ts';
import { persistQueries, restoreQueries } from './query-persister.ts';

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

const savedStatus = async () => {
  const row = await readRow('queryCache', 'u1');
  const queries = (row?.client as { queries: { queryKey: unknown; state: { data: unknown } }[] } | undefined)?.queries ?? [];
  return queries.find((q) => JSON.stringify(q.queryKey) === '["mine"]')?.state.data;
};

describe('the kept queries', () => {
  it('are saved at once when the page is left with a save still waiting, so a reload right after brings back the newest copy', async () => {
    const client = new QueryClient();
    const stop = persistQueries(client, 'u1');
    await client.fetchQuery({ queryKey: ['mine'], queryFn: async () => '未填写', meta: { persist: true } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await savedStatus()).toBe('未填写');

    // Synced, fetched again, and the page reloaded before the save's delay is over.
    await client.fetchQuery({ queryKey: ['mine'], queryFn: async () => '已提交', meta: { persist: true }, staleTime: 0 });
    window.dispatchEvent(new Event('pagehide'));
    await expect.poll(savedStatus, { timeout: 500, interval: 20 }).toBe('已提交');
    stop();

    const next = new QueryClient();
    await restoreQueries(next, 'u1');
    expect(next.getQueryData(['mine'])).toBe('已提交');
    // Shown, and fetched again once a screen asks for it: the server may have moved on since.
    expect(next.getQueryCache().find({ queryKey: ['mine'] })!.isStale()).toBe(true);
  });
});
