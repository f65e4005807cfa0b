import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';

const WIDTHS = [
  { name: '平板 900', size: { width: 900, height: 1000 }, layout: 'tablet' },
  { name: '手机 390', size: { width: 390, height: 844 }, layout: 'phone' },
  { name: '桌面 1440', size: { width: 1440, height: 900 }, layout: 'desktop' },
] as const;

async function expectLayout(page: Page, layout: 'desktop' | 'tablet' | 'phone') {
  if (layout === 'phone') {
    await expect(page.locator('.phone-shell__bar')).toBeVisible();
    await expect(page.locator('.desktop-shell')).toHaveCount(0);
  } else {
    await expect(page.locator('.desktop-shell__sider')).toHaveCSS('width', layout === 'tablet' ? '80px' : '200px');
    await expect(page.locator('.phone-shell__bar')).toHaveCount(0);
  }
}

test.describe('布局切换', () => {
  test.use(DESKTOP);

  test('resizing across the breakpoints switches the layout and keeps the route and the unsaved input', async ({ page }) => {
    await loginAs(page, 'student01');
    await page.goto('#/internship/weekly');
    await expectLayout(page, 'desktop');
    const week = page.locator('.adm-list-item').filter({ hasText: '第5周（' });
    await week.click();
    const content = page.locator('.weekly-editor').getByPlaceholder('本周的工作内容、收获与体会');
    const typed = '还没有提交的内容：今天学习了缺陷管理流程。';
    await content.fill(typed);

    for (const { size, layout } of WIDTHS) {
      await page.setViewportSize(size);
      await expectLayout(page, layout);
      await expect(page).toHaveURL(/#\/internship\/weekly$/);
      await expect(content).toHaveValue(typed);
    }
  });
});
