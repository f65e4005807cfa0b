import { notify } from '@/components/notification/notification-store.ts';
import { duplicateMessage } from '@/lib/duplicate-check.ts';

/** A profile value already held by another user, checked as the user leaves the field (antd and antd-mobile forms). */
export const uniqueRule = (column: 'phone' | 'email', message: string, selfId: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (typeof value !== 'string' || !value) return;
    if (await duplicateMessage('sys_user', column, value, selfId)) throw new Error(message);
  },
});

/** The department dialog opens only for a user with departments (SPEC.md section 4). */
export async function hasDeparts(load: () => Promise<{ list: unknown[] }>): Promise<boolean> {
  const { list } = await load();
  if (list.length === 0) notify.warning('您尚未设置部门信息!');
  return list.length > 0;
}
