import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { isIsoDate } from './internship.ts';
import { pageQuerySchema } from './resource.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/** Shapes of the logs (SPEC.md section 7, Logs), shared by the server, the dashboards and the log screen. */

/** GET /sys/loginfo: successful logins today and in total, and today's distinct addresses. */
export interface LoginInfo {
  todayVisitCount: number;
  totalVisitCount: number;
  todayIp: number;
}

/**
 * One day of GET /sys/visitInfo (the last 7 days, oldest first, today last, days without logins
 * included with 0): tian is MM-DD for the chart's axis, type the date YYYY-MM-DD.
 */
export interface VisitDay {
  tian: string;
  type: string;
  visit: number;
  ip: number;
}

/** The button permission that opens the server figures of the monitor page (contract/monitor.ts ServerStatus). */
export const MONITOR_SERVER_PERMISSION = 'dashboard:monitor:server';

/**
 * The button permission for the school-wide login statistics (GET /sys/loginfo and /sys/visitInfo:
 * 今日访问, 总访问量, 今日IP, the last 7 days); everyone else's dashboards show their own work.
 */
export const VISIT_STATS_PERMISSION = 'dashboard:visit:stats';

/** sys_log.log_type: 1 logins and logouts, 2 changes made through the API. */
export const LOG_TYPE = { login: 1, operation: 2 } as const;
export type LogType = (typeof LOG_TYPE)[keyof typeof LOG_TYPE];

/** The button permission of the log screen (GET /sys/log/list). */
export const LOG_LIST_PERMISSION = 'system:log:list';

export const LOG_MSG = {
  logType: '日志类型应为1（登录日志）或2（操作日志）',
  keywordTooLong: '关键词不能超过100个字符',
  dateFormat: '日期格式应为YYYY-MM-DD',
  dateOrder: '开始日期不能晚于结束日期',
} as const;

/** An empty value is "no filter": the search forms send their empty fields too. */
const optionalDate = lazySchema(() => z.optional(z.string().check(z.refine((v) => v === '' || isIsoDate(v), LOG_MSG.dateFormat))));

/**
 * GET /sys/log/list: one page of one log type, newest first. keyword is a part of the content, the
 * username or the address; the dates (YYYY-MM-DD) are whole days on the school's clock, both included.
 */
export const logListQuerySchema = lazySchema(() =>
  z
    .extend(pageQuerySchema, {
      logType: z.coerce.number({ error: LOG_MSG.logType }).check(z.refine((v) => v === LOG_TYPE.login || v === LOG_TYPE.operation, LOG_MSG.logType)),
      keyword: z.optional(z.string().check(z.maxLength(100, LOG_MSG.keywordTooLong))),
      createTime_begin: optionalDate,
      createTime_end: optionalDate,
      _t: z.optional(z.coerce.number()),
    })
    .check(
      z.refine((q) => !q.createTime_begin || !q.createTime_end || q.createTime_begin <= q.createTime_end, { error: LOG_MSG.dateOrder, path: ['createTime_end'] }),
    ),
);
export type LogListQuery = z.infer<typeof logListQuerySchema>;

/** One entry of the log screen. userid and username are empty for a failed login of an unknown user. */
export interface LogRecord {
  id: string;
  logType: LogType;
  logContent: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  /** Operation log: the request body with secrets blanked ('******'), at most 2000 characters. */
  requestParams: string | null;
  statusCode: number | null;
  /** Milliseconds the request took. */
  costTime: number | null;
  /** ISO time. */
  createTime: string;
}

export const LOG_PAGE = {
  id: 'menu-system-log',
  parent: 'menu-system',
  name: '日志管理',
  path: '/system/log',
  component: 'system/LogList',
  icon: 'file-search',
  order: 11,
  roles: ['admin'],
  rules: [
    { code: LOG_LIST_PERMISSION, name: '查看日志' },
  ],
} as const satisfies MenuDeclaration;
