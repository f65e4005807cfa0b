import { useRef } from 'react';
import { CONTRACT_FILE_ACCEPT, CONTRACT_PERMISSIONS, type ContractFileMeta } from '@contract/practice-contract.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useDeleteContractFile } from '../api/delete-contract-file.ts';
import { downloadContractFile } from '../api/download-contract-file.ts';
import { useContractFiles } from '../api/list-contract-files.ts';
import { uploadProblem, useUploadContractFile } from '../api/upload-contract-file.ts';

/** A contract's 附件 for either layout: the list, whether I may change it, the file chooser (checked before upload), download and delete. */
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
  // The hidden chooser the upload button opens; a file is checked, then sent, and the same file may be chosen again.
  const picker = (
    <input
      ref={input}
      type="file"
      accept={CONTRACT_FILE_ACCEPT}
      hidden
      aria-label="选择附件文件"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void send(file).catch(() => undefined);
      }}
    />
  );
  return {
    canEdit,
    files,
    upload,
    input,
    count,
    picker,
    download: (file: ContractFileMeta) => void downloadContractFile(file).catch(() => undefined),
    /** What deleting a file asks first. */
    removeQuestion: (file: ContractFileMeta) => `确定删除附件“${file.fileName}”吗?`,
    remove: (file: ContractFileMeta) =>
      remove
        .mutateAsync(file.id)
        .then((message) => notify.success(message))
        .catch(() => undefined),
  };
}
