import { notify } from '@/components/notification/notification-store.ts';
import { sessionStore, type SessionState } from '@/lib/session-store.ts';
import { SEVEN_DAYS_MS, local } from '@/lib/storage.ts';

/**
 * A student's offline drafts and outbox live in IndexedDB, which the browser may clear when the disk
 * runs low unless the site's storage is persistent. After a student logs in we ask once per browser
 * session; a refusal is mentioned quietly, at most once a week.
 */
export const PERSIST_REFUSED_MESSAGE = '浏览器未允许持久存储，离线草稿在存储空间紧张时可能被清除';
export const PERSIST_NOTICE_KEY = 'PWA_PERSIST_REFUSED_NOTICE';
/** sessionStorage: the login name already asked for in this tab's session. */
const ASKED_KEY = 'PWA_PERSIST_ASKED';
const STUDENT = '1';

export type PersistOutcome = 'persisted' | 'granted' | 'refused' | 'unsupported';

/** A logged-in student we have not asked for in this session. */
export function shouldAskForPersistence(session: Pick<SessionState, 'token' | 'userInfo'>, askedFor: string | null): boolean {
  const { token, userInfo } = session;
  return Boolean(token) && userInfo?.yhlx === STUDENT && askedFor !== userInfo.username;
}

export async function requestPersistentStorage(storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined): Promise<PersistOutcome> {
  if (!storage || typeof storage.persist !== 'function') return 'unsupported';
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
    return (await storage.persist()) ? 'granted' : 'refused';
  } catch {
    return 'unsupported';
  }
}

/** Shows the refusal notice unless it was shown in the last 7 days; true when shown. */
export function noticeRefusal(): boolean {
  if (local.get<boolean>(PERSIST_NOTICE_KEY) === true) return false;
  local.set(PERSIST_NOTICE_KEY, true, SEVEN_DAYS_MS);
  notify.info(PERSIST_REFUSED_MESSAGE);
  return true;
}

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

/** Watches the session from start: asks as soon as a student is logged in (now or later). */
export function watchStudentStorage(): () => void {
  let askedFor = readAsked();
  const check = () => {
    const session = sessionStore.get();
    if (!shouldAskForPersistence(session, askedFor)) return;
    askedFor = session.userInfo!.username;
    writeAsked(askedFor);
    void requestPersistentStorage(navigator.storage).then((outcome) => {
      if (outcome === 'refused') noticeRefusal();
    });
  };
  check();
  return sessionStore.subscribe(check);
}
