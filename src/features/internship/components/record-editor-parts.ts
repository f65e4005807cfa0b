import { Toast } from 'antd-mobile';
import type { QueryClient } from '@tanstack/react-query';
import { TIME_HOLDING_STATUSES, approvedActionOf, type MyPlacementRecords, type MySlot, type RecordKindDeclaration, type RecordValues } from '@contract/records.ts';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { outbox } from '@/offline/outbox.ts';
import { myRecordsKey } from '../api/my-records.ts';
import { useRecordAction } from '../api/record-actions.ts';
import { outboxKindOf, type RecordOutboxPayload } from '../api/submit-record.ts';

/** What the editor of a record kind does beside its form (components/record-editor.tsx); no form markup here. */

/** The student's other records of the kind that hold their time, as the device knows them: from the last list and the outbox. */
export async function timeHeldElsewhere(client: QueryClient, declaration: RecordKindDeclaration, userId: string) {
  const listed = (client.getQueryData<MyPlacementRecords[]>(myRecordsKey(declaration)) ?? [])
    .flatMap((p) => p.slots)
    .flatMap((s) =>
      s.record && (TIME_HOLDING_STATUSES as readonly string[]).includes(s.record.status) && s.record.values.startsAt && s.record.values.endsAt
        ? [{ id: s.record.id, title: s.record.title, startsAt: s.record.values.startsAt, endsAt: s.record.values.endsAt }]
        : [],
    );
  const waiting = (await outbox.unsynced(userId))
    .filter((e) => e.kind === outboxKindOf(declaration))
    .flatMap((e) => {
      const payload = e.payload as RecordOutboxPayload;
      return typeof payload.startsAt === 'string' && typeof payload.endsAt === 'string'
        ? [{ id: e.id, title: declaration.titleOf?.(payload as RecordValues) ?? declaration.label, startsAt: payload.startsAt, endsAt: payload.endsAt }]
        : [];
    });
  return [...waiting, ...listed.filter((l) => !waiting.some((w) => w.id === l.id))];
}

/**
 * A submitted application's actions: 撤回申请 while pending or before an approved one begins, and the
 * after-approval action (销假) once it has. Both need the server now, so not offline; both are confirmed.
 */
export function useApplicationActions(declaration: RecordKindDeclaration, record: MySlot['record'], onClose: () => void) {
  const action = useRecordAction(declaration);
  const after = declaration.afterApproval;
  /** An approved record's one action now: 销假 once its time has begun, 撤回 before (the server checks again). */
  const approvedAction = record?.status === 'approved' ? approvedActionOf(declaration, record.values) : null;
  const act = async (which: 'withdraw' | 'after') => {
    if (!record) return;
    if (!navigator.onLine) return Toast.show({ content: '需要联网才能操作' });
    const confirm =
      which === 'withdraw'
        ? { content: `撤回这份${declaration.label}申请？撤回后可修改再提交。`, confirmText: '撤回' }
        : { title: `${after?.label ?? ''}`, content: after?.confirm ?? '', confirmText: `确认${after?.label ?? ''}` };
    if (!(await confirmDialog({ ...confirm, cancelText: '取消' }))) return;
    try {
      await action.mutateAsync({ id: record.id, instanceId: which === 'withdraw' ? record.instanceId : null });
      Toast.show({ icon: 'success', content: which === 'withdraw' ? '申请已撤回' : (after?.done ?? '操作成功') });
      onClose();
    } catch {
      // The API client showed why.
    }
  };
  return {
    approvedAction,
    pending: action.isPending,
    /** 撤回申请 is offered: pending, or approved and not yet begun, and in a process. */
    canWithdraw: Boolean(record?.instanceId) && (record?.status === 'pending' || approvedAction === 'withdraw'),
    withdraw: () => void act('withdraw'),
    /** 销假 is offered: approved and begun. */
    canAct: approvedAction === 'after' && Boolean(after),
    actAfter: () => void act('after'),
  };
}
