import { queryOptions } from '@tanstack/react-query';
import type { JobRow } from '@contract/job.ts';
import { http } from '@/lib/api-client.ts';

/** The scheduled jobs with their cron, last run and next run (system:job:list). */
export const getJobs = () => http.get<JobRow[]>('/sys/quartzJob/list');

/** Every change to a job (pause, resume, run, cron) invalidates this key. */
export const JOBS_KEY = ['system', 'jobs'] as const;

export const jobsQuery = () => queryOptions({ queryKey: JOBS_KEY, queryFn: getJobs });
