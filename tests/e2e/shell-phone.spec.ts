import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signInAs, readAccessToken } from './support/auth.ts';
import { PHONE } from './support/devices.ts';
import { API_URL, PROJECT_ROOT } from './support/server.ts';

/**
 * The phone shell (390×844): pages are not kept like desktop tabs, 系统设置 has its own sheet, 我的消息
 * scrolls for more, and 用户身份选择 asks for a choice. Each test logs in as a user made here, so the
 * demo accounts and their unread messages stay as other specs expect them.
 */

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });

const STAMP = Date.now().toString(36);
const MESSAGE_COUNT = 12;
const messageTitle = (n: number) => `手机分页消息${STAMP}-${String(n).padStart(2, '0')}`;

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: object): Promise<T> {
  const response = await request.fetch(`${API_URL}${url}`, { method, headers: { 'X-Access-Token': token }, ...(data ? { data } : {}) });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${body.message}`).toBe(true);
  return body.result;
}

interface NewUser {
  id: string;
  username: string;
  realname: string;
  workNo: string;
}

async function createUser(request: APIRequestContext, admin: string, name: string, roles: string[]): Promise<NewUser> {
  const user = { username: `${name}${STAMP}`, realname: `手机测试${name}`, workNo: `SP${name}${STAMP}` };
  const row = await call<{ id: string }>(request, admin, 'POST', '/sys/user/add', {
    ...user,
    password: DEMO_PASSWORD,
    confirmpassword: DEMO_PASSWORD,
    yhlx: '0',
    selectedroles: roles.join(','),
  });
  return { id: row.id, ...user };
}

let admin = '';
let reader: NewUser;
let chooser: NewUser;
const announcements: string[] = [];

test.beforeAll(async ({ request }) => {
  admin = (await apiLogin(request, 'admin', DEMO_PASSWORD))!;
  reader = await createUser(request, admin, 'reader', ['role-teacher']);
  chooser = await createUser(request, admin, 'chooser', ['role-teacher', 'role-admin', 'role-student']);
  // Addressed to the reader only, oldest first, so the newest come on the first page.
  for (let n = 1; n <= MESSAGE_COUNT; n += 1) {
    const { id } = await call<{ id: string }>(request, admin, 'POST', '/sys/annountCement/add', {
      titile: messageTitle(n),
      msgContent: `<p>第${n}条</p>`,
      priority: 'L',
      msgCategory: '2',
      msgType: 'USER',
      userIds: reader.id,
    });
    await call(request, admin, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    announcements.push(id);
  }
});

test.afterAll(async ({ request }) => {
  for (const id of announcements) {
    await call(request, admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`);
    await call(request, admin, 'DELETE', `/sys/annountCement/delete?id=${id}`);
  }
});

test.use(PHONE);

const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const openDrawer = async (page: Page) => {
  await page.getByRole('button', { name: '菜单' }).click();
  await expect(mainMenu(page)).toBeVisible();
};
/**
 * The history entry of the sheet just opened, once it has taken one (an entry other than `before`, the
 * sheet the top entry held before it opened). A person's back comes long after that, a task after the
 * sheet shows; a loaded test machine's may come first and leave the page.
 */
const sheetEntry = async (page: Page, before: string | null = null) =>
  (await page.waitForFunction((previous) => {
    const id = (history.state as Record<string, unknown> | null)?.phoneSheet;
    return typeof id === 'string' && id !== previous ? id : null;
  }, before)).jsonValue() as Promise<string>;
const backFromSheet = async (page: Page, before: string | null = null) => {
  await sheetEntry(page, before);
  await page.goBack();
};
const accountAction = (page: Page, name: string) => page.locator('.phone-account__list').getByText(name, { exact: true });
const sheet = (page: Page, title: string) => page.locator('.phone-account__sheet').filter({ has: page.locator('.adm-nav-bar-title', { hasText: title }) });
/** Every page the shell holds, shown or hidden. */
const mountedPages = (page: Page) => page.locator('.shell-page');
const savedTabs = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('MULTI_TAB_STATE') ?? 'null') as { tabs: unknown[] } | null)?.tabs.length ?? 0);

