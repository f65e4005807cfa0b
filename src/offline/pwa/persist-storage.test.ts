import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult, UserInfo } from '@contract/session.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

// The session store reads localStorage when it loads: give it one before the dynamic imports.
vi.stubGlobal('localStorage', memoryStorage());
vi.stubGlobal('sessionStorage', memoryStorage());
const { sessionStore } = await import('@/lib/session-store.ts');
const { noticeStore } = await import('@/components/notification/notification-store.ts');
const { STORAGE_NOTE_READ_KEY, markStorageNoteRead, recordPersistOutcome, requestPersistentStorage, shouldCheckPersistence, storageNoteDue, storageNoteText, storageRisk, watchStudentStorage } = await import(
  './persist-storage.ts'
);

const user = (yhlx: string, username = 'student01') => ({ username, yhlx }) as UserInfo;

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('shouldCheckPersistence', () => {
  it('checks for a logged-in student not checked for yet', () => {
    expect(shouldCheckPersistence({ token: 't', userInfo: user('1') }, null)).toBe(true);
  });
  it('checks once per student and page load', () => {
    expect(shouldCheckPersistence({ token: 't', userInfo: user('1') }, 'student01')).toBe(false);
    expect(shouldCheckPersistence({ token: 't', userInfo: user('1', 'student02') }, 'student01')).toBe(true);
  });
  it('never checks for teachers, mentors or without a login', () => {
    expect(shouldCheckPersistence({ token: 't', userInfo: user('0', 'teacher01') }, null)).toBe(false);
    expect(shouldCheckPersistence({ token: 't', userInfo: user('2', 'mentor01') }, null)).toBe(false);
    expect(shouldCheckPersistence({ token: null, userInfo: user('1') }, null)).toBe(false);
    expect(shouldCheckPersistence({ token: 't', userInfo: null }, null)).toBe(false);
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

/** Where the refusal is the only risk: not WebKit. */
const chromium = () => ({ webkit: false, standalone: false });

describe('a refusal', () => {
  afterEach(() => {
    recordPersistOutcome('persisted');
    localStorage.clear();
    sessionStorage.clear();
    sessionStore.clear();
    noticeStore.clear();
  });

  it('is never a notification: the note is due once, until the student has read it', async () => {
    sessionStore.saveLogin({ token: 't', userInfo: user('1'), sysroles: [], multi_sysrole: false, departs: [], multi_depart: false } as unknown as LoginResult);
    const persist = vi.fn(async () => false);
    const stop = watchStudentStorage({ persisted: async () => false, persist }, chromium);
    await vi.waitFor(() => expect(storageNoteDue()).toBe(true));
    expect(noticeStore.list()).toEqual([]);

    markStorageNoteRead();
    expect(storageNoteDue()).toBe(false);
    expect(JSON.parse(localStorage.getItem(STORAGE_NOTE_READ_KEY)!)).toMatchObject({ value: true, expire: null });
    stop();

    // The next page load looks again without asking the browser twice; the note stays read.
    const persisted = vi.fn(async () => false);
    const again = watchStudentStorage({ persisted, persist }, chromium);
    await vi.waitFor(() => expect(persisted).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storageNoteDue()).toBe(false);
    expect(persist).toHaveBeenCalledOnce();
    again();
  });

  it('a reload in the same session still knows the browser refused', async () => {
    sessionStore.saveLogin({ token: 't', userInfo: user('1'), sysroles: [], multi_sysrole: false, departs: [], multi_depart: false } as unknown as LoginResult);
    const persist = vi.fn(async () => false);
    watchStudentStorage({ persisted: async () => false, persist }, chromium)();
    await vi.waitFor(() => expect(storageNoteDue()).toBe(true));
    recordPersistOutcome('persisted');

    const stop = watchStudentStorage({ persisted: async () => false, persist }, chromium);
    await vi.waitFor(() => expect(storageNoteDue()).toBe(true));
    expect(persist).toHaveBeenCalledOnce();
    stop();
  });

  it('a browser that grants it, or later persists, shows nothing', async () => {
    recordPersistOutcome('refused');
    expect(storageNoteDue()).toBe(true);
    recordPersistOutcome('granted');
    expect(storageNoteDue()).toBe(false);
    expect(await requestPersistentStorage({ persisted: async () => false, persist: async () => true }, false)).toBe('refused');
    expect(await requestPersistentStorage({ persisted: async () => true, persist: async () => false }, false)).toBe('persisted');
  });

  it('in WebKit outside the home screen the note is due whatever persist() said, and says to add the app to the home screen', () => {
    recordPersistOutcome('granted', { webkit: true, standalone: false });
    expect(storageNoteDue()).toBe(true);
    expect(storageRisk()).toBe('unvisited');
    expect(storageNoteText('周记', 'unvisited')).toBe('苹果手机上的浏览器会在 7 天没有打开本网站后清除它存在手机上的内容，包括还没提交的周记。把本网站添加到主屏幕并从那里打开，就不会被清除。');
    recordPersistOutcome('refused', { webkit: true, standalone: true });
    expect(storageRisk()).toBe('disk');
    recordPersistOutcome('granted', { webkit: true, standalone: true });
    expect(storageNoteDue()).toBe(false);
  });
});
