import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { CONTRACT_MAX_FILES } from '@contract/practice-contract.ts';
import { ListTable } from '@/components/list/list-desktop.tsx';
import { useContractFileActions } from './use-contract-files.tsx';

/** A contract's 附件 under its 详情: download for whoever sees the contract, upload and delete with the edit code. */
export function ContractFilesDesktop({ contractId }: { contractId: string }) {
  const { canEdit, list, upload, input, count, picker, download } = useContractFileActions(contractId);
  return (
    <section aria-label="协议附件" className="contract-files">
      <Space className="contract-files__bar" wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          协议附件
        </Typography.Title>
        {canEdit && (
          <>
            <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={count >= CONTRACT_MAX_FILES} onClick={() => input.current?.click()}>
              上传附件
            </Button>
            <Typography.Text type="secondary">PDF、图片或Word文档，单个不超过10MB，最多{CONTRACT_MAX_FILES}个</Typography.Text>
            {picker}
          </>
        )}
      </Space>
      <ListTable
        list={list}
        cells={{
          fileName: (file) => (
            <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => download(file)} title={`下载 ${file.fileName}`}>
              {file.fileName}
            </Button>
          ),
        }}
      />
    </section>
  );
}
