import type { ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { PhoneListState, type PhoneListStateProps } from './phone-list-state.tsx';
import './phone-list-state.css';

/** What the list needs of an infinite query (react-query's useInfiniteQuery gives it); a list read whole has no next page. */
export interface InfiniteListQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  /** The next page, for a list read page by page: rejects, or says isError, when it could not be read. */
  fetchNextPage?: () => Promise<{ isError: boolean; error: unknown } | void>;
}

export interface PhoneInfiniteListProps extends Omit<PhoneListStateProps, 'pending' | 'failed'> {
  query: InfiniteListQuery;
  /** When the list counts as loading or failed, where that is more than the query's own state (paused offline). */
  pending?: boolean;
  failed?: boolean;
  /** Above the rows, pulled with them (the records waiting on the device). */
  header?: ReactNode;
  /** How many rows there are in all: the end of the list says so (共 14 条，没有更多了), and a page that failed offers a retry. */
  total?: number;
}

/** The next page; a failure is thrown, so the list offers 重新加载 instead of asking again and again. */
async function loadMore(fetchNextPage: NonNullable<InfiniteListQuery['fetchNextPage']>) {
  const next = await fetchNextPage();
  if (next?.isError) throw next.error;
}

/**
 * A phone list of pages (antd-mobile): pull down to read it again, the next page at the end, and its
 * loading, failure and empty states (PhoneListState) before the rows.
 */
export function PhoneInfiniteList({ query, pending = query.isPending, failed = query.isError, header, total, children, ...states }: PhoneInfiniteListProps) {
  const { fetchNextPage } = query;
  return (
    <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
      {header}
      <PhoneListState pending={pending} failed={failed} {...states}>
        {children}
      </PhoneListState>
      {!states.empty && fetchNextPage && (
        <InfiniteScroll loadMore={() => loadMore(fetchNextPage)} hasMore={query.hasNextPage}>
          {total === undefined
            ? undefined
            : (more, loadFailed, retry) =>
                more ? (
                  loadFailed ? (
                    <button type="button" className="phone-list-state__retry" onClick={() => void retry()}>
                      加载失败，点击重试
                    </button>
                  ) : (
                    '加载中…'
                  )
                ) : (
                  `共 ${total} 条，没有更多了`
                )}
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
