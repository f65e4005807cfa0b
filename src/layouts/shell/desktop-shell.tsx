import { useEffect, useMemo, useState } from 'react';
import { CloseOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown, Layout, Menu, Tabs, type MenuProps } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { MenuItem } from '@contract/permissions.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { deployment } from '@/config/runtime.ts';
import { useLogo } from '@/hooks/use-logo.ts';
import { schoolGreeting } from '@/lib/greeting.ts';
import { settingsStore, useSettings } from '@/lib/settings-store.ts';
import { tabAddress } from '@/lib/tabs.ts';
import { tabsStore, useTabs } from '@/lib/tabs-store.ts';
import { InstallHint } from '@/offline/pwa/install-hint.tsx';
import { ContentSlot } from './content-slot.tsx';
import { menuIcon } from './menu-icons.tsx';
import { MenuSearch } from './menu-search.tsx';
import { externalUrl } from './menu-tree.ts';
import type { LayoutProps } from './shell-props.ts';
import './desktop-shell.css';

type AntMenuItem = NonNullable<MenuProps['items']>[number];

function toMenuItems(items: MenuItem[]): AntMenuItem[] {
  return items.map((item) => {
    const icon = menuIcon(item.meta.icon);
    if (item.children?.length) return { key: item.id, icon, label: item.meta.title, children: toMenuItems(item.children) };
    const url = externalUrl(item);
    const label = url ? (
      <a href={url} target="_blank" rel="noreferrer">
        {item.meta.title}
      </a>
    ) : (
      <Link to={item.path}>{item.meta.title}</Link>
    );
    return { key: item.id, icon, label };
  });
}

function TabBar({ homePath }: { homePath: string }) {
  const navigate = useNavigate();
  const { tabs, active } = useTabs();
  // A tab opens where it was left (a list's search and page).
  const goTo = (key: string) => {
    const tab = tabsStore.get().tabs.find((t) => t.key === key);
    navigate(tab ? tabAddress(tab) : key);
  };
  const close = (key: string) => {
    const refused = tabsStore.close(key, homePath);
    if (refused) notify.warning(refused);
    else if (key === active) goTo(tabsStore.get().active);
  };
  const closeSide = (key: string, side: 'left' | 'right' | 'others') => {
    tabsStore.closeSide(key, side, homePath);
    goTo(tabsStore.get().active);
  };
  const contextMenu = (key: string): MenuProps => ({
    items: [
      { key: 'refresh', label: '刷新' },
      { key: 'close', label: '关闭' },
      { key: 'left', label: '关闭左侧' },
      { key: 'right', label: '关闭右侧' },
      { key: 'others', label: '关闭其他' },
    ],
    onClick: ({ key: action, domEvent }) => {
      // The menu sits in the tab's label: a click would also select that tab (and reopen a closed one).
      domEvent.stopPropagation();
      if (action === 'refresh') tabsStore.refresh(key);
      else if (action === 'close') close(key);
      else closeSide(key, action as 'left' | 'right' | 'others');
    },
  });
  return (
    <Tabs
      className="desktop-shell__tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={goTo}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      items={tabs.map((tab) => ({
        key: tab.key,
        // The home tab cannot be closed, so it offers no ×; the context menu's 关闭 still explains why.
        closable: tab.key !== homePath,
        label: (
          <>
            <Dropdown menu={contextMenu(tab.key)} trigger={['contextMenu']}>
              <span>{tab.title}</span>
            </Dropdown>
            {tab.key !== homePath && (
              // antd's own × is a button inside the tab list, where only tabs may be (a screen reader
              // lists it among the tabs), so it is hidden and this × is for the mouse; the keyboard
              // closes the focused tab with Delete, the tab list's own key for it.
              <span
                className="desktop-shell__tab-close"
                title="关闭"
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  close(tab.key);
                }}
              >
                <CloseOutlined />
              </span>
            )}
          </>
        ),
      }))}
    />
  );
}

/** With a fixed header that auto-hides: hidden after scrolling down past 100 px, back on scrolling up. */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > 100 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      setHidden(false);
    };
  }, [enabled]);
  return enabled && hidden;
}

/**
 * The desktop (≥ 1088 px) and tablet (768 – 1087.99 px, sidebar collapsed) layout with antd: side menu
 * (200 px, 80 collapsed, one root submenu open at a time) or top menu, header, tabs, breadcrumb and the
 * page, arranged by the layout settings of the theme drawer.
 */
