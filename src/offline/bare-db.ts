import { OFFLINE_DB_NAME, OFFLINE_DB_VERSION } from './db-name.ts';
import type { OfflineDb, OutboxEntry, StoredDict, StoredDraft, StoredQueryCache } from './db.ts';

/** Each store of the offline database and what its rows are. */
interface Rows {
  dicts: StoredDict;
  drafts: StoredDraft;
  outbox: OutboxEntry;
  queryCache: StoredQueryCache;
}
type Store = keyof Rows;

/**
 * Dexie owns the offline database's schema: it creates the database and upgrades it from any earlier
 * version. Everything the app does with the rows is whole-row work by key or by one index, done with
 * the bare calls below, so Dexie (whose evaluation alone held a phone's main thread for 20–40 ms at
 * every start) loads only on a device without the database, or with an older one, and a form opened
 * offline never waits for a file that may not be on the phone yet.
 */
let dexie: Promise<OfflineDb> | undefined;
export function dexieDb(): Promise<OfflineDb> {
  dexie ??= import('./db.ts').then(
    (m) => m.db,
    (error: unknown) => {
      dexie = undefined;
      throw error;
    },
  );
  return dexie;
}

let connection: Promise<IDBDatabase | null> | null = null;

/** Opens the database at Dexie's latest version; resolves null while there is none or an older one. */
function openCurrent(): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, OFFLINE_DB_VERSION * 10);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      // Dexie upgrading or deleting the database waits for every connection to close.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      db.onclose = () => {
        connection = null;
      };
      resolve(db);
    };
    request.onerror = (event) => {
      if (request.error?.name !== 'AbortError') return reject(request.error ?? new Error('IndexedDB open failed'));
      event.preventDefault();
      resolve(null);
    };
  });
}

/** The open connection, shared by every call; null while there is no current database (nothing kept yet). */
function current(): Promise<IDBDatabase | null> {
  connection ??= openCurrent().then(
    (db) => {
      if (!db) connection = null;
      return db;
    },
    (error: unknown) => {
      connection = null;
      throw error;
    },
  );
  return connection;
}

/**
 * Opens the database for writing: a device without it, or with an older one, has Dexie make it current
 * first. The sync engine opens it at the start of a session, while the network that may bring Dexie is there.
 */
export async function openForWriting(): Promise<IDBDatabase> {
  const existing = await current();
  if (existing) return existing;
  await (await dexieDb()).open();
  const made = await current();
  if (!made) throw new Error('IndexedDB database could not be created');
  return made;
}

/** One request in a transaction of its own, resolved once the transaction has committed. */
function run<T>(db: IDBDatabase, store: Store, mode: IDBTransactionMode, act: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = act(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export async function readRow<S extends Store>(store: S, key: string): Promise<Rows[S] | undefined> {
  const db = await current();
  return db ? run(db, store, 'readonly', (objects) => objects.get(key) as IDBRequest<Rows[S] | undefined>) : undefined;
}

/** The rows whose index `index` holds `value`. */
export async function readRowsWhere<S extends Store>(store: S, index: string, value: string): Promise<Rows[S][]> {
  const db = await current();
  return db ? run(db, store, 'readonly', (objects) => objects.index(index).getAll(value) as IDBRequest<Rows[S][]>) : [];
}

export async function writeRow<S extends Store>(store: S, row: Rows[S]): Promise<void> {
  await run(await openForWriting(), store, 'readwrite', (objects) => objects.put(row));
}

/** Changes some fields of a row, read and written in one transaction; resolves whether the row was there. */
export async function updateRow<S extends Store>(store: S, key: string, changes: Partial<Rows[S]>): Promise<boolean> {
  const before = await run(await openForWriting(), store, 'readwrite', (objects) => {
    const request = objects.get(key) as IDBRequest<Rows[S] | undefined>;
    request.onsuccess = () => {
      if (request.result) objects.put({ ...request.result, ...changes });
    };
    return request;
  });
  return before !== undefined;
}

export async function deleteRow(store: Store, key: string): Promise<void> {
  await run(await openForWriting(), store, 'readwrite', (objects) => objects.delete(key));
}
