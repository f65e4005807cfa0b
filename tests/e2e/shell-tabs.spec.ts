import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';

const tabBar = (page: Page) => page.locator('.desktop-shell__tabs');
const tab = (page: Page, title: string) => tabBar(page).getByRole('tab', { name: title });
const tabTitles = (page: Page) => tabBar(page).getByRole('tab');
// The × is for the mouse (hidden from screen readers, which close the focused tab with Delete).
const closeButton = (page: Page, title: string) => tabBar(page).locator('.ant-tabs-tab').filter({ hasText: title }).getByTitle('关闭');

async function openFromMenu(page: Page, title: string) {
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: title }).click();
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

async function tabContextMenu(page: Page, title: string, action: string) {
  await tab(page, title).getByText(title).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test.describe('多页签（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('pages open as tabs after the home tab (工作台, the person’s own home), which has no close button and refuses 关闭, and survive a reload', async ({ page }) => {
    // The administrator: 分析页 and 监控页 beside 工作台 (the school's figures are for whoever sees them).
    await signInAs(page, 'admin');
    await expect(tabTitles(page)).toHaveText(['工作台']);

    await openFromMenu(page, '监控页');
    await openFromMenu(page, '分析页');
    await expect(tabTitles(page)).toHaveText(['工作台', '监控页', '分析页']);
    await tab(page, '监控页').click();
    await expect(page).toHaveURL(/#\/dashboard\/monitor$/);

    // Home offers no × at all; its context menu's 关闭 says why.
    await expect(closeButton(page, '分析页')).toBeVisible();
    await expect(closeButton(page, '工作台')).toHaveCount(0);
    await tabContextMenu(page, '工作台', '关闭');
    await expect(page.getByRole('alert').filter({ hasText: '首页不能关闭!' })).toBeVisible();
    await expect(tabTitles(page)).toHaveText(['工作台', '监控页', '分析页']);

    await page.reload();
    await expect(tabTitles(page)).toHaveText(['工作台', '监控页', '分析页']);
    await expect(tab(page, '监控页')).toHaveAttribute('aria-selected', 'true');

    await closeButton(page, '监控页').click();
    await expect(tabTitles(page)).toHaveText(['工作台', '分析页']);
    await expect(page).toHaveURL(/#\/dashboard\/workplace$/);

    await tab(page, '分析页').click();
    await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  });

  test('the context menu closes the tabs to the left, to the right and all others, always keeping home', async ({ page }) => {
    await signInAs(page, 'admin');
    await openFromMenu(page, '分析页');
    await openFromMenu(page, '监控页');
    await expect(tabTitles(page)).toHaveText(['工作台', '分析页', '监控页']);

    await tabContextMenu(page, '分析页', '关闭右侧');
    await expect(tabTitles(page)).toHaveText(['工作台', '分析页']);
    await openFromMenu(page, '监控页');
    await tabContextMenu(page, '监控页', '关闭左侧');
    await expect(tabTitles(page)).toHaveText(['工作台', '监控页']);
    await openFromMenu(page, '分析页');
    await tabContextMenu(page, '分析页', '关闭其他');
    await expect(tabTitles(page)).toHaveText(['工作台', '分析页']);
  });

  test('刷新 reloads a tab while other tabs keep their state', async ({ page }) => {
    await signInAs(page, 'admin');
    await openFromMenu(page, '监控页');
    await expect(page.locator('.shell-page')).toHaveCount(2);
    await expect(page.locator('.shell-page:not([hidden])').getByRole('heading', { name: '服务器', exact: true })).toBeVisible();
    // A mark on the kept page's own element: it survives tab switches and goes with a remount.
    const marker = () => page.locator('.shell-page:not([hidden])').evaluate((el) => el.getAttribute('data-marked'));
    await page.locator('.shell-page:not([hidden])').evaluate((el) => el.setAttribute('data-marked', 'yes'));
    const monitorShown = page.locator('.shell-page:not([hidden])').getByRole('heading', { name: '服务器', exact: true });
    await tab(page, '工作台').click();
    await expect(monitorShown).toBeHidden();
    await tab(page, '监控页').click();
    await expect(monitorShown).toBeVisible();
    expect(await marker()).toBe('yes');
    await tabContextMenu(page, '监控页', '刷新');
    await expect.poll(marker).toBeNull();
  });
});
