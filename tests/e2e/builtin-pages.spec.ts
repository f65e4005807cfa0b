import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MyDashboard } from '@contract/dashboard.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { LOGIN_URL, WORKPLACE_URL, signInAs, readAccessToken, submitLogin } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL, PROJECT_ROOT } from './support/server.ts';
import { dialogTitled, expectNoSidewaysScroll } from './support/shell.ts';
import { unrouteQuietly } from './support/routes.ts';

test.afterEach(unrouteQuietly);

/**
 * The built-in pages of the shell (issue 3). Nothing here marks an announcement read: the bell's
 * tests expect student01, teacher01 and mentor01 to start with both demo messages unread.
 */

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const stat = (page: Page, label: string) => page.getByRole('list', { name: '登录统计' }).getByRole('listitem').filter({ hasText: label }).locator('strong');

/** The statistics as the server has them now, asked with the page's own session. */
async function loginInfo(page: Page) {
  const token = await readAccessToken(page);
  const response = await page.request.get(`${API_URL}/sys/loginfo`, { headers: { 'X-Access-Token': token ?? '' } });
  return ((await response.json()) as { result: { todayVisitCount: number; totalVisitCount: number; todayIp: number } }).result;
}

/** The caller's own dashboard as the server has it, asked with the page's own session. */
async function myDashboard(page: Page) {
  const token = await readAccessToken(page);
  const response = await page.request.get(`${API_URL}/dashboard/mine`, { headers: { 'X-Access-Token': token ?? '' } });
  return ((await response.json()) as { result: MyDashboard }).result;
}

/** Nothing of the school-wide login statistics: no 登录统计 cards, no 今日访问/总访问量/今日IP, no 访问统计 shortcut. */
async function expectNoSchoolFigures(page: Page) {
  await expect(page.getByRole('list', { name: '登录统计' })).toHaveCount(0);
  await expect(page.getByText(/今日访问|总访问量|今日IP|访问统计|最近7天访问/)).toHaveCount(0);
}

/** Forgets the session in this browser and starts the app afresh (a hash change alone would keep it in memory). */
async function logOutHere(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page).toHaveURL(LOGIN_URL);
}


