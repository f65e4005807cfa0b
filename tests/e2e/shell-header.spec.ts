import { randomBytes } from 'node:crypto';
import { utils, write } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';
import { dialogTitled, openUserMenuItem } from './support/shell.ts';
import { unrouteQuietly } from './support/routes.ts';

test.afterEach(unrouteQuietly);

/**
 * The shell's header, breadcrumb, side menu, stored layout settings, menu search and the account and
 * import dialogs (issue 3), where the other shell specs leave them untested.
 */

const TABLET = { viewport: { width: 900, height: 1000 }, isMobile: false, hasTouch: false } as const;

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

const suffix = () => randomBytes(3).toString('hex');

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object): Promise<Envelope<T>> {
  const response = await request.fetch(`${API_URL}${path}`, { method, headers: { 'X-Access-Token': token }, data: body });
  return (await response.json()) as Envelope<T>;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, 'admin', DEMO_PASSWORD);
  expect(token, 'admin 登录失败').toBeTruthy();
  return token!;
}

/** A time of day in the school's time zone (the browser runs in Asia/Shanghai), on a fixed date. */
const at = (time: string) => new Date(`2026-09-01T${time}:00+08:00`);

/** Each band of src/lib/greeting.ts at both of its edges: before 5, before 9, to 11, to 13, before 20, else. */
const GREETINGS = [
  { time: '02:30', greeting: '夜深了' },
  { time: '04:59', greeting: '夜深了' },
  { time: '05:00', greeting: '早上好' },
  { time: '08:59', greeting: '早上好' },
  { time: '09:00', greeting: '上午好' },
  { time: '11:59', greeting: '上午好' },
  { time: '12:00', greeting: '中午好' },
  { time: '13:59', greeting: '中午好' },
  { time: '14:00', greeting: '下午好' },
  { time: '19:59', greeting: '下午好' },
  { time: '20:00', greeting: '晚上好' },
  { time: '23:59', greeting: '晚上好' },
] as const;

const header = (page: Page) => page.locator('.desktop-shell__header');
const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const sider = (page: Page) => page.locator('.desktop-shell__sider');
const workplaceGreeting = (page: Page) => page.locator('.workplace__greeting');

