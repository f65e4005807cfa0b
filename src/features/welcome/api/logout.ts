import { http } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { tabsStore } from '@/lib/tabs-store.ts';

/**
 * Logout from the welcome page (it has no shell and no user menu): the server session ends, the
 * browser forgets the user, and a reload starts afresh at the digital campus's welcome page.
 */
export async function logoutFromWelcome(): Promise<void> {
  await http.post('/sys/logout', undefined, { silent: true }).catch(() => undefined);
  sessionStore.clear();
  tabsStore.reset();
  window.location.reload();
}