test.describe('仪表盘（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('分析页 shows the administrator the real login statistics and the 7-day chart; "/" lands on 工作台, the home', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '访问统计' })).toBeVisible();
    await mainMenu(page).getByRole('link', { name: '分析页' }).click();
    await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
    await expect(page).toHaveTitle('分析页 - 实习实训管理服务平台');

    await expect(stat(page, '今日访问')).toHaveText(/^[\d,]+$/);
    const server = await loginInfo(page);
    expect(server.todayVisitCount).toBeGreaterThanOrEqual(1);
    await expect(stat(page, '今日访问')).toHaveText(server.todayVisitCount.toLocaleString('zh-CN'));
    await expect(stat(page, '总访问量')).toHaveText(server.totalVisitCount.toLocaleString('zh-CN'));
    await expect(stat(page, '今日IP')).toHaveText(server.todayIp.toLocaleString('zh-CN'));
    await expect(page.getByRole('img', { name: /^最近7天访问：/ })).toBeVisible();
    await shoot(page, 'analysis-1440');

    await page.goto('#/');
    await expect(page).toHaveURL(/#\/dashboard\/workplace$/);
  });

  test('工作台 shows an adviser their students (no 分析页, 监控页 or 接口文档), and 监控页 the administrator the 7-day table and the server figures, 接口文档 every call', async ({ page }) => {
    await signInAs(page, 'teacher01');
    await expect(page.getByRole('heading', { name: '我指导的学生' })).toBeVisible();
    await expect(page.getByRole('table', { name: '我指导的学生' }).getByRole('row', { name: /李明/ })).toBeVisible();
    for (const name of ['分析页', '监控页', '接口文档']) await expect(mainMenu(page).getByRole('link', { name })).toHaveCount(0);
    await expectNoSchoolFigures(page);

    await logOutHere(page);
    await signInAs(page, 'admin', '#/dashboard/monitor');
    await expect(page.getByRole('heading', { name: '最近7天访问明细' })).toBeVisible();
    await expect(page.getByRole('region', { name: '最近7天访问明细' }).getByRole('table').getByRole('row')).toHaveCount(8);
    await expect(page.getByRole('heading', { name: '服务器', exact: true })).toBeVisible();
    await expect(page.getByText('服务器时间')).toBeVisible();
    await expect(page.getByText(/^PostgreSQL \d+/)).toBeVisible();
    // The figures /metrics gives: routes by their declared pattern with their timings, the scheduled jobs with their last run.
    await expect(page.getByRole('table', { name: '最慢的接口' }).getByRole('row', { name: /^(GET|POST|PUT|DELETE) \/api\/\S+ [\d,]+ [\d.]+ 毫秒/ }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: '定时任务' }).getByRole('row', { name: /^清理过期登录 / })).toBeVisible();
    await expect(page.getByRole('heading', { name: '最近执行记录' })).toBeVisible();
    await shoot(page, 'monitor-1440');

    // 接口文档: the server's OpenAPI document, searched, one call opened into its parameters and answer.
    await mainMenu(page).getByRole('link', { name: '接口文档' }).click();
    await expect(page.getByText(/实习实训管理服务平台 API（OpenAPI 3\.1\.0，共 \d{3} 个接口）/)).toBeVisible();
    await page.getByPlaceholder('按地址、权限编码或方法查找').fill('/api/sys/log/list');
    const call = page.getByRole('row', { name: /get \/api\/sys\/log\/list sys\/log system:log:list/ });
    await expect(call).toBeVisible();
    await call.click();
    const detail = page.getByLabel('GET /api/sys/log/list 的说明');
    await expect(detail.getByRole('row', { name: /^logType 数字（查询） 是/ })).toBeVisible();
    await expect(detail.getByRole('row', { name: /result 对象 是/ })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 OpenAPI 文件' }).click();
    expect((await download).suggestedFilename()).toBe('openapi.json');
    await shoot(page, 'api-docs-1440');
  });

  test('a mentor sees the students placed with them on 工作台, never the school-wide statistics', async ({ page }) => {
    await signInAs(page, 'mentor01');
    await expectNoSchoolFigures(page);
    const { mentored } = await myDashboard(page);
    expect(mentored.map((p) => p.studentName)).toContain('李明');
    const liMing = mentored.find((p) => p.studentName === '李明')!;
    await expect(page.getByRole('heading', { name: '我带的实习生' })).toBeVisible();
    const row = page.getByRole('table', { name: '我带的实习生' }).getByRole('row', { name: /李明/ });
    await expect(row.getByRole('cell')).toHaveText([liMing.post ?? '—', /./, String(liMing.written), String(liMing.waiting), String(liMing.missed), liMing.averageScore === null ? '—' : String(liMing.averageScore)]);
    await shoot(page, 'workplace-mentor-1440');
  });

  test('工作台 shows the unread messages box and the shortcuts', async ({ page }) => {
    await signInAs(page, 'mentor01');
    const box = page.getByRole('region', { name: '未读消息' });
    // The system messages depend on what earlier specs did (互动 and approvals tell mentor01 too); the notice is the demo's one.
    await expect(box.getByText(/^未读通知 1 条，未读系统消息 [1-9]\d* 条$/)).toBeVisible();
    await expect(box.getByRole('link', { name: /关于做好2026年岗位实习工作的通知/ })).toBeVisible();
    await shoot(page, 'workplace-1440');
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '个人中心' }).click();
    await expect(page).toHaveURL(/#\/account\/center$/);
    await expect(page.getByRole('heading', { name: '张工' })).toBeVisible();
    await expect(page.getByText('当前身份')).toBeVisible();
  });
});

