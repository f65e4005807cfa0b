import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobIdInput, JobRunResult } from '@contract/job.ts';
import { http } from '@/lib/api-client.ts';
import { JOBS_KEY } from './get-jobs.ts';

/** Runs a job now and waits for it; a failed run still answers, with status 'failed' (system:job:run). */
export const runJob = (input: JobIdInput) => http.post<JobRunResult>('/sys/quartzJob/execute', input);

export function useRunJob() {
  const client = useQueryClient();
  return useMutation({ mutationFn: runJob, onSettled: () => client.invalidateQueries({ queryKey: JOBS_KEY }) });
}
