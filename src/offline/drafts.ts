import { deleteRow, readRow, writeRow } from './bare-db.ts';
import { guarded, guardedWrite } from './offline-store.ts';

const keyOf = (userId: string, formKey: string) => `${userId}|${formKey}`;

/**
 * Drafts of record forms: saved while typing, kept across reloads, logout of the same user and app
 * updates, removed once the record is in the outbox.
 */
export const drafts = {
  save: (userId: string, formKey: string, values: unknown) =>
    guardedWrite(() => writeRow('drafts', { key: keyOf(userId, formKey), userId, values, updatedAt: Date.now() }).then(() => true), false),
  load: <T>(userId: string, formKey: string) => guarded(() => readRow('drafts', keyOf(userId, formKey)).then((d) => (d ? (d.values as T) : null)), null),
  remove: (userId: string, formKey: string) => guardedWrite(() => deleteRow('drafts', keyOf(userId, formKey)).then(() => true), false),
};

/** Forms register a flush so an app update or page hide saves the very last keystrokes first. */
const flushers = new Set<() => Promise<unknown>>();
export const flushDrafts = () => Promise.all([...flushers].map((f) => f())).then(() => undefined);

// Phones kill background tabs without warning: hiding the page is the last moment that surely runs.
const flushWhenHidden = () => {
  if (document.visibilityState === 'hidden') void flushDrafts();
};
const flushOnPageHide = () => void flushDrafts();

export function registerDraftFlush(flush: () => Promise<unknown>): () => void {
  if (flushers.size === 0) {
    document.addEventListener('visibilitychange', flushWhenHidden);
    window.addEventListener('pagehide', flushOnPageHide);
  }
  flushers.add(flush);
  return () => {
    flushers.delete(flush);
    if (flushers.size > 0) return;
    document.removeEventListener('visibilitychange', flushWhenHidden);
    window.removeEventListener('pagehide', flushOnPageHide);
  };
}
