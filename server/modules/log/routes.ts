import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { LOG_LIST_PERMISSION, MONITOR_SERVER_PERMISSION, VISIT_STATS_PERMISSION, logListQuerySchema, type ServerStatus } from '@contract/log.ts';
import { ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import { logList, loginInfo, visitInfo } from './queries.ts';
import { logListResponse, loginInfoResponse, serverStatusResponse, timestampQuery, visitInfoResponse } from './schemas.ts';

/** The login statistics of the dashboards (SPEC.md section 7, Logs), the log screen and the monitor page's server figures. */
export default async function logRoutes(app: App) {
  const { db } = app;
  // Counts over everyone's logins: for staff holding the rule (administrators); everyone else's dashboards show their own work.
  const statistics = { permission: VISIT_STATS_PERMISSION, scope: 'all' } as const;

  app.get('/sys/loginfo', { config: { access: statistics }, schema: { querystring: timestampQuery, response: { 200: loginInfoResponse } } }, async () =>
    ok(await loginInfo(db)),
  );

  app.get('/sys/visitInfo', { config: { access: statistics }, schema: { querystring: timestampQuery, response: { 200: visitInfoResponse } } }, async () =>
    ok(await visitInfo(db)),
  );

  app.get(
    '/sys/log/list',
    { config: { access: { permission: LOG_LIST_PERMISSION, scope: 'all' } }, schema: { querystring: logListQuerySchema, response: { 200: logListResponse } } },
    async (request) => ok(await logList(db, request.query)),
  );

  app.get(
    '/sys/monitor/server',
    { config: { access: { permission: MONITOR_SERVER_PERMISSION, scope: 'all' } }, schema: { querystring: timestampQuery, response: { 200: serverStatusResponse } } },
    async () => {
      const started = performance.now();
      const rows = await db.execute<{ version: string }>(sql`select version() as version`);
      const databaseLatencyMs = Math.round((performance.now() - started) * 10) / 10;
      const version = (Array.isArray(rows) ? rows : (rows as { rows: { version: string }[] }).rows)[0]?.version ?? '';
      const uptimeSeconds = Math.floor(process.uptime());
      const memory = process.memoryUsage();
      const result: ServerStatus = {
        serverTime: new Date().toISOString(),
        startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
        uptimeSeconds,
        nodeVersion: process.version,
        platform: `${process.platform} ${process.arch}`,
        memoryRss: memory.rss,
        heapUsed: memory.heapUsed,
        databaseVersion: /^\S+ [\d.]+/.exec(version)?.[0] ?? version,
        databaseLatencyMs,
      };
      return ok(result);
    },
  );
}
