import type { Page } from '@playwright/test';

/** The stores of the app's IndexedDB database (src/offline/db.ts). */
type DeviceStore = 'drafts' | 'outbox' | 'queryCache';

/**
 * Whether the page's device keeps a row in `store` whose content mentions `text`: a draft written as
 * one types, or the kept queries saved a moment after they change. Polled instead of waiting a while.
 */
export function keptOnDevice(page: Page, store: DeviceStore, text: string): Promise<boolean> {
  return page.evaluate(
    ({ store, text }) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('isps-offline');
        // No database yet: nothing is kept, and none is created here for the app to find.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve(false);
            return;
          }
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.some((row) => JSON.stringify(row).includes(text)));
          };
          all.onerror = () => {
            db.close();
            reject(all.error ?? new Error('IndexedDB'));
          };
        };
      }),
    { store, text },
  );
}
