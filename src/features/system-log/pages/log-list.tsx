import { useState } from 'react';
import { LOG_TYPE, type LogRecord, type LogType } from '@contract/log.ts';
import { usePagedList, usePaging } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import type { Device } from '@/hooks/use-device.ts';
import { formatDate } from '@/lib/format.ts';
import { logsInfiniteQuery, logsQuery, type LogFilters } from '../api/get-logs.ts';
import './log-list.css';

/** 日志管理 declared once (no UI library here): 登录日志 and 操作日志, each searched and paged on its own. */

const LOG_TABS: readonly { value: string; label: string; type: LogType }[] = [
  { value: String(LOG_TYPE.login), label: '登录日志', type: LOG_TYPE.login },
  { value: String(LOG_TYPE.operation), label: '操作日志', type: LOG_TYPE.operation },
];

/** The server matches the keyword in the content, the user name and the address. */
const KEYWORD_HINT = '日志内容、操作人或请求地址';

export const timeText = (iso: string) => formatDate(iso) || '—';

/** The request body as stored (secrets blanked, at most 2000 characters): indented when it is whole JSON, as it is otherwise. */
export function paramsText(params: string | null): string {
  if (!params) return '';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}

/** Refusals and failures stand out: 2xx/3xx fine, 4xx refused, 5xx failed. */
const statusTone = (status: number) => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success');

const who: readonly ListColumn<LogRecord>[] = [
  { key: 'username', label: '操作人', phone: 'bare' },
  { key: 'ip', label: 'IP', phone: 'bare' },
];
const time: ListColumn<LogRecord> = { key: 'createTime', label: '时间', show: (row) => timeText(row.createTime), phone: 'bare' };

const COLUMNS: Record<LogType, readonly ListColumn<LogRecord>[]> = {
  [LOG_TYPE.login]: [{ key: 'logContent', label: '日志内容', ellipsis: true, phone: 'title' }, { ...who[0]!, width: 140 }, { ...who[1]!, width: 150 }, { ...time, width: 180 }],
  [LOG_TYPE.operation]: [
    { key: 'logContent', label: '操作内容', width: 200, ellipsis: true, phone: 'title' },
    { ...who[0]!, width: 100 },
    { ...who[1]!, width: 120 },
    { key: 'method', label: '请求方法', width: 90, show: (row) => row.method && { tag: row.method, tone: 'default' }, phone: 'bare' },
    { key: 'requestUrl', label: '请求地址', ellipsis: true, phone: 'bare' },
    { key: 'statusCode', label: '状态码', width: 80, show: (row) => row.statusCode !== null && { tag: String(row.statusCode), tone: statusTone(row.statusCode) }, phone: 'bare' },
    { key: 'costTime', label: '耗时(毫秒)', width: 100, align: 'right', phoneShow: (row) => row.costTime !== null && `${row.costTime}毫秒`, phone: 'bare' },
    { ...time, width: 170 },
  ],
};

type Filters = Omit<LogFilters, 'logType'>;

/**
 * 日志管理's hook (components/device-page.tsx): the log shown, each log's own search and page (the desktop pages,
 * the phone scrolls), and the entry open on the phone.
 */
export function useLogListPage(device: Device) {
  const [logType, setLogType] = useState<LogType>(LOG_TYPE.login);
  const [filters, setFilters] = useState<Record<LogType, Filters>>({ [LOG_TYPE.login]: {}, [LOG_TYPE.operation]: {} });
  const pagings = { [LOG_TYPE.login]: usePaging(), [LOG_TYPE.operation]: usePaging() };
  const paging = pagings[logType];
  const [entry, setEntry] = useState<LogRecord | null>(null);
  const asked = { logType, ...filters[logType] };
  const data = usePagedList({ page: (page) => logsQuery({ ...asked, ...page }), scroll: () => logsInfiniteQuery(asked, 20) }, device, paging);
  const search = (next: Filters) => {
    setFilters((all) => ({ ...all, [logType]: next }));
    paging.first();
  };
  const list: DeclaredList<LogRecord> = {
    title: '日志管理',
    rowsLabel: `${LOG_TABS.find((tab) => tab.type === logType)?.label}列表`,
    rowKey: (row) => row.id,
    columns: COLUMNS[logType],
    empty: '暂无日志',
    unmatched: '没有符合条件的日志',
    open: device === 'phone' ? setEntry : undefined,
    filter: { label: '日志类型', options: LOG_TABS, value: String(logType), onChange: (value) => setLogType(LOG_TABS.find((tab) => tab.value === value)?.type ?? LOG_TYPE.login) },
    search: { label: '搜索日志', placeholder: `搜索${KEYWORD_HINT}`, value: filters[logType].keyword ?? '', onSearch: (keyword) => search({ keyword: keyword || undefined }) },
    scrollX: logType === LOG_TYPE.operation ? 1100 : 800,
    data,
  };
  return { list, logType, filters: filters[logType], search, keywordHint: KEYWORD_HINT, entry, closeEntry: () => setEntry(null) };
}

export type LogListPage = ReturnType<typeof useLogListPage>;
