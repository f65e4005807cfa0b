import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { JobRow, JobRunEntry, JobRunStatus, JobStatus } from '@contract/job.ts';
import type { Database } from '../../db/database.ts';
import { sysJob, sysJobRun } from '../../db/schema.ts';

type JobRecord = typeof sysJob.$inferSelect;

const toRow = (r: JobRecord): JobRow => ({
  jobKey: r.jobKey,
  jobName: r.jobName,
  description: r.description,
  cron: r.cron,
  status: r.status === '-1' ? '-1' : '0',
  lastRunAt: r.lastRunAt?.toISOString() ?? null,
  lastStatus: r.lastStatus === 'ok' || r.lastStatus === 'failed' ? r.lastStatus : null,
  lastMessage: r.lastMessage,
  nextRunAt: r.nextRunAt?.toISOString() ?? null,
});

/** Adds the rows of jobs new to this database (running, on their default cron); existing rows keep what admins set. */
export async function insertMissingJobs(db: Database, jobs: { key: string; name: string; description: string; cron: string }[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insert(sysJob)
    .values(jobs.map((j) => ({ jobKey: j.key, jobName: j.name, description: j.description, cron: j.cron, status: '0' })))
    .onConflictDoNothing();
}

/** Name and description follow the code (they describe what the code does); cron and status stay the admins'. */
export async function refreshJobText(db: Database, key: string, name: string, description: string): Promise<void> {
  await db.update(sysJob).set({ jobName: name, description }).where(eq(sysJob.jobKey, key));
}

/** The jobs in the order they were registered. */
export async function listJobs(db: Database, keys: readonly string[]): Promise<JobRow[]> {
  const rows = await db.select().from(sysJob).where(inArray(sysJob.jobKey, [...keys]));
  // Rows of jobs no longer in the code are left alone but not listed: nothing could run them.
  return rows.sort((a, b) => keys.indexOf(a.jobKey) - keys.indexOf(b.jobKey)).map(toRow);
}

export async function findJob(db: Database, key: string): Promise<JobRow | null> {
  const [row] = await db.select().from(sysJob).where(eq(sysJob.jobKey, key));
  return row ? toRow(row) : null;
}

export async function setJobSchedule(db: Database, key: string, fields: { status?: JobStatus; cron?: string; nextRunAt: Date | null }): Promise<void> {
  await db
    .update(sysJob)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(sysJob.jobKey, key));
}

/** How long each run is kept in the run history. */
const RUN_HISTORY_DAYS = 30;

export async function recordJobRun(
  db: Database,
  key: string,
  run: { ranAt: Date; durationMs: number; manual: boolean; status: JobRunStatus; message: string; nextRunAt: Date | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sysJob)
      .set({ lastRunAt: run.ranAt, lastStatus: run.status, lastMessage: run.message, nextRunAt: run.nextRunAt, updatedAt: new Date() })
      .where(eq(sysJob.jobKey, key));
    await tx.insert(sysJobRun).values({ jobKey: key, ranAt: run.ranAt, durationMs: Math.round(run.durationMs), status: run.status, message: run.message, manual: run.manual });
    await tx.delete(sysJobRun).where(lt(sysJobRun.ranAt, new Date(run.ranAt.getTime() - RUN_HISTORY_DAYS * 86_400_000)));
  });
}

/** The latest runs of the given jobs, newest first, by any API process. */
export async function recentJobRuns(db: Database, keys: readonly string[], limit: number): Promise<JobRunEntry[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ jobKey: sysJobRun.jobKey, jobName: sysJob.jobName, ranAt: sysJobRun.ranAt, durationMs: sysJobRun.durationMs, status: sysJobRun.status, message: sysJobRun.message, manual: sysJobRun.manual })
    .from(sysJobRun)
    .innerJoin(sysJob, eq(sysJob.jobKey, sysJobRun.jobKey))
    .where(inArray(sysJobRun.jobKey, [...keys]))
    .orderBy(desc(sysJobRun.ranAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, ranAt: r.ranAt.toISOString(), status: r.status === 'failed' ? 'failed' : 'ok' }));
}

/**
 * Takes on the scheduled run planned for plannedAt, unless another API process already has: one UPDATE,
 * so of processes ticking together exactly one gets the row back.
 */
export async function claimScheduledRun(db: Database, key: string, plannedAt: Date): Promise<boolean> {
  const claimed = await db
    .update(sysJob)
    .set({ claimedRunAt: plannedAt })
    .where(and(eq(sysJob.jobKey, key), or(isNull(sysJob.claimedRunAt), lt(sysJob.claimedRunAt, plannedAt))))
    .returning({ jobKey: sysJob.jobKey });
  return claimed.length > 0;
}
