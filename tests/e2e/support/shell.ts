import { expect, type Page } from '@playwright/test';

/**
 * Opens the desktop user menu (unless it is still open: a second click would close it) and picks an
 * item. The menu seen may be the last one still fading out, so a click that finds it gone opens it again.
 */
export async function openUserMenuItem(page: Page, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByRole('button', { name: '用户菜单' }).click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
    await entry.click({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/** An antd dialog found by its title text. */
export const dialogTitled = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

/** Nothing sticks out sideways: the page is no wider than the screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
