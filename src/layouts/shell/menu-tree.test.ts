import { expect, it } from 'vitest';
import type { MenuItem } from '@contract/permissions.ts';
import { menuChain, menuSearchEntries, visibleMenu } from './menu-tree.ts';

const item = (path: string, children?: MenuItem[], hidden = false): MenuItem => ({ id: path, path, name: path, component: '', route: '1', hidden, meta: { title: path }, ...(children ? { children } : {}) });
const menu = [item('/dashboard', [item('/dashboard/workplace'), item('/dashboard/secret', undefined, true)]), item('/system', [item('/system/user')])];

it('finds the chain from the root to an item', () => {
  expect(menuChain(menu, '/system/user').map((i) => i.path)).toEqual(['/system', '/system/user']);
  expect(menuChain(menu, '/nowhere')).toEqual([]);
});

it('leaves hidden items out of the visible menu', () => {
  expect(visibleMenu(menu)[0]!.children!.map((i) => i.path)).toEqual(['/dashboard/workplace']);
});

it('offers the menu pages to search, with new-tab addresses for external and iframe items', () => {
  const vars = { token: 't1', username: 'u', realname: 'r', apiBaseUrl: '/api', deployment: 'DQZY' };
  const withLinks = [
    ...menu,
    { ...item('/gov'), meta: { title: '政务网', internalOrExternal: true, url: 'https://www.gov.cn' } },
    { ...item('/bi'), component: 'layouts/IframePageView', meta: { title: '报表', url: 'https://bi.cn/?t={token}' } },
    { ...item('/flagged'), route: '0' as const },
  ];
  expect(menuSearchEntries(visibleMenu(withLinks), vars)).toEqual([
    { key: '/dashboard/workplace', title: '/dashboard/workplace', path: '/dashboard/workplace' },
    { key: '/system/user', title: '/system/user', path: '/system/user' },
    { key: '/gov', title: '政务网', path: '/gov', url: 'https://www.gov.cn' },
    { key: '/bi', title: '报表', path: '/bi', url: 'https://bi.cn/?t=t1' },
  ]);
});
