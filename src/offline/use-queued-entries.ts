import { useEffect, useState } from 'react';
import type { OutboxEntry } from './db.ts';
import { onOutboxChange, outbox } from './outbox.ts';

/** How often the list of queued entries is read again while they change. */
const QUEUE_REFRESH_MS = 250;

/** This user's outbox entries of one kind (null: of every kind) still on the device, live as the sync engine moves them. */
export function useQueuedEntries(kind: string | null, userId: string | undefined) {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      timer = undefined;
      void outbox.unsynced(userId).then((all) => setEntries(kind === null ? all : all.filter((e) => e.kind === kind)));
    };
    load();
    // A sync moves many entries in a moment: the list is read again once per burst, not once per entry.
    // (The server's lists are fetched again app-wide once records have synced: onRecordsSynced.)
    const stop = onOutboxChange(() => {
      timer ??= setTimeout(load, QUEUE_REFRESH_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [kind, userId]);
  return entries;
}
