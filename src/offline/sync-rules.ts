/** Pure rules of the sync engine, tested on their own. */

export type FailureKind = 'needs-fix' | 'retry' | 'session';

/** What a failed replay means: the server refused the content, the network or server failed, or the session ended. */
export function classifyFailure(status: number | undefined, sessionEnded: boolean): FailureKind {
  if (sessionEnded || status === 401) return 'session';
  if (status === undefined || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'needs-fix';
}

const BASE_MS = 2_000;
const MAX_MS = 5 * 60_000;

/** Exponential backoff with a cap: 2 s, 4 s, 8 s … 5 min, plus up to 20 % jitter so phones do not stampede. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const plain = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (1 + 0.2 * random()));
}

/** Whether an entry may run now. A "syncing" entry is one a closed page left mid-way: it runs again. */
export function isDue(entry: { state: string; nextAttemptAt: number }, now: number): boolean {
  if (entry.state === 'pending' || entry.state === 'syncing') return true;
  return entry.state === 'retrying' && entry.nextAttemptAt <= now;
}
