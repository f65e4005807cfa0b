import { Suspense, useState, type ReactNode } from 'react';
import { Dialog } from 'antd-mobile';
import { NavLink, Outlet } from 'react-router-dom';
import type { MenuItem } from '@contract/permissions.ts';
import bundledLogo from '@/assets/logo.svg';
import { PageLoading } from '@/components/page-loading.tsx';
import { deployment } from '@/config/runtime.ts';
import { useSession } from '@/lib/session-store.ts';
import './plain-layout.css';

function MenuTree({ items, onNavigate }: { items: readonly MenuItem[]; onNavigate: () => void }) {
  const visible = items.filter((i) => !i.hidden);
  if (visible.length === 0) return null;
  return (
    <ul>
      {visible.map((item) => (
        <li key={item.id}>
          {item.meta.internalOrExternal && item.meta.url ? (
            <a href={item.meta.url} target="_blank" rel="noreferrer">
              {item.meta.title}
            </a>
          ) : item.children?.length ? (
            <span className="plain-layout__group">{item.meta.title}</span>
          ) : (
            <NavLink to={item.path} onClick={onNavigate}>
              {item.meta.title}
            </NavLink>
          )}
          {item.children && <MenuTree items={item.children} onNavigate={onNavigate} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The authenticated layout until the full shell arrives: header, the user's menu, the page.
 * Works from phone to desktop without antd.
 */
export default function PlainLayout({ menu, onLogout, headerExtra }: { menu: readonly MenuItem[]; onLogout: () => void; headerExtra?: ReactNode }) {
  const { userInfo } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const confirmLogout = async () => {
    if (await Dialog.confirm({ title: '提示', content: '真的要注销登录吗 ?', confirmText: '确定', cancelText: '取消' })) onLogout();
  };
  return (
    <div className="plain-layout">
      <header className="plain-layout__header">
        <button type="button" className="plain-layout__menu-button" aria-label="菜单" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
          ☰
        </button>
        <img src={bundledLogo} alt="" width={28} height={28} />
        <span className="plain-layout__title">{deployment().title}</span>
        <span className="plain-layout__spacer" />
        {headerExtra}
        <span className="plain-layout__user">{userInfo?.realname}</span>
        <button type="button" className="plain-layout__logout" onClick={confirmLogout}>
          注销
        </button>
      </header>
      <div className="plain-layout__body">
        <nav className={`plain-layout__nav${menuOpen ? ' is-open' : ''}`} aria-label="主菜单">
          <MenuTree items={menu} onNavigate={() => setMenuOpen(false)} />
        </nav>
        <main className="plain-layout__content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
