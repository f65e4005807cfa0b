import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobIdInput, JobRow } from '@contract/job.ts';
import { http } from '@/lib/api-client.ts';
import { JOBS_KEY } from './get-jobs.ts';

/** Plans a paused job on its cron again (system:job:edit). */
export const resumeJob = (input: JobIdInput) => http.put<JobRow>('/sys/quartzJob/resume', input);

export function useResumeJob() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resumeJob, onSettled: () => client.invalidateQueries({ queryKey: JOBS_KEY }) });
}
