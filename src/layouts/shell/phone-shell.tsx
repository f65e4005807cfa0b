import { useEffect, useMemo, useState } from 'react';
import { Button, reduceMotion, SearchBar } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { Popup } from '@/components/sheet/popup.tsx';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '@contract/permissions.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { closeSheetsAwayFrom } from '@/hooks/use-back-closes.ts';
import { useSheetOnceOpened } from '@/hooks/use-sheet-once-opened.ts';
import { prefersReducedMotion } from '@/lib/reduced-motion.ts';
import { useSession } from '@/lib/session-store.ts';
import { InstallHint } from '@/offline/pwa/install-hint.tsx';
import { ContentSlot } from './content-slot.tsx';
import { externalUrl, type MenuSearchEntry } from './menu-tree.ts';
import type { LayoutProps } from './shell-props.ts';
import './phone-shell.css';

// The phone's sheets and popups appear without animation for whoever asked the system for less motion
// (here, not at start: the animation library is not part of the login page).
if (prefersReducedMotion()) reduceMotion();

function DrawerMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  return (
    <ul>
      {items.map((item) => {
        const url = externalUrl(item);
        return (
          <li key={item.id}>
            {url ? (
              <a href={url} target="_blank" rel="noreferrer">
                {item.meta.title}
              </a>
            ) : item.children?.length ? (
              <span className="phone-shell__group">{item.meta.title}</span>
            ) : (
              <NavLink to={item.path} onClick={onNavigate}>
                {item.meta.title}
              </NavLink>
            )}
            {item.children && item.children.length > 0 && <DrawerMenu items={item.children} onNavigate={onNavigate} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The drawer's menu search: matching pages as a flat list, opened like the desktop search. */
function SearchResults({ entries, query, onNavigate }: { entries: MenuSearchEntry[]; query: string; onNavigate: () => void }) {
  const matches = useMemo(() => entries.filter((e) => e.title.includes(query.trim())), [entries, query]);
  if (matches.length === 0) return <p className="phone-shell__empty">没有匹配的菜单</p>;
  return (
    <ul>
      {matches.map((entry) => (
        <li key={entry.key}>
          {entry.url ? (
            <a href={entry.url} target="_blank" rel="noreferrer">
              {entry.title}
            </a>
          ) : (
            <NavLink to={entry.path} onClick={onNavigate}>
              {entry.title}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether 返回 stays inside the app: not on the pages a login lands on (back would lead to the login
 * page), and not on the first page of this visit (a link opened from outside).
 */
function canGoBack(pathname: string, homePath: string): boolean {
  if (pathname === homePath || pathname === paths.workplace || pathname === paths.welcome) return false;
  const index = (window.history.state as { idx?: number } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

/** The phone layout (antd-mobile only): a title bar with back, the menu and the user's actions in a drawer. */
export default function PhoneShell({ menu, searchEntries, title, homePath, content, onLogout, userMenu, headerExtra }: LayoutProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { userInfo } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useSheetOnceOpened(drawerOpen);
  const [query, setQuery] = useState('');
  // Going to another page closes the sheets of the page left (the bell's sheet over the message it opened).
  useEffect(() => closeSheetsAwayFrom(pathname), [pathname]);
  const confirmLogout = async () => {
    setDrawerOpen(false);
    if (await confirmDialog({ title: '提示', content: '真的要注销登录吗 ?', confirmText: '确定', cancelText: '取消' })) onLogout();
  };
  return (
    <div className="phone-shell">
      <PhoneNavBar
        className="phone-shell__bar"
        onBack={canGoBack(pathname, homePath) ? () => navigate(-1) : undefined}
        right={
          <>
            {headerExtra}
            <button type="button" className="phone-shell__menu-button" aria-label="菜单" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              ☰
            </button>
          </>
        }
      >
        {title || deployment().title}
      </PhoneNavBar>
      <ContentSlot content={content} className="phone-shell__content" />
      <InstallHint />
      {drawer.mounted && (
        <Popup visible={drawer.visible} position="right" onMaskClick={() => setDrawerOpen(false)} bodyClassName="phone-shell__drawer">
          <div className="phone-shell__user">
            <Link to={homePath} onClick={() => setDrawerOpen(false)} className="phone-shell__name">
              {userInfo?.realname}
            </Link>
            <span className="phone-shell__unit">{userInfo?.orgCodeTxt}</span>
          </div>
          <SearchBar className="phone-shell__search" placeholder="搜索菜单" value={query} onChange={setQuery} aria-label="搜索菜单" />
          <nav aria-label="主菜单" className="phone-shell__nav">
            {query.trim() ? (
              <SearchResults entries={searchEntries} query={query} onNavigate={() => setDrawerOpen(false)} />
            ) : (
              <DrawerMenu items={menu} onNavigate={() => setDrawerOpen(false)} />
            )}
          </nav>
          {userMenu}
          <div className="phone-shell__actions">
            <Button block onClick={confirmLogout}>
              注销
            </Button>
          </div>
        </Popup>
      )}
    </div>
  );
}
