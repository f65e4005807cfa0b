import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { schoolHour, schoolToday } from '@contract/internship.ts';
import { periodBegins } from '@contract/records.ts';
import { useLocation } from 'react-router-dom';
import { useDevice } from '@/hooks/use-device.ts';
import { keepHomeSnapshot, releaseHomeFirstPaintWhenShown } from '@/lib/first-paint-home.ts';
import { greetingAt } from '@/lib/greeting.ts';

/** How long the page must stay unchanged before it is kept: the boxes fill in one by one. */
const SETTLED_MS = 1000;
const HOUR_MS = 3_600_000;

/**
 * When the greeting or the date shown now stops being true on the school's clock: the next hour with
 * another greeting, or midnight.
 */
export function homeTrueUntil(now: Date): number {
  const hour = schoolHour(now);
  let next = hour + 1;
  while (next < 24 && greetingAt(next) === greetingAt(hour)) next++;
  return periodBegins(schoolToday(now)).getTime() + next * HOUR_MS;
}

/**
 * The home (`page`, its outermost element) takes over from its kept first paint as soon as it is
 * shown, and on the phone keeps itself for the next start once it has settled (and again after each change).
 */
export function useHomeFirstPaint(username: string | undefined, page: RefObject<HTMLElement | null>) {
  const device = useDevice();
  const { pathname } = useLocation();
  useLayoutEffect(() => releaseHomeFirstPaintWhenShown(page.current), [page]);
  useEffect(() => {
    const root = document.getElementById('root');
    if (device !== 'phone' || !username || !root) return;
    let timer = 0;
    const keepLater = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => keepHomeSnapshot({ user: username, path: pathname, until: homeTrueUntil(new Date()) }), SETTLED_MS);
    };
    const observer = new MutationObserver(keepLater);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    keepLater();
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [device, username, pathname]);
}
