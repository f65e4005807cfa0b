import { Cron } from 'croner';
import * as z from 'zod/mini';

/** Shapes of the scheduled-job calls (定时任务, /sys/quartzJob/*), shared by the server and the browser. */

/** '0' 运行中 (scheduled), '-1' 已暂停 (dictionary job_status). */
export type JobStatus = '0' | '-1';
export const JOB_STATUS_LABELS: Record<JobStatus, string> = { '0': '运行中', '-1': '已暂停' };

export type JobRunStatus = 'ok' | 'failed';
export const JOB_RUN_LABELS: Record<JobRunStatus, string> = { ok: '成功', failed: '失败' };

/** One row of GET /sys/quartzJob/list; times are ISO strings. nextRunAt is null while paused or not scheduled. */
export interface JobRow {
  jobKey: string;
  jobName: string;
  description: string | null;
  cron: string;
  status: JobStatus;
  lastRunAt: string | null;
  lastStatus: JobRunStatus | null;
  lastMessage: string | null;
  nextRunAt: string | null;
}

/** POST /sys/quartzJob/execute: how the run went (a failed run is still a 200 answer: the call itself worked). */
export interface JobRunResult {
  status: JobRunStatus;
  message: string;
  ranAt: string;
}

export const JOB_MSG = {
  notFound: '定时任务不存在',
  badCron: 'cron表达式格式不正确',
  cronRequired: '请输入cron表达式',
  running: '该任务正在执行中，请稍后再试',
} as const;

export const CRON_MAX = 120;

/**
 * Cron expressions are read as Quartz reads them (the JeecgBoot heritage of sys_quartz_job): 秒 分 时 日 月 周
 * [年], weekdays 1 = 周日 … 7 = 周六 or SUN–SAT, '?' for "any", 0/30 steps, L, W and #. Times are the school's
 * clock (China, UTC+8).
 */
export const CRON_OPTIONS = { mode: '6-or-7-parts', sloppyRanges: true, alternativeWeekdays: true, timezone: 'Asia/Shanghai' } as const;

export const CRON_HINT = '格式：秒 分 时 日 月 周 [年]，例如 0 0 3 * * ? 表示每天3点';

/** The next run of an expression after `from`, or null when it is malformed or never runs again. */
export function nextCronRun(cron: string, from?: Date): Date | null {
  try {
    const pattern = new Cron(cron, { ...CRON_OPTIONS, paused: true });
    const next = pattern.nextRun(from);
    pattern.stop();
    return next;
  } catch {
    return null;
  }
}

export const isValidCron = (cron: string) => nextCronRun(cron) !== null;

export const jobIdSchema = z.object({ id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id'), z.maxLength(64, JOB_MSG.notFound)) });
export type JobIdInput = z.infer<typeof jobIdSchema>;

/** PUT /sys/quartzJob/edit: only the timing of a job can change; what it does is code. */
export const jobCronSchema = z.object({
  id: jobIdSchema.shape.id,
  cron: z.pipe(
    z.string({ error: JOB_MSG.cronRequired }),
    z.transform((value) => value.trim().replace(/\s+/g, ' ')),
  ).check(
    z.minLength(1, JOB_MSG.cronRequired),
    z.maxLength(CRON_MAX, JOB_MSG.badCron),
    z.refine((value) => value.length === 0 || value.length > CRON_MAX || isValidCron(value), { error: JOB_MSG.badCron }),
  ),
});
export type JobCronInput = z.infer<typeof jobCronSchema>;
