import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departSchema, type DepartInput, type DepartTreeNode } from '@contract/depart.ts';
import { http } from '@/lib/api-client.ts';
import { DEPARTS_KEY } from './get-depart-tree.ts';

export { departSchema };

/** Adds a department; the answer is the new node (system:depart:add). */
export const addDepart = (input: DepartInput) => http.post<DepartTreeNode>('/sys/sysDepart/add', input);

export function useAddDepart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addDepart, onSuccess: () => client.invalidateQueries({ queryKey: DEPARTS_KEY }) });
}
