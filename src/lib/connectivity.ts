import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its API now, as the browser and the last answers tell. Offline is a calm
 * state: a read that found no network is not an error to announce, the header says 离线 once, and
 * the reads run again when the network is back (react-query's onlineManager, fed from here).
 */
let reached = true;
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function setReached(next: boolean) {
  if (reached === next) return;
  reached = next;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    online = true;
    // The next answer tells whether the API itself is there again.
    reached = true;
    emit();
  });
  window.addEventListener('offline', () => {
    online = false;
    emit();
  });
}

export const connectivity = {
  /** The browser says there is a network (only "offline" is reliable: a captive portal looks online). */
  online: () => online,
  /** Offline, or our API did not answer the last read: what the device shows is what it kept. */
  offline: () => !online || !reached,
  /** A call got no answer from our API (no network, a captive portal's page). */
  markUnreached: () => setReached(false),
  /** Our API answered. */
  markReached: () => setReached(true),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useOffline = () => useSyncExternalStore(connectivity.subscribe, connectivity.offline);