test('the phone keeps only the page on screen, also after a reload', async ({ page }) => {
  await signInAs(page, reader.username);
  for (const [title, address] of [
    ['实训预约', /#\/practice\/booking$/],
    ['实训课表', /#\/practice\/timetable$/],
    ['工作台', /#\/dashboard\/workplace$/],
  ] as const) {
    await openDrawer(page);
    await mainMenu(page).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(address);
    await expect(page.locator('.adm-nav-bar-title')).toHaveText(title);
    await expect(mountedPages(page)).toHaveCount(1);
  }
  expect(await savedTabs(page)).toBe(0);

  await page.reload();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('工作台');
  await expect(mountedPages(page)).toHaveCount(1);
  await expect(mountedPages(page)).toBeVisible();
  expect(await savedTabs(page)).toBe(0);
});

test('back closes the open sheet or dialog (the drawer, the bell, 注销\'s question) instead of leaving the page, and going to another page closes it', async ({ page }) => {
  await signInAs(page, reader.username);
  await openDrawer(page);
  await mainMenu(page).getByRole('link', { name: '实训课表', exact: true }).click();
  await expect(page).toHaveURL(/#\/practice\/timetable$/);

  await openDrawer(page);
  await backFromSheet(page);
  await expect(mainMenu(page)).toBeHidden();
  await expect(page).toHaveURL(/#\/practice\/timetable$/);

  const bellSheet = page.getByRole('dialog', { name: '消息通知' });
  await page.getByRole('button', { name: /^消息通知/ }).click();
  await expect(bellSheet).toBeVisible();
  await backFromSheet(page);
  await expect(bellSheet).toBeHidden();
  await expect(page).toHaveURL(/#\/practice\/timetable$/);

  // A dialog is one entry too: back answers 注销's question with 取消, and the person stays on the page.
  await openDrawer(page);
  const drawerEntry = await sheetEntry(page);
  await page.locator('.phone-shell__actions').getByRole('button', { name: '注销' }).click();
  const question = page.getByText('真的要注销登录吗 ?');
  await expect(question).toBeVisible();
  await backFromSheet(page, drawerEntry);
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/#\/practice\/timetable$/);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('实训课表');

  // A page reached from the sheet: back returns to the page the sheet was on, the sheet closed.
  await page.getByRole('button', { name: /^消息通知/ }).click();
  await bellSheet.getByRole('button', { name: '查看更多' }).click();
  await expect(page).toHaveURL(/#\/isps\/userAnnouncement$/);
  await expect(bellSheet).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/#\/practice\/timetable$/);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('实训课表');
  await expect(bellSheet).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/#\/dashboard\/workplace$/);
});

test('the drawer scrolls as one: multi01 reaches the last 系统管理 entry with one scroll of the drawer', async ({ page }) => {
  await signInAs(page, 'multi01');
  await openDrawer(page);
  const drawer = page.locator('.phone-shell__drawer');
  // One scroll container, the drawer itself: no inner area clips the menu.
  const scrollers = await drawer.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].filter((el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1).map((el) => el === root),
  );
  expect(scrollers).toEqual([true]);
  const menuClipped = await mainMenu(page).evaluate((nav) => nav.scrollHeight - nav.clientHeight);
  expect(menuClipped).toBeLessThanOrEqual(1);

  // One swipe anywhere on the drawer (here on the user's name at its top) scrolls the whole menu.
  const last = mainMenu(page).getByRole('link', { name: '定时任务', exact: true });
  await expect(last).not.toBeInViewport();
  // hover waits for the drawer to finish sliding in, so the wheel lands on it.
  await page.locator('.phone-shell__name').hover();
  await page.mouse.wheel(0, 5000);
  await expect(last).toBeInViewport();
  await last.click();
  await expect(page).toHaveURL(/#\/system\/job$/);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('定时任务');
});

test('系统设置: a colour preset and colour-weak mode apply at once and hold after a reload', async ({ page }) => {
  await signInAs(page, reader.username);
  await openDrawer(page);
  await accountAction(page, '系统设置').click();
  const settings = sheet(page, '系统设置');
  const colours = settings.getByRole('radiogroup', { name: '主题色' });
  await expect(colours.getByRole('radio')).toHaveCount(8);
  await expect(colours.getByRole('radio', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-checked', 'true');

  await colours.getByRole('radio', { name: '极光绿' }).click();
  await expect(colours.getByRole('radio', { name: '极光绿' })).toHaveAttribute('aria-checked', 'true');
  await expect(colours.getByRole('radio', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: path.join(SHOTS, 'shell-phone-settings.png') });

  await settings.getByRole('switch', { name: '色弱模式' }).click();
  await expect(settings.getByRole('switch', { name: '色弱模式' })).toHaveAttribute('aria-checked', 'true');
  // The checked switch is drawn in the chosen colour, darkened to read under white text (#347B10):
  // antd-mobile reads the primary colour applied to the page.
  await expect(settings.getByRole('switch', { name: '色弱模式' }).locator('.adm-switch-checkbox')).toHaveCSS('background-color', 'rgb(52, 123, 16)');
  await expect(page.locator('html')).toHaveClass(/color-weak/);

  // The same keys as the desktop drawer.
  const stored = await page.evaluate(() => [localStorage.getItem('DEFAULT_COLOR'), localStorage.getItem('DEFAULT_COLOR_WEAK')]);
  expect(stored[0]).toContain('#52C41A');
  expect(stored[1]).toContain('true');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/color-weak/);
  expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--adm-color-primary').trim())).toBe('#347B10');
  await openDrawer(page);
  await accountAction(page, '系统设置').click();
  await expect(sheet(page, '系统设置').getByRole('radio', { name: '极光绿' })).toHaveAttribute('aria-checked', 'true');
  await expect(sheet(page, '系统设置').getByRole('switch', { name: '色弱模式' })).toHaveAttribute('aria-checked', 'true');
});

test('我的消息 loads the next page at the end of the list, without a pager', async ({ page }) => {
  const pagesAsked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/sys/sysAnnouncementSend/getMyAnnouncementSend')) pagesAsked.push(url.searchParams.get('pageNo') ?? '');
  });
  await signInAs(page, reader.username, '#/isps/userAnnouncement');
  const messages = page.getByRole('region', { name: '我的消息' });
  await expect(messages.getByText(messageTitle(MESSAGE_COUNT))).toBeVisible();
  await expect(messages.getByRole('button', { name: '下一页' })).toHaveCount(0);
  expect(pagesAsked[0]).toBe('1');

  // The two demo messages for everyone plus the reader's twelve: fourteen, ten a page.
  await expect(async () => {
    await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await expect(messages.getByText(messageTitle(1))).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect(pagesAsked).toContain('2');
  await expect(messages.getByRole('listitem')).toHaveCount(MESSAGE_COUNT + 2);
  await expect(messages.getByText('共 14 条，没有更多了')).toBeVisible();

  // Opening one marks it read; the list keeps every loaded entry.
  await messages.getByText(messageTitle(1)).click();
  const detail = page.getByRole('dialog', { name: messageTitle(1) });
  await expect(detail.getByText('第1条')).toBeVisible();
  await detail.getByRole('button', { name: /^(关闭|Close)$/ }).first().click();
  await expect(messages.getByRole('listitem').filter({ hasText: messageTitle(1) })).toContainText('已读');
  await expect(messages.getByRole('listitem')).toHaveCount(MESSAGE_COUNT + 2);
});

test('用户身份选择 asks for a role when none is chosen, then switches with POST /sys/selectRole', async ({ page, request }) => {
  await signInAs(page, chooser.username);
  // An administrator takes away the role this session acts as: nothing is chosen any more.
  const token = (await readAccessToken(page))!;
  const { roleId } = await call<{ roleId: string }>(request, token, 'GET', '/sys/user/getCurrentUserRoles');
  const kept = ['role-teacher', 'role-admin', 'role-student'].filter((r) => r !== roleId);
  await call(request, admin, 'PUT', '/sys/user/edit', { id: chooser.id, realname: chooser.realname, workNo: chooser.workNo, yhlx: '0', selectedroles: kept.join(',') });
  await page.reload();

  await openDrawer(page);
  await accountAction(page, '切换身份').click();
  const choice = sheet(page, '用户身份选择');
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await choice.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择用户身份' })).toBeVisible();
  await expect(choice).toBeVisible();

  const [chosen, chosenName] = kept.includes('role-teacher') ? ['role-teacher', '指导教师'] : ['role-admin', '系统管理员'];
  await choice.getByText(chosenName, { exact: true }).click();
  const switched = page.waitForResponse((r) => r.url().endsWith('/sys/selectRole') && r.request().method() === 'POST');
  const reloaded = page.waitForEvent('load');
  await choice.getByRole('button', { name: '确定' }).click();
  expect((await switched).ok()).toBe(true);
  // The app reloads acting as the chosen role (waited for: a test ending mid-reload hangs Chromium's teardown).
  await reloaded;
  await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
  expect((await call<{ roleId: string }>(request, token, 'GET', '/sys/user/getCurrentUserRoles')).roleId).toBe(chosen);
});
