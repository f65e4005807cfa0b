import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@contract/permissions.ts';
import { expectOk, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A user's menu as the shell gets it: each entry's title, depth first in the server's order. */
async function menuTitles(username: string): Promise<string[]> {
  const { menu } = expectOk(await t.get<{ menu: MenuItem[] }>('/api/sys/permission/getUserPermissionByToken', await t.login(username)));
  const walk = (items: MenuItem[]): string[] => items.flatMap((item) => [item.meta.title, ...walk(item.children ?? [])]);
  return walk(menu);
}

/** The dashboard group's pages, in menu order (the first is the shell's fixed first tab). */
async function dashboardPages(username: string): Promise<string[]> {
  const { menu } = expectOk(await t.get<{ menu: MenuItem[] }>('/api/sys/permission/getUserPermissionByToken', await t.login(username)));
  return (menu.find((item) => item.path === '/dashboard')?.children ?? []).map((item) => item.meta.title);
}

describe('what a school does not use is not in the menu (contract/menus.ts)', () => {
  it('the administrator has no template 详情页 samples', async () => {
    const titles = await menuTitles('admin');
    for (const sample of ['详情页', '基础详情页', '高级详情页']) expect(titles).not.toContain(sample);
  });

  it('the first dashboard page is 工作台, the person’s own home; 分析页, 监控页 and 接口文档 only for who sees them', async () => {
    expect(await dashboardPages('admin')).toEqual(['工作台', '分析页', '监控页', '接口文档']);
    for (const username of ['student01', 'teacher01', 'mentor01']) expect(await dashboardPages(username), username).toEqual(['工作台']);
  });
});
