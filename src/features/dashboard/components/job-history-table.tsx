import { JOB_RUN_LABELS, JOB_STATUS_LABELS, type JobRunEntry } from '@contract/job.ts';
import type { JobHistory } from '@contract/monitor.ts';
import dayjs from '@/lib/dayjs.ts';
import './dashboard.css';

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '—');

/** Each scheduled job's last run (whichever process ran it) and its runs in the process that answered. */
export function JobHistoryTable({ jobs }: { jobs: JobHistory[] }) {
  return (
    <table className="dashboard-table" aria-label="定时任务">
      <thead>
        <tr>
          <th scope="col">任务名称</th>
          <th scope="col">状态</th>
          <th scope="col">上次执行</th>
          <th scope="col">执行结果</th>
          <th scope="col">本进程执行（失败）</th>
          <th scope="col">下次执行</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.jobKey}>
            <th scope="row">{job.jobName}</th>
            <td>{JOB_STATUS_LABELS[job.status]}</td>
            <td>{time(job.lastRunAt)}</td>
            <td title={job.lastMessage ?? undefined}>{job.lastStatus ? `${JOB_RUN_LABELS[job.lastStatus]}${job.lastMessage ? `：${job.lastMessage}` : ''}` : '—'}</td>
            <td>
              {job.runs}（{job.failed}）
            </td>
            <td>{time(job.nextRunAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const duration = (ms: number) => (ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`);

/** The latest runs of the jobs, by any process, newest first: when, how long, how each went and who started it. */
export function JobRunsTable({ runs }: { runs: JobRunEntry[] }) {
  if (runs.length === 0) return <p className="dashboard-card__empty">暂无执行记录</p>;
  return (
    <table className="dashboard-table" aria-label="最近执行记录">
      <thead>
        <tr>
          <th scope="col">执行时间</th>
          <th scope="col">任务名称</th>
          <th scope="col">触发方式</th>
          <th scope="col">耗时</th>
          <th scope="col">执行结果</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={`${run.jobKey}-${run.ranAt}`}>
            <td>{dayjs(run.ranAt).format('MM-DD HH:mm:ss')}</td>
            <th scope="row">{run.jobName}</th>
            <td>{run.manual ? '立即执行' : '按计划'}</td>
            <td>{duration(run.durationMs)}</td>
            <td title={run.message}>
              {JOB_RUN_LABELS[run.status]}：{run.message}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
