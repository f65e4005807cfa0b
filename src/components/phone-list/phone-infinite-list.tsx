import type { ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { PhoneListState } from './phone-list-state.tsx';

/** What the list needs of an infinite query (react-query's useInfiniteQuery gives it). */
export interface InfiniteListQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

export interface PhoneInfiniteListProps {
  query: InfiniteListQuery;
  /** No rows (the empty notice shows instead of the children). */
  empty: boolean;
  emptyTitle: string;
  emptyDescription: string;
  /** When the list counts as loading or failed, where that is more than the query's own state (paused offline). */
  pending?: boolean;
  failed?: boolean;
  /** Above the rows, pulled with them (the records waiting on the device). */
  header?: ReactNode;
  children: ReactNode;
}

/** The next page; a failure is thrown, so the list offers 重新加载 instead of asking again and again. */
async function loadMore(query: InfiniteListQuery) {
  const next = await query.fetchNextPage();
  if (next.isError) throw next.error;
}

/**
 * A phone list of pages (antd-mobile): pull down to read it again, the next page at the end, and its
 * loading, failure and empty states (PhoneListState) before the rows.
 */
export function PhoneInfiniteList({ query, empty, emptyTitle, emptyDescription, pending = query.isPending, failed = query.isError, header, children }: PhoneInfiniteListProps) {
  return (
    <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
      {header}
      <PhoneListState pending={pending} failed={failed} empty={empty} emptyTitle={emptyTitle} emptyDescription={emptyDescription}>
        {children}
      </PhoneListState>
      {!empty && <InfiniteScroll loadMore={() => loadMore(query)} hasMore={query.hasNextPage} />}
    </PullToRefresh>
  );
}
