import { newUuid } from '@/lib/uuid.ts';

const DEVICE_ID_KEY = 'isps-device-id';

/**
 * This installation's id: made once and kept, so a check-in says which phone it came from (one phone checking
 * in for several students is what the paid check-in services do). Not the person: logging out keeps it.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept) return kept;
    const made = newUuid();
    localStorage.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    // Storage refused (private mode): an id for this visit still tells its check-ins apart from other phones'.
    return (memory ??= newUuid());
  }
}
let memory: string | undefined;

/** Where the phone is, if the person allows it: the browser's geolocation with its accuracy, or why there is none. */
export type Located = { location: 'granted'; latitude: string; longitude: string; accuracy: string } | { location: 'denied' | 'unavailable' };

const LOCATE_TIMEOUT_MS = 15_000;

/**
 * Resolves within LOCATE_TIMEOUT_MS of the tap whatever the browser does: WebKit (every iPhone browser)
 * starts the geolocation timeout only once the permission prompt is answered, so a prompt left open
 * would hold the check-in forever.
 */
export function locate(): Promise<Located> {
  if (!('geolocation' in navigator)) return Promise.resolve({ location: 'unavailable' });
  return new Promise((resolve) => {
    const deadline = setTimeout(() => resolve({ location: 'unavailable' }), LOCATE_TIMEOUT_MS);
    const settle = (located: Located) => {
      clearTimeout(deadline);
      resolve(located);
    };
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => settle({ location: 'granted', latitude: coords.latitude.toFixed(6), longitude: coords.longitude.toFixed(6), accuracy: String(Math.round(coords.accuracy)) }),
      (error) => settle({ location: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
