import { useState } from 'react';
import { WARNING_MSG, WARNING_NOTE_MAX, WARNING_PERMISSIONS } from '@contract/internship-warning.ts';
import type { ListTool, RowAction } from '@/components/list/list-declaration.ts';
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
 * 实习预警's hook (components/device-page.tsx): 立即检查 (by its button rule), which says what the job raised, and
 * 处理 of an open warning with a note, which says it is done: in a dialog on the desktop, in the warning's form on the phone.
 */
export function useWarningListPage() {
  const mayHandle = usePermission(WARNING_PERMISSIONS.handle);
  const check = useCheckWarnings();
  const handle = useHandleWarning();
  const [handlingRow, setHandlingRow] = useState<ResourceRow | null>(null);
  const tools: ListTool[] = [
    {
      key: 'check',
      label: '立即检查',
      permission: WARNING_PERMISSIONS.check,
      busy: check.isPending,
      run: () => check.mutate(undefined, { onSuccess: (result) => notify.success(result.summary), onError: warnOfRefusal }),
    },
  ];
  const actions: RowAction<ResourceRow>[] = [{ key: 'handle', label: '处理', permission: WARNING_PERMISSIONS.handle, when: (row) => row.status === 'open', only: 'desktop', run: setHandlingRow }];
  return {
    tools,
    actions,
    canHandle: (row: ResourceRow) => mayHandle && row.status === 'open',
    handlingRow,
    closeHandling: () => setHandlingRow(null),
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

export type WarningListPage = ReturnType<typeof useWarningListPage>;
