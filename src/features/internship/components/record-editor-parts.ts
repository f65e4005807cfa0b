import { Toast } from 'antd-mobile';
import type { QueryClient } from '@tanstack/react-query';
import { TIME_HOLDING_STATUSES, approvedActionOf, type MyPlacementRecords, type MySlot, type RecordKindDeclaration, type RecordValues } from '@contract/records.ts';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { outbox } from '@/offline/outbox.ts';
import { myRecordsKey } from '../api/my-records.ts';
import { useRecordAction, type RecordAction } from '../api/record-actions.ts';
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
 * A submitted record's actions: 撤回申请 while an application is pending or before an approved one begins, the
 * after-approval action (销假) once it has, and 撤回修改 of a reviewed kind's record nobody has opened yet. Each
 * needs the server now, so not offline; each is confirmed.
 */
export function useApplicationActions(declaration: RecordKindDeclaration, record: MySlot['record'], onClose: () => void) {
  const action = useRecordAction(declaration);
  const after = declaration.afterApproval;
  /** An approved record's one action now: 销假 once its time has begun, 撤回 before (the server checks again). */
  const approvedAction = record?.status === 'approved' ? approvedActionOf(declaration, record.values) : null;
  const confirms: Record<RecordAction, { title?: string; content: string; confirmText: string; done: string }> = {
    withdraw: { content: `撤回这份${declaration.label}申请？撤回后可修改再提交。`, confirmText: '撤回', done: '申请已撤回' },
    after: { title: `${after?.label ?? ''}`, content: after?.confirm ?? '', confirmText: `确认${after?.label ?? ''}`, done: after?.done ?? '操作成功' },
    retract: { content: `撤回这份${declaration.label}？撤回后可修改再提交，撤回前的版本会保留在记录中。`, confirmText: '撤回', done: `${declaration.label}已撤回，可修改后重新提交` },
  };
  const act = async (which: RecordAction) => {
    if (!record) return;
    if (!navigator.onLine) return Toast.show({ content: '需要联网才能操作' });
    const { done, ...confirm } = confirms[which];
    if (!(await confirmDialog({ ...confirm, cancelText: '取消' }))) return;
    try {
      await action.mutateAsync({ id: record.id, instanceId: record.instanceId, action: which });
      Toast.show({ icon: 'success', content: done });
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
    /** 撤回修改 is offered: submitted, and nobody else has opened it yet (the server checks again). */
    canRetract: Boolean(record?.retractable),
    retract: () => void act('retract'),
  };
}
