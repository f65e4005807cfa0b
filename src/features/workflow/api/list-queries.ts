import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

/** Everything under this key is one of the three lists (我的待办, 我的已办, 我的申请): a decision or a withdrawal invalidates them all. */
export const WORKFLOW_LIST_KEY = ['workflow', 'list'] as const;

const PHONE_PAGE_SIZE = 10;

export interface WorkflowPageQuery {
  page: number;
  pageSize: number;
}

/**
 * The call and the queries of one paged list: the desktop table's page, and the phone's list that loads
 * page after page as one scrolls. Each list's own file names them.
 */
export function workflowList<Row>(name: 'todo' | 'done' | 'mine', url: string) {
  const get = (query: WorkflowPageQuery) => http.get<PageResult<Row>>(url, query);
  const page = (query: WorkflowPageQuery) => queryOptions({ queryKey: [...WORKFLOW_LIST_KEY, name, 'page', query], queryFn: () => get(query), placeholderData: keepPreviousData });
  const infinite = (pageSize: number) =>
    infiniteQueryOptions({
      queryKey: [...WORKFLOW_LIST_KEY, name, 'infinite', pageSize],
      queryFn: ({ pageParam }) => get({ page: pageParam, pageSize }),
      initialPageParam: 1,
      getNextPageParam: (last: PageResult<Row>, pages: PageResult<Row>[]) => (pages.length * pageSize < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
    });
  return {
    get,
    /** As a declared list reads it (components/list/list-data.ts): the desktop's page, the phone's pages of ten. */
    source: { page: ({ pageNo, pageSize }: { pageNo: number; pageSize: number }) => page({ page: pageNo, pageSize }), scroll: () => infinite(PHONE_PAGE_SIZE) },
  };
}
