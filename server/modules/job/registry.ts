import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { Cron } from 'croner';
import { CRON_OPTIONS, isValidCron, type JobRunResult, type JobRunStatus } from '@contract/job.ts';
import type { Database } from '../../db/database.ts';
import { claimScheduledRun, findJob, insertMissingJobs, listJobs, recordJobRun, refreshJobText, setJobSchedule } from './queries.ts';

/**
 * The server's periodic work as scheduled jobs (定时任务, table sys_quartz_job). A feature adds a job with
 * one registerJob call at the top level of one of its modules; the app's scheduler inserts its row on
 * start (running, on the default cron) and from then on the row's cron and status are the admins'.
 */
export interface JobDefinition {
  key: string;
  /** 清理过期登录: the list's 任务名称, in words a school's administrator uses. */
  name: string;
  description: string;
  /** Quartz style (contract/job.ts): 秒 分 时 日 月 周. */
  cron: string;
  /** Does the work; answers with a short Chinese result (已删除 3 条…). A throw is recorded as a failed run. */
  run: (db: Database) => Promise<string>;
}

const definitions = new Map<string, JobDefinition>();

export function registerJob(job: JobDefinition): void {
  if (definitions.has(job.key)) throw new Error(`Job ${job.key} is registered twice`);
  if (!isValidCron(job.cron)) throw new Error(`Job ${job.key} has an invalid default cron: ${job.cron}`);
  definitions.set(job.key, job);
}

/** The keys of the registered jobs, in the order they were registered. */
export const registeredJobKeys = (): string[] => [...definitions.keys()];

const MESSAGE_MAX = 500;
/** A timer fires a little after (rarely before) its planned second; this much either way is still that run. */
const TICK_SLACK_MS = 500;
/** How often each process reads the jobs' rows for changes made through another process. */
const ROW_REFRESH_MS = 60_000;

