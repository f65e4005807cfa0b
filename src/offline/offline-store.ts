import { useSyncExternalStore } from 'react';

/** What the UI shows about the device's data: how many records wait, whether a sync runs, storage trouble. */
export interface OfflineStatus {
  waiting: number;
  /** Records the server refused, waiting for the student to correct them (需修改). */
  needsFix: number;
  /** The outbox kind of the record the header leads to: the oldest to correct, else the oldest waiting. */
  firstKind: string | null;
  syncing: boolean;
  lastSyncedAt: number | null;
  /** A storage failure (quota, private mode) in Chinese, until the next success. */
  storageError: string | null;
}

let status: OfflineStatus = { waiting: 0, needsFix: 0, firstKind: null, syncing: false, lastSyncedAt: null, storageError: null };
const listeners = new Set<() => void>();

export const offlineStore = {
  get: () => status,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(next: Partial<OfflineStatus>) {
    status = { ...status, ...next };
    listeners.forEach((l) => l());
  },
};

export const useOfflineStatus = () => useSyncExternalStore(offlineStore.subscribe, offlineStore.get);

/** Storage failures in words a student understands. */
export function describeStorageError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError' || (error instanceof Error && /quota/i.test(error.message))) return '手机存储空间不足，离线内容无法保存，请清理空间后重试';
  return '本机存储不可用（可能处于无痕模式），离线内容无法保存';
}

async function run<T>(work: () => Promise<T>, fallback: T, write: boolean): Promise<T> {
  try {
    const result = await work();
    if (write && status.storageError) offlineStore.update({ storageError: null });
    return result;
  } catch (error) {
    offlineStore.update({ storageError: describeStorageError(error) });
    return fallback;
  }
}

/** Runs a storage read; a failure is shown through the store instead of thrown into the UI. */
export const guarded = <T>(work: () => Promise<T>, fallback: T): Promise<T> => run(work, fallback, false);

/**
 * Runs a storage write the same way. Only a write that succeeds clears the shown failure: on a full
 * disk reads still work, and the student must keep seeing that their input is not being saved.
 */
export const guardedWrite = <T>(work: () => Promise<T>, fallback: T): Promise<T> => run(work, fallback, true);
