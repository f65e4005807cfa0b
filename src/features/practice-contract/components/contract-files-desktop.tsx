import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CONTRACT_MAX_FILES, type ContractFileMeta } from '@contract/practice-contract.ts';
import { formatDate } from '@/lib/format.ts';
import { fileSizeText } from '../contract-parts.tsx';
import { useContractFileActions } from './use-contract-files.tsx';

/** A contract's 附件 under its 详情: download for whoever sees the contract, upload and delete with the edit code. */
export function ContractFilesDesktop({ contractId }: { contractId: string }) {
  const { canEdit, files, upload, input, count, picker, ...act } = useContractFileActions(contractId);

  const columns: TableColumnsType<ContractFileMeta> = [
    {
      key: 'fileName',
      title: '文件名',
      ellipsis: true,
      render: (_v, file) => (
        <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => act.download(file)} title={`下载 ${file.fileName}`}>
          {file.fileName}
        </Button>
      ),
    },
    { key: 'size', title: '大小', width: 100, render: (_v, file) => fileSizeText(file.size) },
    { key: 'uploader', title: '上传人', width: 110, render: (_v, file) => file.uploader ?? '—' },
    { key: 'createTime', title: '上传时间', width: 170, render: (_v, file) => formatDate(file.createTime) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 80,
      render: (_v, file) => (
        <Popconfirm title={act.removeQuestion(file)} okText="确定" cancelText="取消" onConfirm={() => act.remove(file)}>
          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
            删除
          </Button>
        </Popconfirm>
      ),
    });
  }

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
      <Table<ContractFileMeta>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={files.data ?? []}
        loading={files.isFetching}
        pagination={false}
        locale={{ emptyText: files.isError ? '附件加载失败，请稍后重试' : '暂无附件' }}
      />
    </section>
  );
}
