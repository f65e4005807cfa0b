import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_FILE_MAX_BYTES, CONTRACT_FILE_URL, CONTRACT_MSG, type ContractFileMeta } from '@contract/practice-contract.ts';
import { request } from '@/lib/api-client.ts';
import { contractFilesKey } from './list-contract-files.ts';

/** What the browser can tell before sending (the server checks the bytes anyway): null when it may go. */
export function uploadProblem(file: File): string | null {
  if (file.size === 0) return CONTRACT_MSG.fileEmpty;
  if (file.size > CONTRACT_FILE_MAX_BYTES) return CONTRACT_MSG.fileTooLarge;
  return /\.(pdf|jpe?g|png|gif|webp|docx?)$/i.test(file.name) ? null : CONTRACT_MSG.fileType;
}

/** One file to a contract (multipart field "file"); resolves to the server's message. Refusals are shown by the shared client. */
export async function uploadContractFile(contractId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<ContractFileMeta>({ method: 'post', url: CONTRACT_FILE_URL.upload, params: { contractId }, data: form });
}

export function useUploadContractFile(contractId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadContractFile(contractId, file).then((envelope) => envelope.message),
    onSettled: () => client.invalidateQueries({ queryKey: contractFilesKey(contractId) }),
  });
}
