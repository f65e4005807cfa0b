import { useSyncExternalStore } from 'react';

export type Device = 'phone' | 'tablet' | 'desktop';

/** SPEC-DECISIONS.md: < 768 px phone, 768 – 1087.99 px tablet, ≥ 1088 px desktop. */
const PHONE = '(max-width: 767.98px)';
const TABLET = '(min-width: 768px) and (max-width: 1087.98px)';

export function deviceFor(width: number): Device {
  if (width < 768) return 'phone';
  if (width < 1088) return 'tablet';
  return 'desktop';
}

function current(): Device {
  if (window.matchMedia(PHONE).matches) return 'phone';
  if (window.matchMedia(TABLET).matches) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void) {
  const queries = [window.matchMedia(PHONE), window.matchMedia(TABLET)];
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, current);
}
