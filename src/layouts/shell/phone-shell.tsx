import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { prefersReducedMotion } from '@/lib/reduced-motion.ts';
import { InstallHint } from '@/offline/pwa/install-hint.tsx';
import { ContentSlot } from './content-slot.tsx';
import type { LayoutProps } from './shell-props.ts';
import './phone-shell.css';

// The phone's sheets and popups appear without animation for whoever asked the system for less motion
// (here, not at start, and only for them: the animation library is not part of the login page or the home).
if (prefersReducedMotion()) void import('antd-mobile/es/utils/reduce-and-restore-motion').then((motion) => motion.reduceMotion());

const PhoneDrawer = lazy(() => import('./phone-drawer.tsx'));

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
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so later ones animate (src/layouts/shell/phone-drawer.tsx).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const openDrawer = () => {
    setDrawerWanted(true);
    setDrawerOpen(true);
  };
  return (
    <div className="phone-shell">
      <PhoneNavBar
        className="phone-shell__bar"
        onBack={canGoBack(pathname, homePath) ? () => navigate(-1) : undefined}
        right={
          <>
            {headerExtra}
            <button type="button" className="phone-shell__menu-button" aria-label="菜单" aria-expanded={drawerOpen} onClick={openDrawer}>
              ☰
            </button>
          </>
        }
      >
        {title || deployment().title}
      </PhoneNavBar>
      <ContentSlot content={content} className="phone-shell__content" />
      <InstallHint />
      {drawerWanted && (
        <Suspense fallback={null}>
          <PhoneDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            menu={menu}
            searchEntries={searchEntries}
            homePath={homePath}
            onLogout={onLogout}
            userMenu={userMenu}
          />
        </Suspense>
      )}
    </div>
  );
}
