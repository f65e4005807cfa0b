import { useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementItem, AnnouncementLists } from '@contract/session.ts';
import { useNoticeBell } from './use-notice-bell.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('@/lib/api-client.ts', () => ({ http: { get: api.get, put: api.put } }));

const item = (id: string, extra: Partial<AnnouncementItem> = {}): AnnouncementItem => ({
  id,
  titile: `消息${id}`,
  createTime: new Date().toISOString(),
  priority: 'L',
  openType: null,
  openPage: null,
  busId: null,
  msgTxt: null,
  msgId: id,
  ...extra,
});
const LISTS: AnnouncementLists = { anntMsgList: [item('n1')], anntMsgTotal: 1, sysMsgList: [item('s1')], sysMsgTotal: 1 };

let location = '';
function LocationProbe() {
  const current = useLocation();
  useEffect(() => {
    location = `${current.pathname}${current.search}`;
  }, [current]);
  return null;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/workplace']}>
        <LocationProbe />
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useNoticeBell(), { wrapper });
}

const loads = () => api.get.mock.calls.filter(([url]) => url === '/sys/annountCement/listByUser').length;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  api.get.mockReset().mockResolvedValue(LISTS);
  api.put.mockReset().mockResolvedValue(null);
  setVisibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useNoticeBell', () => {
  it('loads on mount, sums both totals, and polls every 60 s', async () => {
    const { result } = renderBell();
    await advance(0);
    expect(loads()).toBe(1);
    expect(result.current).toMatchObject({ total: 2, noticeTotal: 1, messageTotal: 1 });

    await advance(59_000);
    expect(loads()).toBe(1);
    await advance(1_000);
    expect(loads()).toBe(2);
  });

  it('reloads on opening and every 6 s while open, then back to 60 s', async () => {
    const { result } = renderBell();
    await advance(0);
    act(() => result.current.setOpen(true));
    await advance(0);
    expect(loads()).toBe(2);
    await advance(6_000);
    await advance(6_000);
    expect(loads()).toBe(4);

    act(() => result.current.setOpen(false));
    await advance(30_000);
    expect(loads()).toBe(4);
  });

  it('does not poll while the page is hidden', async () => {
    renderBell();
    await advance(0);
    act(() => setVisibility('hidden'));
    await advance(180_000);
    expect(loads()).toBe(1);
    act(() => setVisibility('visible'));
    await advance(60_000);
    expect(loads()).toBe(2);
  });

  it('stops polling after a failed load until it is opened again', async () => {
    api.get.mockRejectedValueOnce(new Error('网络超时'));
    const { result } = renderBell();
    await advance(0);
    await advance(300_000);
    expect(loads()).toBe(1);

    act(() => result.current.setOpen(true));
    await advance(0);
    expect(loads()).toBe(2);
    expect(result.current.total).toBe(2);
    await advance(6_000);
    expect(loads()).toBe(3);
  });

  it('marks a picked item read, reloads, and shows its detail after 200 ms', async () => {
    const { result } = renderBell();
    await advance(0);
    act(() => result.current.setOpen(true));
    act(() => result.current.pick(LISTS.anntMsgList[0]!));
    expect(result.current.open).toBe(false);
    const before = loads();

    await advance(199);
    expect(api.put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'n1' });
    expect(result.current.detail.open).toBe(false);
    await advance(1);
    expect(result.current.detail).toEqual({ id: 'n1', open: true });
    expect(loads()).toBeGreaterThan(before);
    expect(location).toBe('/dashboard/workplace');
  });

  it('opens the page of a component item with ?id=busId instead of the detail', async () => {
    const { result } = renderBell();
    await advance(0);
    act(() => result.current.pick(item('c1', { openType: 'component', openPage: '/isps/leave', busId: 'b7' })));
    await advance(500);
    expect(location).toBe('/isps/leave?id=b7');
    expect(result.current.detail.open).toBe(false);
    expect(api.put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'c1' });
  });

  it('goes to 我的消息 from 查看更多', async () => {
    const { result } = renderBell();
    await advance(0);
    act(() => result.current.viewMore());
    expect(location).toBe('/isps/userAnnouncement');
  });
});
