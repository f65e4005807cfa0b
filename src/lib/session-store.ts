import { useSyncExternalStore } from 'react';
import type { UserPermissions } from '@contract/permissions.ts';
import type { LoginResult, UserInfo } from '@contract/session.ts';
import { STORAGE_KEYS, local, session } from './storage.ts';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Loaded once per page load from the server; null until then. */
  permissions: UserPermissions | null;
}

let state: SessionState = {
  token: local.get<string>(STORAGE_KEYS.accessToken),
  userInfo: local.get<UserInfo>(STORAGE_KEYS.userInfo),
  permissions: null,
};
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Login keeps the token, name and user info for 7 days (SPEC.md section 4). */
  saveLogin(result: LoginResult) {
    local.set(STORAGE_KEYS.accessToken, result.token);
    local.set(STORAGE_KEYS.username, result.userInfo.username);
    local.set(STORAGE_KEYS.userInfo, result.userInfo);
    update({ token: result.token, userInfo: result.userInfo, permissions: null });
  },
  saveUserInfo(userInfo: UserInfo) {
    local.set(STORAGE_KEYS.userInfo, userInfo);
    update({ userInfo });
  },
  /** The server refused a call until the initial password is changed (a login from before it said so). */
  requirePasswordChange() {
    if (state.userInfo && !state.userInfo.passwordChangeRequired) this.saveUserInfo({ ...state.userInfo, passwordChangeRequired: true });
  },
  savePermissions(permissions: UserPermissions) {
    session.set(STORAGE_KEYS.userAuth, permissions.auth);
    session.set(STORAGE_KEYS.sysAuth, permissions.allAuth);
    update({ permissions });
  },
  /** Logout: the token, the user, the permission lists and the kept home go; the remembered login name stays. */
  clear() {
    local.remove(STORAGE_KEYS.accessToken);
    local.remove(STORAGE_KEYS.username);
    local.remove(STORAGE_KEYS.userInfo);
    local.remove(STORAGE_KEYS.homeFirstPaint);
    session.remove(STORAGE_KEYS.userAuth);
    session.remove(STORAGE_KEYS.sysAuth);
    update({ token: null, userInfo: null, permissions: null });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
