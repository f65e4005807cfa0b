import { useEffect, useState } from 'react';
import { EXCEPTION_MSG, type ExceptionRule } from '@contract/internship-exception.ts';
import { PLACEMENT_PERMISSIONS, STATUS_ACTIONS, placementChecklist, startChecklist, type PlacementValues, type StatusAction } from '@contract/internship-placement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useAdviserList, useAssignAdviser, usePlacementFacts, useRequestException, useSetPlacementStatus } from '../api/placement-api.ts';

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

/** 分配指导教师 for who may: the dialog open, the adviser chosen, and the call for the chosen placements or all the list's search matches. */
export function useAssignAction() {
  const canAssign = usePermission(PLACEMENT_PERMISSIONS.assign);
  const assign = useAssignAdviser();
  const [open, setOpen] = useState(false);
  const [adviser, setAdviser] = useState<string | null>(null);
  const submit = async (target: { ids: string[] } | { search: Record<string, string | undefined> }, count: number): Promise<boolean> => {
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
    setOpen(false);
    return true;
  };
  return { canAssign, open, setOpen, adviser, setAdviser, submit, pending: assign.isPending };
}

/** The phone's 分配: the students to tick (those without an adviser first, or searched), read while its sheet is open. */
export function useAdviserChoice(open: boolean) {
  const [unassigned, setUnassigned] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const list = useAdviserList({ unassigned: unassigned ? '1' : '0', keyword: keyword || undefined }, open);
  return { unassigned, setUnassigned, setKeyword, chosen, setChosen, list, rows: list.data?.records ?? [] };
}

/** The placement form's fields the checklist watches. */
export const CHECKED_FIELDS = ['programId', 'studentUserId', 'unitId', 'postId', 'startDate', 'endDate', 'monthlyPay', 'noFeeConfirmed', 'workTermsConfirmed', 'agreementAttachmentId', 'consentAttachmentId', 'preTrainingDate', 'insured', 'insurancePolicyNo', 'insuranceStart', 'insuranceEnd'] as const;

/** What the checklist needs of the placement form (antd's). */
interface PlacementFormHandle {
  getFieldValue(name: 'startDate' | 'endDate'): unknown;
  setFieldsValue(values: { startDate?: string; endDate?: string }): void;
}

/**
 * The rules a placement's save must keep, met or not for the values as they are (the contract's
 * placementChecklist on the facts the server gives for the program, student, unit and post chosen), and
 * what starting the 岗位实习 will need; the program's dates fill the blank ones.
 */
export function usePlacementChecks(form: PlacementFormHandle, values: Record<string, unknown>, row: ResourceRow | null) {
  const chosen = {
    id: row?.id,
    programId: (values.programId ?? row?.programId) as string | undefined,
    studentUserId: (values.studentUserId ?? row?.studentUserId) as string | undefined,
    unitId: values.unitId as string | undefined,
    postId: values.postId as string | undefined,
  };
  const facts = usePlacementFacts(chosen);
  // A placement runs the program's dates unless the clerk gives its own.
  const program = facts.data?.program;
  useEffect(() => {
    if (!program) return;
    const blank = (name: 'startDate' | 'endDate') => !form.getFieldValue(name);
    form.setFieldsValue({ ...(blank('startDate') ? { startDate: program.startDate } : {}), ...(blank('endDate') ? { endDate: program.endDate } : {}) });
  }, [form, program]);
  const placement = values as PlacementValues;
  return {
    chosen,
    /** Nothing to check before a program is chosen. */
    ready: Boolean(chosen.programId),
    facts,
    rules: facts.data ? placementChecklist(placement, facts.data) : [],
    start: facts.data ? startChecklist(placement, facts.data) : [],
  };
}


/**
 * 申请例外备案 from the checklist: the limit asked about, and the request for the placement as chosen in the form
 * (its program, student, unit and post) with the reason and the supporting file.
 */
export function useExceptionRequest(chosen: { programId?: string; studentUserId?: string; unitId?: string; postId?: string }) {
  const [asking, setAsking] = useState<ExceptionRule | null>(null);
  const request = useRequestException();
  const submit = async (reason: string, attachmentId: string) => {
    if (!asking) return;
    await request.mutateAsync({ programId: chosen.programId ?? '', studentUserId: chosen.studentUserId ?? '', unitId: chosen.unitId ?? '', postId: chosen.postId ?? null, rule: asking, reason, attachmentId });
    notify.success(EXCEPTION_MSG.submitted);
    setAsking(null);
  };
  return { asking, ask: setAsking, close: () => setAsking(null), submit, pending: request.isPending };
}
