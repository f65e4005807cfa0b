import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { deleteRow, dexieDb, readRow, readRowsWhere, updateRow, writeRow } from './bare-db.ts';
import { OFFLINE_DB_NAME, OFFLINE_DB_VERSION } from './db-name.ts';
import type { OutboxEntry } from './db.ts';

const existingDatabases = async () => (await indexedDB.databases()).map((d) => d.name);
const entry = (id: string, userId: string, createdAt: number): OutboxEntry => ({
  id,
  kind: 'record:weekly',
  userId,
  payload: { title: id },
  files: [],
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  error: null,
  createdAt,
  updatedAt: createdAt,
});
const SCHEMA_V1 = { dicts: 'code', drafts: 'key, userId', outbox: 'id, userId, state, [userId+state], createdAt', queryCache: 'userId' };

// One device's database through the file: each step builds on the one before, as a phone's days do.
describe('the offline database through bare IndexedDB calls', () => {
  it('reads nothing and creates nothing on a device that has no database yet', async () => {
    expect(await readRow('queryCache', 'u1')).toBeUndefined();
    expect(await readRowsWhere('outbox', 'userId', 'u1')).toEqual([]);
    expect(await existingDatabases()).not.toContain(OFFLINE_DB_NAME);
  });

  it('a first write has Dexie create the database with its schema, at the version the bare calls expect', async () => {
    await writeRow('queryCache', { userId: 'u1', client: { queries: [] }, savedAt: 1 });
    const db = await dexieDb();
    expect(db.verno).toBe(OFFLINE_DB_VERSION);
    expect(await db.queryCache.get('u1')).toEqual({ userId: 'u1', client: { queries: [] }, savedAt: 1 });
    expect(db.outbox.schema.indexes.map((index) => index.name)).toContain('userId');
  });

  it('reads, changes and deletes the rows Dexie keeps, by key and by index', async () => {
    const db = await dexieDb();
    await db.outbox.bulkPut([entry('b', 'u1', 2), entry('a', 'u1', 1), entry('other', 'u2', 3)]);
    expect((await readRowsWhere('outbox', 'userId', 'u1')).map((e) => e.id).sort()).toEqual(['a', 'b']);

    expect(await updateRow('outbox', 'a', { state: 'needs-fix', error: '内容太短' })).toBe(true);
    expect(await db.outbox.get('a')).toMatchObject({ id: 'a', userId: 'u1', state: 'needs-fix', error: '内容太短', payload: { title: 'a' } });
    expect(await updateRow('outbox', 'missing', { state: 'synced' })).toBe(false);
    expect(await readRow('outbox', 'missing')).toBeUndefined();

    await deleteRow('outbox', 'b');
    expect(await db.outbox.get('b')).toBeUndefined();
    await writeRow('dicts', { code: 'sex', items: [{ value: '1', text: '男' }], fetchedAt: 5 });
    expect(await db.dicts.get('sex')).toMatchObject({ items: [{ value: '1', text: '男' }] });
  });

  it('steps aside when Dexie upgrades the database, and an older database is Dexie’s to upgrade before a write', async () => {
    (await dexieDb()).close();
    expect(await readRow('queryCache', 'u1')).toMatchObject({ savedAt: 1 });
    const newer = new Dexie(OFFLINE_DB_NAME);
    newer.version(1).stores(SCHEMA_V1);
    newer.version(2).stores({ notes: 'id' });
    await newer.open();
    expect(newer.verno).toBe(2);
    newer.close();
    // This build's bare calls expect version 1: the database is newer, so they fail rather than guess.
    await expect(readRow('queryCache', 'u1')).rejects.toThrow();

    await Dexie.delete(OFFLINE_DB_NAME);
    const older = indexedDB.open(OFFLINE_DB_NAME, 1);
    older.onupgradeneeded = () => older.result.createObjectStore('queryCache', { keyPath: 'userId' });
    await new Promise((resolve) => (older.onsuccess = resolve));
    older.result.close();
    expect(await readRow('queryCache', 'u1')).toBeUndefined();
    await writeRow('drafts', { key: 'u1|weekly', userId: 'u1', values: { content: '草稿' }, updatedAt: 1 });
    expect(await readRow('drafts', 'u1|weekly')).toMatchObject({ values: { content: '草稿' } });
  });
});
