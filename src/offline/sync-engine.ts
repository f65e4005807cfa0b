import { DEVICE_ACTED_AT_HEADER, DEVICE_CLOCK_HEADER } from '@contract/device-time.ts';
import { ApiError, api } from '@/lib/api-client.ts';
import { connectivity } from '@/lib/connectivity.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { openForWriting } from './bare-db.ts';
import type { OutboxEntry } from './db.ts';
import { offlineStore } from './offline-store.ts';
import { firstAttempt, notifyOutboxChange, outbox, refreshWaiting, type FirstAttempt, type NewOutboxEntry } from './outbox.ts';
import { backoffMs, classifyFailure, isDue, type ReplayFailure } from './sync-rules.ts';
import { isLeavingOnPurpose } from '@/lib/page-leave.ts';

/**
 * Sends one outbox entry to the server; throws (an ApiError) when it did not get there. headers go
 * with the record's request: the device's time of the act and its clock now, so the server keeps
 * when the student submitted rather than when the phone found a network.
 */
export type Replayer = (entry: OutboxEntry, headers: Record<string, string>) => Promise<void>;

export function deviceTimeHeaders(entry: OutboxEntry, now: number = Date.now()): Record<string, string> {
  if (entry.actedAt === undefined) return {};
  return { [DEVICE_ACTED_AT_HEADER]: new Date(entry.actedAt).toISOString(), [DEVICE_CLOCK_HEADER]: new Date(now).toISOString() };
}

const replayers = new Map<string, Replayer>();
/** Where each kind's records are shown (the header's 待同步 / 需修改 leads there). */
const pages = new Map<string, KindPage>();
export interface KindPage {
  path: string;
  title: string;
}

/**
 * Each record kind says once how it is sent and where its records are shown; entries name their kind, so
 * a reload can resume them.
 */
export function registerReplayer(kind: string, replay: Replayer, page: KindPage) {
  replayers.set(kind, replay);
  pages.set(kind, page);
}

export const pageOfKind = (kind: string | null): KindPage | undefined => (kind ? pages.get(kind) : undefined);

async function setState(entry: OutboxEntry, changes: Partial<OutboxEntry>) {
  await outbox.update(entry.id, changes);
  notifyOutboxChange({ ...entry, ...changes });
}

/**
 * A real round trip to our API: navigator.onLine says "online" behind a campus captive portal, whose
 * login page answers everything with HTML. Only our envelope counts.
 */
export async function reachable(): Promise<boolean> {
  try {
    const response = await api.get<{ success?: boolean }>('/sys/ping', { silent: true, timeout: 8_000 });
    return response.data?.success === true;
  } catch {
    return false;
  }
}

function describeReplayFailure(error: unknown): ReplayFailure {
  if (error instanceof ApiError) return { status: error.status, unreached: error.unreached, retryLater: error.retryLater, message: error.message };
  return { status: undefined, unreached: true, retryLater: false, message: error instanceof Error ? error.message : String(error) };
}

let running: Promise<void> | null = null;
let retryTimer: number | undefined;

/** The next retry runs when its backoff ends, not at the next tick. */
function scheduleRetry(entries: OutboxEntry[]) {
  window.clearTimeout(retryTimer);
  const next = Math.min(...entries.filter((e) => e.state === 'retrying').map((e) => e.nextAttemptAt));
  if (Number.isFinite(next)) retryTimer = window.setTimeout(() => void syncNow(), Math.max(0, next - Date.now()));
}

/** How many records are sent at the same time: enough to keep a slow link busy, few enough for a small server. */
export const PARALLEL_SENDS = 4;

/**
 * Sends every due entry of the logged-in user, oldest first, PARALLEL_SENDS at a time; one run at a time.
 * Records are independent: one that fails (refused, or no answer) never holds the others back. An
 * entry's own files go before it (its replayer sends them first). `retryNow` skips the backoff: the
 * network just came back or the app started, so waiting would only delay the student.
 */
export function syncNow(retryNow = false): Promise<void> {
  running ??= runOnce(retryNow).finally(() => {
    running = null;
  });
  return running;
}

