import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_FILE_URL, CONTRACT_MSG } from '@contract/practice-contract.ts';
import { http } from '@/lib/api-client.ts';
import { contractFilesKey } from './list-contract-files.ts';

export const deleteContractFile = (id: string) => http.delete<null>(CONTRACT_FILE_URL.remove, { id });

export function useDeleteContractFile(contractId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteContractFile(id).then(() => CONTRACT_MSG.fileDeleted),
    onSettled: () => client.invalidateQueries({ queryKey: contractFilesKey(contractId) }),
  });
}
