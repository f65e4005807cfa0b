import { useState } from 'react';
import { schoolClock } from '@contract/internship.ts';
import { useSession } from '@/lib/session-store.ts';
import type { OutboxEntry } from './db.ts';
import { WAITING_STATES } from './outbox.ts';
import { useQueuedEntries } from './use-queued-entries.ts';
import './storage-note.css';

/** Records still on the device after two days have most likely not reached anyone: the app was not opened online since. */
export const STALE_WAITING_MS = 2 * 86_400_000;

const submittedAt = (entry: OutboxEntry) => entry.actedAt ?? entry.createdAt;

/**
 * On the student's home: records that have waited on the device for more than two days, said plainly,
 * since the adviser has not seen them and the browser may clear what it keeps.
 */
export function StaleWaitingNote() {
  const userId = useSession().userInfo?.id;
  const entries = useQueuedEntries(null, userId);
  // Counted from when the home was opened: a note that appeared while looking at it would only surprise.
  const [openedAt] = useState(Date.now);
  const stale = entries.filter((e) => (WAITING_STATES as readonly string[]).includes(e.state) && openedAt - submittedAt(e) > STALE_WAITING_MS);
  if (stale.length === 0) return null;
  const oldest = schoolClock(new Date(Math.min(...stale.map(submittedAt))));
  return (
    <aside className="storage-note" aria-label="本机待提交的记录">
      <p className="storage-note__text">
        有 {stale.length} 条记录已在本机等待超过 2 天（最早一条 {oldest.slice(5, 10)} {oldest.slice(11, 16)} 提交），老师还没有收到。请连上网络并打开本应用，它们会自动提交。
      </p>
    </aside>
  );
}
