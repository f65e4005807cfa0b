import { logout } from '@/features/auth/api/logout.ts';
import { paths } from '@/config/paths.ts';
import { runtimeConfig } from '@/config/runtime.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { tabsStore } from '@/lib/tabs-store.ts';

const REDIRECT_DELAY_MS = 4000;

/** Forgets the user here; their query cache goes with the authenticated app it belongs to. */
function forget() {
  sessionStore.clear();
  tabsStore.reset();
}

/** With single sign-on the provider ends its session too (after delayMs). */
function leaveSingleSignOn(delayMs: number): boolean {
  const { enableCas, casPrefixUrl } = runtimeConfig();
  if (!enableCas || !casPrefixUrl) return false;
  const service = encodeURIComponent(`${window.location.origin}${window.location.pathname}`);
  setTimeout(() => window.location.assign(`${casPrefixUrl.replace(/\/$/, '')}/logout?service=${service}`), delayMs);
  return true;
}

/** The user chose to log out: a reload starts the login page afresh. */
export async function logoutAndLeave() {
  await logout();
  forget();
  if (!leaveSingleSignOn(0)) window.location.reload();
}

/**
 * The server ended the session (401, or a token-invalid 500). Without single sign-on the guard
 * takes the user to the login page at once, and the notification stays readable there.
 */
export function endExpiredSession() {
  forget();
  leaveSingleSignOn(REDIRECT_DELAY_MS);
}

/** Code 901: the system-info page after 4 s. */
export function showLicencePage() {
  setTimeout(() => {
    window.location.hash = `#${paths.sysInfo}`;
  }, REDIRECT_DELAY_MS);
}
