/** Pure rules of the sync engine, tested on their own. */
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE } from '@contract/internship.ts';

export type FailureKind = 'needs-fix' | 'retry' | 'session';

/** How a replay failed, as the API client saw it. */
export interface ReplayFailure {
  /** The HTTP status; undefined when no answer came back. */
  status: number | undefined;
  /** No answer from our API: none at all, or one that is not our envelope (a captive portal's page). */
  unreached: boolean;
  /** The answer carried Retry-After. */
  retryLater: boolean;
  message: string;
}

/**
 * What a failed replay means: the server refused the content (the student must fix it), the network
 * or server failed (try again later), or the session ended (keep it for the next login).
 */
export function classifyFailure(failure: ReplayFailure, sessionEnded: boolean): FailureKind {
  const { status } = failure;
  if (sessionEnded) return 'session';
  if (failure.unreached || status === undefined) return 'retry';
  if (status === 401) return 'session';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  // The first copy of the same request is still running on the server: its answer is on the way.
  if (status === 409 && (failure.retryLater || failure.message === IDEMPOTENCY_IN_PROGRESS_MESSAGE)) return 'retry';
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
