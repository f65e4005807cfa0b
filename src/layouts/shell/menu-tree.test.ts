import { expect, it } from 'vitest';
import type { MenuItem } from '@contract/permissions.ts';
import { menuChain, visibleMenu } from './menu-tree.ts';

const item = (path: string, children?: MenuItem[], hidden = false): MenuItem => ({ id: path, path, name: path, component: '', route: '1', hidden, meta: { title: path }, ...(children ? { children } : {}) });
const menu = [item('/dashboard', [item('/dashboard/workplace'), item('/dashboard/secret', undefined, true)]), item('/system', [item('/system/user')])];

it('finds the chain from the root to an item', () => {
  expect(menuChain(menu, '/system/user').map((i) => i.path)).toEqual(['/system', '/system/user']);
  expect(menuChain(menu, '/nowhere')).toEqual([]);
});

it('leaves hidden items out of the visible menu', () => {
  expect(visibleMenu(menu)[0]!.children!.map((i) => i.path)).toEqual(['/dashboard/workplace']);
});
