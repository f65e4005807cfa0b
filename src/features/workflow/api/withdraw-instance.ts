import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WORKFLOW_URL, type InstanceView } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';
import { instanceKey } from './get-instance.ts';
import { WORKFLOW_LIST_KEY } from './list-queries.ts';

/** Takes back my application before anyone decided on it; answers it as 已撤回. */
export const withdrawInstance = (id: string) => http.post<InstanceView>(WORKFLOW_URL.withdraw(id), {});

export function useWithdrawInstance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawInstance,
    onSuccess: (view) => client.setQueryData(instanceKey(view.id), view),
    onSettled: (_view, _error, id) => Promise.all([client.invalidateQueries({ queryKey: WORKFLOW_LIST_KEY }), client.invalidateQueries({ queryKey: instanceKey(id) })]),
  });
}
