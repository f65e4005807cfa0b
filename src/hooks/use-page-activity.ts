import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isVisible = () => document.visibilityState !== 'hidden';
const isOnline = () => navigator.onLine;

/** Whether the page is shown and the browser online: background work (polling) waits for both. */
export function usePageActivity(): { visible: boolean; online: boolean } {
  const visible = useSyncExternalStore(subscribe, isVisible);
  const online = useSyncExternalStore(subscribe, isOnline);
  return { visible, online };
}