/** The planned time of the run a timer has just fired for: the same in every process, unlike the time it fired. */
function plannedRunOf(timer: Cron): Date {
  return timer.previousRuns(1, new Date(Date.now() + TICK_SLACK_MS))[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
}
const messageOf = (error: unknown) => ((error instanceof Error ? error.message : String(error)) || '执行失败').slice(0, MESSAGE_MAX);

/**
 * Runs the registered jobs of one app: timers for running jobs (only when config.jobsEnabled), runs on
 * demand, and the bookkeeping of each run. nextRunAt is what this process has planned, so it is null for
 * paused jobs and when scheduling is off. Two runs of the same job never overlap: a tick that finds the
 * job still running is skipped, a run on demand is refused (runNow answers null). With several API
 * processes on one database each plans every job, and each planned run is claimed in the job's row, so
 * it runs in one process only; an admin's pause, resume or new cron reaches the other processes at their
 * next tick of the job, and within a minute in any case.
 */
export class JobScheduler {
  private readonly timers = new Map<string, Cron>();
  /** The cron each timer runs on, to notice another process's change to the job's row. */
  private readonly plannedCrons = new Map<string, string>();
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  private readonly inFlight = new Map<string, Promise<JobRunResult>>();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly enabled: boolean,
    /** Told of every run, for the metrics (server/lib/metrics.ts). */
    private readonly onRun?: (key: string, status: JobRunStatus, seconds: number) => void,
  ) {}

  get keys(): string[] {
    return registeredJobKeys();
  }

  has(key: string): boolean {
    return definitions.has(key);
  }

  list() {
    return listJobs(this.db, this.keys);
  }

  find(key: string) {
    return definitions.has(key) ? findJob(this.db, key) : Promise.resolve(null);
  }

  async start(): Promise<void> {
    const jobs = [...definitions.values()];
    await insertMissingJobs(this.db, jobs);
    for (const job of jobs) {
      await refreshJobText(this.db, job.key, job.name, job.description);
      const row = await findJob(this.db, job.key);
      if (!row) continue;
      await setJobSchedule(this.db, job.key, { nextRunAt: row.status === '0' ? this.schedule(job.key, row.cron) : null });
    }
    if (this.enabled) {
      this.refreshTimer = setInterval(() => void this.followRows().catch((err: unknown) => this.log.error({ err }, 'reading the scheduled jobs failed')), ROW_REFRESH_MS);
      this.refreshTimer.unref();
    }
  }

  /** Plans each job again as its row now says (another process may have paused it or changed its cron). */
  private async followRows(): Promise<void> {
    for (const row of await this.list()) this.follow(row.jobKey, row.status === '0' ? row.cron : null);
  }

  /** Replans a job whose row says otherwise than its timer; answers whether it was as planned. */
  private follow(key: string, cron: string | null): boolean {
    if ((this.plannedCrons.get(key) ?? null) === cron) return true;
    if (cron) this.schedule(key, cron);
    else this.unschedule(key);
    return false;
  }

  /** Stops the timers and waits for runs under way, so none writes after the database closes. */
  async stop(): Promise<void> {
    this.closed = true;
    clearInterval(this.refreshTimer);
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
    await Promise.allSettled(this.inFlight.values());
  }

  async pause(key: string): Promise<void> {
    this.unschedule(key);
    await setJobSchedule(this.db, key, { status: '-1', nextRunAt: null });
  }

  async resume(key: string): Promise<void> {
    const row = await findJob(this.db, key);
    if (!row) return;
    await setJobSchedule(this.db, key, { status: '0', nextRunAt: this.schedule(key, row.cron) });
  }

  /** A new cron; a running job is planned on it at once, a paused one keeps it for its resume. */
  async setCron(key: string, cron: string): Promise<void> {
    const row = await findJob(this.db, key);
    if (!row) return;
    const nextRunAt = row.status === '0' ? this.schedule(key, cron) : null;
    await setJobSchedule(this.db, key, { cron, nextRunAt });
  }

  /** Runs a job now (paused or not) and records the run; null when a run of it is already under way. */
  runNow(key: string, manual = true): Promise<JobRunResult> | null {
    const job = definitions.get(key);
    if (!job || this.inFlight.has(key)) return null;
    const run = this.execute(job, manual).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, run);
    return run;
  }

  private async execute(job: JobDefinition, manual: boolean): Promise<JobRunResult> {
    const ranAt = new Date();
    const started = performance.now();
    let result: JobRunResult;
    try {
      result = { status: 'ok', message: ((await job.run(this.db)) || '执行成功').slice(0, MESSAGE_MAX), ranAt: ranAt.toISOString() };
    } catch (error) {
      this.log.error({ err: error, job: job.key }, 'scheduled job failed');
      result = { status: 'failed', message: messageOf(error), ranAt: ranAt.toISOString() };
    }
    const durationMs = performance.now() - started;
    this.onRun?.(job.key, result.status, durationMs / 1000);
    await recordJobRun(this.db, job.key, { ranAt, durationMs, manual, status: result.status, message: result.message, nextRunAt: this.timers.get(job.key)?.nextRun() ?? null });
    return result;
  }

  /** Plans the job on its cron (replacing an earlier plan) and answers its next run; null when scheduling is off. */
  private schedule(key: string, cron: string): Date | null {
    this.unschedule(key);
    if (!this.enabled || this.closed) return null;
    const timer = new Cron(cron, { ...CRON_OPTIONS, unref: true }, (self: Cron) => this.tick(key, plannedRunOf(self)));
    this.timers.set(key, timer);
    this.plannedCrons.set(key, cron);
    return timer.nextRun();
  }

  private unschedule(key: string): void {
    this.timers.get(key)?.stop();
    this.timers.delete(key);
    this.plannedCrons.delete(key);
  }

  private async tick(key: string, plannedAt: Date): Promise<void> {
    const row = await findJob(this.db, key);
    if (!row || !this.follow(key, row.status === '0' ? row.cron : null)) return;
    if (!(await claimScheduledRun(this.db, key, plannedAt))) return;
    this.log.info({ job: key, plannedAt: plannedAt.toISOString() }, 'scheduled job run');
    const run = this.runNow(key, false);
    if (!run) {
      this.log.warn({ job: key }, 'scheduled job skipped: the previous run is still under way');
      return;
    }
    // A failed job is recorded by execute; this catches only a failure to record it.
    await run.catch((err: unknown) => this.log.error({ err, job: key }, 'recording a scheduled job run failed'));
  }
}
