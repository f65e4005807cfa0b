import { deleteRow, readRow, readRowsWhere, updateRow, writeRow } from './bare-db.ts';
import type { OutboxEntry, OutboxFile } from './db.ts';
import { guarded, guardedWrite, offlineStore } from './offline-store.ts';

/** States that still have to reach the server. */
export const WAITING_STATES = ['pending', 'syncing', 'retrying'] as const;
/** States in which the user may delete an entry: not sent yet, waiting to retry, or refused (需修改). Not while it is being sent. */
export const DISCARDABLE_STATES = ['pending', 'retrying', 'needs-fix'] as const;

export interface NewOutboxEntry {
  id: string;
  kind: string;
  userId: string;
  payload: unknown;
  files?: OutboxFile[];
}

/** Counts what waits for this user, and what the server sent back to be corrected, and tells the UI. */
export async function refreshWaiting(userId: string | undefined): Promise<number> {
  const counts = userId
    ? await guarded(async () => {
        const entries = (await readRowsWhere('outbox', 'userId', userId)).sort((a, b) => a.createdAt - b.createdAt);
        const waiting = entries.filter((e) => WAITING_STATES.includes(e.state as never));
        const needsFix = entries.filter((e) => e.state === 'needs-fix');
        return { waiting: waiting.length, needsFix: needsFix.length, firstKind: (needsFix[0] ?? waiting[0])?.kind ?? null };
      }, null)
    : null;
  offlineStore.update(counts ?? { waiting: 0, needsFix: 0, firstKind: null });
  return counts?.waiting ?? 0;
}

const listeners = new Set<(entry: OutboxEntry) => void>();
/** Screens listen to show each record's state as it changes. */
export function onOutboxChange(listener: (entry: OutboxEntry) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const notifyOutboxChange = (entry: OutboxEntry) => listeners.forEach((l) => l(entry));

/**
 * Calls back once records have synced or been refused, after a run of them has settled (not per record),
 * so that server data shown anywhere (the record's list, dashboards) is fetched again. A refusal counts:
 * a conflict names a record the server has (a leave filed on another device), which the list must then show.
 */
export function onRecordsSynced(callback: () => void, settleMs = 800): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = onOutboxChange((entry) => {
    if (entry.state !== 'synced' && entry.state !== 'needs-fix') return;
    clearTimeout(timer);
    timer = setTimeout(callback, settleMs);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}

/** What became of a record's first try to reach the server. */
export type FirstAttempt = { outcome: 'sent' } | { outcome: 'kept' } | { outcome: 'refused'; message: string };

/**
 * Resolves with what the first try of the entry `id` came to, or 'kept' when none has ended within
 * `waitMs`. The browser's "online" is no answer: behind a captive portal or during an outage the
 * record stays on the device.
 */
export function firstAttempt(id: string, waitMs = 5_000): Promise<FirstAttempt> {
  return new Promise((resolve) => {
    const settle = (result: FirstAttempt) => {
      clearTimeout(timer);
      stop();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ outcome: 'kept' }), waitMs);
    const stop = onOutboxChange((entry) => {
      if (entry.id !== id) return;
      if (entry.state === 'synced') settle({ outcome: 'sent' });
      else if (entry.state === 'retrying') settle({ outcome: 'kept' });
      else if (entry.state === 'needs-fix') settle({ outcome: 'refused', message: entry.error ?? '' });
    });
    if (typeof navigator !== 'undefined' && !navigator.onLine) settle({ outcome: 'kept' });
  });
}

export const outbox = {
  /**
   * Puts a submitted record in the outbox (replacing an earlier unsent or needs-fix version of the
   * same record). Resolves false when the device could not store it, so the form keeps its input.
   */
  async put(entry: NewOutboxEntry): Promise<boolean> {
    const now = Date.now();
    const stored = await guardedWrite(async () => {
      const previous = await readRow('outbox', entry.id);
      const stored: OutboxEntry = {
        id: entry.id,
        kind: entry.kind,
        userId: entry.userId,
        payload: entry.payload,
        files: entry.files ?? [],
        state: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        error: null,
        createdAt: previous?.createdAt ?? now,
        updatedAt: now,
        actedAt: now,
      };
      await writeRow('outbox', stored);
      notifyOutboxChange(stored);
      return true;
    }, false);
    await refreshWaiting(entry.userId);
    return stored;
  },
  get: (id: string) => guarded(() => readRow('outbox', id), undefined),
  /** This user's entries that are not yet synced (what the screens show as 待同步 / 需修改). */
  unsynced: (userId: string) =>
    guarded(async () => (await readRowsWhere('outbox', 'userId', userId)).filter((e) => e.state !== 'synced').sort((a, b) => a.createdAt - b.createdAt), [] as OutboxEntry[]),
  update: (id: string, changes: Partial<OutboxEntry>) => guardedWrite(() => updateRow('outbox', id, { ...changes, updatedAt: Date.now() }), false),
  remove: (id: string) => guardedWrite(() => deleteRow('outbox', id), undefined),
  /**
   * Deletes an entry the user gave up (with its files), when it is in a DISCARDABLE_STATES state.
   * Resolves false when it is not (being sent right now, or already gone).
   */
  async discard(id: string): Promise<boolean> {
    const removed = await guardedWrite(async () => {
      const entry = await readRow('outbox', id);
      if (!entry || !(DISCARDABLE_STATES as readonly string[]).includes(entry.state)) return null;
      await deleteRow('outbox', id);
      return entry;
    }, null);
    if (!removed) return false;
    notifyOutboxChange(removed);
    await refreshWaiting(removed.userId);
    return true;
  },
};
