import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChannelHandlers, DatabaseHandle } from '../db/database.ts';

/**
 * The channel the database's triggers NOTIFY on: `auth:<table>` for what authenticating reads (migration
 * 0016), `table:<table>` for each statement that writes a table whose reads are cached (migration 0020).
 * One listening connection hears both, in commit order, so one sync mark covers every cache.
 */
export const DB_CHANGED_CHANNEL = 'db_changed';
const SYNC_PREFIX = 'sync:';
const SYNC_TIMEOUT_MS = 2000;

/** What a cache does with the feed: each message, and when messages may be missed or are heard again. */
export type ChangeListener = ChannelHandlers;

/**
 * Listens for as long as the app runs and hands every change to each cache. `sync` resolves once every
 * change committed before the call has reached this process: it sends a mark of its own and waits for it,
 * as NOTIFYs arrive in commit order. A request that wrote answers only then, so its caller's next request
 * never meets what the write replaced.
 */
export async function listenForChanges(handle: DatabaseHandle, caches: readonly ChangeListener[]): Promise<{ sync: () => Promise<void>; stop: () => Promise<void> }> {
  const marks = new Map<string, () => void>();
  let listening = false;
  const stop = await handle.listen(DB_CHANGED_CHANNEL, {
    message: (payload) => {
      const mark = marks.get(payload);
      if (mark) return mark();
      if (!payload.startsWith(SYNC_PREFIX)) for (const cache of caches) cache.message(payload);
    },
    ready: () => {
      listening = true;
      for (const cache of caches) cache.ready();
    },
    lost: () => {
      listening = false;
      for (const cache of caches) cache.lost();
    },
  });

  /** One mark for every write that asks before it is sent: each of them had committed by then. */
  let next: Promise<void> | null = null;
  const sendMark = async () => {
    next = null;
    const mark = `${SYNC_PREFIX}${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // Not heard in time: let go of everything rather than answer from what may be stale.
        for (const cache of caches) {
          cache.lost();
          cache.ready();
        }
        resolve();
      }, SYNC_TIMEOUT_MS);
      marks.set(mark, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await handle.db.execute(sql`select pg_notify(${DB_CHANGED_CHANNEL}, ${mark})`);
      await arrived;
    } finally {
      marks.delete(mark);
    }
  };
  const sync = async () => {
    if (!listening || handle.heardOnCommit) return;
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(sendMark);
    await next;
  };
  return { sync, stop };
}
