import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '系统设置' });
  await expect(drawer).toBeVisible();
  return drawer;
}

const backgroundOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe('系统设置（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('each setting applies at once and holds after a reload; 恢复默认设置 brings the defaults back', async ({ page }) => {
    await signInAs(page, 'teacher01');
    await expect(page.locator('.desktop-shell__header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('.desktop-shell__tabs')).toBeVisible();

    const drawer = await openSettings(page);
    await expect(drawer.getByRole('radio', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-checked', 'true');
    await drawer.getByRole('radio', { name: '极光绿' }).click();
    // 极光绿 darkened to read under white text (#347B10).
    await expect(drawer.getByRole('switch', { name: '多页签模式' })).toHaveCSS('background-color', 'rgb(52, 123, 16)');
    await drawer.getByText('暗色顶栏').click();
    await drawer.getByRole('switch', { name: '多页签模式' }).click();
    await drawer.getByRole('switch', { name: '色弱模式' }).click();
    await drawer.getByRole('switch', { name: '固定 Header' }).click();
    await expect(drawer.getByRole('switch', { name: '下滑时隐藏 Header' })).toBeEnabled();
    await page.keyboard.press('Escape');

    await expect(page.locator('.desktop-shell__header')).toHaveCSS('background-color', 'rgb(0, 21, 41)');
    await expect(page.locator('.desktop-shell__tabs')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/color-weak/);

    await page.reload();
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
    await expect(page.locator('.desktop-shell__header')).toHaveCSS('background-color', 'rgb(0, 21, 41)');
    await expect(page.locator('.desktop-shell__header')).toHaveCSS('position', 'sticky');
    await expect(page.locator('.desktop-shell__tabs')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/color-weak/);
    const reopened = await openSettings(page);
    await expect(reopened.getByRole('radio', { name: '极光绿' })).toHaveAttribute('aria-checked', 'true');
    expect(await backgroundOf(page, '.ant-switch-checked')).toBe('rgb(52, 123, 16)');

    await reopened.getByRole('button', { name: '恢复默认设置' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.desktop-shell__header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('.desktop-shell__tabs')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/color-weak/);
    await page.reload();
    await expect(page.locator('.desktop-shell__tabs')).toBeVisible();
  });
});

test.describe('手机 390×844', () => {
  test.use(PHONE);

  const accountAction = (page: Page, name: string) => page.locator('.phone-account__list').getByText(name, { exact: true });
  const openDrawer = async (page: Page) => {
    await page.getByRole('button', { name: '菜单' }).click();
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  };

  test('the drawer searches the menu and opens the page', async ({ page }) => {
    await signInAs(page, 'student01');
    await openDrawer(page);
    await page.getByPlaceholder('搜索菜单').fill('我的周');
    const nav = page.getByRole('navigation', { name: '主菜单' });
    await expect(nav.getByRole('link', { name: '工作台' })).toHaveCount(0);
    await nav.getByRole('link', { name: '我的周记' }).click();
    await expect(page).toHaveURL(/#\/internship\/weekly$/);
    await openDrawer(page);
    await page.getByPlaceholder('搜索菜单').fill('无此菜单');
    await expect(page.getByText('没有匹配的菜单')).toBeVisible();
  });

  test('修改密码 and 个人信息 open as full-screen sheets with the same messages', async ({ page }) => {
    await signInAs(page, 'student01');
    await expect(page.locator('.ant-layout')).toHaveCount(0);
    await openDrawer(page);
    await expect(accountAction(page, '个人信息')).toBeVisible();
    await expect(accountAction(page, '切换身份')).toHaveCount(0);
    await accountAction(page, '修改密码').click();
    const sheet = page.locator('.phone-account__sheet').filter({ hasText: '修改密码' });
    await sheet.getByRole('button', { name: '确定' }).click();
    for (const message of ['请输入旧密码!', '密码由8位数字、大小写字母和特殊符号组成!', '请确认新密码!']) {
      await expect(sheet.getByText(message, { exact: true })).toBeVisible();
    }
    await sheet.getByPlaceholder('请输入新密码').fill('Sheet@2026x');
    await sheet.getByPlaceholder('请确认新密码').fill('Sheet@2026y');
    await sheet.getByRole('button', { name: '确定' }).click();
    await expect(sheet.getByText('两次输入的密码不一致！')).toBeVisible();
    await sheet.locator('.adm-nav-bar-back').click();
    await expect(sheet).toBeHidden();

    await accountAction(page, '个人信息').click();
    const profile = page.locator('.phone-account__sheet').filter({ hasText: '个人信息' });
    await expect(profile.getByText('李明')).toBeVisible();
    await expect(profile.getByText('信息工程学院')).toBeVisible();
    const phone = profile.getByPlaceholder('请输入手机号码');
    // A student's form does not ask the server about other users' phones as the field is left: the save says it, at the field.
    await phone.fill('13800000002');
    await profile.getByRole('button', { name: '保存' }).click();
    await expect(profile.getByText('手机号已存在!')).toBeVisible();
    await phone.fill('1380000');
    await phone.blur();
    await expect(profile.getByText('请输入正确格式的手机号码!')).toBeVisible();
    await phone.fill('13800000003');
    await profile.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '修改成功!' })).toBeVisible();
    await expect(profile).toBeHidden();
  });

  test('a user with two roles chooses between them in 用户身份选择', async ({ page }) => {
    await signInAs(page, 'multi01');
    await openDrawer(page);
    await accountAction(page, '切换身份').click();
    const sheet = page.locator('.phone-account__sheet').filter({ hasText: '用户身份选择' });
    await expect(sheet.getByRole('radio')).toHaveCount(2);
    await sheet.getByRole('button', { name: '确定' }).click();
    await expect(sheet).toBeHidden();
  });
});
