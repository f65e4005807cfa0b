import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';
import { dialogTitled, openUserMenuItem } from './support/shell.ts';

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
    await signInAs(page, 'student01', '#/internship/weekly');
    await expectLayout(page, 'desktop');
    const week = page.locator('.adm-list-item').filter({ hasText: '第5周（' });
    await week.click();
    const content = page.locator('.record-editor').getByPlaceholder('本周的工作内容、收获与体会');
    const typed = '还没有提交的内容：今天学习了缺陷管理流程。';
    await content.fill(typed);

    for (const { size, layout } of WIDTHS) {
      await page.setViewportSize(size);
      await expectLayout(page, layout);
      await expect(page).toHaveURL(/#\/internship\/weekly$/);
      await expect(content).toHaveValue(typed);
    }
  });

  test('an account dialog left open follows the layout: 修改密码 and 个人信息 keep what was typed', async ({ page }) => {
    await signInAs(page, 'teacher01');
    const phoneSheet = (title: string) => page.locator('.phone-account__sheet').filter({ has: page.locator('.adm-nav-bar-title', { hasText: title }) });

    await openUserMenuItem(page, '修改密码');
    await dialogTitled(page, '修改密码').getByPlaceholder('请输入旧密码').fill('Old@2026x');
    await dialogTitled(page, '修改密码').getByPlaceholder('请输入新密码').fill('New@2026x');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectLayout(page, 'phone');
    const sheet = phoneSheet('修改密码');
    await expect(sheet.getByPlaceholder('请输入旧密码')).toHaveValue('Old@2026x');
    await expect(sheet.getByPlaceholder('请输入新密码')).toHaveValue('New@2026x');
    await sheet.getByPlaceholder('请确认新密码').fill('New@2026x');

    await page.setViewportSize({ width: 1440, height: 900 });
    await expectLayout(page, 'desktop');
    const modal = dialogTitled(page, '修改密码');
    await expect(modal.getByPlaceholder('请输入旧密码')).toHaveValue('Old@2026x');
    await expect(modal.getByPlaceholder('请确认新密码')).toHaveValue('New@2026x');
    await modal.getByRole('button', { name: '取消' }).click();
    await expect(modal).toBeHidden();

    // Closed is closed: the next opening starts empty, and 个人信息 carries its own input.
    await openUserMenuItem(page, '修改密码');
    await expect(dialogTitled(page, '修改密码').getByPlaceholder('请输入旧密码')).toHaveValue('');
    await dialogTitled(page, '修改密码').getByRole('button', { name: '取消' }).click();
    await openUserMenuItem(page, '个人信息');
    await dialogTitled(page, '个人信息').getByPlaceholder('请输入手机号码').fill('13912345678');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(phoneSheet('个人信息').getByPlaceholder('请输入手机号码')).toHaveValue('13912345678');
  });

  test('a resource form left open follows the layout with what was typed (职务管理 新增)', async ({ page }) => {
    await signInAs(page, 'admin', '#/system/position');
    await page.getByRole('button', { name: '新增' }).click();
    const modal = page.getByRole('dialog', { name: '新增职务' });
    await modal.getByLabel('职务名称').fill('实训室管理员');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectLayout(page, 'phone');
    const sheet = page.getByRole('dialog', { name: '新增职务' });
    await expect(sheet.getByLabel('职务名称')).toHaveValue('实训室管理员');
    await sheet.getByLabel('职务编码').fill('SXS01');

    await page.setViewportSize({ width: 1440, height: 900 });
    await expectLayout(page, 'desktop');
    await expect(modal.getByLabel('职务名称')).toHaveValue('实训室管理员');
    await expect(modal.getByLabel('职务编码')).toHaveValue('SXS01');
    await modal.getByRole('button', { name: /取\s?消/ }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: '新增' }).click();
    await expect(modal.getByLabel('职务名称')).toHaveValue('');
  });
});
