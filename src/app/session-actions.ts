import { notify } from '@/components/notification/notification-store.ts';
import { logout } from '@/features/auth/api/logout.ts';
import { paths } from '@/config/paths.ts';
import { runtimeConfig } from '@/config/runtime.ts';
import { ApiError } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { casLogoutUrl } from '@/lib/single-sign-on.ts';
import { tabsStore } from '@/lib/tabs-store.ts';
import { leavePage, reloadPage } from '@/lib/page-leave.ts';

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
  setTimeout(() => leavePage(casLogoutUrl()), delayMs);
  return true;
}

/**
 * The user chose to log out (from the shell or the welcome page): the server ends the session, the
 * browser forgets the user, and single sign-on goes to the provider's logout, else a reload starts the
 * login page afresh. A failed logout shows its error (SPEC.md section 8) and the user stays logged in,
 * since the session the server still holds was not ended; an expired session is ended by the client.
 */
export async function logoutAndLeave() {
  try {
    await logout();
  } catch (error) {
    if (error instanceof ApiError && !error.notified) notify.error(error.message);
    return;
  }
  forget();
  if (!leaveSingleSignOn(0)) reloadPage();
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
