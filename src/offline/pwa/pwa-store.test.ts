import { afterEach, describe, expect, it, vi } from 'vitest';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { memoryStorage } from './memory-storage.test-support.ts';
import {
  BEFORE_RELOAD_TIMEOUT_MS,
  OFFLINE_READY_SHOWN_KEY,
  UPDATE_SAVE_FAILED_MESSAGE,
  announceOfflineReady,
  applyUpdate,
  connectWorker,
  dismissUpdate,
  onBeforeUpdateReload,
  pwaStore,
} from './pwa-store.ts';

vi.stubGlobal('localStorage', memoryStorage());

const removers: Array<() => void> = [];
const hook = (fn: () => Promise<void>) => removers.push(onBeforeUpdateReload(fn));

afterEach(() => {
  removers.splice(0).forEach((remove) => remove());
  connectWorker(null);
  pwaStore.set({ needRefresh: false, offlineReady: false, updating: false });
  noticeStore.clear();
  vi.useRealTimers();
});

describe('applyUpdate (刷新)', () => {
  it('waits for every before-reload hook, then lets the waiting version take over', async () => {
    const order: string[] = [];
    hook(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('drafts saved');
    });
    hook(async () => {
      order.push('outbox checked');
    });
    connectWorker({ activateWaiting: () => order.push('skip waiting') });
    const reload = vi.fn();

    expect(await applyUpdate(reload)).toBe(true);
    expect(order).toEqual(['outbox checked', 'drafts saved', 'skip waiting']);
    expect(reload).not.toHaveBeenCalled();
    expect(pwaStore.get().updating).toBe(true);
  });

  it('a failing hook keeps the page (and its input): no switch, a warning, the prompt stays usable', async () => {
    pwaStore.set({ needRefresh: true });
    hook(async () => {
      throw new Error('IndexedDB is full');
    });
    const activateWaiting = vi.fn();
    connectWorker({ activateWaiting });
    const reload = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(await applyUpdate(reload)).toBe(false);
    expect(activateWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(pwaStore.get()).toMatchObject({ needRefresh: true, updating: false });
    expect(noticeStore.list().map((n) => n.message)).toEqual([UPDATE_SAVE_FAILED_MESSAGE]);
    warn.mockRestore();
  });

  it('a hook that hangs is given up on after the timeout, without reloading', async () => {
    vi.useFakeTimers();
    hook(() => new Promise<void>(() => undefined));
    const activateWaiting = vi.fn();
    connectWorker({ activateWaiting });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const result = applyUpdate(vi.fn());
    await vi.advanceTimersByTimeAsync(BEFORE_RELOAD_TIMEOUT_MS + 1);
    expect(await result).toBe(false);
    expect(activateWaiting).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a removed hook is not run; without a worker the page just reloads', async () => {
    const removed = vi.fn(async () => undefined);
    onBeforeUpdateReload(removed)();
    const reload = vi.fn();

    expect(await applyUpdate(reload)).toBe(true);
    expect(removed).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a second click while saving does nothing', async () => {
    let finish: () => void = () => undefined;
    hook(() => new Promise<void>((resolve) => (finish = resolve)));
    const activateWaiting = vi.fn();
    connectWorker({ activateWaiting });

    const first = applyUpdate(vi.fn());
    expect(await applyUpdate(vi.fn())).toBe(false);
    finish();
    expect(await first).toBe(true);
    expect(activateWaiting).toHaveBeenCalledOnce();
  });
});

it('稍后 hides the prompt', () => {
  pwaStore.set({ needRefresh: true });
  dismissUpdate();
  expect(pwaStore.get().needRefresh).toBe(false);
});

describe('已可离线使用', () => {
  it('is said once per installation, not at every start', () => {
    announceOfflineReady();
    expect(pwaStore.get().offlineReady).toBe(true);
    expect(JSON.parse(localStorage.getItem(OFFLINE_READY_SHOWN_KEY)!)).toMatchObject({ value: true, expire: null });

    // Another session in which the browser installs the worker again (it had dropped it).
    pwaStore.set({ offlineReady: false });
    announceOfflineReady();
    expect(pwaStore.get().offlineReady).toBe(false);

    // The site's data cleared: a new installation.
    localStorage.clear();
    announceOfflineReady();
    expect(pwaStore.get().offlineReady).toBe(true);
  });
});
