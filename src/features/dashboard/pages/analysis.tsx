import { VISIT_STATS_PERMISSION } from '@contract/log.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useLoginInfo } from '../api/get-login-info.ts';
import { useVisitInfo } from '../api/get-visit-info.ts';
import { StatCards } from '../components/stat-cards.tsx';
import { VisitChart } from '../components/visit-chart.tsx';
import '../components/dashboard.css';

/** The school-wide login statistics: today's and all-time logins and the last 7 days' visits. */
function SchoolVisits() {
  const info = useLoginInfo();
  const visits = useVisitInfo();
  return (
    <>
      <StatCards info={info.data} failed={info.isError} />
      <section className="dashboard-card" aria-labelledby="analysis-visits">
        <div className="dashboard-card__head">
          <h2 id="analysis-visits" className="dashboard-card__title">
            最近7天访问
          </h2>
          <span className="dashboard-card__extra">按成功登录统计</span>
        </div>
        {visits.data ? (
          <VisitChart days={visits.data} />
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
 * 分析页 (/dashboard/analysis): the school-wide login statistics, for staff holding dashboard:visit:stats
 * (its declaration, contract/dashboard.ts, keeps the menu to their roles). Each person's own work is on their home, 工作台.
 */
export default function AnalysisPage() {
  const seesSchool = usePermission(VISIT_STATS_PERMISSION);
  return <div className="dashboard">{seesSchool ? <SchoolVisits /> : <p className="dashboard-card dashboard-card__empty">没有查看全校访问统计的权限</p>}</div>;
}
