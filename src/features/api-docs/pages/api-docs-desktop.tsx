import { Alert, Button, Empty, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { FieldRow, Method, Operation } from '../components/operations.ts';
import type { ApiDocsPageState } from '../components/use-api-docs-page.ts';
import './api-docs.css';

const METHOD_COLORS: Record<Method, string> = { get: 'blue', post: 'green', put: 'orange', delete: 'red' };

const fieldColumns: TableColumnsType<FieldRow> = [
  { key: 'name', title: '字段', dataIndex: 'name', width: 240 },
  { key: 'type', title: '类型', dataIndex: 'type', width: 300 },
  { key: 'required', title: '必填', dataIndex: 'required', width: 70, render: (required: boolean) => (required ? '是' : '否') },
  { key: 'note', title: '说明', dataIndex: 'note' },
];

function Fields({ title, rows, empty }: { title: string; rows: FieldRow[]; empty: string }) {
  return (
    <>
      <div className="api-docs__section">{title}</div>
      {rows.length ? <Table<FieldRow> size="small" rowKey="key" columns={fieldColumns} dataSource={rows} pagination={false} /> : <Typography.Text type="secondary">{empty}</Typography.Text>}
    </>
  );
}

function OperationDetail({ operation }: { operation: Operation }) {
  return (
    <div aria-label={`${operation.method.toUpperCase()} ${operation.path} 的说明`}>
      <Fields title="参数" rows={operation.parameters} empty="无" />
      {operation.body && <Fields title={`请求体（${operation.body.mediaType}）`} rows={operation.body.fields} empty="空对象" />}
      {operation.answer.map((answer) => (
        <Fields key={answer.mediaType} title={`成功应答（${answer.mediaType}）`} rows={answer.fields} empty={answer.mediaType.startsWith('application/json') ? '无字段' : '文件内容'} />
      ))}
      <Typography.Text type="secondary">失败时：信封的 success 为 false，message 为中文说明。</Typography.Text>
    </div>
  );
}

const columns: TableColumnsType<Operation> = [
  { key: 'method', title: '方法', dataIndex: 'method', width: 90, render: (method: Method) => <Tag className="api-docs__method" color={METHOD_COLORS[method]}>{method}</Tag> },
  { key: 'path', title: '地址', dataIndex: 'path', render: (path: string) => <span className="api-docs__path">{path}</span> },
  { key: 'tag', title: '模块', dataIndex: 'tag', width: 200 },
  { key: 'access', title: '权限', dataIndex: 'access', width: 300 },
];

/** 接口文档 on a computer: search and module, 下载 OpenAPI 文件, and every call with its parameters, body and answer. */
export default function ApiDocsDesktop({ state }: { state: ApiDocsPageState }) {
  const { document } = state;
  return (
    <AntdProvider>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {state.info && (
          <Alert
            type="info"
            message={`${state.info.title}（OpenAPI ${document.data?.openapi}，共 ${state.operations.length} 个接口）`}
            description={state.info.description}
          />
        )}
        {document.isError && <Alert type="error" message="接口文档加载失败" />}
        <Space wrap>
          <Input.Search allowClear placeholder="按地址、权限编码或方法查找" style={{ width: 320 }} value={state.text} onChange={(event) => state.setText(event.target.value)} />
          <Select
            allowClear
            showSearch
            placeholder="全部模块"
            style={{ width: 220 }}
            value={state.tag}
            onChange={(tag?: string) => state.setTag(tag)}
            options={state.tags.map((tag) => ({ value: tag, label: tag }))}
          />
          <Button disabled={!document.data} onClick={state.download}>
            下载 OpenAPI 文件
          </Button>
        </Space>
        <Table<Operation>
          rowKey="key"
          size="middle"
          loading={document.isPending}
          columns={columns}
          dataSource={state.shown}
          expandable={{ expandedRowRender: (operation) => <OperationDetail operation={operation} />, expandRowByClick: true }}
          pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (total) => `共 ${total} 个接口` }}
          locale={{ emptyText: <Empty description={document.isPending ? '正在加载…' : '没有符合条件的接口'} /> }}
        />
      </Space>
    </AntdProvider>
  );
}
