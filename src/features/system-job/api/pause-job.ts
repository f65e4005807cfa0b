import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobIdInput, JobRow } from '@contract/job.ts';
import { http } from '@/lib/api-client.ts';
import { JOBS_KEY } from './get-jobs.ts';

/** Stops a job's timer; it can still be run now (system:job:edit). */
export const pauseJob = (input: JobIdInput) => http.put<JobRow>('/sys/quartzJob/pause', input);

export function usePauseJob() {
  const client = useQueryClient();
  return useMutation({ mutationFn: pauseJob, onSettled: () => client.invalidateQueries({ queryKey: JOBS_KEY }) });
}
