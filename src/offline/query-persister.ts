import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { readRow, writeRow } from './bare-db.ts';
import { guarded, guardedWrite } from './offline-store.ts';

/** Read views kept on the device stay usable offline for a week. */
export const PERSIST_MAX_AGE = 7 * 24 * 3_600_000;
const SAVE_DELAY_MS = 1_000;

/**
 * The react-query cache of one user in IndexedDB, so the read views a student needs (menu, my
 * internship, my records) open offline. Only queries marked `meta: { persist: true }` are kept;
 * another user on the same phone never reads them.
 */
export async function restoreQueries(client: QueryClient, userId: string): Promise<void> {
  const row = await guarded(() => readRow('queryCache', userId), undefined);
  if (!row || Date.now() - row.savedAt >= PERSIST_MAX_AGE) return;
  hydrate(client, row.client as DehydratedState);
  // Shown at once, and fetched again as soon as the network allows: the copy may predate what the
  // outbox sent just before the page was closed, however recently it was fetched.
  for (const query of client.getQueryCache().getAll()) query.invalidate();
}

/** Whether a query is saved with the device's copy: marked `meta: { persist: true }` and loaded. */
export const keptOnDevice = (query: Query): boolean => query.meta?.persist === true && query.state.status === 'success';

/**
 * Saves the kept queries shortly after each change, and at once when the page is hidden or left with a
 * save still waiting (a phone may kill a hidden page; a reload right after a sync would otherwise bring
 * back the copy from before it, fresh enough not to be fetched again). Returns the stop function.
 */
export function persistQueries(client: QueryClient, userId: string): () => void {
  let timer: number | undefined;
  const save = () => {
    window.clearTimeout(timer);
    timer = undefined;
    const state = dehydrate(client, { shouldDehydrateQuery: keptOnDevice });
    void guardedWrite(() => writeRow('queryCache', { userId, client: state, savedAt: Date.now() }), undefined);
  };
  const saveIfWaiting = () => {
    if (timer !== undefined) save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') saveIfWaiting();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.meta?.persist !== true) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(save, SAVE_DELAY_MS);
  });
  window.addEventListener('pagehide', saveIfWaiting);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('pagehide', saveIfWaiting);
    document.removeEventListener('visibilitychange', onHidden);
    unsubscribe();
  };
}
