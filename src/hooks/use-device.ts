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

/** Made once: React reads the device at every render of every component that asks, twice. */
let queries: { phone: MediaQueryList; tablet: MediaQueryList } | null = null;
const mediaQueries = () => (queries ??= { phone: window.matchMedia(PHONE), tablet: window.matchMedia(TABLET) });

function current(): Device {
  const { phone, tablet } = mediaQueries();
  if (phone.matches) return 'phone';
  if (tablet.matches) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void) {
  const { phone, tablet } = mediaQueries();
  [phone, tablet].forEach((q) => q.addEventListener('change', onChange));
  return () => [phone, tablet].forEach((q) => q.removeEventListener('change', onChange));
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, current);
}
