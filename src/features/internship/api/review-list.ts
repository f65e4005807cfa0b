import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import type { WeeklyReviewQuery, WeeklyReviewRow } from '@contract/internship.ts';
import { http } from '@/lib/api-client.ts';

/** '' lists every summary that is not a draft. */
export type ReviewStatusFilter = NonNullable<WeeklyReviewQuery['status']>;

/** The summaries of my advisees (all students' for administrators), submitted ones first, a page at a time. */
export const getReviewList = (query: WeeklyReviewQuery) =>
  http.get<PageResult<WeeklyReviewRow>>('/internship/weekly/review', { ...query, status: query.status || undefined });

/** Everything under this key is the review list, in any filter and paging (the review invalidates it). */
export const REVIEW_LIST_KEY = ['internship', 'weekly', 'review'] as const;

export const reviewListQuery = (query: WeeklyReviewQuery) =>
  queryOptions({ queryKey: [...REVIEW_LIST_KEY, 'page', query], queryFn: () => getReviewList(query), placeholderData: keepPreviousData });

export const useReviewList = (query: WeeklyReviewQuery) => useQuery(reviewListQuery(query));

/** The phone's list: page after page as the student scrolls. */
export const reviewListInfiniteQuery = (status: ReviewStatusFilter, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...REVIEW_LIST_KEY, 'infinite', { status, pageSize }],
    queryFn: ({ pageParam }) => getReviewList({ status, page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * pageSize < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
  });

export const useReviewListInfinite = (status: ReviewStatusFilter, pageSize: number) => useInfiniteQuery(reviewListInfiniteQuery(status, pageSize));
