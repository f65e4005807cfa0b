import { useCallback, useEffect, useState } from 'react';
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import type { Device } from '@/hooks/use-device.ts';

/** The desktop's pages: which one is shown, and the way to another (a new page size starts again at the first). */
export interface ListPages {
  pageNo: number;
  pageSize: number;
  total: number;
  go: (pageNo: number, pageSize: number) => void;
}

/** The rows of a list and their state, whichever query gives them. */
export interface ListData<Row> {
  rows: readonly Row[];
  /** Nothing loaded yet. */
  pending: boolean;
  fetching: boolean;
  /** Read again on request (刷新, a pull). */
  refreshing: boolean;
  failed: boolean;
  refetch: () => Promise<unknown>;
  /** Paged (the desktop's table). */
  pages?: ListPages;
  /** Read page after page as one scrolls (the phone); load rejects when the page failed, so the list offers a retry. */
  more?: { has: boolean; total: number; load: () => Promise<void> };
}

// Offline a query is paused: a list with nothing says 加载失败 (to try again) instead of loading for ever.
const state = (query: UseQueryResult<unknown> | UseInfiniteQueryResult<unknown>) => ({
  pending: query.isPending && query.fetchStatus !== 'paused',
  fetching: query.isFetching,
  refreshing: query.isRefetching,
  failed: query.isError || query.fetchStatus === 'paused',
  refetch: () => query.refetch(),
});

/** A list the server gives whole (定时任务, 今日签到). */
export const wholeList = <Row>(query: UseQueryResult<readonly Row[]>): ListData<Row> => ({ ...state(query), rows: query.data ?? [] });

/** One page of a paged list. */
export const pagedList = <Row>(query: UseQueryResult<PageResult<Row>>, pages: Omit<ListPages, 'total'>): ListData<Row> => ({
  ...state(query),
  rows: query.data?.records ?? [],
  pages: { ...pages, total: query.data?.total ?? 0 },
});

/** The pages of a list read so far as one scrolls. */
export const scrolledList = <Row>(query: UseInfiniteQueryResult<InfiniteData<PageResult<Row>>>): ListData<Row> => ({
  ...state(query),
  rows: query.data?.pages.flatMap((page) => page.records) ?? [],
  more: {
    has: query.hasNextPage,
    total: query.data?.pages[0]?.total ?? 0,
    load: () =>
      query.fetchNextPage({ cancelRefetch: false }).then((result) => {
        if (result.isError) throw result.error;
      }),
  },
});

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The page shown and its size, kept by the screen's hook so that a change of device keeps them. */
export function usePaging() {
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const go = useCallback((pageNo: number, pageSize: number) => setPaging((current) => ({ pageNo: pageSize === current.pageSize ? pageNo : 1, pageSize })), []);
  const first = useCallback(() => setPaging((current) => ({ ...current, pageNo: 1 })), []);
  return { ...paging, go, first };
}
export type Paging = ReturnType<typeof usePaging>;

/** A paged list's queries: one page for the desktop, pages one after another for the phone. */
export interface PagedSource<Row, PageKey extends QueryKey, ScrollKey extends QueryKey> {
  page: (paging: { pageNo: number; pageSize: number }) => UseQueryOptions<PageResult<Row>, Error, PageResult<Row>, PageKey>;
  scroll: () => UseInfiniteQueryOptions<PageResult<Row>, Error, InfiniteData<PageResult<Row>>, ScrollKey, number>;
}

/**
 * A paged list as the device reads it: the desktop and the tablet page through it, the phone scrolls (only the
 * device's query runs). A page left empty by the last change (the last task of a page decided) steps back.
 */
export function usePagedList<Row, PageKey extends QueryKey, ScrollKey extends QueryKey>(source: PagedSource<Row, PageKey, ScrollKey>, device: Device, paging: Paging): ListData<Row> {
  const phone = device === 'phone';
  const page = useQuery({ ...source.page(paging), enabled: !phone });
  const scroll = useInfiniteQuery({ ...source.scroll(), enabled: phone });
  const lastPage = Math.max(1, Math.ceil((page.data?.total ?? 0) / paging.pageSize));
  const pastEnd = Boolean(page.data) && !page.isPlaceholderData && paging.pageNo > lastPage;
  const { go, pageSize } = paging;
  useEffect(() => {
    if (pastEnd) go(lastPage, pageSize);
  }, [pastEnd, lastPage, pageSize, go]);
  return phone ? scrolledList(scroll) : pagedList(page, paging);
}
