import { useState } from 'react';
import { showFailure } from '@/components/notification/show-failure.ts';
import { JOB_RUN_LABELS, JOB_STATUS_LABELS, describeCron, type JobRow } from '@contract/job.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { formatDate } from '@/lib/format.ts';
import { usePauseJob } from '../api/pause-job.ts';
import { useResumeJob } from '../api/resume-job.ts';
import { useRunJob } from '../api/run-job.ts';

/** What both layouts of 定时任务 share (no UI library here). */

export const JOB_CODES = { edit: 'system:job:edit', run: 'system:job:run' } as const;

export const statusLabel = (job: JobRow) => JOB_STATUS_LABELS[job.status];
export const runLabel = (job: JobRow) => (job.lastStatus ? JOB_RUN_LABELS[job.lastStatus] : null);
export const timeText = (iso: string | null) => formatDate(iso) || '—';
/** The schedule in plain words (每天 03:10); an unusual expression is left to the next run to explain. */
export const scheduleText = (cron: string) => describeCron(cron) ?? '自定义周期';
/** A paused job has no next run; a running one without one is not planned by this server (scheduling off). */
export const nextRunText = (job: JobRow) => (job.status === '-1' ? '已暂停' : timeText(job.nextRunAt));

/** 暂停 / 恢复 / 立即执行 for any row, with the toasts; which buttons the user may see; which row is busy. */
export function useJobActions() {
  const canEdit = usePermission(JOB_CODES.edit);
  const canRun = usePermission(JOB_CODES.run);
  const pause = usePauseJob();
  const resume = useResumeJob();
  const run = useRunJob();
  const [busy, setBusy] = useState<{ key: string; action: 'toggle' | 'run' } | null>(null);

  const guard = async (key: string, action: 'toggle' | 'run', work: () => Promise<void>) => {
    setBusy({ key, action });
    try {
      await work();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return {
    canEdit,
    canRun,
    busyFor: (job: JobRow) => (busy?.key === job.jobKey ? busy.action : null),
    toggle: (job: JobRow) =>
      guard(job.jobKey, 'toggle', async () => {
        if (job.status === '0') {
          await pause.mutateAsync({ id: job.jobKey });
          notify.success(`已暂停「${job.jobName}」`);
        } else {
          await resume.mutateAsync({ id: job.jobKey });
          notify.success(`已恢复「${job.jobName}」`);
        }
      }),
    runNow: (job: JobRow) =>
      guard(job.jobKey, 'run', async () => {
        const result = await run.mutateAsync({ id: job.jobKey });
        if (result.status === 'ok') notify.success(result.message, { title: `${job.jobName} 执行成功` });
        else notify.warning(result.message, { title: `${job.jobName} 执行失败`, duration: null });
      }),
  };
}