/**
 * Puts a submitted record in the outbox (the device keeps it whatever the network does) and starts a
 * sync. Resolves null when the device could not store it, so the form keeps its input; else with what
 * its first try comes to (firstAttempt), for what the student is told.
 */
export async function queueAndSend(entry: NewOutboxEntry): Promise<{ attempt: Promise<FirstAttempt> } | null> {
  if (!(await outbox.put(entry))) return null;
  // Listening before the sync starts, so a fast answer is not missed.
  const attempt = firstAttempt(entry.id);
  void syncNow();
  return { attempt };
}

/** Sends one entry; resolves false when the session has ended (nothing more should be tried now). */
async function sendOne(entry: OutboxEntry): Promise<boolean> {
  const replay = replayers.get(entry.kind);
  if (!replay) return true;
  // Deleted by the user since this run listed it: it is not sent.
  if (!(await outbox.get(entry.id))) return true;
  await setState(entry, { state: 'syncing' });
  try {
    await replay(entry, deviceTimeHeaders(entry));
    // The server holds it now: the files need not stay on the phone.
    await setState(entry, { state: 'synced', error: null, files: [] });
    return true;
  } catch (error) {
    const failure = describeReplayFailure(error);
    const kind = classifyFailure(failure, !sessionStore.get().token);
    if (kind === 'session') {
      // Logged out (token expired or revoked): keep everything; the next login resumes.
      await setState(entry, { state: 'pending' });
      return false;
    }
    if (kind === 'needs-fix') await setState(entry, { state: 'needs-fix', error: failure.message });
    else await setState(entry, { state: 'retrying', error: failure.message, attempts: entry.attempts + 1, nextAttemptAt: Date.now() + backoffMs(entry.attempts + 1) });
    return true;
  }
}

async function runOnce(retryNow: boolean) {
  const { token, userInfo } = sessionStore.get();
  if (!token || !userInfo) return;
  // "Offline" from the browser is reliable (only "online" can lie): do not spend a retry on it.
  if (!navigator.onLine) return void refreshWaiting(userInfo.id);
  const userId = userInfo.id;
  const due = (await outbox.unsynced(userId)).filter((e) => isDue(e, retryNow ? Infinity : Date.now()));
  if (due.length === 0) return void refreshWaiting(userId);
  offlineStore.update({ syncing: true });
  try {
    let next = 0;
    let sessionEnded = false;
    const worker = async () => {
      while (!sessionEnded && next < due.length) {
        const entry = due[next++]!;
        if (!(await sendOne(entry))) sessionEnded = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, due.length) }, worker));
    offlineStore.update({ lastSyncedAt: Date.now() });
  } finally {
    offlineStore.update({ syncing: false });
    await refreshWaiting(userId);
    scheduleRetry(await outbox.unsynced(userId));
  }
}

/** How often a device with records waiting asks whether the server answers again. */
const TIMER_MS = 10_000;

/**
 * Starts syncing for the session: now, when the browser says it is online, when the app becomes
 * visible, on a timer that first pings the server (captive portals), and at once when the server
 * answers again after it was out of reach: an outage's backoff is not waited out. Returns a stop function.
 */
export function startSync(): () => void {
  // The records are safe on the device, but they reach the adviser only once the app runs again.
  const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
    if (offlineStore.get().waiting === 0 || isLeavingOnPurpose()) return;
    event.preventDefault();
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', warnBeforeLeaving);
  const kick = () => void syncNow();
  const retryNow = () => void syncNow(true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  const timer = window.setInterval(async () => {
    if (offlineStore.get().waiting === 0) return;
    if (await reachable()) kick();
  }, TIMER_MS);
  // An answer after an outage (the ping's or any other) sends at once; a server that answers but
  // refuses for now keeps its backoff.
  let unreached = connectivity.offline();
  const stopWatching = connectivity.subscribe(() => {
    const now = connectivity.offline();
    if (unreached && !now) retryNow();
    unreached = now;
  });
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', onVisible);
  void openForWriting().then(retryNow, () => undefined);
  return () => {
    window.clearInterval(timer);
    stopWatching();
    window.removeEventListener('beforeunload', warnBeforeLeaving);
    window.removeEventListener('online', retryNow);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
