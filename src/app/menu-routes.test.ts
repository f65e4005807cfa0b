import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@contract/permissions.ts';
import { buildMenuRoutes, homePath } from './menu-routes.ts';

const vars = { token: 'tok123', username: 'teacher01', realname: '王老师', apiBaseUrl: '/api', deployment: 'DQZY' };

function item(path: string, component: string, extra: Partial<MenuItem> = {}, meta: Partial<MenuItem['meta']> = {}): MenuItem {
  return { id: path, path, name: path, component, route: '1', meta: { title: `标题${path}`, ...meta }, ...extra };
}

describe('menu → routes', () => {
  const menu: MenuItem[] = [
    item('/dashboard', 'layouts/RouteView', { redirect: '/dashboard/workplace', children: [item('/dashboard/workplace', 'dashboard/Workplace'), item('/dashboard/analysis', 'dashboard/Analysis')] }),
    item('/report', 'layouts/RouteView', { alwaysShow: true, children: [item('/report/bi', 'layouts/IframePageView', {}, { url: 'https://bi.cn/?t={token}' })] }),
    item('/hidden-flag', 'system/Hidden', { route: '0' }),
    item('/external', 'layouts/IframePageView', {}, { internalOrExternal: true, url: 'https://www.gov.cn' }),
  ];
  const routes = buildMenuRoutes(menu, vars);

  it('containers redirect to their redirect (or first child) and pages become routes', () => {
    expect(routes.find((r) => r.path === '/dashboard')).toMatchObject({ component: null, redirect: '/dashboard/workplace' });
    expect(routes.find((r) => r.path === '/dashboard/workplace')).toMatchObject({ component: 'dashboard/Workplace', title: '标题/dashboard/workplace' });
  });
  it('alwaysShow containers do not redirect away', () => expect(routes.some((r) => r.path === '/report')).toBe(false));
  it('iframe items carry their filled address', () => expect(routes.find((r) => r.path === '/report/bi')?.frameUrl).toBe('https://bi.cn/?t=tok123'));
  it("route flag '0' and external links are not routes", () => {
    expect(routes.some((r) => r.path === '/hidden-flag')).toBe(false);
    expect(routes.some((r) => r.path === '/external')).toBe(false);
  });
  it('home is the person’s own workplace even when the menu has 分析页, else the first page', () => {
    expect(homePath(routes)).toBe('/dashboard/workplace');
    expect(homePath(routes.filter((r) => r.path !== '/dashboard/workplace'))).toBe('/dashboard/analysis');
    expect(homePath([])).toBe('/404');
  });
});
