import { Button, DotLoading, ErrorBlock, List, PullToRefresh, Tag } from 'antd-mobile';
import type { JobRow } from '@contract/job.ts';
import { useJobs } from '../api/get-jobs.ts';
import { nextRunText, runLabel, scheduleText, statusLabel, timeText, useJobActions } from './job-list-parts.ts';
import './job-list.css';

function Loading() {
  return (
    <div className="job-list-phone__loading" role="status">
      加载中
      <DotLoading />
    </div>
  );
}

function JobMeta({ job }: { job: JobRow }) {
  return (
    <span className="job-list-phone__meta">
      {job.description && <span>{job.description}</span>}
      <span>
        执行时间：{scheduleText(job.cron)}（<span className="job-list-phone__cron">{job.cron}</span>）
      </span>
      <span className={job.lastStatus === 'failed' ? 'job-list-phone__failed' : undefined}>
        上次执行：{job.lastRunAt ? `${timeText(job.lastRunAt)} ${runLabel(job)}` : '从未执行'}
        {job.lastMessage ? `，${job.lastMessage}` : ''}
      </span>
      <span>下次执行：{nextRunText(job)}</span>
    </span>
  );
}

/** 定时任务 on the phone (antd-mobile only): a card per job with 暂停/恢复 and 立即执行; cron changes are for the desktop. */
export default function JobListPhone() {
  const jobs = useJobs();
  const actions = useJobActions();

  let body;
  if (jobs.isPending) body = <Loading />;
  else if (jobs.isError && !jobs.data) {
    body = (
      <ErrorBlock status="default" title="定时任务加载失败" description="请检查网络后下拉刷新或重试">
        <Button color="primary" onClick={() => void jobs.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (jobs.data.length === 0) body = <ErrorBlock status="empty" title="暂无定时任务" description="下拉可刷新" />;
  else {
    body = (
      <List mode="card" header="定时任务">
        {jobs.data.map((job) => {
          const busy = actions.busyFor(job);
          return (
            <List.Item
              key={job.jobKey}
              extra={
                <Tag color={job.status === '0' ? 'primary' : 'default'} fill="outline">
                  {statusLabel(job)}
                </Tag>
              }
              description={
                <>
                  <JobMeta job={job} />
                  {(actions.canEdit || actions.canRun) && (
                    <span className="job-list-phone__actions">
                      {actions.canEdit && (
                        <Button size="mini" loading={busy === 'toggle'} disabled={busy !== null} onClick={() => void actions.toggle(job)}>
                          {job.status === '0' ? '暂停' : '恢复'}
                        </Button>
                      )}
                      {actions.canRun && (
                        <Button size="mini" color="primary" fill="outline" loading={busy === 'run'} disabled={busy !== null} onClick={() => void actions.runNow(job)}>
                          立即执行
                        </Button>
                      )}
                    </span>
                  )}
                </>
              }
            >
              <span className="job-list-phone__name">{job.jobName}</span>
            </List.Item>
          );
        })}
      </List>
    );
  }

  return (
    <section className="job-list-phone" aria-label="定时任务">
      <PullToRefresh onRefresh={async () => void (await jobs.refetch())}>{body}</PullToRefresh>
    </section>
  );
}
