import { db, type OutboxEntry, type OutboxFile } from './db.ts';
import { guarded, guardedWrite, offlineStore } from './offline-store.ts';

/** States that still have to reach the server. */
export const WAITING_STATES = ['pending', 'syncing', 'retrying'] as const;

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
        const states = await db.outbox.where('userId').equals(userId).toArray((entries) => entries.map((e) => e.state));
        return { waiting: states.filter((s) => WAITING_STATES.includes(s as never)).length, needsFix: states.filter((s) => s === 'needs-fix').length };
      }, null)
    : null;
  offlineStore.update(counts ?? { waiting: 0, needsFix: 0 });
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
 * Calls back once records have synced, after a run of them has settled (not per record), so that server
 * data shown anywhere (the record's list, dashboards) is fetched again.
 */
export function onRecordsSynced(callback: () => void, settleMs = 800): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = onOutboxChange((entry) => {
    if (entry.state !== 'synced') return;
    clearTimeout(timer);
    timer = setTimeout(callback, settleMs);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}

export const outbox = {
  /**
   * Puts a submitted record in the outbox (replacing an earlier unsent or needs-fix version of the
   * same record). Resolves false when the device could not store it, so the form keeps its input.
   */
  async put(entry: NewOutboxEntry): Promise<boolean> {
    const now = Date.now();
    const stored = await guardedWrite(async () => {
      const previous = await db.outbox.get(entry.id);
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
      await db.outbox.put(stored);
      notifyOutboxChange(stored);
      return true;
    }, false);
    await refreshWaiting(entry.userId);
    return stored;
  },
  get: (id: string) => guarded(() => db.outbox.get(id), undefined),
  /** This user's entries that are not yet synced (what the screens show as 待同步 / 需修改). */
  unsynced: (userId: string) => guarded(() => db.outbox.where('userId').equals(userId).filter((e) => e.state !== 'synced').sortBy('createdAt'), [] as OutboxEntry[]),
  update: (id: string, changes: Partial<OutboxEntry>) => guardedWrite(() => db.outbox.update(id, { ...changes, updatedAt: Date.now() }), 0),
  remove: (id: string) => guardedWrite(() => db.outbox.delete(id), undefined),
};
