import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import bundledLogo from '@/assets/logo.svg';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/api-client.ts', () => ({ http: { get: api.get } }));

/** A fresh module each time: the answer is kept for the page load. */
const load = async () => (await import('./use-logo.ts')).useLogo;

describe('useLogo', () => {
  beforeEach(() => {
    vi.resetModules();
    api.get.mockReset();
  });

  it('shows the side-menu logo from result.logo and the login logo from result.logologin, asking once', async () => {
    api.get.mockResolvedValue({ logo: 'U0lERQ==', logologin: 'data:image/png;base64,TE9HSU4=' });
    const useLogo = await load();
    const side = renderHook(() => useLogo('logo'));
    const login = renderHook(() => useLogo('logologin'));
    await waitFor(() => expect(side.result.current).toBe('data:image/png;base64,U0lERQ=='));
    await waitFor(() => expect(login.result.current).toBe('data:image/png;base64,TE9HSU4='));
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get).toHaveBeenCalledWith('/sys/logo/getLogo', undefined, { silent: true });
  });

  it('keeps the bundled logo when the server has none or cannot be reached', async () => {
    api.get.mockResolvedValue({ logo: null, logologin: 'TE9HSU4=' });
    const useLogo = await load();
    const { result } = renderHook(() => useLogo('logo'));
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(result.current).toBe(bundledLogo);

    vi.resetModules();
    api.get.mockRejectedValue(new Error('网络异常'));
    const useLogoOffline = await load();
    const offline = renderHook(() => useLogoOffline('logologin'));
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    await act(() => Promise.resolve());
    expect(offline.result.current).toBe(bundledLogo);
  });
});
