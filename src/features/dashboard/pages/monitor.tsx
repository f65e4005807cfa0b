import { useEffect, useState } from 'react';
import { MONITOR_SERVER_PERMISSION, VISIT_STATS_PERMISSION } from '@contract/log.ts';
import type { DatabaseFigures, ServerStatus } from '@contract/monitor.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import dayjs from '@/lib/dayjs.ts';
import { useLoginInfo } from '../api/get-login-info.ts';
import { useServerStatus } from '../api/get-server-status.ts';
import { useVisitInfo } from '../api/get-visit-info.ts';
import { JobHistoryTable, JobRunsTable } from '../components/job-history-table.tsx';
import { RouteTimingTable } from '../components/route-timing-table.tsx';
import { StatCards } from '../components/stat-cards.tsx';
import { VisitTable } from '../components/visit-table.tsx';
import { formatUptime } from '../utils/format-uptime.ts';
import '../components/dashboard.css';

const REFRESH_MS = 30_000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const DATABASE_KIND: Record<DatabaseFigures['kind'], string> = { pglite: 'PGlite（内嵌）', postgres: 'PostgreSQL' };

/** PGlite is one connection inside the process: it has no pool to show. */
const poolText = (pool: DatabaseFigures['pool']) => (pool ? `共 ${pool.total}，空闲 ${pool.idle}，等待 ${pool.waiting}` : '无（内嵌数据库）');

/** The server's clock, ticking here between loads (from the server's time and when it was read). */
function useServerClock(status: ServerStatus | undefined, loadedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!status) return null;
  const elapsed = Math.max(0, now - loadedAt);
  return { time: dayjs(Date.parse(status.serverTime) + elapsed), uptime: status.uptimeSeconds + Math.floor(elapsed / 1000) };
}

function ServerFacts() {
  const status = useServerStatus(true, REFRESH_MS);
  const clock = useServerClock(status.data, status.dataUpdatedAt);
  const data = status.data;
  const unavailable = status.isError ? <p className="dashboard-card__error">服务器信息加载失败</p> : <p className="dashboard-card__empty">正在加载…</p>;
  return (
    <>
      <section className="dashboard-card" aria-labelledby="monitor-server">
        <div className="dashboard-card__head">
          <h2 id="monitor-server" className="dashboard-card__title">
            服务器
          </h2>
          <span className="dashboard-card__extra">每30秒刷新</span>
        </div>
        {data && clock ? (
          <dl className="dashboard-facts">
            <div>
              <dt>服务器时间</dt>
              <dd>{clock.time.format('YYYY-MM-DD HH:mm:ss')}</dd>
            </div>
            <div>
              <dt>已运行</dt>
              <dd>{formatUptime(clock.uptime)}</dd>
            </div>
            <div>
              <dt>启动时间</dt>
              <dd>{dayjs(data.startedAt).format('YYYY-MM-DD HH:mm:ss')}</dd>
            </div>
            <div>
              <dt>运行环境</dt>
              <dd>
                Node.js {data.nodeVersion.replace(/^v/, '')}（{data.platform}）
              </dd>
            </div>
            <div>
              <dt>内存占用</dt>
              <dd>{megabytes(data.memoryRss)}</dd>
            </div>
            <div>
              <dt>堆内存使用</dt>
              <dd>
                {megabytes(data.heapUsed)} / {megabytes(data.heapTotal)}
              </dd>
            </div>
            <div>
              <dt>事件循环延迟</dt>
              <dd>{data.eventLoopDelayMs ? `平均 ${data.eventLoopDelayMs.mean} 毫秒，P99 ${data.eventLoopDelayMs.p99} 毫秒` : '—'}</dd>
            </div>
            <div>
              <dt>数据库</dt>
              <dd>{data.databaseVersion}</dd>
            </div>
            <div>
              <dt>数据库类型</dt>
              <dd>{DATABASE_KIND[data.database.kind]}</dd>
            </div>
            <div>
              <dt>数据库响应</dt>
              <dd>{data.databaseLatencyMs} 毫秒</dd>
            </div>
            <div>
              <dt>数据库大小</dt>
              <dd>{data.database.sizeBytes === null ? '—' : megabytes(data.database.sizeBytes)}</dd>
            </div>
            <div>
              <dt>数据库连接数</dt>
              <dd>{data.database.connections ?? '—'}</dd>
            </div>
            <div>
              <dt>本进程连接池</dt>
              <dd>{poolText(data.database.pool)}</dd>
            </div>
          </dl>
        ) : (
          unavailable
        )}
      </section>
      <section className="dashboard-card" aria-labelledby="monitor-routes">
        <div className="dashboard-card__head">
          <h2 id="monitor-routes" className="dashboard-card__title">
            最慢的接口
          </h2>
          <span className="dashboard-card__extra">本进程启动以来</span>
        </div>
        {data ? <RouteTimingTable routes={data.slowestRoutes} /> : unavailable}
      </section>
      <section className="dashboard-card" aria-labelledby="monitor-jobs">
        <div className="dashboard-card__head">
          <h2 id="monitor-jobs" className="dashboard-card__title">
            定时任务
          </h2>
        </div>
        {data ? <JobHistoryTable jobs={data.jobs} /> : unavailable}
      </section>
      <section className="dashboard-card" aria-labelledby="monitor-job-runs">
        <div className="dashboard-card__head">
          <h2 id="monitor-job-runs" className="dashboard-card__title">
            最近执行记录
          </h2>
          <span className="dashboard-card__extra">保留30天</span>
        </div>
        {data ? <JobRunsTable runs={data.recentRuns} /> : unavailable}
      </section>
    </>
  );
}

/** The school-wide login statistics and the last 7 days as a table, refreshed every 30 s. */
function SchoolVisits() {
  const info = useLoginInfo(REFRESH_MS);
  const visits = useVisitInfo(REFRESH_MS);
  return (
    <>
      <StatCards info={info.data} failed={info.isError} />
      <section className="dashboard-card" aria-labelledby="monitor-visits">
        <div className="dashboard-card__head">
          <h2 id="monitor-visits" className="dashboard-card__title">
            最近7天访问明细
          </h2>
          <span className="dashboard-card__extra">{info.dataUpdatedAt ? `更新于 ${dayjs(info.dataUpdatedAt).format('HH:mm:ss')}` : ''}</span>
        </div>
        {visits.data ? (
          <VisitTable days={visits.data} />
        ) : visits.isError ? (
          <p className="dashboard-card__error">访问统计加载失败</p>
        ) : (
          <p className="dashboard-card__empty">正在加载…</p>
        )}
      </section>
    </>
  );
}

/**
 * 监控页 (/dashboard/monitor), refreshed every 30 s: the school-wide login statistics for staff
 * holding dashboard:visit:stats (its declaration, contract/dashboard.ts, keeps the menu to their roles); administrators (button
 * rule dashboard:monitor:server) also see the server's figures: process, database, slowest routes and scheduled jobs (the
 * figures /metrics gives Prometheus, of the process that answered).
 */
export default function MonitorPage() {
  const mayReadServer = usePermission(MONITOR_SERVER_PERMISSION);
  const seesSchool = usePermission(VISIT_STATS_PERMISSION);
  return (
    <div className="dashboard">
      {mayReadServer && <ServerFacts />}
      {seesSchool ? <SchoolVisits /> : <p className="dashboard-card dashboard-card__empty">没有查看全校访问统计的权限</p>}
    </div>
  );
}
