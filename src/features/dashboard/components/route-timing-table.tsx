import type { RouteTiming } from '@contract/monitor.ts';
import { formatCount } from '@/lib/chart-scale.ts';
import './dashboard.css';

/** The slowest routes since the server process started, slowest (p95) first. */
export function RouteTimingTable({ routes }: { routes: RouteTiming[] }) {
  if (routes.length === 0) return <p className="dashboard-card__empty">本进程启动以来还没有请求</p>;
  return (
    <table className="dashboard-table" aria-label="最慢的接口">
      <thead>
        <tr>
          <th scope="col">接口</th>
          <th scope="col">请求次数</th>
          <th scope="col">平均耗时</th>
          <th scope="col">P95耗时</th>
        </tr>
      </thead>
      <tbody>
        {routes.map((route) => (
          <tr key={route.route}>
            <th scope="row">{route.route}</th>
            <td>{formatCount(route.count)}</td>
            <td>{route.meanMs} 毫秒</td>
            <td>{route.p95Ms} 毫秒</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
