import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobCronSchema, type JobCronInput, type JobRow } from '@contract/job.ts';
import { http } from '@/lib/api-client.ts';
import { JOBS_KEY } from './get-jobs.ts';

export { jobCronSchema };

/** The form's message for a cron as typed, from the shared schema (the server checks it again); null when it is fine. */
export function cronError(cron: string): string | null {
  const result = jobCronSchema.shape.cron.safeParse(cron);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Changes when a job runs (system:job:edit). */
export const editJobCron = (input: JobCronInput) => http.put<JobRow>('/sys/quartzJob/edit', input);

export function useEditJobCron() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editJobCron, onSuccess: () => client.invalidateQueries({ queryKey: JOBS_KEY }) });
}
