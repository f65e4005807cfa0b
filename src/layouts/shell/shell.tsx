import { lazy, memo, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { matchPath, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { MenuItem } from '@contract/permissions.ts';
import { PageLoading } from '@/components/page-loading.tsx';
import { runtimeConfig } from '@/config/runtime.ts';
import { deviceFor, useDevice } from '@/hooks/use-device.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { inTaskOfItsOwn } from '@/lib/next-task.ts';
import { useSession } from '@/lib/session-store.ts';
import { useSettings } from '@/lib/settings-store.ts';
import { tabAddress } from '@/lib/tabs.ts';
import { tabsStore, useTabs } from '@/lib/tabs-store.ts';
import { MissingPage } from './missing-page.tsx';
import { menuChain, menuSearchEntries, visibleMenu } from './menu-tree.ts';

const loadDesktopShell = () => import('./desktop-shell.tsx');
const loadPhoneShell = () => import('./phone-shell.tsx');
const DesktopShell = lazy(loadDesktopShell);
const PhoneShell = lazy(loadPhoneShell);
// The layout for this screen loads with the shell, not once the shell renders (asked for in a task of
// its own, as src/app/authenticated-app.tsx asks for the shell).
inTaskOfItsOwn(deviceFor(window.innerWidth) === 'phone' ? loadPhoneShell : loadDesktopShell);

export interface ShellPage {
  path: string;
  title: string;
  element: ReactNode;
}

/** Rendered again only when its address or visibility changes: matching the menu's routes takes a phone ~10 ms. */
const KeptPage = memo(function KeptPage({ routes, location, hidden }: { routes: RouteObject[]; location: string; hidden: boolean }) {
  const element = useRoutes(routes, location);
  return (
    <div hidden={hidden} className="shell-page">
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </div>
  );
});

/**
 * Every open tab's page stays mounted (hidden when not current), so switching tabs loses nothing.
 * Without tabs (the phone has no tab bar) only the current page is kept.
 */
function KeptPages({ pages, activeKey, address, keepTabs }: { pages: ShellPage[]; activeKey: string; address: string; keepTabs: boolean }) {
  const { tabs } = useTabs();
  const routes = useMemo<RouteObject[]>(() => [...pages.map((p) => ({ path: p.path, element: p.element })), { path: '*', element: null }], [pages]);
  const open = tabs.map((t) => t.key);
  const keys = !keepTabs ? [activeKey] : open.includes(activeKey) ? open : [...open, activeKey];
  // A page sees its own address: the current one, or where its tab was left (a list's search and page).
  const locationOf = (key: string) => (key === activeKey ? address : tabAddress(tabs.find((t) => t.key === key) ?? { key, title: '' }));
  return keys.map((key) => <KeptPage key={`${key}#${tabsStore.generation(key)}`} routes={routes} location={locationOf(key)} hidden={key !== activeKey} />);
}

/**
 * The authenticated shell for every menu page (an address outside the menu goes to 403 or 404: MissingPage): picks the layout for the screen (desktop, tablet, phone) and keeps the
 * pages in one place of the React tree, so resizing across a breakpoint keeps the route and any
 * unsaved input.
 */
export default function Shell({
  menu,
  pages,
  homePath,
  onLogout,
  userMenu,
  headerExtra,
}: {
  menu: MenuItem[];
  pages: ShellPage[];
  homePath: string;
  onLogout: () => void;
  /** The account actions from the app, one for the antd layouts and one for the phone. */
  userMenu?: { desktop: ReactNode; phone: ReactNode };
  /** Header controls from the app (the notice bell), one for the antd layouts and one for the phone. */
  headerExtra?: { desktop: ReactNode; phone: ReactNode };
}) {
  const device = useDevice();
  const location = useLocation();
  const { multiPage } = useSettings();
  const [content] = useState(() => {
    const element = document.createElement('div');
    element.className = 'shell-pages';
    return element;
  });
  // One tab per page; its search (a list's state) changes the tab's address, not which tab it is.
  const activeKey = location.pathname;
  const address = `${location.pathname}${location.search}`;
  const current = pages.find((p) => matchPath(p.path, location.pathname));
  const homeTitle = pages.find((p) => p.path === homePath)?.title ?? '首页';
  usePageTitle(current?.title);

  // The phone has no tab bar: its pages are not kept, and the saved tabs wait for a wider screen.
  const keepTabs = device !== 'phone';
  // Keyed on each navigation, not the path: a tab closed and reopened before the router commits the
  // navigation in between leaves the path unchanged, yet the tab must come back.
  useEffect(() => {
    if (current && keepTabs) tabsStore.open({ key: activeKey, title: current.title, address: address === activeKey ? undefined : address }, { key: homePath, title: homeTitle }, multiPage);
  }, [location.key, activeKey, address, current, homePath, homeTitle, multiPage, keepTabs]);

  const { token, userInfo } = useSession();
  const shown = useMemo(() => visibleMenu(menu), [menu]);
  const searchEntries = useMemo(() => {
    const { apiBaseUrl, deployment } = runtimeConfig();
    return menuSearchEntries(shown, { token: token ?? '', username: userInfo?.username ?? '', realname: userInfo?.realname ?? '', apiBaseUrl, deployment });
  }, [shown, token, userInfo?.username, userInfo?.realname]);
  const chain = useMemo(() => menuChain(menu, location.pathname), [menu, location.pathname]);
  const layoutProps = { menu: shown, searchEntries, title: current?.title ?? '', chain, homePath, content, onLogout };

  if (!current) return <MissingPage pathname={location.pathname} />;
  return (
    <>
      <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneShell {...layoutProps} headerExtra={headerExtra?.phone} userMenu={userMenu?.phone} /> : <DesktopShell {...layoutProps} headerExtra={headerExtra?.desktop} userMenu={userMenu?.desktop} device={device} />}</Suspense>
      {createPortal(<KeptPages pages={pages} activeKey={activeKey} address={address} keepTabs={keepTabs} />, content)}
    </>
  );
}
