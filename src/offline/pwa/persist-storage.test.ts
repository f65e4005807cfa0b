import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@contract/session.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

// The session store reads localStorage when it loads: give it one before the dynamic imports.
vi.stubGlobal('localStorage', memoryStorage());
vi.stubGlobal('sessionStorage', memoryStorage());
const { SEVEN_DAYS_MS } = await import('@/lib/storage.ts');
const { noticeStore } = await import('@/components/notification/notification-store.ts');
const { PERSIST_REFUSED_MESSAGE, noticeRefusal, requestPersistentStorage, shouldAskForPersistence } = await import('./persist-storage.ts');

const user = (yhlx: string, username = 'student01') => ({ username, yhlx }) as UserInfo;

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('shouldAskForPersistence', () => {
  it('asks for a logged-in student not asked for yet', () => {
    expect(shouldAskForPersistence({ token: 't', userInfo: user('1') }, null)).toBe(true);
  });
  it('asks once per student and session', () => {
    expect(shouldAskForPersistence({ token: 't', userInfo: user('1') }, 'student01')).toBe(false);
    expect(shouldAskForPersistence({ token: 't', userInfo: user('1', 'student02') }, 'student01')).toBe(true);
  });
  it('never asks for teachers, mentors or without a login', () => {
    expect(shouldAskForPersistence({ token: 't', userInfo: user('0', 'teacher01') }, null)).toBe(false);
    expect(shouldAskForPersistence({ token: 't', userInfo: user('2', 'mentor01') }, null)).toBe(false);
    expect(shouldAskForPersistence({ token: null, userInfo: user('1') }, null)).toBe(false);
    expect(shouldAskForPersistence({ token: 't', userInfo: null }, null)).toBe(false);
  });
});

describe('requestPersistentStorage', () => {
  it('does not ask again when the storage is persistent already', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persisted: async () => true, persist })).toBe('persisted');
    expect(persist).not.toHaveBeenCalled();
  });
  it('reports what the browser decided', async () => {
    expect(await requestPersistentStorage({ persisted: async () => false, persist: async () => true })).toBe('granted');
    expect(await requestPersistentStorage({ persisted: async () => false, persist: async () => false })).toBe('refused');
  });
  it('is a no-op without the Storage API or when it throws', async () => {
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
    expect(
      await requestPersistentStorage({
        persisted: async () => false,
        persist: async () => {
          throw new Error('InvalidStateError');
        },
      }),
    ).toBe('unsupported');
  });
});

describe('the refusal notice', () => {
  afterEach(() => {
    vi.useRealTimers();
    noticeStore.clear();
  });

  it('is shown at most once in 7 days', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
    expect(noticeRefusal()).toBe(true);
    expect(noticeStore.list().map((n) => [n.kind, n.message])).toEqual([['info', PERSIST_REFUSED_MESSAGE]]);
    noticeStore.clear();

    vi.setSystemTime(Date.now() + SEVEN_DAYS_MS - 60_000);
    expect(noticeRefusal()).toBe(false);
    expect(noticeStore.list()).toEqual([]);

    vi.setSystemTime(Date.now() + 120_000);
    expect(noticeRefusal()).toBe(true);
    expect(noticeStore.list()).toHaveLength(1);
  });
});
