import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api-client.ts';
import { DEPARTS_KEY } from './get-depart-tree.ts';

/** Deletes a department; the server refuses one with sub-departments or users, and the client shows why (system:depart:delete). */
export const deleteDepart = (id: string) => http.delete<null>('/sys/sysDepart/delete', { id });

export function useDeleteDepart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteDepart, onSettled: () => client.invalidateQueries({ queryKey: DEPARTS_KEY }) });
}
