import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { loginAs, signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { isAntdPackage, readChunkModules } from './support/login-bundle.ts';
import { DIST_DIR, PROJECT_ROOT } from './support/server.ts';
import { expectNoSidewaysScroll } from './support/shell.ts';

/**
 * The shell as people see it on each screen (issue 3): screenshots to look at (Chinese text renders,
 * nothing overlaps at 390 px), and the phone shell never loading antd. Nothing here marks a message
 * read: the bell's tests count on the demo messages being unread.
 */

const TABLET = { viewport: { width: 900, height: 1000 }, isMobile: false, hasTouch: false } as const;

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const drawerMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '菜单' }).click();
  await expect(drawerMenu(page)).toBeVisible();
}

test.describe('手机外壳不加载 antd（390×844）', () => {
  test.use(PHONE);

  test('logging in, the workplace, 我的周记 and the drawer load no antd or @ant-design code', async ({ page }) => {
    const chunkModules = readChunkModules(DIST_DIR);
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });

    await loginAs(page, 'student01');
    await expect(page.locator('.phone-shell__bar')).toBeVisible();
    await expect(page.locator('.workplace__greeting')).toContainText('李明');
    await openDrawer(page);
    await drawerMenu(page).getByRole('link', { name: '我的周记' }).click();
    await expect(page).toHaveURL(/#\/internship\/weekly$/);
    await expect(page.locator('.phone-shell__bar')).toContainText('我的周记');
    await expect(page.locator('.adm-list-item').first()).toBeVisible();
    await openDrawer(page);
    await expect(page.locator('.phone-shell__user')).toContainText('李明');
    await page.waitForLoadState('networkidle');

    const basePath = new URL(page.url()).pathname;
    const files = responses.map((r) => new URL(r.url()).pathname).map((p) => (p.startsWith(basePath) ? p.slice(basePath.length) : p));
    expect(files.length).toBeGreaterThan(1);
    // Every script of the app's build is in the chunk report, so none slips past the check.
    expect(files.filter((f) => f.startsWith('assets/') && !(f in chunkModules))).toEqual([]);
    const withAntd = files.filter((f) => chunkModules[f]?.some(isAntdPackage)).map((f) => `${f}: ${chunkModules[f]!.filter(isAntdPackage).join(', ')}`);
    expect(withAntd).toEqual([]);
  });
});

test.describe('截图', () => {
  test.describe('平板 900×1000', () => {
    test.use(TABLET);

    test('the tablet shell on the workplace', async ({ page }) => {
      await signInAs(page, 'teacher01');
      await expect(page.locator('.desktop-shell__sider')).toHaveCSS('width', '80px');
      await expect(page.getByRole('heading', { name: /^王老师，/ })).toBeVisible();
      await expect(page.getByRole('region', { name: '未读消息' })).toContainText(/未读通知\s*\d+\s*条/);
      await expect(page.getByRole('button', { name: '用户菜单' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: /^消息通知/ })).toBeInViewport({ ratio: 1 });
      await shoot(page, 'shell-workplace-900');
    });
  });

  test.describe('手机 390×844', () => {
    // As a phone has it, with the service worker (its first-start notes gone before the shots).
    test.use({ ...PHONE, serviceWorkers: 'allow' });

    test('the phone shell: the workplace, the drawer open, and the notice sheet open', async ({ page }) => {
      await signInAs(page, 'student01');
      await expect(page.locator('.phone-shell__bar')).toContainText('工作台');
      await expect(page.getByRole('heading', { name: /^李明，/ })).toBeVisible();
      await expect(page.getByRole('region', { name: '未读消息' })).toContainText(/未读通知\s*\d+\s*条/);
      // What the first start says once (storage refused, 已可离线使用) goes after 4 s; the shots are of the shell.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect(page.locator('.isps-notice')).toHaveCount(0);
      await expect(page.locator('.pwa-toast')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shoot(page, 'shell-workplace-390');

      await openDrawer(page);
      await expect(page.locator('.phone-shell__user')).toContainText('李明');
      await expect(drawerMenu(page).getByRole('link', { name: '我的周记' })).toBeVisible();
      await expect(page.getByRole('button', { name: '注销' })).toBeVisible();
      // The drawer has finished sliding in.
      await expect(page.getByPlaceholder('搜索菜单')).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page);
      await shoot(page, 'shell-drawer-390');
      await page.locator('.adm-mask').last().click({ position: { x: 20, y: 400 } });
      await expect(drawerMenu(page)).toBeHidden();

      await page.getByRole('button', { name: /^消息通知/ }).click();
      const sheet = page.getByRole('dialog', { name: '消息通知' });
      await expect(sheet.getByRole('tab', { name: /^通知\(\d+\)$/ })).toBeVisible();
      await expect(sheet.getByRole('tab', { name: /^系统消息\(\d+\)$/ })).toBeVisible();
      await expect(sheet.getByRole('button', { name: '查看更多' })).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page);
      await shoot(page, 'shell-bell-390');
    });
  });

  test.describe('桌面 1440×900', () => {
    test.use(DESKTOP);

    test('the theme drawer', async ({ page }) => {
      await signInAs(page, 'teacher01');
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '系统设置' }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: '系统设置' });
      await expect(drawer.getByText('整体风格设置')).toBeVisible();
      await expect(drawer.getByRole('radio', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-checked', 'true');
      await expect(drawer.getByRole('switch', { name: '多页签模式' })).toBeChecked();
      await shoot(page, 'shell-theme-drawer-1440');
    });
  });
});
