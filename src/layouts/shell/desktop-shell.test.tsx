import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '@contract/permissions.ts';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { settingsStore } from '@/lib/settings-store.ts';
import { tabsStore } from '@/lib/tabs-store.ts';
import DesktopShell from './desktop-shell.tsx';

const page = (id: string, path: string, title: string): MenuItem => ({ id, path, name: id, component: 'x', meta: { title } }) as MenuItem;
const MENU: MenuItem[] = [page('analysis', '/dashboard/analysis', '分析页'), page('monitor', '/dashboard/monitor', '监控页')];
const HOME = '/dashboard/analysis';

function renderShell(device: 'desktop' | 'tablet') {
  return render(
    <MemoryRouter initialEntries={['/dashboard/monitor']}>
      <DesktopShell menu={MENU} searchEntries={[]} title="监控页" chain={[MENU[1]!]} homePath={HOME} content={document.createElement('div')} onLogout={() => undefined} device={device} />
    </MemoryRouter>,
  );
}

const sider = (container: HTMLElement) => container.querySelector('.desktop-shell__sider')!;

afterEach(() => {
  act(() => {
    tabsStore.reset();
    noticeStore.clear();
  });
});

describe('the desktop and tablet shell', () => {
  it('on a tablet starts with the sidebar collapsed, and 展开菜单 opens it (and 收起菜单 closes it again)', () => {
    const { container } = renderShell('tablet');
    expect(sider(container).className).toContain('ant-layout-sider-collapsed');

    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(sider(container).className).not.toContain('ant-layout-sider-collapsed');
    // Only this visit: the desktop's saved choice is left alone.
    expect(settingsStore.get().sidebarOpened).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(sider(container).className).toContain('ant-layout-sider-collapsed');
  });

  it('the home tab has no close button; other tabs have one', () => {
    act(() => {
      tabsStore.open({ key: '/dashboard/monitor', title: '监控页' }, { key: HOME, title: '分析页' }, true);
    });
    renderShell('desktop');
    const tabOf = (title: string) => screen.getByRole('tab', { name: title }).closest('.ant-tabs-tab') as HTMLElement;
    expect(within(tabOf('分析页')).queryByTitle('关闭')).toBeNull();
    fireEvent.click(within(tabOf('监控页')).getByTitle('关闭'));
    expect(screen.queryByRole('tab', { name: '监控页' })).toBeNull();
  });
});