test.describe('仪表盘（手机 390×844）', () => {
  test.use(PHONE);

  test('a student sees their own internship on 工作台, their home, and no 分析页 or 监控页 with the same card again', async ({ page }) => {
    await signInAs(page, 'student01');
    await expectNoSchoolFigures(page);

    const [placement] = (await myDashboard(page)).mine;
    expect(placement).toBeTruthy();
    const figure = (label: string) => page.getByRole('list', { name: `${placement!.programName}的周记` }).getByRole('listitem').filter({ hasText: label }).locator('strong');
    await expect(page.getByRole('heading', { name: '我的实习' })).toBeVisible();
    await expect(page.getByRole('article', { name: placement!.programName })).toContainText(placement!.unitName ?? '');
    await expect(figure('已交周记')).toHaveText(`${placement!.written}篇`);
    await expect(figure('剩余周数')).toHaveText(`${placement!.weeksLeft}周`);
    await expect(figure('已退回')).toHaveText(`${placement!.returned}篇`);
    await expect(figure('平均分')).toHaveText(placement!.averageScore === null ? '—' : String(placement!.averageScore));
    await expectNoSidewaysScroll(page);
    await shoot(page, 'workplace-student-390');

    await page.getByRole('button', { name: '菜单' }).click();
    for (const name of ['分析页', '监控页']) await expect(mainMenu(page).getByRole('link', { name })).toHaveCount(0);
  });

  test('分析页 fits the phone', async ({ page }) => {
    await signInAs(page, 'admin', '#/dashboard/analysis');
    await expect(stat(page, '今日访问')).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByRole('img', { name: /^最近7天访问：/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'analysis-390');
  });

  test('接口文档 fits the phone: a search finds a call, which opens into its fields', async ({ page }) => {
    await signInAs(page, 'admin', '#/dashboard/api-docs');
    await expect(page.getByText(/^共 \d{3} 个接口，显示前 100 个/)).toBeVisible();
    await page.getByPlaceholder('按地址、权限编码或方法查找').fill('/api/sys/log/list');
    await page.getByText('/api/sys/log/list', { exact: true }).click();
    await expect(page.getByText('system:log:list，全部数据')).toBeVisible();
    await expect(page.getByText(/^logType 数字（查询），必填$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'api-docs-390');
  });
});

/** Reading a message marks it read: each screen reads as its own account, never one the bell's tests count on. */
for (const { name, device, reader } of [
  { name: '桌面 1440×900', device: DESKTOP, reader: 'admin' },
  { name: '手机 390×844', device: PHONE, reader: 'multi01' },
]) {
  test.describe(`异常页与公开页（${name}）`, () => {
    test.use(device);

    test('403 and 500 in the shell lead back home', async ({ page }) => {
      await signInAs(page, 'multi01', '#/exception/403');
      await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
      await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
      await shoot(page, `exception-403-${device.viewport.width}`);
      await page.getByRole('button', { name: '返回首页' }).click();
      await expect(page).toHaveURL(/#\/dashboard\/workplace$/);

      await page.goto('#/exception/500');
      await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
      await page.goto('#/exception/404');
      await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
    });

    test('/403, /500 and /clock open without login', async ({ page }) => {
      await page.goto('#/403');
      await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
      await page.goto('#/500');
      await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: '返回首页' }).click();
      await expect(page).toHaveURL(LOGIN_URL);

      await page.goto('#/clock');
      await expect(page.locator('time').first()).toHaveText(/^\d\d:\d\d:\d\d$/);
      await expect(page.getByText(/^\d{4}年\d{1,2}月\d{1,2}日 星期[一二三四五六日]$/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shoot(page, `clock-${device.viewport.width}`);
    });

    test('the message pages ask for a login, then show the messages', async ({ page }) => {
      for (const url of ['#/message-list', '#/screen', '#/detail-page?id=x']) {
        await page.goto(url);
        await expect(page.getByText('请登录后查看')).toBeVisible();
      }
      // The link of the page now shown (a hash change keeps the old page for a moment).
      const toLogin = page.getByRole('link', { name: '去登录' });
      await expect(toLogin).toHaveAttribute('href', /detail-page/);
      await toLogin.click();
      await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fdetail-page%3Fid%3Dx$/);

      await page.goto('#/user/login');
      await submitLogin(page, reader, DEMO_PASSWORD);
      await expect(page).toHaveURL(WORKPLACE_URL);
      await page.goto('#/message-list');
      await expect(page.getByRole('tab', { name: /^通知\(\d+\)$/ })).toBeVisible();
      await page.getByRole('tab', { name: /^系统消息/ }).click();
      await shoot(page, `message-list-${device.viewport.width}`);
      await page.getByRole('button', { name: /平台已升级，支持离线填写实习记录/ }).click();
      await expect(page).toHaveURL(/#\/detail-page\?id=/);
      await expect(page.getByRole('heading', { name: '平台已升级，支持离线填写实习记录' })).toBeVisible();
      await expect(page.getByText('发布人：系统管理员')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: /返回/ }).click();
      await expect(page).toHaveURL(/#\/message-list$/);

      await page.goto('#/screen');
      await expect(page.getByRole('heading', { name: /公告栏/ })).toBeVisible();
      await expect(page.getByText('关于做好2026年岗位实习工作的通知')).toBeVisible();
      await shoot(page, `screen-${device.viewport.width}`);
    });
  });
}

test.describe('个人设置与详情页（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the settings page moves between its five sections', async ({ page }) => {
    await signInAs(page, 'multi01', '#/account/settings');
    await expect(page).toHaveURL(/#\/account\/settings\/base$/);
    const nav = page.getByRole('navigation', { name: '个人设置' });
    await expect(nav.getByRole('link')).toHaveText(['基本设置', '安全设置', '个性化设置', '账户绑定', '新消息通知']);
    await expect(page.getByRole('heading', { name: '基本设置' })).toBeVisible();
    await expect(page.getByRole('region', { name: '基本设置' }).getByText('赵主任', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '编辑资料' }).click();
    const profile = dialogTitled(page, '个人信息');
    await expect(profile).toBeVisible();
    await profile.getByRole('button', { name: '取消' }).click();
    await expect(profile).toBeHidden();
    await shoot(page, 'settings-base-1440');

    await nav.getByRole('link', { name: '安全设置' }).click();
    await expect(page).toHaveURL(/#\/account\/settings\/security$/);
    const password = page.getByRole('listitem').filter({ hasText: '账户密码' });
    await password.getByRole('button', { name: '修改' }).click();
    const dialog = dialogTitled(page, '修改密码');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('navigation', { name: '个人设置' }).getByRole('link', { name: '个性化设置' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: '主题色' })).toContainText('#3F7ADB');
    await page.getByRole('navigation', { name: '个人设置' }).getByRole('link', { name: '账户绑定' }).click();
    await expect(page.getByText('暂无绑定的第三方账号')).toBeVisible();
    await page.getByRole('navigation', { name: '个人设置' }).getByRole('link', { name: '新消息通知' }).click();
    await expect(page.getByText('暂不支持通过短信或邮件发送消息提醒')).toBeVisible();
  });

  test('the template’s 详情页 samples are gone: not in the administrator’s menu, and their address is no page', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(mainMenu(page).getByRole('link', { name: '工作台' })).toBeVisible();
    for (const sample of ['详情页', '基础详情页', '高级详情页']) await expect(mainMenu(page).getByText(sample, { exact: true })).toHaveCount(0);
    await page.goto('#/profile/basic');
    await expect(page.getByRole('heading', { name: '基础详情页' })).toHaveCount(0);
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
  });
});

test.describe('个人设置（手机 390×844）', () => {
  test.use(PHONE);

  test('the settings sections become tabs and the profile edits in a phone form', async ({ page }) => {
    await signInAs(page, 'multi01', '#/account/settings/base');
    await expect(page.getByRole('navigation', { name: '个人设置' }).getByRole('link', { name: '安全设置' })).toBeVisible();
    await page.getByRole('button', { name: '编辑资料' }).click();
    await page.getByPlaceholder('请输入手机号码').fill('123');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('请输入正确格式的手机号码!')).toBeVisible();
    await page.getByRole('button', { name: '取消' }).click();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'settings-base-390');
    await page.goto('#/account/settings/security');
    await expect(page.getByRole('listitem').filter({ hasText: '账户密码' }).getByRole('link', { name: '修改' })).toHaveAttribute('href', '#/user/alteration');
  });
});

