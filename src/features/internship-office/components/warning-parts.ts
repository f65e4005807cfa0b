import { WARNING_MSG, WARNING_NOTE_MAX, WARNING_PERMISSIONS } from '@contract/internship-warning.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { warnOfRefusal } from '@/lib/api-client.ts';
import { useCheckWarnings, useHandleWarning } from '../api/warning-api.ts';

/** 处理说明's rules, the same in antd's form and antd-mobile's. */
export const NOTE_RULES = [
  { required: true, whitespace: true, message: WARNING_MSG.noteRequired },
  { max: WARNING_NOTE_MAX, message: WARNING_MSG.noteTooLong },
];
export const NOTE_PLACEHOLDER = '如：已电话联系学生，周五前补交';

/**
 * 实习预警's hook (components/device-page.tsx): 立即检查 (shown by its button rule), which says what the job
 * raised, and 处理 of an open warning with a note, which says it is done; both renderings hold only markup.
 */
export function useWarningScreen() {
  const canHandle = usePermission(WARNING_PERMISSIONS.handle);
  const checkAllowed = usePermission(WARNING_PERMISSIONS.check);
  const check = useCheckWarnings();
  const handle = useHandleWarning();
  return {
    canHandle: (row: ResourceRow) => canHandle && row.status === 'open',
    check: {
      allowed: checkAllowed,
      checking: check.isPending,
      run: () => check.mutate(undefined, { onSuccess: (result) => notify.success(result.summary), onError: warnOfRefusal }),
    },
    handling: handle.isPending,
    /** Marks the warning handled; true once it is. */
    async handleWarning(row: ResourceRow, note: string): Promise<boolean> {
      try {
        await handle.mutateAsync({ id: row.id, note });
        notify.success('已标记为已处理');
        return true;
      } catch (error) {
        warnOfRefusal(error);
        return false;
      }
    },
  };
}

export type WarningScreen = ReturnType<typeof useWarningScreen>;

export function useWarningListPage() {
  return { screen: useWarningScreen() };
}
