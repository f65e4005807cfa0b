import { z } from 'zod';
import type { JobRow, JobRunResult } from '@contract/job.ts';
import { envelope } from '../../lib/answers.ts';

const isoTime = z.string().meta({ description: 'ISO 8601 时间' });
const runStatus = z.enum(['ok', 'failed']).meta({ description: 'ok成功，failed失败' });

const jobRow = z.object({
  jobKey: z.string(),
  jobName: z.string(),
  description: z.string().nullable(),
  cron: z.string().meta({ description: 'Quartz cron 表达式：秒 分 时 日 月 周 [年]' }),
  status: z.enum(['0', '-1']).meta({ description: '0运行中，-1已暂停' }),
  lastRunAt: isoTime.nullable(),
  lastStatus: runStatus.nullable(),
  lastMessage: z.string().nullable(),
  nextRunAt: isoTime.nullable().meta({ description: '下次执行时间；暂停或未排程时为 null' }),
}) satisfies z.ZodType<JobRow>;

export const jobListAnswer = envelope(z.array(jobRow));
export const jobAnswer = envelope(jobRow);
/** A failed run is still a 200 answer: the call itself worked. */
export const jobRunAnswer = envelope(z.object({ status: runStatus, message: z.string(), ranAt: isoTime }) satisfies z.ZodType<JobRunResult>);
