import { useLoginInfo } from '../api/get-login-info.ts';
import { useVisitInfo } from '../api/get-visit-info.ts';
import { StatCards } from '../components/stat-cards.tsx';
import { VisitChart } from '../components/visit-chart.tsx';
import '../components/dashboard.css';

/** 分析页 (/dashboard/analysis, the home tab): today's and all-time logins and the last 7 days' visits. */
export default function AnalysisPage() {
  const info = useLoginInfo();
  const visits = useVisitInfo();
  return (
    <div className="dashboard">
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
    </div>
  );
}
