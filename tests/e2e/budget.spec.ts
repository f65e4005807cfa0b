import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { WORKPLACE_URL, loginForm, signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { LOGIN_BUDGET_BYTES, kb, measureLoginBundle, readChunkModules } from './support/login-bundle.ts';
import { DIST_DIR } from './support/server.ts';

test('the phone login page loads at most 120 KB of gzip JavaScript and no antd', async ({ browser, baseURL }) => {
  const bundle = await measureLoginBundle(browser, baseURL!, readChunkModules(DIST_DIR));
  const listing = bundle.scripts.map((s) => `${s.file} ${kb(s.gzipBytes)} KB [${s.packages?.join(', ') ?? '?'}]`).join('\n');

  expect(bundle.scripts.length, 'the login page loaded no JavaScript at all').toBeGreaterThan(0);
  expect(bundle.unknownScripts.map((s) => s.file), 'loaded files missing from dist/.vite/chunk-modules.json (stale build?)').toEqual([]);
  expect(bundle.antdScripts.map((s) => s.file), `antd is loaded on the login page:\n${listing}`).toEqual([]);
  expect(bundle.totalGzipBytes, `login JavaScript is ${kb(bundle.totalGzipBytes)} KB gzip:\n${listing}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});

/** The app's bundled scripts, not index.html's own first-paint script (scripts/vite-first-paint.ts). */
const APP_SCRIPTS = (url: URL) => /\/assets\/[^/]+\.js$/.test(url.pathname) && !url.pathname.includes('/first-paint-');
const FIRST_PAINT = '#first-paint';

/** Where each part of the login card is, found as a person would (the static paint and the app alike). */
async function cardLayout(page: Page) {
  const form = loginForm(page);
  const parts = {
    card: form.card,
    title: page.getByRole('heading', { level: 1 }),
    account: page.getByText(/^账号\*?$/),
    username: form.username,
    password: form.password,
    remember: page.getByText('记住账号'),
    submit: form.submit,
    retrieve: page.getByRole('link', { name: '忘记密码' }),
    register: page.getByRole('link', { name: '注册账户' }),
    note: page.getByText('首次登录请使用学校分配的账号；学生账号为学号。'),
  };
  const boxes: Record<string, number[]> = {};
  for (const [name, locator] of Object.entries(parts)) {
    const box = await locator.boundingBox();
    boxes[name] = box ? [box.x, box.y, box.width, box.height].map(Math.round) : [];
  }
  return boxes;
}

for (const [screen, device] of [
  ['手机 390×844', PHONE],
  ['桌面 1440×900', DESKTOP],
] as const) {
  test.describe(`登录页的首次绘制（${screen}）`, () => {
    test.use({ ...device, serviceWorkers: 'block' });

    test('index.html shows the login form before any script of the app runs, accessible, laid out as the app then draws it', async ({ page }) => {
      await page.route(APP_SCRIPTS, (route) => route.abort());
      await page.goto('#/user/login');
      const form = loginForm(page);
      await expect(page.locator(FIRST_PAINT)).toBeVisible();
      await expect(page.getByLabel(/^账号\*?$/)).toHaveAttribute('placeholder', '请输入用户账号');
      await expect(page.getByLabel(/^密码\*?$/)).toHaveAttribute('placeholder', '请输入密码');
      await expect(page.getByRole('checkbox', { name: '记住账号' })).toBeChecked();
      await expect(form.submit).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const staticLayout = await cardLayout(page);

      await page.unroute(APP_SCRIPTS);
      await page.reload();
      await expect(page.locator(FIRST_PAINT)).toHaveCount(0);
      await expect(form.submit).toBeVisible();
      expect(await cardLayout(page)).toEqual(staticLayout);
    });
  });
}

/** Holds the app's scripts back until the returned function is called (the page then does not finish loading). */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('登录页的首次绘制只在登录时出现', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });

  test('what is typed and 登 录 pressed before the app starts are kept; other pages and a kept login do not show it', async ({ page }) => {
    const form = loginForm(page);
    let startApp = await holdAppScripts(page);
    await page.goto('', { waitUntil: 'commit' });
    await expect(page.locator(FIRST_PAINT)).toBeVisible();
    await form.username.fill('student01');
    await form.password.fill('secret');
    await page.getByText('记住账号').click();
    await form.password.focus();
    startApp();
    await expect(page.locator(FIRST_PAINT)).toHaveCount(0);
    await expect(page).toHaveURL(/#\/user\/login$/);
    await expect(form.username).toHaveValue('student01');
    await expect(form.password).toHaveValue('secret');
    await expect(form.password).toBeFocused();
    await expect(page.getByRole('checkbox', { name: '记住账号' })).not.toBeChecked();

    await page.unroute(APP_SCRIPTS);
    await page.route(APP_SCRIPTS, (route) => route.abort());
    // A full load each time (from another page): a new hash alone would not load the page again.
    for (const other of ['#/user/register', '#/user/login?ticket=ST-1']) {
      await page.goto('about:blank');
      await page.goto(other);
      await expect(page.locator(FIRST_PAINT), other).toBeHidden();
    }

    await page.unroute(APP_SCRIPTS);
    await page.goto('about:blank');
    startApp = await holdAppScripts(page);
    await page.goto('#/user/login', { waitUntil: 'commit' });
    await expect(page.locator(FIRST_PAINT)).toBeVisible();
    await form.username.fill('student01');
    await form.password.fill(DEMO_PASSWORD);
    await form.password.press('Enter');
    await expect(form.submit).toHaveAttribute('aria-disabled', 'true');
    startApp();
    await expect(page).toHaveURL(WORKPLACE_URL);

    await page.unroute(APP_SCRIPTS);
    await page.route(APP_SCRIPTS, (route) => route.abort());
    for (const kept of ['#/user/login', '#/dashboard/workplace', '']) {
      await page.goto('about:blank');
      await page.goto(kept);
      await expect(page.locator(FIRST_PAINT), `${kept} with a token`).toBeHidden();
    }
  });
});

/** The app's script files a page asks for from now on. */
function scriptsLoadedBy(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (APP_SCRIPTS(url)) files.add(url.pathname.replace(/^.*\/assets\//, 'assets/'));
  });
  return files;
}
const HOME_SCRIPTS_AT_MOST = 18;

test.describe('电脑首页', () => {
  test.use({ ...DESKTOP, serviceWorkers: 'block' });

  test("the desktop's home loads none of the phone's files (antd-mobile's components, the phone's layout)", async ({ page }) => {
    const scripts = scriptsLoadedBy(page);
    await signInAs(page, 'student01');
    await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
    expect(scripts.size).toBeGreaterThan(0);
    // The files vite.config.ts names for the phone: phone-ui, phone-ui-more, phone-layout.
    expect([...scripts].filter((file) => /^assets\/phone-/.test(file)), [...scripts].join('\n')).toEqual([]);
  });
});

test.describe('手机首页的首次绘制', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });
  const KEPT_HOME = '#first-paint-home';

  test('the home as it last looked shows before any script of the app runs, not usable, only for it; the app takes over in its place', async ({ page }) => {
    await signInAs(page, 'student01');
    // Whatever the hour (src/lib/greeting.ts): before 05:00 by the school's clock it is 夜深了.
    const greeting = page.getByRole('heading', { level: 2, name: /，(早上好|上午好|中午好|下午好|晚上好|夜深了)$/ });
    await expect(greeting).toBeVisible();
    await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
    // Kept once the page has settled (src/features/dashboard/hooks/use-home-first-paint.ts).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('FIRST_PAINT_HOME')), { timeout: 10_000 }).not.toBeNull();
    const appGreeting = await greeting.boundingBox();

    await page.route(APP_SCRIPTS, (route) => route.abort());
    for (const address of ['#/dashboard/workplace', '']) {
      await page.goto('about:blank');
      await page.goto(address);
      await expect(page.locator(KEPT_HOME), address).toBeVisible();
      await expect(page, address).toHaveURL(WORKPLACE_URL);
    }
    const kept = page.locator(KEPT_HOME);
    await expect(kept).toHaveAttribute('inert', '');
    // No scroll bar flashes as the app renders behind it; the app's page scrolls with one as ever.
    const scrollBar = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollbarWidth);
    expect(await scrollBar()).toBe('none');
    await expect(kept.getByText(/^(学生) · .+ · 今天是\d{4}年\d{1,2}月\d{1,2}日 星期.$/)).toBeVisible();
    await expect(kept.locator('h2', { hasText: '待办事项' })).toBeVisible();
    // Its own styles came with it: the greeting sits where the app drew it.
    expect(await kept.locator('.workplace__greeting').boundingBox()).toEqual(appGreeting);

    // Another page, or a wider screen than a phone's: nothing kept is shown.
    await page.goto('about:blank');
    await page.goto('#/internship/weekly');
    await expect(kept).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('about:blank');
    await page.goto('#/dashboard/workplace');
    await expect(kept).toBeHidden();

    await page.setViewportSize(PHONE.viewport);
    await page.unroute(APP_SCRIPTS);
    await page.goto('about:blank');
    const scripts = scriptsLoadedBy(page);
    await page.goto('#/dashboard/workplace');
    await expect(kept).toHaveCount(0);
    // Each file costs a phone a request (vite.config.ts groups the app's small modules); about 40 before they were grouped.
    expect(scripts.size, [...scripts].join('\n')).toBeLessThanOrEqual(HOME_SCRIPTS_AT_MOST);
    await expect(greeting).toBeVisible();
    expect(await greeting.boundingBox()).toEqual(appGreeting);
    expect(await scrollBar()).toBe('auto');

    // The phone layout's file comes after the home's: the home renders first, into a content area the
    // layout has not placed yet. The kept home stays until the app's home is shown, not 加载中 in between.
    // And the app's home shows the tiles the kept one did before the server answers (the 互动 count is
    // kept on the device too), so nothing below them moves when the answers come.
    const hold = async (url: string) => {
      let send = () => {};
      const held = new Promise<void>((resolve) => (send = resolve));
      await page.route(url, async (route) => {
        await held;
        await route.continue();
      });
      // Released for good: the route stays, and lets what comes later through at once (unrouting while a
      // held request is still being let through could answer it twice).
      return () => send();
    };
    const sendLayout = await hold('**/assets/phone-layout-*.js');
    const sendUnread = await hold('**/api/internship/interaction/unread**');
    await page.goto('about:blank');
    const homeRendered = page.waitForRequest('**/api/workflow/mine**');
    await page.goto('#/dashboard/workplace');
    await homeRendered;
    await expect(kept).toBeVisible();
    await expect(kept.locator('h2', { hasText: '待办事项' })).toBeVisible();
    await sendLayout();
    await expect(kept).toHaveCount(0);
    await expect(greeting).toBeVisible();
    await expect(page.getByRole('link', { name: /^互动/ })).toBeVisible();
    await sendUnread();
  });
});
