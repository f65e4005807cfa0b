import type { UserPermissions } from '@contract/permissions.ts';
import { http } from './api-client.ts';
import { sessionStore } from './session-store.ts';

/**
 * Fetches the logged-in user's menu and button rules again and puts them in force, so an
 * administrator who changed menus or grants sees the result without logging in again. Failures are
 * ignored: the next start fetches them anyway.
 */
export async function refreshPermissions(): Promise<void> {
  try {
    sessionStore.savePermissions(await http.get<UserPermissions>('/sys/permission/getUserPermissionByToken', undefined, { silent: true }));
  } catch {
    // The change itself is saved; the menu catches up at the next start.
  }
}
