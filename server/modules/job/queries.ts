import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { JobRow, JobRunStatus, JobStatus } from '@contract/job.ts';
import type { Database } from '../../db/database.ts';
import { sysJob } from '../../db/schema.ts';

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

export async function recordJobRun(db: Database, key: string, run: { ranAt: Date; status: JobRunStatus; message: string; nextRunAt: Date | null }): Promise<void> {
  await db
    .update(sysJob)
    .set({ lastRunAt: run.ranAt, lastStatus: run.status, lastMessage: run.message, nextRunAt: run.nextRunAt, updatedAt: new Date() })
    .where(eq(sysJob.jobKey, key));
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
