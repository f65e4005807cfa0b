/** Shapes of the login statistics (SPEC.md section 7, Logs), shared by the server and the dashboards. */

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

/** GET /sys/monitor/server (administrators only): what the monitor page shows of the running server. */
export interface ServerStatus {
  /** ISO time on the server's clock. */
  serverTime: string;
  startedAt: string;
  uptimeSeconds: number;
  nodeVersion: string;
  platform: string;
  /** Resident memory and V8 heap in use, in bytes. */
  memoryRss: number;
  heapUsed: number;
  /** The database's own version line, shortened (e.g. PostgreSQL 17.4). */
  databaseVersion: string;
  /** Round trip of a trivial query, in milliseconds. */
  databaseLatencyMs: number;
}

/** The button permission that opens the server figures of the monitor page. */
export const MONITOR_SERVER_PERMISSION = 'dashboard:monitor:server';
