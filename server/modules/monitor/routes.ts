import { MONITOR_SERVER_PERMISSION } from '@contract/log.ts';
import { RECENT_RUNS, type Health, type JobHistory, type Readiness, type ServerStatus } from '@contract/monitor.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { HttpError, ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import { listJobs, recentJobRuns } from '../job/queries.ts';
import { registeredJobKeys } from '../job/registry.ts';
import { timestampQuery } from '../../lib/answers.ts';
import { databaseFigures, databaseVersion, latestMigration, notReadyReason } from './queries.ts';
import { healthResponse, readyResponse, serverStatusResponse } from './schemas.ts';

/**
 * Monitoring for the people who run the platform: /health (liveness) and /ready (readiness) for a load
 * balancer, public and cheap, never shed under load (plugins/app/load-shedding.ts); and the 监控页's server
 * figures for administrators, read from the same metrics registry as /metrics (plugins/app/monitoring.ts).
 */
export default async function monitorRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const { db, metrics } = app;
  const latest = latestMigration();

  // Answers while the process serves requests at all: a failing database is /ready's to report, not a reason to restart.
  app.get('/health', { config: { access: { public: true } }, schema: { response: { 200: healthResponse } } }, async () =>
    ok<Health>({ status: 'up', uptimeSeconds: Math.floor(process.uptime()) }),
  );

  app.get('/ready', { config: { access: { public: true } }, schema: { response: { 200: readyResponse } } }, async () => {
    const reason = await notReadyReason(db, latest);
    if (reason) throw new HttpError(503, reason);
    return ok<Readiness>({ status: 'ready' });
  });

  app.get(
    '/sys/monitor/server',
    { config: { access: { permission: MONITOR_SERVER_PERMISSION, scope: 'all' } }, schema: { querystring: timestampQuery, response: { 200: serverStatusResponse } } },
    async () => {
      const { version, latencyMs } = await databaseVersion(db);
      const uptimeSeconds = Math.floor(process.uptime());
      const memory = process.memoryUsage();
      const runs = await metrics.jobRunCounts();
      const jobs = (await listJobs(db, registeredJobKeys())).map(
        (job): JobHistory => ({
          jobKey: job.jobKey,
          jobName: job.jobName,
          status: job.status,
          lastRunAt: job.lastRunAt,
          lastStatus: job.lastStatus,
          lastMessage: job.lastMessage,
          nextRunAt: job.nextRunAt,
          ...(runs.get(job.jobKey) ?? { runs: 0, failed: 0 }),
        }),
      );
      const result: ServerStatus = {
        serverTime: new Date().toISOString(),
        startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
        uptimeSeconds,
        nodeVersion: process.version,
        platform: `${process.platform} ${process.arch}`,
        memoryRss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        eventLoopDelayMs: await metrics.eventLoopDelayMs(),
        databaseVersion: version,
        databaseLatencyMs: latencyMs,
        database: await databaseFigures(database),
        slowestRoutes: await metrics.slowestRoutes(),
        jobs,
        recentRuns: await recentJobRuns(db, registeredJobKeys(), RECENT_RUNS),
      };
      return ok(result);
    },
  );
}
