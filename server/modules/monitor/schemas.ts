import { z } from 'zod';
import { counted, envelope } from '../../lib/answers.ts';
const milliseconds = z.number().nonnegative();
const isoTime = z.string().nullable();

export const healthResponse = envelope(z.object({ status: z.literal('up'), uptimeSeconds: counted }));

export const readyResponse = envelope(z.object({ status: z.literal('ready') }));

export const serverStatusResponse = envelope(
  z.object({
    serverTime: z.string(),
    startedAt: z.string(),
    uptimeSeconds: counted,
    nodeVersion: z.string(),
    platform: z.string(),
    memoryRss: counted,
    heapUsed: counted,
    heapTotal: counted,
    eventLoopDelayMs: z.object({ mean: milliseconds, p99: milliseconds }).nullable(),
    databaseVersion: z.string(),
    databaseLatencyMs: milliseconds,
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      sizeBytes: counted.nullable(),
      connections: counted.nullable(),
      pool: z.object({ total: counted, idle: counted, waiting: counted }).nullable(),
    }),
    slowestRoutes: z.array(z.object({ route: z.string(), count: counted, meanMs: milliseconds, p95Ms: milliseconds })),
    jobs: z.array(
      z.object({
        jobKey: z.string(),
        jobName: z.string(),
        status: z.enum(['0', '-1']),
        lastRunAt: isoTime,
        lastStatus: z.enum(['ok', 'failed']).nullable(),
        lastMessage: z.string().nullable(),
        nextRunAt: isoTime,
        runs: counted,
        failed: counted,
      }),
    ),
    recentRuns: z.array(
      z.object({
        jobKey: z.string(),
        jobName: z.string(),
        ranAt: z.string(),
        durationMs: counted,
        status: z.enum(['ok', 'failed']),
        message: z.string(),
        manual: z.boolean().meta({ description: '管理员立即执行（而非按 cron 执行）' }),
      }),
    ),
  }),
);
