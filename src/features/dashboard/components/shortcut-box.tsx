import { VISIT_STATS_PERMISSION } from '@contract/log.ts';
import { PageLink } from '@/components/page-link.tsx';
import { paths } from '@/config/paths.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import './dashboard.css';

const SHORTCUTS = [
  { to: paths.accountCenter, label: '个人中心' },
  { to: `${paths.accountSettings}/base`, label: '基本设置' },
  { to: `${paths.accountSettings}/security`, label: '修改密码' },
];

/** Pages every role has (contract/menus.ts startingMenus), one tap away; 访问统计 for whoever may see the school's figures (分析页). */
export function ShortcutBox() {
  const seesSchool = usePermission(VISIT_STATS_PERMISSION);
  const shortcuts = seesSchool ? [...SHORTCUTS, { to: paths.analysis, label: '访问统计' }] : SHORTCUTS;
  return (
    <nav className="dashboard-card home-box" aria-labelledby="home-shortcuts">
      <div className="dashboard-card__head">
        <h2 id="home-shortcuts" className="dashboard-card__title">
          快捷入口
        </h2>
      </div>
      <ul className="home-box__shortcuts">
        {shortcuts.map((s) => (
          <li key={s.to}>
            <PageLink to={s.to}>{s.label}</PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
