import type { LoginResult } from '@contract/session.ts';
import { SSO_URL } from '@contract/sso.ts';
import { http } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';

/**
 * Trades the CAS server's service ticket for a session, kept as a password login keeps it. The spent ticket leaves
 * the address first: keeping the session swaps the login page for the app at once, and a reload must not present
 * the ticket again. Silent: the page shows 统一身份登录失败! with the reason itself (SPEC.md section 8).
 */
export async function validateCasTicket(input: { ticket: string; service: string }): Promise<LoginResult> {
  const result = await http.get<LoginResult>(SSO_URL.casValidate, input, { silent: true });
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
  sessionStore.saveLogin(result);
  return result;
}
