import { useCallback, useEffect, useRef, useState } from 'react';
import { drafts, registerDraftFlush } from './drafts.ts';

/**
 * The draft of an editor that files a record (周记, 请假, 走访…): on the device under its key, loaded when the
 * editor opens (else the editor's own starting point), saved on every change, flushed when the page hides
 * and removed once the record is in the outbox. One mechanism, so no editor loses its input on a reload.
 */
export function useDeviceDraft<T>({ userId, key, start, readOnly = false, onLoaded }: {
  userId: string;
  key: string;
  /** The editor's starting point when the device has no draft under the key (what waits in the outbox, the server's copy, blank). */
  start: (saved: unknown) => Promise<T> | T;
  /** A locked record is shown, not drafted. */
  readOnly?: boolean;
  /** Once the starting point is known (a form fills its fields from it). */
  onLoaded?: (draft: T) => void;
}) {
  const [draft, setDraft] = useState<T | null>(null);
  // The newest version, for the flush and for changes made between renders (photos being prepared).
  const latest = useRef<T | null>(null);
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  });

  useEffect(() => {
    let alive = true;
    void drafts
      .load<unknown>(userId, key)
      .then((saved) => start(saved))
      .then((first) => {
        if (!alive) return;
        latest.current = first;
        setDraft(first);
        loaded.current?.(first);
      });
    return () => {
      alive = false;
    };
  }, [userId, key, start]);

  const save = useCallback(
    (next: T) => {
      latest.current = next;
      setDraft(next);
      if (!readOnly) void drafts.save(userId, key, next);
    },
    [userId, key, readOnly],
  );
  useEffect(() => registerDraftFlush(async () => (latest.current && !readOnly ? drafts.save(userId, key, latest.current) : undefined)), [userId, key, readOnly]);

  /** The record is queued: the device forgets the draft, and the editor starts afresh from next. */
  const clear = useCallback(
    async (next?: T) => {
      await drafts.remove(userId, key);
      if (next === undefined) return;
      latest.current = next;
      setDraft(next);
    },
    [userId, key],
  );

  return { draft, latest, save, clear };
}
