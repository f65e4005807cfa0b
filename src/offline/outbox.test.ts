import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fillTheDisk } from './full-disk.test-support.ts';
import { db, type OutboxEntry } from './db.ts';
import { offlineStore } from './offline-store.ts';
import { firstAttempt, notifyOutboxChange, onOutboxChange, onRecordsSynced, outbox, refreshWaiting } from './outbox.ts';

const photo = () => ({ id: 'f1', name: '工位照片.png', type: 'image/png', bytes: new Uint8Array([137, 80, 78, 71, 1, 2, 3]).buffer });

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  offlineStore.update({ waiting: 0, storageError: null });
});

describe('outbox', () => {
  it('queues a record as pending with its photo kept as its bytes, and counts it as waiting', async () => {
    const seen: string[] = [];
    const stop = onOutboxChange((entry) => seen.push(`${entry.id}:${entry.state}`));
    expect(await outbox.put({ id: 'r1', kind: 'record:weekly', userId: 'u1', payload: { title: '第1周' }, files: [photo()] })).toBe(true);
    stop();

    const stored = await outbox.get('r1');
    expect(stored).toMatchObject({ id: 'r1', kind: 'record:weekly', userId: 'u1', payload: { title: '第1周' }, state: 'pending', attempts: 0, error: null });
    expect(stored!.files).toHaveLength(1);
    expect(stored!.files[0]).toMatchObject({ id: 'f1', name: '工位照片.png', type: 'image/png' });
    expect([...new Uint8Array(stored!.files[0]!.bytes)]).toEqual([137, 80, 78, 71, 1, 2, 3]);
    expect(seen).toEqual(['r1:pending']);
    expect(offlineStore.get().waiting).toBe(1);
  });

  it('a new submission of the same record replaces the needs-fix version and starts again, keeping its place in the queue', async () => {
    await outbox.put({ id: 'r1', kind: 'record:weekly', userId: 'u1', payload: { content: '太短' } });
    const first = await outbox.get('r1');
    await outbox.update('r1', { state: 'needs-fix', error: '周记内容不能少于200字', attempts: 2 });
    expect(await refreshWaiting('u1')).toBe(0);

    await outbox.put({ id: 'r1', kind: 'record:weekly', userId: 'u1', payload: { content: '改好了' } });
    expect(await outbox.get('r1')).toMatchObject({ state: 'pending', error: null, attempts: 0, payload: { content: '改好了' }, createdAt: first!.createdAt });
    expect(await db.outbox.count()).toBe(1);
    expect(offlineStore.get().waiting).toBe(1);
  });

  it('a refused (needs-fix) or unsent record is deleted with its files, and the header counts drop; one being sent is kept', async () => {
    await outbox.put({ id: 'refused', kind: 'record:leave', userId: 'u1', payload: {}, files: [photo()] });
    await outbox.update('refused', { state: 'needs-fix', error: '与已有请假“病假”的时间重叠' });
    await outbox.put({ id: 'sending', kind: 'record:leave', userId: 'u1', payload: {} });
    await outbox.update('sending', { state: 'syncing' });
    await refreshWaiting('u1');
    expect(offlineStore.get()).toMatchObject({ waiting: 1, needsFix: 1 });

    // The header leads to the record to correct first.
    expect(offlineStore.get().firstKind).toBe('record:leave');
    expect(await outbox.discard('refused')).toBe(true);
    expect(await outbox.get('refused')).toBeUndefined();
    expect(offlineStore.get()).toMatchObject({ waiting: 1, needsFix: 0 });
    expect(await outbox.discard('sending')).toBe(false);
    expect(await outbox.get('sending')).toMatchObject({ state: 'syncing' });
    expect(await outbox.discard('gone')).toBe(false);
  });

  it('lists what is not synced yet for one user only, oldest first, and counts pending, syncing and retrying as waiting', async () => {
    for (const [id, userId] of [
      ['a', 'u1'],
      ['b', 'u1'],
      ['c', 'u1'],
      ['d', 'u1'],
      ['other', 'u2'],
    ] as const) {
      await outbox.put({ id, kind: 'record:weekly', userId, payload: null });
    }
    await outbox.update('a', { state: 'synced' });
    await outbox.update('b', { state: 'needs-fix', error: '服务器说明' });
    await outbox.update('c', { state: 'retrying', nextAttemptAt: Date.now() + 60_000 });

    expect((await outbox.unsynced('u1')).map((e) => `${e.id}:${e.state}`)).toEqual(['b:needs-fix', 'c:retrying', 'd:pending']);
    expect(await refreshWaiting('u1')).toBe(2);
    expect(await refreshWaiting(undefined)).toBe(0);
  });

  it('a failing device store resolves false and says why in Chinese, instead of throwing into the form, until a write succeeds', async () => {
    const freeTheDisk = fillTheDisk();
    try {
      expect(await outbox.put({ id: 'r2', kind: 'record:weekly', userId: 'u1', payload: null })).toBe(false);
      expect(offlineStore.get().storageError).toMatch(/手机存储空间不足，离线内容无法保存/);
    } finally {
      freeTheDisk();
    }
    // Reads still work on a full disk: they must not hide the problem.
    await outbox.unsynced('u1');
    expect(offlineStore.get().storageError).toMatch(/离线内容无法保存/);
    expect(await outbox.put({ id: 'r2', kind: 'record:weekly', userId: 'u1', payload: null })).toBe(true);
    expect(offlineStore.get().storageError).toBeNull();
  });

  it('says once that records have synced or been refused, after a run of them settles, and not for other changes', () => {
    vi.useFakeTimers();
    try {
      const synced = vi.fn();
      const stop = onRecordsSynced(synced, 800);
      const entry: OutboxEntry = { id: 'r1', kind: 'record:weekly', userId: 'u1', payload: {}, files: [], state: 'syncing', attempts: 0, error: null, createdAt: 0, updatedAt: 0, nextAttemptAt: 0 };
      notifyOutboxChange({ ...entry, state: 'syncing' });
      notifyOutboxChange({ ...entry, state: 'synced' });
      vi.advanceTimersByTime(500);
      notifyOutboxChange({ ...entry, id: 'r2', state: 'synced' });
      vi.advanceTimersByTime(799);
      expect(synced).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(synced).toHaveBeenCalledTimes(1);
      notifyOutboxChange({ ...entry, state: 'retrying' });
      vi.advanceTimersByTime(1000);
      expect(synced).toHaveBeenCalledTimes(1);
      // A refusal (a conflict) names what the server has: the lists are fetched again.
      notifyOutboxChange({ ...entry, state: 'needs-fix' });
      vi.advanceTimersByTime(1000);
      expect(synced).toHaveBeenCalledTimes(2);
      stop();
      notifyOutboxChange({ ...entry, state: 'synced' });
      vi.advanceTimersByTime(1000);
      expect(synced).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells what became of a record’s first try: sent, refused with the server’s reason, or kept when no try ends in time', async () => {
    const sent = firstAttempt('r-sent');
    const refused = firstAttempt('r-refused');
    const kept = firstAttempt('r-kept', 50);
    const base = { kind: 'record:weekly', userId: 'u1', payload: {}, files: [], attempts: 1, nextAttemptAt: 0, createdAt: 1, updatedAt: 1 };
    notifyOutboxChange({ ...base, id: 'r-sent', state: 'syncing', error: null });
    notifyOutboxChange({ ...base, id: 'r-sent', state: 'synced', error: null });
    notifyOutboxChange({ ...base, id: 'r-refused', state: 'needs-fix', error: '周记内容不能少于200字' });
    notifyOutboxChange({ ...base, id: 'r-kept', state: 'syncing', error: null });
    expect(await sent).toEqual({ outcome: 'sent' });
    expect(await refused).toEqual({ outcome: 'refused', message: '周记内容不能少于200字' });
    expect(await kept).toEqual({ outcome: 'kept' });
  });
});
