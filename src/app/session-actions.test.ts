import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { logoutAndLeave } from './session-actions.ts';

const mocks = vi.hoisted(() => ({
  logout: vi.fn(),
  config: { enableCas: false, casPrefixUrl: '' },
  clearSession: vi.fn(),
  resetTabs: vi.fn(),
}));
vi.mock('@/features/auth/api/logout.ts', () => ({ logout: mocks.logout }));
vi.mock('@/config/runtime.ts', () => ({ runtimeConfig: () => mocks.config }));
vi.mock('@/lib/session-store.ts', () => ({ sessionStore: { clear: mocks.clearSession, get: () => ({ token: 'token' }) } }));
vi.mock('@/lib/tabs-store.ts', () => ({ tabsStore: { reset: mocks.resetTabs } }));

const location = { origin: 'https://sx.example.edu.cn', pathname: '/teacher/', reload: vi.fn(), assign: vi.fn() };

describe('logoutAndLeave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { location });
    mocks.logout.mockReset().mockResolvedValue(null);
    mocks.config = { enableCas: false, casPrefixUrl: '' };
    noticeStore.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('without single sign-on: ends the session, forgets the user and reloads', async () => {
    await logoutAndLeave();
    expect(mocks.logout).toHaveBeenCalledTimes(1);
    expect(mocks.clearSession).toHaveBeenCalled();
    expect(mocks.resetTabs).toHaveBeenCalled();
    expect(location.reload).toHaveBeenCalledTimes(1);
    await vi.runAllTimersAsync();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("with single sign-on: goes to the provider's logout with this page as the service, without a reload", async () => {
    mocks.config = { enableCas: true, casPrefixUrl: 'https://cas.example.edu.cn/cas/' };
    await logoutAndLeave();
    await vi.runAllTimersAsync();
    expect(mocks.clearSession).toHaveBeenCalled();
    expect(location.assign).toHaveBeenCalledWith(`https://cas.example.edu.cn/cas/logout?service=${encodeURIComponent('https://sx.example.edu.cn/teacher/')}`);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("a refused logout shows the server's message as an error and keeps the user logged in", async () => {
    mocks.config = { enableCas: true, casPrefixUrl: 'https://cas.example.edu.cn/cas' };
    mocks.logout.mockRejectedValue(new ApiError('退出登录失败，请稍后重试', 200, 500, false));
    await logoutAndLeave();
    expect(noticeStore.list()).toEqual([expect.objectContaining({ kind: 'error', title: '系统提示', message: '退出登录失败，请稍后重试' })]);
    await vi.runAllTimersAsync();
    expect(mocks.clearSession).not.toHaveBeenCalled();
    expect(location.reload).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('an error the client already showed (network, 500) is not shown twice', async () => {
    mocks.logout.mockRejectedValue(new ApiError('网络超时', 504, undefined, true));
    await logoutAndLeave();
    expect(noticeStore.list()).toEqual([]);
    expect(mocks.clearSession).not.toHaveBeenCalled();
    expect(location.reload).not.toHaveBeenCalled();
  });
});