/** The digital campus: the served config.json says DQZYWYY (the deployment is chosen at run time). */
async function onDigitalCampus(page: Page) {
  await page.route('**/teacher/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), deployment: 'DQZYWYY' } });
  });
}

for (const { name, device } of [
  { name: '桌面 1440×900', device: DESKTOP },
  { name: '手机 390×844', device: PHONE },
]) {
  test.describe(`数字校园欢迎页（${name}）`, () => {
    // config.json is answered here, never from a service worker's cache.
    test.use({ ...device, serviceWorkers: 'block' });

    test('a student lands on the welcome page without the left menu; 查看更多 opens the message list in a new tab', async ({ page, context }) => {
      await onDigitalCampus(page);
      await page.goto('#/dashboard/analysis');
      await expect(page).toHaveURL(/#\/welcome$/);
      await expect(page.getByRole('heading', { name: /欢迎访问数字校园$/ })).toBeVisible();
      await page.getByRole('link', { name: '登录' }).click();
      await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fwelcome$/);
      await submitLogin(page, 'student01', DEMO_PASSWORD);

      await expect(page).toHaveURL(/#\/welcome$/);
      await expect(page.getByRole('heading', { name: /^李明，.+，欢迎使用数字校园$/ })).toBeVisible();
      await expect(page.getByRole('region', { name: /^未读通知/ }).getByRole('link', { name: /关于做好2026年岗位实习工作的通知/ })).toBeVisible();
      await expect(mainMenu(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: '菜单' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shoot(page, `welcome-${device.viewport.width}`);

      // The demo's notice, and system messages as earlier specs left them (approvals and 互动 tell student01).
      await page.getByRole('button', { name: /^消息通知，[2-9]\d*条未读$/ }).click();
      const panel = page.getByRole('dialog', { name: '消息通知' });
      await expect(panel.getByRole('tab', { name: '通知(1)' })).toBeVisible();
      const [tab] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: '查看更多' }).click()]);
      await expect(tab).toHaveURL(/\/teacher\/#\/user-message-list$/);
      await expect(tab.getByRole('tab', { name: /^系统消息\([1-9]\d*\)$/ })).toBeVisible();
      await tab.close();
    });

    test('a staff member (yhlx 0) opening /welcome gets the shell with the left menu', async ({ page }) => {
      await onDigitalCampus(page);
      await page.goto('#/user/login');
      await submitLogin(page, 'teacher01', DEMO_PASSWORD);
      await expect(page).toHaveURL(WORKPLACE_URL);
      await page.goto('#/welcome');
      await expect(page).toHaveURL(WORKPLACE_URL);
      await expect(page.getByRole('heading', { name: '我指导的学生' })).toBeVisible();
      if (device === DESKTOP) await expect(mainMenu(page)).toBeVisible();
      else await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
    });
  });
}
