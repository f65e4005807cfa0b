import { Card, DatePicker, Form, Input, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { LOG_TYPE, type LogRecord } from '@contract/log.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ListTable } from '@/components/list/list-desktop.tsx';
import { SearchButtons } from '@/components/resource/search-buttons.tsx';
import dayjs from '@/lib/dayjs.ts';
import { DATE_FORMAT } from '@/lib/format.ts';
import { paramsText, type LogListPage } from './log-list.tsx';

interface SearchValues {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The log's search: a keyword and a range of whole days, both ends included. */
function SearchForm({ page }: { page: LogListPage }) {
  const [form] = Form.useForm<SearchValues>();
  const { filters } = page;
  const search = (values: SearchValues) => {
    const [begin, end] = values.range ?? [];
    page.search({ keyword: values.keyword?.trim() || undefined, createTime_begin: begin?.format(DATE_FORMAT), createTime_end: end?.format(DATE_FORMAT) });
  };
  const initial: SearchValues = {
    keyword: filters.keyword,
    range: filters.createTime_begin || filters.createTime_end ? [filters.createTime_begin ? dayjs(filters.createTime_begin) : null, filters.createTime_end ? dayjs(filters.createTime_end) : null] : null,
  };
  return (
    <Form form={form} name={`log-search-${page.logType}`} initialValues={initial} layout="inline" className="log-list__search" onFinish={search} role="search" aria-label={`查询${page.list.filter?.options.find((o) => o.value === page.list.filter?.value)?.label}`}>
      <Form.Item name="keyword" label="关键词">
        <Input allowClear placeholder={page.keywordHint} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="range" label="时间范围">
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} />
      </Form.Item>
      <SearchButtons form={form} onReset={() => page.search({})} />
    </Form>
  );
}

/** 日志管理 on desktop and tablet: 登录日志 and 操作日志 in tabs, each with its search, its paged table and, for operations, the request body in an expandable row. */
export default function LogListDesktop(page: LogListPage) {
  const { list } = page;
  return (
    <AntdProvider>
      <Card className="log-list" variant="borderless">
        <Tabs activeKey={list.filter?.value} onChange={list.filter?.onChange} items={list.filter?.options.map((tab) => ({ key: tab.value, label: tab.label }))} />
        <SearchForm key={page.logType} page={page} />
        <ListTable<LogRecord>
          list={list}
          expandable={
            page.logType === LOG_TYPE.operation
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
        />
      </Card>
    </AntdProvider>
  );
}
