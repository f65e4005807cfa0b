import type { DictOption } from '@contract/session.ts';
import { readRow, writeRow } from './bare-db.ts';
import { guarded, guardedWrite } from './offline-store.ts';

/**
 * Dictionary items from IndexedDB at once when the device has them, refreshed from the server in
 * the background (`onFresh` gets the new items); fetched and stored when it has not. Offline, the
 * stored items are all there is, and that is enough.
 */
export async function cachedDict(code: string, fetchItems: () => Promise<DictOption[]>, onFresh: (items: DictOption[]) => void): Promise<DictOption[]> {
  const stored = await guarded(() => readRow('dicts', code), undefined);
  const refresh = async () => {
    const items = await fetchItems();
    await guardedWrite(() => writeRow('dicts', { code, items, fetchedAt: Date.now() }), undefined);
    return items;
  };
  if (!stored) return refresh();
  refresh().then(onFresh, () => undefined);
  return stored.items;
}
