import { and, count, countDistinct, desc, eq, gte, ilike, isNotNull, lt, notIlike, or, sql, type SQL } from 'drizzle-orm';
import { addDays, schoolToday } from '@contract/internship.ts';
import type { LogListQuery, LogRecord, LogType, LoginInfo, VisitDay } from '@contract/log.ts';
import { periodBegins } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import { sysLog } from '../../db/schema.ts';
import { likePattern } from '../../lib/resource/search.ts';
import { LOG_LOGIN } from '../auth/log.ts';

export const VISIT_DAYS = 7;

/**
 * A visit is a successful login: a login-log entry (log type 1) with the user it let in. Failed
 * attempts carry no user, and logouts, the other entries with a user, are left out by their address.
 */
const isVisit = and(eq(sysLog.logType, LOG_LOGIN), isNotNull(sysLog.userId), notIlike(sysLog.requestUrl, '%logout'));

/**
 * Midnight on the school's clock (UTC+8, whatever zone the server runs in) starting a date (YYYY-MM-DD),
 * `offset` days on: 今日 and the visit days start at the school's midnight.
 */
export const schoolDayStart = (date: string, offset = 0): Date => periodBegins(addDays(date, offset));

/** Midnight on the school's clock, `offset` days from the school's day of `now`. */
export const dayStart = (now: Date, offset = 0): Date => schoolDayStart(schoolToday(now), offset);

/** GET /sys/loginfo: today's visits and distinct addresses, and all visits ever. */
export async function loginInfo(db: Database, now = new Date()): Promise<LoginInfo> {
  const today = and(isVisit, gte(sysLog.createdAt, dayStart(now)), lt(sysLog.createdAt, dayStart(now, 1)));
  const [[total], [todays]] = await Promise.all([
    db.select({ n: count() }).from(sysLog).where(isVisit),
    db.select({ n: count(), ip: countDistinct(sysLog.ip) }).from(sysLog).where(today),
  ]);
  return { todayVisitCount: todays?.n ?? 0, totalVisitCount: total?.n ?? 0, todayIp: todays?.ip ?? 0 };
}

/** GET /sys/visitInfo: visits and distinct addresses of each of the last 7 days (today last), empty days as 0. */
export async function visitInfo(db: Database, now = new Date()): Promise<VisitDay[]> {
  const starts = Array.from({ length: VISIT_DAYS + 1 }, (_, i) => dayStart(now, i - VISIT_DAYS + 1));
  // The day of an entry: the index of the first day end after it (day ends are the next day's starts).
  const day = sql<number>`(case ${sql.join(
    starts.slice(1).map((end, i) => sql`when ${sysLog.createdAt} < ${end.toISOString()}::timestamptz then ${i}`),
    sql` `,
  )} end)`;
  const rows = await db
    .select({ day, visit: count(), ip: countDistinct(sysLog.ip) })
    .from(sysLog)
    .where(and(isVisit, gte(sysLog.createdAt, starts[0]!), lt(sysLog.createdAt, starts[VISIT_DAYS]!)))
    // By position: the same CASE written again would carry other parameter numbers, which PostgreSQL does not match.
    .groupBy(sql`1`);
  return starts.slice(0, VISIT_DAYS).map((start, i) => {
    const row = rows.find((r) => Number(r.day) === i);
    const type = schoolToday(start);
    return { tian: type.slice(5), type, visit: row?.visit ?? 0, ip: row?.ip ?? 0 };
  });
}

/** GET /sys/log/list: one page of one log type, newest first. */
export async function logList(db: Database, query: LogListQuery): Promise<PageResult<LogRecord>> {
  const conditions: (SQL | undefined)[] = [eq(sysLog.logType, query.logType)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(or(ilike(sysLog.logContent, pattern), ilike(sysLog.username, pattern), ilike(sysLog.requestUrl, pattern)));
  }
  if (query.createTime_begin) conditions.push(gte(sysLog.createdAt, schoolDayStart(query.createTime_begin)));
  if (query.createTime_end) conditions.push(lt(sysLog.createdAt, schoolDayStart(query.createTime_end, 1)));
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysLog)
      .where(where)
      // The id settles the order of entries written in the same instant, so pages never overlap.
      .orderBy(desc(sysLog.createdAt), desc(sysLog.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(sysLog).where(where),
  ]);
  return {
    records: rows.map((row) => ({
      id: row.id,
      logType: row.logType as LogType,
      logContent: row.logContent,
      userid: row.userId,
      username: row.username,
      ip: row.ip,
      method: row.method,
      requestUrl: row.requestUrl,
      requestParams: row.requestParams,
      statusCode: row.statusCode,
      costTime: row.costTime,
      createTime: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    current: query.pageNo,
    size: query.pageSize,
  };
}
