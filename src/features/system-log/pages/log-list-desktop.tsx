import { useState } from 'react';
import { Card, DatePicker, Form, Input, Table, Tabs, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { LOG_TYPE, type LogRecord, type LogType } from '@contract/log.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { DATE_FORMAT } from '@/lib/format.ts';
import { useLogs, type LogFilters } from '../api/get-logs.ts';
import { KEYWORD_HINT, LOG_TABS, paramsText, statusTone, timeText } from './log-parts.ts';
import './log-list.css';
import { SearchButtons } from '@/components/resource/search-buttons.tsx';

interface SearchValues {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const STATUS_COLOR = { ok: 'success', refused: 'warning', failed: 'error', none: 'default' } as const;
const blank = <span className="log-list__blank">—</span>;
const text = (value: string | null) => value || blank;

const LOGIN_COLUMNS: TableColumnsType<LogRecord> = [
  { key: 'logContent', title: '日志内容', dataIndex: 'logContent', ellipsis: true },
  { key: 'username', title: '操作人', dataIndex: 'username', width: 140, render: text },
  { key: 'ip', title: 'IP', dataIndex: 'ip', width: 150, render: text },
  { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 180, render: timeText },
];

const OPERATION_COLUMNS: TableColumnsType<LogRecord> = [
  { key: 'logContent', title: '操作内容', dataIndex: 'logContent', width: 200, ellipsis: true },
  { key: 'username', title: '操作人', dataIndex: 'username', width: 100, render: text },
  { key: 'ip', title: 'IP', dataIndex: 'ip', width: 120, render: text },
  { key: 'method', title: '请求方法', dataIndex: 'method', width: 90, render: (value: string | null) => (value ? <Tag>{value}</Tag> : blank) },
  {
    key: 'requestUrl',
    title: '请求地址',
    dataIndex: 'requestUrl',
    ellipsis: { showTitle: false },
    render: (value: string | null) => (value ? <Typography.Text className="log-list__url" ellipsis={{ tooltip: value }}>{value}</Typography.Text> : blank),
  },
  { key: 'statusCode', title: '状态码', dataIndex: 'statusCode', width: 80, render: (value: number | null) => (value === null ? blank : <Tag color={STATUS_COLOR[statusTone(value)]}>{value}</Tag>) },
  { key: 'costTime', title: '耗时(毫秒)', dataIndex: 'costTime', width: 100, align: 'right', render: (value: number | null) => (value === null ? blank : value) },
  { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 170, render: timeText },
];

function SearchForm({ logType, onSearch }: { logType: LogType; onSearch: (filters: Omit<LogFilters, 'logType'>) => void }) {
  const [form] = Form.useForm<SearchValues>();
  const search = (values: SearchValues) => {
    const [begin, end] = values.range ?? [];
    onSearch({ keyword: values.keyword?.trim() || undefined, createTime_begin: begin?.format(DATE_FORMAT), createTime_end: end?.format(DATE_FORMAT) });
  };
  return (
    <Form form={form} name={`log-search-${logType}`} layout="inline" className="log-list__search" onFinish={search} role="search" aria-label={`查询${logType === LOG_TYPE.login ? '登录日志' : '操作日志'}`}>
      <Form.Item name="keyword" label="关键词">
        <Input allowClear placeholder={KEYWORD_HINT} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="range" label="时间范围">
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} />
      </Form.Item>
      <SearchButtons form={form} onReset={() => onSearch({})} />
    </Form>
  );
}

/** One log type: its search, a paged table and, for operations, the request body in an expandable row. */
function LogTable({ logType }: { logType: LogType }) {
  const [filters, setFilters] = useState<Omit<LogFilters, 'logType'>>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const query = useLogs({ logType, ...filters, ...paging });
  const operation = logType === LOG_TYPE.operation;

  const onChange: TableProps<LogRecord>['onChange'] = (pagination) => setPaging({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });

  return (
    <>
      <SearchForm
        logType={logType}
        onSearch={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      <Table<LogRecord>
        rowKey="id"
        size="middle"
        columns={operation ? OPERATION_COLUMNS : LOGIN_COLUMNS}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        onChange={onChange}
        scroll={{ x: operation ? 1100 : 800 }}
        expandable={
          operation
            ? {
                rowExpandable: (row) => Boolean(row.requestParams),
                expandedRowRender: (row) => (
                  <div className="log-list__params">
                    <span className="log-list__params-label">请求参数</span>
                    <pre>{paramsText(row.requestParams)}</pre>
                  </div>
                ),
              }
            : undefined
        }
        locale={{ emptyText: query.isError ? '加载失败，请稍后重试' : query.isPending ? '加载中…' : '暂无日志' }}
        pagination={{
          ...PAGER_ICONS,
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
        }}
      />
    </>
  );
}

/** 日志管理 on desktop and tablet: 登录日志 and 操作日志 in tabs, each searched and paged on its own. */
export default function LogListDesktop() {
  return (
    <AntdProvider>
      <Card className="log-list" variant="borderless">
        <Tabs items={LOG_TABS.map((tab) => ({ key: String(tab.type), label: tab.title, children: <LogTable logType={tab.type} /> }))} />
      </Card>
    </AntdProvider>
  );
}
