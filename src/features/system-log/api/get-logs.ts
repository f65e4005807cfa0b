import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LogRecord, LogType } from '@contract/log.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

/** The filters of the log screen; blank ones are left out. Dates are YYYY-MM-DD, whole days, both included. */
export interface LogFilters {
  logType: LogType;
  keyword?: string;
  createTime_begin?: string;
  createTime_end?: string;
}
export type LogPageQuery = LogFilters & { pageNo: number; pageSize: number };

const withoutBlanks = (query: LogPageQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

/** One page of one log type, newest first (system:log:list). */
export const getLogs = (query: LogPageQuery) => http.get<PageResult<LogRecord>>('/sys/log/list', withoutBlanks(query));

export const LOGS_KEY = ['system', 'logs'] as const;

/** The desktop table: the page shown stays while the next loads. */
export const logsQuery = (query: LogPageQuery) => queryOptions({ queryKey: [...LOGS_KEY, 'page', query], queryFn: () => getLogs(query), placeholderData: keepPreviousData });

/** The phone's list: page after page as one scrolls. */
export const logsInfiniteQuery = (filters: LogFilters, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...LOGS_KEY, 'infinite', filters, pageSize],
    queryFn: ({ pageParam }) => getLogs({ ...filters, pageNo: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.size < last.total && last.records.length > 0 ? last.current + 1 : undefined),
  });
