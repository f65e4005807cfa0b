import { useRef } from 'react';
import { CONTRACT_FILE_ACCEPT, CONTRACT_PERMISSIONS, type ContractFileMeta } from '@contract/practice-contract.ts';
import { wholeList } from '@/components/list/list-data.ts';
import type { DeclaredList } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { formatDate } from '@/lib/format.ts';
import { useDeleteContractFile } from '../api/delete-contract-file.ts';
import { downloadContractFile } from '../api/download-contract-file.ts';
import { useContractFiles } from '../api/list-contract-files.ts';
import { uploadProblem, useUploadContractFile } from '../api/upload-contract-file.ts';
import { fileSizeText } from '../contract-parts.tsx';

/** A contract's 附件 for either layout: the files declared as a list (删除 with the edit code, asked first), the file chooser (checked before upload), download. */
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
  const list: DeclaredList<ContractFileMeta> = {
    title: '协议附件',
    rowKey: (file) => file.id,
    columns: [
      { key: 'fileName', label: '文件名', ellipsis: true },
      { key: 'size', label: '大小', width: 100, show: (file) => fileSizeText(file.size) },
      { key: 'uploader', label: '上传人', width: 110 },
      { key: 'createTime', label: '上传时间', width: 170, show: (file) => formatDate(file.createTime) },
    ],
    actions: canEdit ? [{ key: 'remove', label: '删除', danger: true, confirm: (file) => ({ title: `确定删除附件“${file.fileName}”吗?` }), run: (file) => remove.mutateAsync(file.id).then((message) => notify.success(message)) }] : [],
    actionsWidth: 80,
    empty: '暂无附件',
    failed: { title: '附件加载失败，请稍后重试' },
    data: wholeList(files),
  };
  return {
    canEdit,
    list,
    upload,
    input,
    count,
    picker,
    download: (file: ContractFileMeta) => void downloadContractFile(file).catch(() => undefined),
  };
}
