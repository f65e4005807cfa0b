import { useState } from 'react';
import { PLACEMENT_PERMISSIONS, STATUS_ACTIONS, type StatusAction } from '@contract/internship-placement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useAssignAdviser, useSetPlacementStatus } from '../api/placement-api.ts';

/** What both layouts of 实习安排 do beyond the resource: the status actions and 分配指导教师 (no UI library here). */

/**
 * 开始实习, 结束实习 and 终止实习 (with its reason) for a placement in its status, for who may change it: the
 * choices, the reason being typed, and the call with its toast (a refusal is shown by the API client).
 */
export function usePlacementStatus(row: ResourceRow) {
  const canChange = usePermission(PLACEMENT_PERMISSIONS.status);
  const setStatus = useSetPlacementStatus();
  const [terminating, setTerminating] = useState(false);
  const [reason, setReason] = useState('');
  const run = async (action: StatusAction, why?: string): Promise<boolean> => {
    try {
      await setStatus.mutateAsync({ id: row.id, action, reason: why });
    } catch {
      return false;
    }
    notify.success(`${STATUS_ACTIONS[action].label}成功`);
    setTerminating(false);
    return true;
  };
  return {
    actions: canChange ? (Object.keys(STATUS_ACTIONS) as StatusAction[]).filter((a) => (STATUS_ACTIONS[a].from as readonly string[]).includes(String(row.status))) : [],
    /** The student the placement is for, as the confirmations name them. */
    name: String(row.studentUserId_dictText ?? ''),
    run,
    pending: setStatus.isPending,
    terminating,
    setTerminating,
    reason,
    setReason,
  };
}

/** 分配指导教师 for who may: one adviser for the chosen placements, or for all the list's search matches. */
export function useAssignAction() {
  const canAssign = usePermission(PLACEMENT_PERMISSIONS.assign);
  const assign = useAssignAdviser();
  const submit = async (target: { ids: string[] } | { search: Record<string, string | undefined> }, count: number, adviser: string | null): Promise<boolean> => {
    if (!adviser) {
      notify.warning('请选择指导教师');
      return false;
    }
    try {
      await assign.mutateAsync({ ...target, adviserUserId: adviser });
    } catch {
      // The client has shown the server's refusal.
      return false;
    }
    notify.success(`已为 ${count} 名学生分配指导教师`);
    return true;
  };
  return { canAssign, submit, pending: assign.isPending };
}
