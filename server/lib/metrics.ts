import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobRunStatus } from '@contract/job.ts';
import type { RouteTiming } from '@contract/monitor.ts';
import type { PoolFigures } from '../db/database.ts';

/**
 * The figures of one app for Prometheus (GET /metrics) and for the 监控页 (GET /sys/monitor/server), from one
 * prom-client registry, so both show the same numbers. What belongs to the process (CPU, memory, heap,
 * event-loop delay, GC: prom-client's default metrics) is registered once per process, however many apps it
 * builds (the tests build many); what the app counts (requests, outbox writes, imports, job runs, the pool) is
 * the app's own.
 */

/** Seconds, from a cached read to a large import. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds, from a sweep of expired rows to an archive of a whole school. */
const LONG_WORK_BUCKETS = [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];
/** A request no route matched: one label for all, so a scan of random addresses cannot grow the series without end. */
const UNMATCHED = 'unmatched';
const SLOWEST_ROUTES = 10;

let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** How an import ended: rows stored, refused (a 4xx: a bad workbook, a second import at once), or failed (a 5xx). */
export type ImportOutcome = 'ok' | 'refused' | 'failed';

/** One histogram bucket: the count of observations at most `le` (cumulative, as Prometheus keeps them). */
export interface Bucket {
  le: number;
  count: number;
}

/**
 * The q-quantile of a cumulative histogram, as Prometheus's histogram_quantile estimates it: linear within the
 * bucket where the rank falls; past the highest finite bound, that bound. Null without observations.
 */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lowerLe = 0;
  let lowerCount = 0;
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      if (!Number.isFinite(bucket.le)) return lowerLe;
      const inBucket = bucket.count - lowerCount;
      return inBucket === 0 ? bucket.le : lowerLe + ((bucket.le - lowerLe) * (rank - lowerCount)) / inBucket;
    }
    lowerLe = bucket.le;
    lowerCount = bucket.count;
  }
  return lowerLe;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export class Metrics {
  private readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly outboxWrites: Counter<'replayed'>;
  private readonly imports: Histogram<'outcome'>;
  private readonly jobRuns: Histogram<'job' | 'status'>;

  constructor(pool: PoolFigures | null) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'isps_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route as declared and status; its _count is the number of requests.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.outboxWrites = new Counter({
      name: 'isps_outbox_writes_total',
      help: 'Writes carrying an Idempotency-Key (the phones’ offline outbox); replayed="true": answered from the stored answer of an earlier copy.',
      labelNames: ['replayed'] as const,
      registers,
    });
    this.imports = new Histogram({
      name: 'isps_import_duration_seconds',
      help: 'Excel imports, by outcome (ok, refused, failed), and how long each took.',
      labelNames: ['outcome'] as const,
      buckets: LONG_WORK_BUCKETS,
      registers,
    });
    this.jobRuns = new Histogram({
      name: 'isps_job_run_duration_seconds',
      help: 'Scheduled job runs in this process, by job and status (ok, failed), and how long each took.',
      labelNames: ['job', 'status'] as const,
      buckets: LONG_WORK_BUCKETS,
      registers,
    });
    if (pool) {
      new Gauge({
        name: 'isps_db_pool_connections',
        help: 'Connections of this process’s PostgreSQL pool, by state (idle, busy).',
        labelNames: ['state'] as const,
        registers,
        collect() {
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'isps_db_pool_waiting',
        help: 'Queries waiting for a connection of this process’s PostgreSQL pool.',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
  }

  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? UNMATCHED, status_code: String(statusCode) }, seconds);
  }

  outboxWrite(replayed: boolean): void {
    this.outboxWrites.inc({ replayed: String(replayed) });
  }

  importFinished(outcome: ImportOutcome, seconds: number): void {
    this.imports.observe({ outcome }, seconds);
  }

  jobRun(job: string, status: JobRunStatus, seconds: number): void {
    this.jobRuns.observe({ job, status }, seconds);
  }

  /** The Prometheus text of the process's and the app's metrics. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }

  /**
   * Event-loop delay (mean, p99, in ms) since the last reading. prom-client's gauges read Node's delay
   * histogram and start it again at each collection, a scrape's or this one's.
   */
  async eventLoopDelayMs(): Promise<{ mean: number; p99: number } | null> {
    const figures = await processMetrics().getMetricsAsJSON();
    const value = (name: string) => figures.find((metric) => metric.name === name)?.values[0]?.value;
    const mean = value('nodejs_eventloop_lag_mean_seconds');
    const p99 = value('nodejs_eventloop_lag_p99_seconds');
    // Before Node has sampled the loop its histogram answers NaN (mean) and a huge minimum.
    if (mean === undefined || p99 === undefined || !Number.isFinite(mean) || !Number.isFinite(p99)) return null;
    return { mean: round1(mean * 1000), p99: round1(p99 * 1000) };
  }

  /** The slowest routes by p95 (then mean), over every status, since the process started. */
  async slowestRoutes(limit = SLOWEST_ROUTES): Promise<RouteTiming[]> {
    const routes = new Map<string, { buckets: Map<number, number>; sum: number; count: number }>();
    for (const { labels: declared, value, metricName } of (await this.requests.get()).values) {
      // A bucket's series carry `le` beside the declared labels.
      const labels = declared as Record<string, string | number | undefined>;
      if (labels.route === UNMATCHED) continue;
      const route = `${String(labels.method)} ${String(labels.route)}`;
      let entry = routes.get(route);
      if (!entry) routes.set(route, (entry = { buckets: new Map(), sum: 0, count: 0 }));
      if (metricName?.endsWith('_bucket')) {
        const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
        entry.buckets.set(le, (entry.buckets.get(le) ?? 0) + value);
      } else if (metricName?.endsWith('_sum')) entry.sum += value;
      else if (metricName?.endsWith('_count')) entry.count += value;
    }
    return [...routes]
      .filter(([, entry]) => entry.count > 0)
      .map(([route, entry]) => ({
        route,
        count: entry.count,
        meanMs: round1((entry.sum / entry.count) * 1000),
        p95Ms: round1((histogramQuantile(0.95, [...entry.buckets].map(([le, count]) => ({ le, count }))) ?? 0) * 1000),
      }))
      .sort((a, b) => b.p95Ms - a.p95Ms || b.meanMs - a.meanMs)
      .slice(0, limit);
  }

  /** Runs of each job in this process: how many, and how many failed. */
  async jobRunCounts(): Promise<Map<string, { runs: number; failed: number }>> {
    const counts = new Map<string, { runs: number; failed: number }>();
    for (const { labels, value, metricName } of (await this.jobRuns.get()).values) {
      if (!metricName?.endsWith('_count')) continue;
      const job = String(labels.job);
      const entry = counts.get(job) ?? { runs: 0, failed: 0 };
      entry.runs += value;
      if (labels.status === 'failed') entry.failed += value;
      counts.set(job, entry);
    }
    return counts;
  }
}
