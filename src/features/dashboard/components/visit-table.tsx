import type { VisitDay } from '@contract/log.ts';
import { formatCount } from '@/lib/chart-scale.ts';
import './dashboard.css';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** The last 7 days as a table, newest first. */
export function VisitTable({ days }: { days: VisitDay[] }) {
  return (
    <table className="dashboard-table">
      <thead>
        <tr>
          <th scope="col">日期</th>
          <th scope="col">访问量</th>
          <th scope="col">IP数</th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((day) => (
          <tr key={day.type}>
            <th scope="row">
              {day.type} <span className="dashboard-table__weekday">{WEEKDAYS[new Date(`${day.type}T00:00:00`).getDay()]}</span>
            </th>
            <td>{formatCount(day.visit)}</td>
            <td>{formatCount(day.ip)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
