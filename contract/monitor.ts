import type { JobRunEntry, JobRunStatus, JobStatus } from './job.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * Shapes of the monitoring calls: GET /health and /ready for a load balancer, and GET /sys/monitor/server,
 * what the 监控页 shows an administrator of the process that answers (the figures /metrics gives Prometheus).
 */

/** GET /health: the process serves. */
export interface Health {
  status: 'up';
  uptimeSeconds: number;
}

/** GET /ready: the database answers and its migrations are current (otherwise 503 with the reason as the message). */
export interface Readiness {
  status: 'ready';
}

export const READY_MSG = {
  database: '数据库无法连接',
  migrations: '数据库结构不是最新版本，请先完成数据库迁移',
} as const;

/** One route's requests since this process started: the route as declared (GET /api/sys/user/list), not the address asked. */
export interface RouteTiming {
  route: string;
  count: number;
  meanMs: number;
  /** Estimated from the latency histogram's buckets, as Prometheus's histogram_quantile does. */
  p95Ms: number;
}

/** A scheduled job: its last run as recorded in the database (by whichever process ran it), and its runs in this process. */
export interface JobHistory {
  jobKey: string;
  jobName: string;
  status: JobStatus;
  lastRunAt: string | null;
  lastStatus: JobRunStatus | null;
  lastMessage: string | null;
  nextRunAt: string | null;
  /** Runs since this process started, and how many of them failed. */
  runs: number;
  failed: number;
}

export interface DatabaseFigures {
  kind: 'pglite' | 'postgres';
  /** pg_database_size of the current database; null where the database does not tell. */
  sizeBytes: number | null;
  /** Sessions on the current database (pg_stat_activity); null where the database does not tell. */
  connections: number | null;
  /** This process's PostgreSQL pool; null on PGlite, which is one connection inside the process. */
  pool: { total: number; idle: number; waiting: number } | null;
}

/** GET /sys/monitor/server (administrators only). */
export interface ServerStatus {
  /** ISO time on the server's clock. */
  serverTime: string;
  startedAt: string;
  uptimeSeconds: number;
  nodeVersion: string;
  platform: string;
  /** Resident memory, V8 heap in use and heap reserved, in bytes. */
  memoryRss: number;
  heapUsed: number;
  heapTotal: number;
  /** Event-loop delay since the last reading (of this page or of a Prometheus scrape), in milliseconds; null before the first sample. */
  eventLoopDelayMs: { mean: number; p99: number } | null;
  /** The database's own version line, shortened (e.g. PostgreSQL 17.4). */
  databaseVersion: string;
  /** Round trip of a trivial query, in milliseconds. */
  databaseLatencyMs: number;
  database: DatabaseFigures;
  /** The slowest routes by p95 since this process started, at most 10. */
  slowestRoutes: RouteTiming[];
  jobs: JobHistory[];
  /** The latest runs of the scheduled jobs by any process, newest first, at most RECENT_RUNS. */
  recentRuns: JobRunEntry[];
}

export const RECENT_RUNS = 20;

/** The button permission of GET /api/docs (the OpenAPI document) and the 接口文档 page that browses it. */
export const API_DOCS_PERMISSION = 'dashboard:monitor:apidocs';

/** The 接口文档 page: every call of the API, its parameters, body and answer, from the server's own OpenAPI document. */
export const API_DOCS_PAGE = {
  id: 'menu-dashboard-api-docs',
  parent: 'menu-dashboard',
  name: '接口文档',
  path: '/dashboard/api-docs',
  component: 'dashboard/ApiDocs',
  icon: 'api',
  order: 4,
  roles: ['admin'],
  rules: [{ code: API_DOCS_PERMISSION, name: '查看接口文档' }],
} as const satisfies MenuDeclaration;
