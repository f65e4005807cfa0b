import { logout } from '@/features/auth/api/logout.ts';
import { paths } from '@/config/paths.ts';
import { runtimeConfig } from '@/config/runtime.ts';
import { sessionStore } from '@/lib/session-store.ts';

const REDIRECT_DELAY_MS = 4000;

/** With single sign-on the provider ends its session too; otherwise a reload lands on the login page. */
function leave(delayMs: number) {
  const { enableCas, casPrefixUrl } = runtimeConfig();
  if (enableCas && casPrefixUrl) {
    const service = encodeURIComponent(`${window.location.origin}${window.location.pathname}`);
    setTimeout(() => window.location.assign(`${casPrefixUrl.replace(/\/$/, '')}/logout?service=${service}`), delayMs);
  } else {
    window.location.reload();
  }
}

/** The user chose to log out. */
export async function logoutAndLeave() {
  await logout();
  sessionStore.clear();
  leave(0);
}

/** The server ended the session (401, or a token-invalid 500). */
export function endExpiredSession() {
  sessionStore.clear();
  leave(REDIRECT_DELAY_MS);
}

/** Code 901: the system-info page after 4 s. */
export function showLicencePage() {
  setTimeout(() => {
    window.location.hash = `#${paths.sysInfo}`;
  }, REDIRECT_DELAY_MS);
}
