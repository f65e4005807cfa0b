import Dexie, { type EntityTable } from 'dexie';
import type { DictOption } from '@contract/session.ts';
import { OFFLINE_DB_NAME } from './db-name.ts';

/** A dictionary's items as last fetched; served at once, refreshed in the background. */
export interface StoredDict {
  code: string;
  items: DictOption[];
  fetchedAt: number;
}

/** Unsaved form input, per user and form (e.g. "weekly:<enrolment>:<week>"). */
export interface StoredDraft {
  /** `${userId}|${formKey}` */
  key: string;
  userId: string;
  values: unknown;
  updatedAt: number;
}

export type OutboxState = 'pending' | 'syncing' | 'synced' | 'needs-fix' | 'retrying';

/** A file waiting to be sent with its record, kept as bytes (./kept-file.ts) so a reload loses nothing. */
export interface OutboxFile {
  id: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/**
 * A record the user submitted, waiting to reach the server. Its id is the record's id and the
 * request's Idempotency-Key; `kind` picks how it is replayed (never a stored closure).
 */
export interface OutboxEntry {
  id: string;
  kind: string;
  userId: string;
  payload: unknown;
  files: OutboxFile[];
  state: OutboxState;
  attempts: number;
  /** When a retrying entry may run again (ms since epoch). */
  nextAttemptAt: number;
  /** The server's message for needs-fix, or the last network problem for retrying. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the user submitted this version, by the device's clock (absent on entries kept before it was). */
  actedAt?: number;
}

/** A persisted react-query cache, per user. */
export interface StoredQueryCache {
  userId: string;
  client: unknown;
  savedAt: number;
}

export type OfflineDb = Dexie & {
  dicts: EntityTable<StoredDict, 'code'>;
  drafts: EntityTable<StoredDraft, 'key'>;
  outbox: EntityTable<OutboxEntry, 'id'>;
  queryCache: EntityTable<StoredQueryCache, 'userId'>;
};

/**
 * The one IndexedDB database of the app: its schema, which Dexie creates and upgrades (the app reads and
 * writes its rows through ./bare-db.ts). Schema changes add a version, never edit an old one, and raise
 * OFFLINE_DB_VERSION with it.
 */
export const db = new Dexie(OFFLINE_DB_NAME) as OfflineDb;
db.version(1).stores({
  dicts: 'code',
  drafts: 'key, userId',
  outbox: 'id, userId, state, [userId+state], createdAt',
  queryCache: 'userId',
});
