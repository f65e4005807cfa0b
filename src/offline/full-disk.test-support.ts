import { vi } from 'vitest';

/**
 * The device's storage full, as a phone's is: every IndexedDB write throws QuotaExceededError while
 * reads go on working. Returns the function that frees the space again.
 */
export function fillTheDisk(): () => void {
  const quota = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(quota);
  const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(quota);
  return () => {
    put.mockRestore();
    add.mockRestore();
  };
}
