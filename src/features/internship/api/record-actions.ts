import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordDetail, RecordKindDeclaration } from '@contract/records.ts';
import { WORKFLOW_URL, type InstanceView } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';
import { myRecordsKey } from './my-records.ts';
import { recordDetailKey } from './record-detail.ts';

/** Takes back a record's application before anyone decided on it (the record is 已撤回, editable again). */
export const withdrawApplication = (instanceId: string) => http.post<InstanceView>(WORKFLOW_URL.withdraw(instanceId), {});

/** What the student does on an approved record (销假 on a leave). */
export const afterApproval = (declaration: RecordKindDeclaration, id: string) => http.post<RecordDetail>(`${declaration.base}/${id}/${declaration.afterApproval!.action}`, {});

/** Takes back a submitted record nobody else has opened yet (撤回): a draft again, to change and submit anew. */
export const retractRecord = (declaration: RecordKindDeclaration, id: string) => http.post<RecordDetail>(`${declaration.base}/${id}/retract`, {});

/** What a student does to a record of theirs after submitting it. */
export type RecordAction = 'withdraw' | 'after' | 'retract';

/** One of them on a record, then the list and the record are fetched again. */
export function useRecordAction(declaration: RecordKindDeclaration) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, instanceId, action }: { id: string; instanceId: string | null; action: RecordAction }): Promise<void> => {
      if (action === 'withdraw') await withdrawApplication(instanceId!);
      else if (action === 'retract') await retractRecord(declaration, id);
      else await afterApproval(declaration, id);
    },
    onSettled: (_data, _error, { id }) =>
      Promise.all([client.invalidateQueries({ queryKey: myRecordsKey(declaration) }), client.invalidateQueries({ queryKey: recordDetailKey(declaration, id) })]),
  });
}
