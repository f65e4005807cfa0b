import { useEffect } from 'react';
import { Button, Drawer, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { InstanceDetailDesktop } from './instance-detail-desktop.tsx';
import type { DetailMode, WorkflowListState } from './workflow-parts.tsx';

/** The 申请 column: the title as a link that opens the application (the whole row opens it too). */
export function titleColumn<Row extends { title: string }>(open: (row: Row) => void): TableColumnsType<Row>[number] {
  return {
    title: '申请',
    dataIndex: 'title',
    ellipsis: true,
    render: (value: string, row: Row) => (
      <Button
        type="link"
        className="workflow-link"
        onClick={(event) => {
          event.stopPropagation();
          open(row);
        }}
      >
        {value}
      </Button>
    ),
  };
}

interface WorkflowTableProps<Row> {
  title: string;
  emptyText: string;
  state: WorkflowListState;
  list: UseQueryResult<PageResult<Row>>;
  columns: TableColumnsType<Row>;
  /** The application a row is about. */
  instanceOf: (row: Row) => string;
  mode: DetailMode;
  scrollX?: number;
}

/** One of the workflow's lists on desktop and tablet: the paged table, the application in a drawer titled 申请详情. */
export function WorkflowTableDesktop<Row extends { id: string }>({ title, emptyText, state, list, columns, instanceOf, mode, scrollX }: WorkflowTableProps<Row>) {
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  // Deciding the last task of a page can leave the page empty: step back (the page is the parent's state).
  const pastEnd = Boolean(list.data) && !list.isPlaceholderData && state.page > lastPage;
  const { setPaging, pageSize } = state;
  useEffect(() => {
    if (pastEnd) setPaging(lastPage, pageSize);
  }, [pastEnd, lastPage, pageSize, setPaging]);

  return (
    <AntdProvider>
      <section className="workflow-list" aria-label={title}>
        <div className="workflow-list__toolbar">
          <h2 className="workflow-list__heading">{title}</h2>
          <Button onClick={() => void list.refetch()} loading={list.isRefetching}>
            刷新
          </Button>
        </div>
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={scrollX ? { x: scrollX } : undefined}
          onRow={(row) => ({ onClick: () => state.open(instanceOf(row)), className: 'workflow-list__row' })}
          locale={{ emptyText: list.isPending ? '加载中…' : list.isError ? '加载失败，请稍后重试' : emptyText }}
          pagination={{
            ...PAGER_ICONS,
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            showTotal: (count) => `共 ${count} 条`,
            onChange: state.setPaging,
          }}
        />
      </section>
      <Drawer title="申请详情" size={640} open={state.detailOpen} onClose={state.close} destroyOnHidden>
        {state.openId && <InstanceDetailDesktop id={state.openId} mode={mode} onDone={state.close} />}
      </Drawer>
    </AntdProvider>
  );
}