export default function DesktopShell({ menu, searchEntries, chain, homePath, content, userMenu, headerExtra, device }: LayoutProps & { device: 'desktop' | 'tablet' }) {
  const settings = useSettings();
  const topMenu = settings.layoutMode === 'topmenu';
  // The tablet starts collapsed on every visit (SPEC: narrow screens collapse the sidebar), but the
  // user may open it; the desktop's choice is a saved layout setting.
  const [tabletOpened, setTabletOpened] = useState(false);
  const collapsed = device === 'tablet' ? !tabletOpened : !settings.sidebarOpened;
  const toggleSider = () => (device === 'tablet' ? setTabletOpened(collapsed) : settingsStore.set('sidebarOpened', collapsed));
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);
  const rootIds = useMemo(() => menu.map((i) => i.id), [menu]);
  const chainIds = chain.map((i) => i.id);
  const ancestors = chainIds.slice(0, -1);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  // Reaching a page opens its submenus (and, accordion-like, closes the other roots).
  const [openedFor, setOpenedFor] = useState(ancestors.join('/'));
  if (openedFor !== ancestors.join('/')) {
    setOpenedFor(ancestors.join('/'));
    if (ancestors.length > 0) setOpenKeys([...new Set([...openKeys.filter((k) => !rootIds.includes(k)), ...ancestors])]);
  }

  /** Accordion: opening a root submenu closes the other roots. */
  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened && rootIds.includes(opened) ? keys.filter((k) => k === opened || !rootIds.includes(k)) : keys);
  };

  const crumbs = [
    { key: 'home', title: <Link to="/">首页</Link> },
    ...chain.map((item, index) => ({
      key: item.id,
      title: index === chain.length - 1 || item.children?.length ? item.meta.title : <Link to={item.path}>{item.meta.title}</Link>,
    })),
  ];
  const logoImage = useLogo('logo');
  const logo = (withTitle: boolean) => (
    <Link to={homePath} className="desktop-shell__logo">
      <img src={logoImage} alt="" width={32} height={32} />
      {withTitle && <span>{deployment().title}</span>}
    </Link>
  );
  const headerClass = [
    'desktop-shell__header',
    `desktop-shell__header--${settings.navTheme}`,
    settings.fixedHeader ? 'desktop-shell__header--fixed' : '',
    headerHidden ? 'desktop-shell__header--hidden' : '',
  ].join(' ');

  return (
    <AntdProvider>
      <Layout className={`desktop-shell${topMenu && settings.contentWidth === 'Fixed' ? ' desktop-shell--fixed-width' : ''}`}>
        {!topMenu && (
          <Layout.Sider
            width={200}
            collapsedWidth={80}
            collapsed={collapsed}
            trigger={null}
            theme="dark"
            className={`desktop-shell__sider${settings.fixSiderbar ? ' desktop-shell__sider--fixed' : ''}`}
          >
            <nav aria-label="主菜单">
              {logo(!collapsed)}
              <Menu mode="inline" theme="dark" items={toMenuItems(menu)} selectedKeys={chainIds.slice(-1)} {...(collapsed ? {} : { openKeys, onOpenChange })} />
            </nav>
          </Layout.Sider>
        )}
        <Layout>
          <Layout.Header className={headerClass}>
            {topMenu ? (
              <nav aria-label="主菜单" className="desktop-shell__top-nav">
                {logo(device === 'desktop')}
                <Menu mode="horizontal" theme={settings.navTheme} items={toMenuItems(menu)} selectedKeys={chainIds.slice(-1)} className="desktop-shell__top-menu" />
              </nav>
            ) : (
              <Button type="text" aria-label={collapsed ? '展开菜单' : '收起菜单'} aria-expanded={!collapsed} onClick={toggleSider} className="desktop-shell__trigger">
                {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </Button>
            )}
            {!topMenu && <span className="desktop-shell__spacer" />}
            <MenuSearch entries={searchEntries} />
            {headerExtra}
            {device === 'desktop' && <span className="desktop-shell__welcome">{schoolGreeting()}，欢迎您</span>}
            {userMenu}
          </Layout.Header>
          {settings.multiPage && <TabBar homePath={homePath} />}
          <Layout.Content className="desktop-shell__content">
            <Breadcrumb className="desktop-shell__breadcrumb" items={crumbs} />
            <ContentSlot content={content} />
          </Layout.Content>
          <Layout.Footer className="desktop-shell__footer" />
          <InstallHint />
        </Layout>
      </Layout>
    </AntdProvider>
  );
}
