import type { UserPermissions } from '@contract/permissions.ts';
import { http } from '@/lib/api-client.ts';

export const getUserPermissions = () => http.get<UserPermissions>('/sys/permission/getUserPermissionByToken', undefined, { silent: true });

let early: { token: string; answer: Promise<UserPermissions> } | null = null;

/**
 * Asks for the menu and permissions as the app starts (src/main.tsx), while the part of the app
 * behind login is still loading, rather than after it: one round trip less before the first page.
 * Kept free of the query library, which the login page does not load.
 */
export function requestPermissionsEarly(token: string): void {
  const answer = getUserPermissions();
  // Reported by the permission query when it takes the answer.
  answer.catch(() => undefined);
  early = { token, answer };
}

/** The early answer for this token, once; null when there is none (a later start or another login). */
export function takeEarlyPermissions(token: string): Promise<UserPermissions> | null {
  if (early?.token !== token) return null;
  const { answer } = early;
  early = null;
  return answer;
}
