import { Button, Table, type TableColumnsType } from 'antd';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';

/** A desktop table over a list read page after page (useInfiniteQuery): 加载更多 below while there is more. */
export function LoadMoreTable<Row extends { id: string }>({ list, columns, emptyText }: { list: UseInfiniteQueryResult<InfiniteData<PageResult<Row>>>; columns: TableColumnsType<Row>; emptyText: string }) {
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.pages.flatMap((p) => p.records) ?? []}
      loading={list.isFetching}
      pagination={false}
      locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : emptyText }}
      footer={list.hasNextPage ? () => <Button type="link" onClick={() => void list.fetchNextPage()}>加载更多</Button> : undefined}
    />
  );
}
