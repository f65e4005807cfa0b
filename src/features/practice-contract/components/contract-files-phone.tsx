import { Button, List, SpinLoading } from 'antd-mobile';
import { CONTRACT_MAX_FILES } from '@contract/practice-contract.ts';
import { PhoneActionButtons } from '@/components/list/list-phone.tsx';
import { formatDate } from '@/lib/format.ts';
import { fileSizeText } from '../contract-parts.tsx';
import { useContractFileActions } from './use-contract-files.tsx';

/** A contract's 附件 in its form on the phone (antd-mobile only): tap to download; upload and delete with the edit code. */
export function ContractFilesPhone({ contractId }: { contractId: string }) {
  const { canEdit, list, upload, input, count, picker, download } = useContractFileActions(contractId);
  const { data } = list;
  return (
    <section aria-label="协议附件" className="contract-files-phone">
      <List header={`协议附件（${count}）`}>
        {data.pending && (
          <List.Item>
            <SpinLoading style={{ '--size': '20px' }} aria-label="加载中" />
          </List.Item>
        )}
        {data.failed && <List.Item>{list.failed?.title}</List.Item>}
        {!data.pending && !data.failed && count === 0 && <List.Item>{list.empty}</List.Item>}
        {data.rows.map((file) => (
          <List.Item key={file.id} description={`${fileSizeText(file.size)} · ${file.uploader ?? '—'} · ${formatDate(file.createTime)}`} onClick={() => download(file)} extra={<PhoneActionButtons actions={list.actions ?? []} row={file} />}>
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
