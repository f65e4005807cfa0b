import { useRef } from 'react';
import { CONTRACT_PERMISSIONS } from '@contract/practice-contract.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useDeleteContractFile } from '../api/delete-contract-file.ts';
import { useContractFiles } from '../api/list-contract-files.ts';
import { uploadProblem, useUploadContractFile } from '../api/upload-contract-file.ts';

/** A contract's 附件 for either layout: the list, whether I may change it, and upload (checked first) and delete. */
export function useContractFileActions(contractId: string) {
  const canEdit = usePermission(CONTRACT_PERMISSIONS.edit);
  const files = useContractFiles(contractId);
  const upload = useUploadContractFile(contractId);
  const remove = useDeleteContractFile(contractId);
  const input = useRef<HTMLInputElement>(null);
  const count = files.data?.length ?? 0;
  const send = async (file: File) => {
    const problem = uploadProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    notify.success(await upload.mutateAsync(file));
  };
  return { canEdit, files, upload, remove, input, count, send };
}