async function openSettings(page: Page) {
  await openUserMenuItem(page, '系统设置');
  const drawer = page.getByRole('dialog').filter({ hasText: '系统设置' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeSettings(page: Page) {
  const drawer = page.getByRole('dialog').filter({ hasText: '系统设置' });
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
}

/** A layout setting as kept in local storage: {value, expire} under its SPEC.md section 3 key. */
async function storedSetting(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as { value: unknown }).value;
}

const dialog = dialogTitled;

test.describe('问候语', () => {
  test.describe('桌面 1440×900', () => {
    test.use(DESKTOP);

    test('the header greets by the hour with 欢迎您 and shows the nickname; the workplace greets alike', async ({ page }) => {
      await page.clock.setFixedTime(at('08:00'));
      await signInAs(page, 'teacher01');
      // Each greeting once by the page's clock; the hours at each boundary are greetingAt's unit test (src/lib/greeting.test.ts).
      for (const { time, greeting } of GREETINGS.filter((g, i) => GREETINGS.findIndex((o) => o.greeting === g.greeting) === i)) {
        await page.clock.setFixedTime(at(time));
        await page.reload();
        await expect(header(page).getByText(`${greeting}，欢迎您`, { exact: true }), time).toBeVisible();
        await expect(header(page).getByRole('button', { name: '用户菜单' })).toContainText('王老师');
        await expect(workplaceGreeting(page), time).toHaveText(`王老师，${greeting}`);
      }
    });
  });

  test.describe('平板 900×1000, set to UTC', () => {
    test.use({ ...TABLET, timezoneId: 'UTC' });

    test('the header shows the nickname and the workplace greets by the school’s hour, not the device’s', async ({ page }) => {
      await page.clock.setFixedTime(at('10:30'));
      await signInAs(page, 'teacher01');
      await expect(header(page).getByRole('button', { name: '用户菜单' })).toContainText('王老师');
      await expect(workplaceGreeting(page)).toHaveText('王老师，上午好');
      await page.clock.setFixedTime(at('21:15'));
      await page.reload();
      await expect(workplaceGreeting(page)).toHaveText('王老师，晚上好');
    });
  });

  test.describe('手机 390×844, set to Los Angeles time', () => {
    test.use({ ...PHONE, timezoneId: 'America/Los_Angeles' });

    test('the drawer shows the nickname and the workplace greets by the school’s hour and date', async ({ page }) => {
      await page.clock.setFixedTime(at('12:30'));
      await signInAs(page, 'student01');
      await expect(workplaceGreeting(page)).toHaveText('李明，中午好');
      await page.getByRole('button', { name: '菜单' }).click();
      await expect(page.locator('.phone-shell__user')).toContainText('李明');
      await page.clock.setFixedTime(at('07:45'));
      await page.reload();
      await expect(workplaceGreeting(page)).toHaveText('李明，早上好');
      // 16:45 on 31 August on the phone's own clock.
      await expect(page.locator('.workplace__meta')).toContainText('今天是2026年9月1日 星期二');
    });
  });
});

test.describe('面包屑与侧边菜单（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the breadcrumb starts with 首页, follows the menu, leaves the current page unlinked, and 首页 goes home', async ({ page }) => {
    await signInAs(page, 'admin');
    const crumbs = page.locator('.desktop-shell__breadcrumb');
    await expect(crumbs.locator('li:not(.ant-breadcrumb-separator)')).toHaveText(['首页', '仪表盘', '工作台']);

    await mainMenu(page).getByRole('menuitem', { name: '系统管理' }).click();
    await mainMenu(page).getByRole('link', { name: '职务管理' }).click();
    await expect(page).toHaveURL(/#\/system\/position$/);
    await expect(crumbs.locator('li:not(.ant-breadcrumb-separator)')).toHaveText(['首页', '系统管理', '职务管理']);
    await expect(crumbs.getByRole('link')).toHaveText(['首页']);
    await expect(crumbs.getByText('职务管理', { exact: true })).toBeVisible();

    await crumbs.getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/#\/dashboard\/workplace$/);
    await expect(crumbs.locator('li:not(.ant-breadcrumb-separator)')).toHaveText(['首页', '仪表盘', '工作台']);
  });

  test('one root submenu is open at a time, and collapsing then expanding keeps the open one', async ({ page }) => {
    await signInAs(page, 'admin');
    const submenu = (title: string) => mainMenu(page).locator('.ant-menu-submenu-title').filter({ hasText: title });
    await expect(submenu('仪表盘')).toHaveAttribute('aria-expanded', 'true');

    await submenu('系统管理').click();
    await expect(submenu('系统管理')).toHaveAttribute('aria-expanded', 'true');
    await expect(mainMenu(page).getByRole('link', { name: '职务管理' })).toBeVisible();
    await expect(submenu('仪表盘')).toHaveAttribute('aria-expanded', 'false');

    await submenu('基础数据').click();
    await expect(mainMenu(page).getByRole('link', { name: '学生管理' })).toBeVisible();
    await expect(submenu('系统管理')).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu(page).getByRole('link', { name: '职务管理' })).toBeHidden();

    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect(sider(page)).toHaveCSS('width', '80px');
    await expect(mainMenu(page).getByRole('link', { name: '学生管理' })).toBeHidden();
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(sider(page)).toHaveCSS('width', '200px');
    await expect(submenu('基础数据')).toHaveAttribute('aria-expanded', 'true');
    await expect(mainMenu(page).getByRole('link', { name: '学生管理' })).toBeVisible();
    await expect(submenu('系统管理')).toHaveAttribute('aria-expanded', 'false');
    await expect(submenu('仪表盘')).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('侧边菜单（平板 900×1000）', () => {
  test.use(TABLET);

  test('the tablet starts with the sidebar collapsed to 80 px, even with the sidebar stored open; 展开菜单 opens it for the visit; the search and 系统设置 are offered', async ({ page }) => {
    await signInAs(page, 'teacher01');
    await expect(sider(page)).toHaveCSS('width', '80px');
    await expect(page.getByRole('combobox', { name: '搜索菜单' })).toBeVisible();
    const stored = await storedSetting(page, 'SIDEBAR_TYPE');
    expect(stored).not.toBe(false);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(sider(page)).toHaveCSS('width', '200px');
    await expect(sider(page).getByText('实习管理')).toBeVisible();
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect(sider(page)).toHaveCSS('width', '80px');
    await page.getByRole('button', { name: '展开菜单' }).click();
    // The desktop's stored choice is not the tablet's to change.
    expect(await storedSetting(page, 'SIDEBAR_TYPE')).toBe(stored);
    await page.reload();
    await expect(sider(page)).toHaveCSS('width', '80px');
    await expect(await openSettings(page)).toContainText('主题色');
  });
});

test.describe('布局设置持久化（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('a collapsed sidebar is stored under SIDEBAR_TYPE and stays collapsed after a reload', async ({ page }) => {
    await signInAs(page, 'teacher01');
    await expect(sider(page)).toHaveCSS('width', '200px');
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect(sider(page)).toHaveCSS('width', '80px');
    expect(await storedSetting(page, 'SIDEBAR_TYPE')).toBe(false);

    await page.reload();
    await expect(sider(page)).toHaveCSS('width', '80px');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(sider(page)).toHaveCSS('width', '200px');
    expect(await storedSetting(page, 'SIDEBAR_TYPE')).toBe(true);
    await page.reload();
    await expect(sider(page)).toHaveCSS('width', '200px');
  });

  test('fixed side menu, fixed header and 下滑时隐藏 Header hold after a reload; the header hides on scrolling down', async ({ page }) => {
    // The administrator: 分析页 with the school-wide statistics is long enough to scroll.
    await signInAs(page, 'admin');
    await expect(sider(page)).not.toHaveCSS('position', 'sticky');
    const drawer = await openSettings(page);
    await expect(drawer.getByRole('switch', { name: '下滑时隐藏 Header' })).toBeDisabled();
    await drawer.getByRole('switch', { name: '固定侧边菜单' }).click();
    await drawer.getByRole('switch', { name: '固定 Header' }).click();
    await drawer.getByRole('switch', { name: '下滑时隐藏 Header' }).click();
    await closeSettings(page);
    expect(await storedSetting(page, 'DEFAULT_FIXED_SIDEMENU')).toBe(true);
    expect(await storedSetting(page, 'DEFAULT_FIXED_HEADER')).toBe(true);
    expect(await storedSetting(page, 'DEFAULT_FIXED_HEADER_HIDDEN')).toBe(true);

    // A long page in a short window, so it scrolls well past the 100 px where the header hides.
    await page.setViewportSize({ width: 1440, height: 420 });
    await page.goto('#/dashboard/analysis');
    await page.reload();
    await expect(page.getByRole('img', { name: /^最近7天访问：/ })).toBeVisible();
    await expect(sider(page)).toHaveCSS('position', 'sticky');
    await expect(header(page)).toHaveCSS('position', 'sticky');
    const reopened = await openSettings(page);
    for (const name of ['固定侧边菜单', '固定 Header', '下滑时隐藏 Header']) await expect(reopened.getByRole('switch', { name })).toBeChecked();
    await closeSettings(page);

    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(200);
    await page.mouse.move(700, 300);
    await page.mouse.wheel(0, 400);
    await expect(header(page)).toHaveClass(/desktop-shell__header--hidden/);
    await expect.poll(() => header(page).evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    // The fixed side menu stays in view while the page scrolls.
    expect(await sider(page).evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.mouse.wheel(0, -150);
    await expect(header(page)).not.toHaveClass(/desktop-shell__header--hidden/);
  });

  test('顶部菜单布局 moves the menu into the header at the fixed 1200 px; content width 流式 fills the screen and holds after a reload; 恢复默认设置 brings the side menu back', async ({ page }) => {
    await signInAs(page, 'teacher01');
    await expect(sider(page)).toBeVisible();
    const drawer = await openSettings(page);
    await expect(drawer.getByRole('radio', { name: '固定' })).toBeDisabled();
    await drawer.getByText('顶部菜单布局').click();
    await closeSettings(page);
    const content = page.locator('.desktop-shell__content');
    await expect(sider(page)).toHaveCount(0);
    await expect(header(page).getByRole('menu')).toBeVisible();
    await expect(content).toHaveCSS('width', '1200px');

    await (await openSettings(page)).getByText('流式', { exact: true }).click();
    await closeSettings(page);
    expect(await storedSetting(page, 'DEFAULT_LAYOUT_MODE')).toBe('topmenu');
    expect(await storedSetting(page, 'DEFAULT_CONTENT_WIDTH_TYPE')).toBe('Fluid');
    await expect(content).toHaveCSS('width', '1408px');

    await page.reload();
    await expect(header(page).getByRole('menu')).toBeVisible();
    await expect(content).toHaveCSS('width', '1408px');
    const reopened = await openSettings(page);
    await expect(reopened.getByRole('radio', { name: '流式' })).toBeChecked();
    await reopened.getByText('固定', { exact: true }).click();
    await closeSettings(page);
    await expect(content).toHaveCSS('width', '1200px');
    expect(await storedSetting(page, 'DEFAULT_CONTENT_WIDTH_TYPE')).toBe('Fixed');
    await (await openSettings(page)).getByRole('button', { name: '恢复默认设置' }).click();
    await expect(sider(page)).toBeVisible();
  });

  test('with multi-page off only the current page stays mounted, also after a reload', async ({ page }) => {
    // The administrator: the one with 分析页 and 监控页 beside 工作台.
    await signInAs(page, 'admin');
    // Arrived once the address is the link's, and only its page shows (under load, a click's route can lag).
    const visit = async (title: string) => {
      const link = mainMenu(page).getByRole('link', { name: title });
      const target = (await link.getAttribute('href'))!;
      await link.click();
      await expect(page).toHaveURL((url) => url.href.endsWith(target));
      await expect(page.locator('.shell-page:not([hidden])')).toHaveCount(1);
    };
    const pages = page.locator('.shell-page');
    // Multi-page on (the default): every visited page is kept.
    await visit('分析页');
    await visit('监控页');
    await expect(pages).toHaveCount(3);

    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '多页签模式' }).click();
    await closeSettings(page);
    expect(await storedSetting(page, 'DEFAULT_MULTI_PAGE')).toBe(false);
    await visit('工作台');
    await visit('分析页');
    await expect(pages).toHaveCount(1);

    await page.reload();
    await expect(page.locator('.desktop-shell__tabs')).toHaveCount(0);
    await visit('监控页');
    await visit('工作台');
    await expect(pages).toHaveCount(1);
    await expect(page).toHaveURL(/#\/dashboard\/workplace$/);
  });
});

test.describe('菜单搜索（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('an external link and an iframe menu open their address in a new tab; a page found by its title navigates; no match is said', async ({ page, context, request }) => {
    const token = await adminToken(request);
    const tag = suffix();
    const externalTitle = `外链文档${tag}`;
    const iframeTitle = `内嵌页面${tag}`;
    const created: string[] = [];
    try {
      for (const body of [
        { name: externalTitle, menuType: 0, url: `https://external.example/docs/${tag}`, internalOrExternal: true, sortNo: 99 },
        { name: iframeTitle, menuType: 0, url: `http://iframe.example/page/${tag}?user={username}`, sortNo: 99 },
      ]) {
        const added = await call<{ id: string }>(request, token, 'POST', '/sys/permission/add', body);
        expect(added.success, added.message).toBe(true);
        created.push(added.result.id);
      }
      // The new tabs get a page of our own: nothing leaves the machine.
      await context.route(/^https?:\/\/(external|iframe)\.example\//, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<title>外部页面</title>' }));

      await signInAs(page, 'admin');
      const search = page.getByRole('combobox', { name: '搜索菜单' });
      const choose = async (text: string, title: string) => {
        await search.click();
        await search.fill(text);
        await page.locator('.ant-select-item-option').filter({ hasText: title }).click();
      };

      const externalTab = context.waitForEvent('page');
      await choose('外链文档', externalTitle);
      const external = await externalTab;
      await expect(external).toHaveURL(`https://external.example/docs/${tag}`);
      await external.close();
      await expect(page).toHaveURL(/#\/dashboard\/workplace$/);

      const iframeTab = context.waitForEvent('page');
      await choose('内嵌页面', iframeTitle);
      const iframe = await iframeTab;
      await expect(iframe).toHaveURL(`http://iframe.example/page/${tag}?user=admin`);
      await iframe.close();
      await expect(page).toHaveURL(/#\/dashboard\/workplace$/);

      const pagesBefore = context.pages().length;
      await choose('职务', '职务管理');
      await expect(page).toHaveURL(/#\/system\/position$/);
      expect(context.pages()).toHaveLength(pagesBefore);

      // Only the titles that match are offered.
      await search.click();
      await search.fill('监控');
      const option = (title: string) => page.locator('.ant-select-item-option').filter({ hasText: title });
      await expect(option('监控页')).toBeVisible();
      await expect(option('工作台')).toHaveCount(0);
      await option('监控页').click();
      await expect(page).toHaveURL(/#\/dashboard\/monitor$/);
      await search.fill('没有这个菜单');
      await expect(page.getByText('没有匹配的菜单')).toBeVisible();
    } finally {
      for (const id of created) {
        const removed = await call(request, token, 'DELETE', `/sys/permission/delete?id=${id}`);
        expect(removed.success, removed.message).toBe(true);
      }
    }
  });
});

test.describe('对话框提示（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('个人信息 refuses an e-mail another user holds with 邮箱已存在!', async ({ page, request }) => {
    const admin = await adminToken(request);
    const demoUser = async (username: string) => {
      const users = await call<{ records: { id: string; username: string; email: string | null }[] }>(request, admin, 'GET', `/sys/user/list?username=${username}&pageNo=1&pageSize=10`);
      const user = users.result.records.find((u) => u.username === username);
      expect(user, username).toBeTruthy();
      return user!;
    };
    const teacher = await demoUser('teacher01');
    const studentEmail = (await demoUser('student01')).email;
    const teacherToken = (await apiLogin(request, 'teacher01', DEMO_PASSWORD))!;
    const taken = `wang.${suffix()}@school.edu.cn`;
    const saveEmail = (email: string) => call(request, teacherToken, 'PUT', '/sys/user/edit', { id: teacher.id, ydyz: '1', email });
    const set = await saveEmail(taken);
    expect(set.success, set.message).toBe(true);
    try {
      await signInAs(page, 'student01');
      await openUserMenuItem(page, '个人信息');
      const modal = dialog(page, '个人信息');
      const email = modal.getByPlaceholder('请输入邮箱');
      await email.fill(taken);
      await email.blur();
      // A student's form does not ask the server about other users' e-mails as the field is left: the save says it, at the field.
      await expect(modal.getByText('邮箱已存在!', { exact: true })).toHaveCount(0);
      await modal.getByRole('button', { name: '保存' }).click();
      await expect(modal.getByText('邮箱已存在!', { exact: true })).toBeVisible();
      await expect(modal).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: '修改成功!' })).toHaveCount(0);
      expect((await demoUser('student01')).email).toBe(studentEmail);

      // 取消 drops the refused edit: the next opening shows the stored e-mail again.
      await modal.getByRole('button', { name: '取消' }).click();
      await expect(modal).toBeHidden();
      await openUserMenuItem(page, '个人信息');
      await expect(dialog(page, '个人信息').getByPlaceholder('请输入邮箱')).toHaveValue(studentEmail ?? '');
    } finally {
      const restored = await saveEmail(teacher.email ?? '');
      expect(restored.success, restored.message).toBe(true);
    }
  });

  test('切换部门 confirmed with no department chosen marks the field with 请选择部门', async ({ page }) => {
    // The server always names a current department when the user has any; an older server answers
    // without one (orgCode null), and then nothing is chosen when the dialog opens.
    await page.route(/\/api\/sys\/user\/getCurrentUserDeparts/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Envelope<{ list: unknown[]; orgCode: string | null }>;
      expect(body.result.list.length).toBeGreaterThan(1);
      await route.fulfill({ response, json: { ...body, result: { ...body.result, orgCode: null } } });
    });
    await signInAs(page, 'multi01');
    await openUserMenuItem(page, '切换部门');
    const modal = dialog(page, '切换部门');
    await expect(modal.getByRole('combobox')).toBeVisible();
    await modal.getByRole('button', { name: '确定' }).click();
    await expect(modal.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.locator('.ant-form-item-explain-error')).toHaveText('请选择部门');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '部门切换成功' })).toHaveCount(0);
  });

  test('the Excel import: no file, a file that is not Excel, a file with bad rows, then a good file', async ({ page, request }) => {
    const tag = suffix().toUpperCase();
    const workbook = async (rows: (string | number)[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('职务');
      sheet.addRow(['职务编码', '职务名称', '职级', '排序']);
      rows.forEach((row) => sheet.addRow(row));
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    // The page's clock runs as usual, and can be moved on past the notices' time without waiting it out.
    await page.clock.install();
    await signInAs(page, 'admin', '#/system/position');
    await page.getByRole('button', { name: '导入' }).click();
    const modal = dialog(page, '导入职务');
    await expect(modal).toBeVisible();
    const fileInput = modal.locator('input[type="file"]');

    await modal.getByRole('button', { name: '开始上传' }).click();
    await expect(modal.getByRole('alert')).toHaveText('请先选择文件!');

    await fileInput.setInputFiles({ name: '职务.csv', mimeType: 'text/csv', buffer: Buffer.from('职务编码,职务名称\n') });
    await expect(modal.getByRole('alert')).toHaveText('选择需要导入的Excel文件!');
    await expect(modal.getByText('职务.csv')).toHaveCount(0);

    // The dialog says what it takes, and an old binary .xls workbook is taken; the template is an .xls and named so.
    await expect(modal.getByText('支持 .xls 和 .xlsx 格式，每次一个文件，不超过5MB')).toBeVisible();
    await fileInput.setInputFiles({ name: '职务.XLS', mimeType: 'application/vnd.ms-excel', buffer: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(60)]) });
    await expect(modal.getByText('职务.XLS')).toBeVisible();
    await expect(modal.getByRole('alert')).toHaveCount(0);
    const template = page.waitForEvent('download');
    await modal.getByRole('button', { name: '下载导入模板' }).click();
    expect((await template).suggestedFilename()).toBe('职务导入模板.xls');

    // Seven rows without a name, the first with more wrong: the error names every problem of every row, shown up to the sixth line.
    const bad = await workbook([['带 空格', '', '外星', 'abc'], ...Array.from({ length: 6 }, (_, i) => [`BAD${tag}${i}`, '', '', i])]);
    await fileInput.setInputFiles({ name: '职务有误.XLSX', mimeType: xlsx, buffer: bad });
    await expect(modal.getByRole('alert')).toHaveCount(0);
    await expect(modal.getByText('职务有误.XLSX')).toBeVisible();
    await modal.getByRole('button', { name: '开始上传' }).click();
    const failure = page.locator('.isps-notice').filter({ hasText: '导入提示' });
    await expect(failure).toContainText('导入失败，共7行有误，未导入任何数据');
    await expect(failure).toContainText('第2行：职务编码：只能包含字母、数字、下划线、冒号、点和短横线；请输入职务名称；职级“外星”无效，可选：正高级、副高级、中级、初级、其他；排序必须是数字');
    await expect(failure).toContainText('第5行');
    await expect(failure).not.toContainText('第6行');
    await expect(failure).toContainText('...');
    await expect(modal).toBeVisible();
    const download = page.waitForEvent('download');
    await failure.getByRole('button', { name: '下载错误日志' }).click();
    expect((await download).suggestedFilename()).toBe('错误日志信息.txt');
    // It stays open well past the 4 s of other notices, until closed.
    await page.clock.fastForward(5_000);
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: '关闭' }).click();
    await expect(failure).toHaveCount(0);

    const code = `IMP${tag}`;
    const token = await adminToken(request);
    try {
      // The good file is an old .xls workbook with a title row above the header.
      const xls = utils.book_new();
      utils.book_append_sheet(xls, utils.aoa_to_sheet([['职务一览'], ['职务编码', '职务名称', '职级', '排序'], [code, `导入职务${tag}`, '', 1]]), '职务');
      await fileInput.setInputFiles({ name: '职务.xls', mimeType: 'application/vnd.ms-excel', buffer: write(xls, { type: 'buffer', bookType: 'xls' }) as Buffer });
      await modal.getByRole('button', { name: '开始上传' }).click();
      const success = page.getByRole('alert').filter({ hasText: '导入提示' }).filter({ hasText: '导入成功，共1条' });
      await expect(success).toBeVisible();
      await expect(modal).toBeHidden();
      await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible();
      await expect(success).toBeHidden({ timeout: 5_000 });
    } finally {
      const found = await call<{ records: { id: string; code: string }[] }>(request, token, 'GET', `/sys/position/list?code=${code}&pageNo=1&pageSize=10`);
      for (const row of found.result.records.filter((r) => r.code === code)) await call(request, token, 'DELETE', `/sys/position/delete?id=${row.id}`);
    }
  });
});
