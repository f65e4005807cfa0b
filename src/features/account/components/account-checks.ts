import { MSG } from '@contract/messages.ts';
import { isActionAllowed } from '@contract/permissions.ts';
import type { UserInfo } from '@contract/session.ts';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import dayjs from '@/lib/dayjs.ts';
import { duplicateMessage } from '@/lib/duplicate-check.ts';
import { sessionStore } from '@/lib/session-store.ts';

/** Role choice must be made (SPEC.md section 5 gives no wording; the department's is 请选择部门). */
export const ROLE_REQUIRED = '请选择用户身份';

/**
 * A profile value already held by another user, checked as the user leaves the field (antd and antd-mobile
 * forms). Only a user administrator may ask the server that of other users' values (/sys/duplicate/check);
 * for everyone else the save itself says it.
 */
export const uniqueRule = (column: 'phone' | 'email', message: string, selfId: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (typeof value !== 'string' || !value) return;
    const { permissions } = sessionStore.get();
    if (!isActionAllowed(USER_RESOURCE.permissions.edit!, permissions?.auth ?? [], permissions?.allAuth ?? [])) return;
    if (await duplicateMessage('sys_user', column, value, selfId)) throw new Error(message);
  },
});

/** The field a refused profile save names: shown at the field, as the check on leaving it would have. */
export const takenFieldOf = (message: string): 'phone' | 'email' | null =>
  message === MSG.profilePhoneTaken ? 'phone' : message === MSG.profileEmailTaken ? 'email' : null;

/** The department dialog opens only for a user with departments (SPEC.md section 4). */
export async function hasDeparts(load: () => Promise<{ list: unknown[] }>): Promise<boolean> {
  const { list } = await load();
  if (list.length === 0) notify.warning('您尚未设置部门信息!');
  return list.length > 0;
}

/** 个人信息 opens only for a logged-in user (SPEC.md section 8), with the password dialogs' warning. */
export function hasLoginUser(): boolean {
  const present = Boolean(sessionStore.get().userInfo?.username);
  if (!present) notify.warning(MSG.noLoginUser);
  return present;
}

/** The role the session acts as, if the user still holds it (an administrator may have taken it away since). */
export const currentRoleOf = (roles: { list: { id: string }[]; roleId: string | null } | undefined) =>
  roles && roles.list.some((r) => r.id === roles.roleId) ? roles.roleId : null;

/** The editable part of 个人信息 as text, the way both layouts' forms start from. */
export const profileInput = (user: UserInfo) => ({
  birthday: user.birthday ? dayjs(user.birthday).format('YYYY-MM-DD') : '',
  email: user.email ?? '',
  phone: user.phone ?? '',
});
