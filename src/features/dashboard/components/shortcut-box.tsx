import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import './dashboard.css';

const SHORTCUTS = [
  { to: paths.accountCenter, label: '个人中心' },
  { to: `${paths.accountSettings}/base`, label: '基本设置' },
  { to: `${paths.accountSettings}/security`, label: '修改密码' },
  { to: paths.analysis, label: '访问统计' },
];

/** Pages every role has (migration 0004), one tap away. */
export function ShortcutBox() {
  return (
    <nav className="dashboard-card home-box" aria-labelledby="home-shortcuts">
      <div className="dashboard-card__head">
        <h2 id="home-shortcuts" className="dashboard-card__title">
          快捷入口
        </h2>
      </div>
      <ul className="home-box__shortcuts">
        {SHORTCUTS.map((s) => (
          <li key={s.to}>
            <Link to={s.to}>{s.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
