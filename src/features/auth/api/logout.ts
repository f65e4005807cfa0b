import { http } from '@/lib/api-client.ts';

/** Ends the server session; the browser clears its own state whatever the answer. */
export async function logout(): Promise<void> {
  await http.post('/sys/logout', undefined, { silent: true }).catch(() => undefined);
}
