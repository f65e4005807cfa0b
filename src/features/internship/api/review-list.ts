import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import type { WeeklyReviewQuery } from '@contract/internship.ts';
import type { RecordKindDeclaration, RecordReviewRow } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';

/** '' lists every record that is not a draft. */
export type ReviewStatusFilter = NonNullable<WeeklyReviewQuery['status']>;

/** The kind's records of my advisees (all students' for the office), submitted ones first, a page at a time. */
export const getReviewList = (declaration: RecordKindDeclaration, query: WeeklyReviewQuery) =>
  http.get<PageResult<RecordReviewRow>>(`${declaration.base}/review`, { ...query, status: query.status || undefined });

/** Everything under this key is a review list, of any kind, filter and paging (a review invalidates it). */
export const REVIEW_LIST_KEY = ['internship', 'review'] as const;

export const reviewListQuery = (declaration: RecordKindDeclaration, query: WeeklyReviewQuery) =>
  queryOptions({ queryKey: [...REVIEW_LIST_KEY, declaration.kind, 'page', query], queryFn: () => getReviewList(declaration, query), placeholderData: keepPreviousData });

export const useReviewList = (declaration: RecordKindDeclaration, query: WeeklyReviewQuery, enabled = true) => useQuery({ ...reviewListQuery(declaration, query), enabled });

/** The phone's list: page after page as the adviser scrolls. */
export const reviewListInfiniteQuery = (declaration: RecordKindDeclaration, status: ReviewStatusFilter, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...REVIEW_LIST_KEY, declaration.kind, 'infinite', { status, pageSize }],
    queryFn: ({ pageParam }) => getReviewList(declaration, { status, page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * pageSize < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
  });

export const useReviewListInfinite = (declaration: RecordKindDeclaration, status: ReviewStatusFilter, pageSize: number, enabled = true) =>
  useInfiniteQuery({ ...reviewListInfiniteQuery(declaration, status, pageSize), enabled });
