import { Button, List, SpinLoading } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { CONTRACT_MAX_FILES, type ContractFileMeta } from '@contract/practice-contract.ts';
import { formatDate } from '@/lib/format.ts';
import { fileSizeText } from '../contract-parts.tsx';
import { useContractFileActions } from './use-contract-files.tsx';

/** A contract's 附件 in its form on the phone (antd-mobile only): tap to download; upload and delete with the edit code. */
export function ContractFilesPhone({ contractId }: { contractId: string }) {
  const { canEdit, files, upload, input, count, picker, ...act } = useContractFileActions(contractId);
  const confirmRemove = async (file: ContractFileMeta) => {
    if (await confirmDialog({ content: act.removeQuestion(file), confirmText: '删除', cancelText: '取消' })) await act.remove(file);
  };

  return (
    <section aria-label="协议附件" className="contract-files-phone">
      <List header={`协议附件（${count}）`}>
        {files.isPending && (
          <List.Item>
            <SpinLoading style={{ '--size': '20px' }} aria-label="加载中" />
          </List.Item>
        )}
        {files.isError && <List.Item>附件加载失败，请稍后重试</List.Item>}
        {files.data?.length === 0 && <List.Item>暂无附件</List.Item>}
        {files.data?.map((file) => (
          <List.Item
            key={file.id}
            description={`${fileSizeText(file.size)} · ${file.uploader ?? '—'} · ${formatDate(file.createTime)}`}
            onClick={() => act.download(file)}
            extra={
              canEdit ? (
                <Button
                  size="mini"
                  color="danger"
                  fill="none"
                  onClick={(event) => {
                    event.stopPropagation();
                    void confirmRemove(file);
                  }}
                >
                  删除
                </Button>
              ) : null
            }
          >
            {file.fileName}
          </List.Item>
        ))}
      </List>
      {canEdit && (
        <div className="contract-files-phone__upload">
          <Button block color="primary" fill="outline" loading={upload.isPending} disabled={count >= CONTRACT_MAX_FILES} onClick={() => input.current?.click()}>
            上传附件（PDF、图片或Word，≤10MB）
          </Button>
          {picker}
        </div>
      )}
    </section>
  );
}
