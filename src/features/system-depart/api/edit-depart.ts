import { useMutation, useQueryClient } from '@tanstack/react-query';
import { departEditSchema, type DepartEditInput, type DepartTreeNode } from '@contract/depart.ts';
import { http } from '@/lib/api-client.ts';
import { DEPARTS_KEY } from './get-depart-tree.ts';

export { departEditSchema };

/** Saves a department's name, code, type, parent and order (system:depart:edit). */
export const editDepart = (input: DepartEditInput) => http.put<DepartTreeNode>('/sys/sysDepart/edit', input);

export function useEditDepart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editDepart, onSuccess: () => client.invalidateQueries({ queryKey: DEPARTS_KEY }) });
}
