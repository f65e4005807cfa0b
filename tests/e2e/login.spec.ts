import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/accounts.ts';
import { revokeSession } from './support/api.ts';
import { LOGIN_URL, WORKPLACE_URL, loginAs, loginForm, readAccessToken, submitLogin, systemNotice } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

const SCREENS = [
  { name: '手机 390×844', device: PHONE, menuFolded: true },
  { name: '桌面 1440×900', device: DESKTOP, menuFolded: false },
];

for (const { name, device, menuFolded } of SCREENS) {
  test.describe(`登录（${name}）`, () => {
    test.use(device);

    test('each demo account logs in and lands on the workplace', async ({ page }) => {
      for (const account of DEMO_ACCOUNTS) {
        await test.step(account.username, async () => {
          // As a new visitor: nothing kept from the account before.
          await page.goto('#/user/login');
          await page.evaluate(() => localStorage.clear());
          await page.reload();
          await submitLogin(page, account.username, DEMO_PASSWORD);

          await expect(page).toHaveURL(WORKPLACE_URL);
          await expect(page).toHaveTitle('工作台 - 实习实训管理服务平台');
          await expect(page.getByRole('heading', { name: new RegExp(`^${account.realname}，`) })).toBeVisible();
          if (menuFolded) {
            await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
            await page.getByRole('button', { name: '菜单' }).click();
          } else {
            await expect(page.getByText(account.realname, { exact: true })).toBeVisible();
          }
          await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '工作台' })).toBeVisible();
        });
      }
    });

    test('a wrong password is refused with 用户名或密码错误, the right one then gets in', async ({ page }) => {
      await page.goto('#/user/login');
      await submitLogin(page, 'teacher01', 'Wrong@2026');

      await expect(systemNotice(page, '用户名或密码错误')).toBeVisible();
      await expect(loginForm(page).error).toHaveText('用户名或密码错误');
      await expect(page).toHaveURL(LOGIN_URL);
      expect(await readAccessToken(page)).toBeNull();

      // The right password still works (and clears the failure count the lockout keeps per name).
      await loginForm(page).password.fill(DEMO_PASSWORD);
      await loginForm(page).submit.click();
      await expect(page).toHaveURL(WORKPLACE_URL);
    });

    test('an empty submit asks for the account and the password', async ({ page }) => {
      await page.goto('#/user/login');
      await loginForm(page).submit.click();

      await expect(page.getByText('请输入用户账号!', { exact: true })).toBeVisible();
      await expect(page.getByText('请输入密码!', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(LOGIN_URL);
    });

    test('a protected path without a token goes to login and back after it', async ({ page }) => {
      await page.goto('#/dashboard/workplace');
      await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fdashboard%2Fworkplace$/);

      await submitLogin(page, 'teacher01', DEMO_PASSWORD);
      await expect(page).toHaveURL(WORKPLACE_URL);
      await expect(page.getByRole('heading', { name: /^王老师，/ })).toBeVisible();
    });

    test('the redirect is followed even to a page that then turns out unknown (404)', async ({ page }) => {
      await page.goto('#/no-such-page');
      await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fno-such-page$/);

      await submitLogin(page, 'teacher01', DEMO_PASSWORD);
      await expect(page).toHaveURL(/#\/404$/);
      await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
    });

    test('an unknown path after login goes to 404', async ({ page }) => {
      await loginAs(page, 'student01');
      await page.goto('#/isps/not-a-page');

      await expect(page).toHaveURL(/#\/404$/);
      await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
    });

    test('the login page sends a logged-in user to the workplace', async ({ page }) => {
      await loginAs(page, 'mentor01');
      await page.goto('#/user/login');

      await expect(page).toHaveURL(WORKPLACE_URL);
      await expect(page.getByRole('heading', { name: /^张工，/ })).toBeVisible();
      await expect(loginForm(page).username).toHaveCount(0);
    });

    test('logout asks for confirmation, then forgets the token', async ({ page }) => {
      await loginAs(page, 'multi01');
      // On the phone the user's actions live in the menu drawer, on the desktop in the user menu.
      if (menuFolded) {
        await page.getByRole('button', { name: '菜单' }).click();
        await page.getByRole('button', { name: '注销' }).click();
      } else {
        await page.getByRole('button', { name: '用户菜单' }).click();
        await page.getByRole('menuitem', { name: '注销' }).click();
      }

      const dialog = page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' });
      await expect(dialog.getByText('真的要注销登录吗 ?')).toBeVisible();
      await dialog.getByRole('button', { name: '确定' }).click();

      await expect(page).toHaveURL(LOGIN_URL);
      await expect(loginForm(page).submit).toBeVisible();
      expect(await readAccessToken(page)).toBeNull();
    });

    test('a session revoked on the server logs the user out on the next load', async ({ page, request }) => {
      await loginAs(page, 'admin');
      const token = await readAccessToken(page);
      expect(token, 'no Access-Token in localStorage after login').toBeTruthy();
      const appUrl = page.url();
      // Leave the app before revoking: a call of the old page answered 401 would log it out first,
      // and the next load would then start without a token (and without the notice).
      await page.goto('about:blank');

      await revokeSession(request, token!);
      await page.goto(appUrl);

      await expect(page).toHaveURL(LOGIN_URL);
      await expect(systemNotice(page, '未授权，请重新登录')).toBeVisible();
      await expect(loginForm(page).submit).toBeVisible();
      expect(await readAccessToken(page)).toBeNull();
    });
  });
}
