import type { LoginInfo } from '@contract/log.ts';
import { formatCount } from '@/lib/chart-scale.ts';
import './dashboard.css';

const CARDS: { key: keyof LoginInfo; label: string; hint: string }[] = [
  { key: 'todayVisitCount', label: '今日访问', hint: '今天成功登录的次数' },
  { key: 'totalVisitCount', label: '总访问量', hint: '系统启用以来成功登录的次数' },
  { key: 'todayIp', label: '今日IP', hint: '今天登录用过的不同IP地址' },
];

/** The login statistics as three figures (plain markup: the phone shows them too). */
export function StatCards({ info, failed }: { info: LoginInfo | undefined; failed?: boolean }) {
  return (
    <ul className="dashboard-stats" aria-label="登录统计">
      {CARDS.map((card) => (
        <li key={card.key} className="dashboard-card dashboard-stat">
          <span className="dashboard-stat__label" id={`stat-${card.key}`}>
            {card.label}
          </span>
          <strong className="dashboard-stat__value" aria-labelledby={`stat-${card.key}`}>
            {failed ? '—' : formatCount(info?.[card.key])}
          </strong>
          <span className="dashboard-stat__hint">{card.hint}</span>
        </li>
      ))}
    </ul>
  );
}
