import { LOG_TYPE, type LogType } from '@contract/log.ts';
import { formatDate } from '@/lib/format.ts';

/** What both layouts of 日志管理 share (no UI library here). */

export const LOG_TABS: readonly { type: LogType; title: string }[] = [
  { type: LOG_TYPE.login, title: '登录日志' },
  { type: LOG_TYPE.operation, title: '操作日志' },
];

/** The server matches the keyword in the content, the user name and the address. */
export const KEYWORD_HINT = '日志内容、操作人或请求地址';

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
export const statusTone = (status: number | null): 'ok' | 'refused' | 'failed' | 'none' => {
  if (status === null) return 'none';
  if (status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'ok';
};
