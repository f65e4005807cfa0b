import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { JOB_RUN_LABELS, JOB_STATUS_LABELS, describeCron, type JobRow } from '@contract/job.ts';
import { wholeList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { showFailure } from '@/components/notification/show-failure.ts';
import { formatDate } from '@/lib/format.ts';
import { jobsQuery } from '../api/get-jobs.ts';
import { usePauseJob } from '../api/pause-job.ts';
import { useResumeJob } from '../api/resume-job.ts';
import { useRunJob } from '../api/run-job.ts';
import './job-list.css';

/** 定时任务 declared once (no UI library here): each job's schedule, last and next run, and 暂停/恢复, 立即执行, 修改执行时间. */

const JOB_CODES = { edit: 'system:job:edit', run: 'system:job:run' } as const;

export const runLabel = (job: JobRow) => (job.lastStatus ? JOB_RUN_LABELS[job.lastStatus] : null);
export const timeText = (iso: string | null) => formatDate(iso) || '—';
/** The schedule in plain words (每天 03:10); an unusual expression is left to the next run to explain. */
const scheduleText = (cron: string) => describeCron(cron) ?? '自定义周期';

const COLUMNS: readonly ListColumn<JobRow>[] = [
  { key: 'jobName', label: '任务名称', width: 150, fixed: 'left', phone: 'title' },
  { key: 'description', label: '说明', phone: 'bare' },
  {
    key: 'cron',
    label: '执行时间',
    width: 140,
    show: (job) => (
      <span className="job-list__schedule">
        <span>{scheduleText(job.cron)}</span>
        <code className="job-list__cron" title="cron表达式">
          {job.cron}
        </code>
      </span>
    ),
    phoneShow: (job) => (
      <>
        {scheduleText(job.cron)}（<span className="job-list__cron">{job.cron}</span>）
      </>
    ),
    phone: 'line',
  },
  { key: 'status', label: '状态', width: 80, show: (job) => ({ tag: JOB_STATUS_LABELS[job.status], tone: job.status === '0' ? 'processing' : 'default' }), phone: 'extra' },
  {
    key: 'lastRun',
    label: '上次执行',
    width: 200,
    show: (job) => (
      <span className={job.lastStatus === 'failed' ? 'job-list__failed' : undefined}>
        {job.lastRunAt ? `${timeText(job.lastRunAt)} ${runLabel(job)}` : '从未执行'}
        {job.lastMessage ? `，${job.lastMessage}` : ''}
      </span>
    ),
    phone: 'line',
  },
  // A paused job has no next run; a running one without one is not planned by this server (scheduling off).
  { key: 'nextRun', label: '下次执行', width: 160, show: (job) => (job.status === '-1' ? '已暂停' : timeText(job.nextRunAt)), phone: 'line' },
];

/**
 * 定时任务's hook (components/device-page.tsx): the jobs, 暂停/恢复 and 立即执行 with their toasts and which row
 * is busy, and the job whose cron is being changed (on the desktop).
 */
export function useJobListPage() {
  const pause = usePauseJob();
  const resume = useResumeJob();
  const run = useRunJob();
  const [busy, setBusy] = useState<{ key: string; action: 'toggle' | 'run' } | null>(null);
  const [editing, setEditing] = useState<JobRow | null>(null);
  const jobs = useQuery(jobsQuery());
  const busyFor = (job: JobRow) => (busy?.key === job.jobKey ? busy.action : null);
  const guard = async (job: JobRow, action: 'toggle' | 'run', work: () => Promise<void>) => {
    setBusy({ key: job.jobKey, action });
    try {
      await work();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const list: DeclaredList<JobRow> = {
    title: '定时任务',
    rowKey: (job) => job.jobKey,
    columns: COLUMNS,
    actions: [
      {
        key: 'toggle',
        label: (job) => (job.status === '0' ? '暂停' : '恢复'),
        permission: JOB_CODES.edit,
        busy: (job) => busyFor(job) === 'toggle',
        disabled: (job) => busyFor(job) !== null,
        run: (job) =>
          guard(job, 'toggle', async () => {
            if (job.status === '0') {
              await pause.mutateAsync({ id: job.jobKey });
              notify.success(`已暂停「${job.jobName}」`);
            } else {
              await resume.mutateAsync({ id: job.jobKey });
              notify.success(`已恢复「${job.jobName}」`);
            }
          }),
      },
      {
        key: 'run',
        label: '立即执行',
        permission: JOB_CODES.run,
        primary: true,
        hint: (job) => (job.status === '-1' ? '已暂停的任务也可以立即执行一次' : undefined),
        busy: (job) => busyFor(job) === 'run',
        disabled: (job) => busyFor(job) !== null,
        run: (job) =>
          guard(job, 'run', async () => {
            const result = await run.mutateAsync({ id: job.jobKey });
            if (result.status === 'ok') notify.success(result.message, { title: `${job.jobName} 执行成功` });
            else notify.warning(result.message, { title: `${job.jobName} 执行失败`, duration: null });
          }),
      },
      { key: 'cron', label: '修改执行时间', permission: JOB_CODES.edit, only: 'desktop', disabled: (job) => busyFor(job) !== null, run: setEditing },
    ],
    actionsWidth: 250,
    phoneActions: 'card',
    cards: true,
    empty: '暂无定时任务',
    failed: { title: '定时任务加载失败', description: '请检查网络后下拉刷新或重试' },
    refresh: true,
    scrollX: 1180,
    data: wholeList(jobs),
  };
  return { list, editing, closeEditing: () => setEditing(null) };
}

export type JobListPage = ReturnType<typeof useJobListPage>;
