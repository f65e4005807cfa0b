import { Cron } from 'croner';
import * as z from 'zod/mini';
import type { MenuDeclaration } from './menu-declaration.ts';

/** Shapes of the scheduled-job calls (定时任务, /sys/quartzJob/*), shared by the server and the browser. */

export const JOB_PERMISSIONS = { list: 'system:job:list', edit: 'system:job:edit', run: 'system:job:run' } as const;

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

/** One run of a scheduled job (the 监控页's 最近执行记录): when, how long, how it went, and whether an administrator started it. */
export interface JobRunEntry {
  jobKey: string;
  jobName: string;
  ranAt: string;
  durationMs: number;
  status: JobRunStatus;
  message: string;
  manual: boolean;
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

const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const WEEKDAY_CODES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const NUMBER = /^\d{1,2}$/;
const ANY = (field: string) => field === '*' || field === '?';
const pad = (n: number) => String(n).padStart(2, '0');

/** A Quartz weekday (1 = 周日 … 7 = 周六, or SUN–SAT) as 周一; null when it is something else. */
function weekday(value: string): string | null {
  const code = WEEKDAY_CODES.indexOf(value.toUpperCase());
  if (code >= 0) return WEEKDAY_NAMES[code]!;
  const n = NUMBER.test(value) ? Number(value) : 0;
  return n >= 1 && n <= 7 ? WEEKDAY_NAMES[n - 1]! : null;
}

/** 2-6 → 周一至周五, 2,4 → 周一、周三. */
function weekdays(field: string): string | null {
  const parts = field.split(',').map((part) => {
    const [from, to, extra] = part.split('-');
    if (extra !== undefined) return null;
    const first = weekday(from!);
    if (to === undefined) return first;
    const last = weekday(to);
    return first && last ? `${first}至${last}` : null;
  });
  return parts.every(Boolean) ? parts.join('、') : null;
}

/** A list of plain numbers within [min, max], else null. */
function numbers(field: string, min: number, max: number): number[] | null {
  const list = field.split(',');
  if (!list.every((v) => NUMBER.test(v) && Number(v) >= min && Number(v) <= max)) return null;
  return list.map(Number);
}

/** Every n from the start (0/15, or a star and /15), else null. */
function step(field: string): number | null {
  const match = /^(?:\*|0)\/(\d{1,2})$/.exec(field);
  return match ? Number(match[1]) : null;
}

/**
 * A schedule in words a school's administrator reads at a glance (每小时整点, 每天 03:10, 每周一 03:00,
 * 每月1日 03:00, 每15分钟); null for expressions too unusual to put simply (the next run says when).
 */
export function describeCron(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length < 6 || fields.length > 7 || !isValidCron(cron)) return null;
  const [second, minute, hour, day, month, week, year] = fields as [string, string, string, string, string, string, string | undefined];
  if (year !== undefined && year !== '*') return null;
  if (!ANY(month) && !(NUMBER.test(month) && !ANY(day) && ANY(week))) return null;

  // Whole seconds and minutes, every n seconds or minutes.
  if (ANY(day) && ANY(week) && hour === '*') {
    const everySeconds = step(second);
    if (everySeconds && minute === '*') return `每${everySeconds}秒`;
    if (second === '*' && minute === '*') return '每秒';
    if (second !== '0') return null;
    if (minute === '*') return '每分钟';
    const everyMinutes = step(minute);
    if (everyMinutes) return `每${everyMinutes}分钟`;
    const minutes = numbers(minute, 0, 59);
    if (minutes?.length === 1) return minutes[0] === 0 ? '每小时整点' : `每小时第${minutes[0]}分`;
    return null;
  }

  if (second !== '0') return null;
  const minutes = numbers(minute, 0, 59);
  if (!minutes || minutes.length !== 1) return null;
  const everyHours = step(hour);
  if (everyHours && ANY(day) && ANY(week)) return minutes[0] === 0 ? `每${everyHours}小时整点` : `每${everyHours}小时（第${minutes[0]}分）`;
  const hours = numbers(hour, 0, 23);
  if (!hours) return null;
  const times = hours.map((h) => `${pad(h)}:${pad(minutes[0]!)}`).join('、');

  if (ANY(day) && ANY(week)) return `每天 ${times}`;
  if (ANY(day) && !ANY(week)) {
    const days = weekdays(week);
    return days ? `每${days} ${times}` : null;
  }
  if (!ANY(week)) return null;
  const dates = day === 'L' ? '最后一天' : numbers(day, 1, 31)?.map((d) => `${d}日`).join('、');
  if (!dates) return null;
  return ANY(month) ? `每月${dates} ${times}` : `每年${Number(month)}月${dates} ${times}`;
}

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

export const JOB_PAGE = {
  id: 'menu-system-job',
  parent: 'menu-system',
  name: '定时任务',
  path: '/system/job',
  component: 'system/JobList',
  icon: 'clock-circle',
  order: 12,
  roles: ['admin'],
  rules: [
    { code: JOB_PERMISSIONS.list, name: '查看定时任务' },
    { code: JOB_PERMISSIONS.edit, name: '暂停/恢复定时任务' },
    { code: JOB_PERMISSIONS.run, name: '立即执行定时任务' },
  ],
} as const satisfies MenuDeclaration;
