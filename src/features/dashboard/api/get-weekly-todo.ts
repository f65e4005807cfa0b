import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordReviewRow } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

/** The newest summaries waiting for my review, for the workplace's 待办 box. */
export const REVIEW_TODO_SHOWN = 5;

// Under 实习记录批阅's own key prefix, so a review made there refreshes the box too.
export const reviewTodoQuery = () =>
  queryOptions({
    queryKey: ['internship', 'review', 'weekly', 'todo'],
    queryFn: () => http.get<PageResult<RecordReviewRow>>('/internship/weekly/review', { status: 'submitted', page: 1, pageSize: REVIEW_TODO_SHOWN }, { silent: true }),
    staleTime: 0,
  });

export const useReviewTodo = (enabled: boolean) => useQuery({ ...reviewTodoQuery(), enabled });
