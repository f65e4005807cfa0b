import { useEffect, useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from '@/lib/session-store.ts';
import { local } from '@/lib/storage.ts';
import { isStandalone, isWebKit } from './install-decision.ts';

/**
 * A student's offline drafts and outbox live in IndexedDB, which the browser may clear: when the disk
 * runs low unless the site's storage is persistent, and in WebKit (every iPhone browser) after seven
 * days without a visit unless the app is on the home screen. When a student is logged in we check,
 * asking the browser once per browser session. A risk is not an error and never a notification: the
 * first record page the student opens says it once, in its own words, until the student has read it
 * (知道了) on any of them.
 */
export type StorageRisk = 'disk' | 'unvisited';

/** The note in the words of the page it is on (周记, 请假, 签到…). */
export const storageNoteText = (what: string, risk: StorageRisk) =>
  risk === 'unvisited'
    ? `苹果手机上的浏览器会在 7 天没有打开本网站后清除它存在手机上的内容，包括还没提交的${what}。把本网站添加到主屏幕并从那里打开，就不会被清除。`
    : `手机存储空间不足时，浏览器可能会清除还没提交的${what}。写好后请尽快联网提交。`;
/** localStorage, without expiry: the student has read the note on this installation. */
export const STORAGE_NOTE_READ_KEY = 'PWA_STORAGE_NOTE_READ';
/** sessionStorage: the login name the browser was already asked for in this tab's session. */
const ASKED_KEY = 'PWA_PERSIST_ASKED';
const STUDENT = '1';

export type PersistOutcome = 'persisted' | 'granted' | 'refused' | 'unsupported';

/** A logged-in student not checked for in this page load. */
export function shouldCheckPersistence(session: Pick<SessionState, 'token' | 'userInfo'>, checkedFor: string | null): boolean {
  const { token, userInfo } = session;
  return Boolean(token) && userInfo?.yhlx === STUDENT && checkedFor !== userInfo.username;
}

/**
 * What the browser decided. With `ask` false (asked before in this session) it is only looked up:
 * asking again would not change the answer.
 */
export async function requestPersistentStorage(storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined, ask = true): Promise<PersistOutcome> {
  if (!storage || typeof storage.persist !== 'function') return 'unsupported';
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
    if (!ask) return typeof storage.persisted === 'function' ? 'refused' : 'unsupported';
    return (await storage.persist()) ? 'granted' : 'refused';
  } catch {
    return 'unsupported';
  }
}

let risk: StorageRisk | null = null;
const listeners = new Set<() => void>();
const setRisk = (next: StorageRisk | null) => {
  if (next === risk) return;
  risk = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const noteRead = () => local.get<boolean>(STORAGE_NOTE_READ_KEY) === true;

/** Whether the note is due: the device's records are at risk and the student has not read it here yet. */
export const storageNoteDue = () => risk !== null && !noteRead();

/** What puts the device's records at risk, as last found. */
export const storageRisk = () => risk;

export function useStorageNoteDue(): boolean {
  return useSyncExternalStore(subscribe, storageNoteDue, storageNoteDue);
}

/** localStorage: the record page (its words: 周记, 请假) the note was first said on. */
export const STORAGE_NOTE_PAGE_KEY = 'PWA_STORAGE_NOTE_PAGE';

/**
 * Whether the page of `what` says the note: it is due, and this is the page it was first said on, so
 * the next record page does not repeat it while it waits for 知道了.
 */
export function useStorageNoteOn(what: string): boolean {
  const due = useStorageNoteDue();
  const saidOn = local.get<string>(STORAGE_NOTE_PAGE_KEY);
  useEffect(() => {
    if (due && !saidOn) local.set(STORAGE_NOTE_PAGE_KEY, what, null);
  }, [due, saidOn, what]);
  return due && (!saidOn || saidOn === what);
}

/** 知道了: the note is not shown again on this installation. */
export function markStorageNoteRead(): void {
  local.set(STORAGE_NOTE_READ_KEY, true, null);
  listeners.forEach((listener) => listener());
}

/** Where the app runs: WebKit outside the home screen clears unvisited sites' storage whatever persist() said. */
export interface StorageBrowser {
  webkit: boolean;
  standalone: boolean;
}

/** Records what the browser decided, and where it runs: a refusal, or WebKit outside the home screen, makes the note due. */
export function recordPersistOutcome(outcome: PersistOutcome, browser: StorageBrowser = { webkit: false, standalone: false }): void {
  setRisk(browser.webkit && !browser.standalone ? 'unvisited' : outcome === 'refused' ? 'disk' : null);
}

const thisBrowser = (): StorageBrowser => ({ webkit: isWebKit(navigator.userAgent, navigator.maxTouchPoints ?? 0), standalone: isStandalone() });

function readAsked(): string | null {
  try {
    return sessionStorage.getItem(ASKED_KEY);
  } catch {
    return null;
  }
}

function writeAsked(username: string): void {
  try {
    sessionStorage.setItem(ASKED_KEY, username);
  } catch {
    // Blocked storage: we may ask again after a reload, which is harmless.
  }
}

/** Watches the session from start: checks as soon as a student is logged in (now or later). */
export function watchStudentStorage(storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = navigator.storage, browser: () => StorageBrowser = thisBrowser): () => void {
  let checkedFor: string | null = null;
  const check = () => {
    const session = sessionStore.get();
    if (!shouldCheckPersistence(session, checkedFor)) return;
    const username = session.userInfo!.username;
    checkedFor = username;
    const ask = readAsked() !== username;
    if (ask) writeAsked(username);
    void requestPersistentStorage(storage, ask).then((outcome) => recordPersistOutcome(outcome, browser()));
  };
  check();
  return sessionStore.subscribe(check);
}
