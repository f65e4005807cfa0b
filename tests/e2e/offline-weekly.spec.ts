import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { MyPlacementRecords, RecordDetail } from '../../contract/records.ts';
import { WORKFLOW_URL } from '../../contract/workflow.ts';
import { apiCall, apiLogin, revokeSession } from './support/api.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { signInAs, readAccessToken, submitLogin, LOGIN_URL } from './support/auth.ts';
import { keptOnDevice } from './support/device-store.ts';
import { quietStudent } from './support/quiet-student.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';
import { unrouteQuietly } from './support/routes.ts';

test.afterEach(unrouteQuietly);

/** A real (1×1) PNG: the server checks the first bytes of every photo. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OFFLINE_FOR_MS = 40 * 60_000;
/** The browser runs on Beijing time (playwright.config.ts): YYYY-MM-DD HH:mm:ss as the screens show it. */
const schoolClock = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const CONTENT = '本周在测试组跟岗，学习了接口测试与缺陷记录的方法。'.repeat(12);

const weekItem = (page: Page, weekNo: number) => page.locator('.adm-list-item').filter({ hasText: `第${weekNo}周（` });

async function openMyWeekly(page: Page) {
  await page.goto('#/internship/weekly');
  await expect(weekItem(page, 1)).toContainText('已批阅 88分');
}

/** The current week, the newest: specs that file for student01 take the oldest empty weeks, so it stays empty until this file fills it. */
async function currentWeek(request: APIRequestContext): Promise<{ weekNo: number; weekStart: string; token: string }> {
  const token = (await apiLogin(request, 'student01', DEMO_PASSWORD))!;
  const body = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers: { 'X-Access-Token': token } })).json()) as { result: MyPlacementRecords[] };
  const week = body.result[0]!.slots[0]!;
  return { weekNo: week.periodNo, weekStart: week.periodStart, token };
}

async function summaryOfWeek(request: APIRequestContext, token: string, weekStart: string) {
  const body = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers: { 'X-Access-Token': token } })).json()) as { result: MyPlacementRecords[] };
  return body.result[0]!.slots.find((w) => w.periodStart === weekStart)?.record ?? null;
}

async function writeSummary(page: Page, weekNo: number, content: string, withPhoto: boolean) {
  await weekItem(page, weekNo).click();
  const editor = page.locator('.record-editor');
  await editor.getByPlaceholder('本周的工作内容、收获与体会').fill(content);
  if (withPhoto) {
    await editor.getByLabel('选择文件').setInputFiles({ name: '工位照片.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(editor.locator('.adm-image-uploader-cell-image')).toHaveCount(1);
  }
  await editor.getByRole('button', { name: '提交' }).click();
  await expect(editor).toBeHidden();
}

/** The service worker controls the page (clientsClaim), so an offline reload is answered by it. */
async function waitForOfflineReady(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
}

test.describe.configure({ mode: 'serial' });

test.describe('离线周记（手机 390×844）', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' });

  test('an offline reload after the first visit shows the shell and the cached records', async ({ page, context }) => {
    await signInAs(page, 'student01');
    await openMyWeekly(page);
    await waitForOfflineReady(page);
    // The kept queries are saved a moment after they change.
    await expect.poll(() => keptOnDevice(page, 'queryCache', '["internship","weekly","mine"]')).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
    await expect(weekItem(page, 1)).toContainText('已批阅 88分');
    await expect(weekItem(page, 2)).toContainText('已退回');
    await context.setOffline(false);
  });

  test('a first session holds 提交 until the app is kept on the device, so a summary queued offline survives a reload offline', async ({ page, context }) => {
    const returned = 2; // 已退回 in the demo data, and only queued here (never sent): it may be submitted again
    await signInAs(page, 'student01');
    await openMyWeekly(page);
    await weekItem(page, returned).click();
    const editor = page.locator('.record-editor');
    await editor.getByPlaceholder('本周的工作内容、收获与体会').fill(CONTENT);
    // 提交 is offered only once the service worker keeps the app (until then it says 正在准备离线使用).
    await expect(editor.getByRole('button', { name: '提交' })).toBeEnabled({ timeout: 30_000 });
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await editor.getByRole('button', { name: '提交' }).click();
    await expect(weekItem(page, returned)).toContainText('待同步');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(weekItem(page, returned)).toContainText('待同步');
  });

  test('a summary written offline with a photo survives a reload and syncs once, even when the first answer is lost', async ({ page, context, request, browser }) => {
    const { weekNo, weekStart, token } = await currentWeek(request);
    await signInAs(page, 'student01');
    await openMyWeekly(page);
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await writeSummary(page, weekNo, CONTENT, true);
    const pressedBefore = Date.now();
    await expect(weekItem(page, weekNo)).toContainText('待同步');
    await expect(page.locator('.my-records__waiting')).toContainText('待同步');
    await expect(page.getByRole('link', { name: /^待同步 1 条/ })).toBeVisible();

    // Leaving while it waits asks first (it would reach the adviser only once the app runs again).
    const warned = page.waitForEvent('dialog').then(async (dialog) => {
      const type = dialog.type();
      await dialog.accept();
      return type;
    });
    await page.reload();
    expect(await warned).toBe('beforeunload');
    await expect(weekItem(page, weekNo)).toContainText('待同步');
    const kept = await page.evaluate(async () => {
      return new Promise<{ state: string; files: number }[]>((resolve) => {
        const open = indexedDB.open('isps-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve((all.result as { state: string; files: unknown[] }[]).map((e) => ({ state: e.state, files: e.files.length })));
        };
      });
    });
    expect(kept).toEqual([{ state: 'pending', files: 1 }]);

    // The first save reaches the server, but its answer is lost on the way back. The phone says when
    // 提交 was pressed; here that moment is put 40 minutes back, as if the network had come back that much later.
    let dropped = 0;
    const sentTimes: (string | undefined)[] = [];
    await page.route('**/api/internship/weekly/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const headers = route.request().headers();
      sentTimes.push(headers['x-device-acted-at']);
      const earlier = new Date(Date.parse(headers['x-device-acted-at']!) - OFFLINE_FOR_MS).toISOString();
      const options = { headers: { ...headers, 'x-device-acted-at': earlier } };
      if (dropped > 0) return route.continue(options);
      dropped += 1;
      await route.fetch(options);
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect(weekItem(page, weekNo)).toContainText('已提交', { timeout: 30_000 });
    expect(dropped).toBe(1);
    // Both sends carry the same moment of 提交 (taken when it was pressed, before the reload), not the moment of sending.
    expect(sentTimes).toHaveLength(2);
    expect(sentTimes[1]).toBe(sentTimes[0]);
    expect(Date.parse(sentTimes[0]!)).toBeLessThan(pressedBefore);

    const summary = await summaryOfWeek(request, token, weekStart);
    expect(summary).toMatchObject({ status: 'submitted', attachmentCount: 1 });
    await expect(page.locator('.my-records__waiting')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /待同步/ })).toHaveCount(0);

    // The adviser sees when the student pressed 提交, and that it reached the server later.
    const adviser = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL });
    const review = await adviser.newPage();
    await signInAs(review, 'teacher01', '#/internship/review');
    const row = review.getByRole('region', { name: '周记批阅' }).getByRole('row').filter({ hasText: '李明' }).filter({ hasText: `第${weekNo}周（` });
    const submitted = new Date(summary!.submittedAt!);
    expect(Date.now() - submitted.getTime()).toBeGreaterThan(OFFLINE_FOR_MS);
    await expect(row).toContainText(schoolClock.format(submitted));
    await expect(row).toContainText('离线提交');
    await row.click();
    const drawer = review.getByRole('dialog', { name: '周记详情' });
    await expect(drawer).toContainText(/离线提交，4\d分钟后同步；服务器于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 收到/);
    await adviser.close();
  });
});

// The server's refusal on sync needs no offline start: without a service worker the stale copy is routed for sure.
test.describe('离线周记，服务器拒收（手机 390×844）', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });

  test('a summary the server refuses (shorter than the minimum) waits as 需修改 with the server message', async ({ page, context, request }) => {
    // A stale copy of the program on the phone allows 20 characters; the server still asks for 200. No service
    // worker here: a fetch it made would pass this route by. In place before the app starts, which may fetch
    // the list for the workplace already.
    await context.route('**/api/internship/weekly/mine*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: MyPlacementRecords[] };
      body.result.forEach((e) => (e.minLength = 20));
      await route.fulfill({ response, json: body });
    });
    const { student, weekNo } = await quietStudent(request, 'refusedSummary');
    await signInAs(page, student.studentNo);
    await page.goto('#/internship/weekly');
    await writeSummary(page, weekNo, '这周学习了测试方法，收获很多，继续努力。', false);
    await expect(weekItem(page, weekNo)).toContainText('需修改');
    await expect(weekItem(page, weekNo)).toContainText('周记内容不能少于200字');
    // The header says so on every page, and leads back to it.
    await page.goto('#/dashboard/workplace');
    const chip = page.getByRole('link', { name: /^需修改 1 条/ });
    // In words on the phone's narrow title bar too, not a bare !1.
    await expect(chip).toHaveText('需修改 1');
    await chip.click();
    await expect(weekItem(page, weekNo)).toContainText('需修改');
  });
});

test.describe('离线周记，换设备与重新登录（手机 390×844）', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' });

  test('a leave refused on sync for one filed elsewhere: the list shows that one, and the refused leave is deleted after a confirmation', async ({ page, request }) => {
    const token = (await apiLogin(request, 'student01', DEMO_PASSWORD))!;
    const day = new Date(Date.now() + 8 * 3_600_000 + 4 * 86_400_000).toISOString().slice(0, 10);
    const leaveItem = (text: string) => page.locator('.my-records .adm-list-item').filter({ hasText: text });
    await signInAs(page, 'student01');
    await page.goto('#/internship/leave');
    await expect(page.getByRole('button', { name: '新建请假' })).toBeVisible();

    // Filed meanwhile on another device: the list on this phone does not know it.
    const [placement] = await apiCall<MyPlacementRecords[]>(request, token, 'get', '/appQxj/appQxj01/mine');
    const body = { enrolmentId: placement!.id, leaveType: 'sick', startsAt: `${day}T01:00:00.000Z`, endsAt: `${day}T04:00:00.000Z`, content: '去医院复查，需请假半天。', submit: true };
    const elsewhere = await apiCall<RecordDetail>(request, token, 'put', `/appQxj/appQxj01/${randomUUID()}`, body);
    const elsewhereTitle = `病假 ${day.slice(5)} 09:00 ~ ${day.slice(5)} 12:00`;
    await expect(leaveItem(elsewhereTitle)).toHaveCount(0);

    await page.getByRole('button', { name: '新建请假' }).click();
    const editor = page.locator('.record-editor');
    await editor.getByText('事假', { exact: true }).click();
    await editor.getByRole('textbox', { name: '开始时间' }).fill(`${day}T10:00`);
    await editor.getByRole('textbox', { name: '结束时间' }).fill(`${day}T11:00`);
    await editor.getByPlaceholder('请说明请假原因与联系方式').fill('家中有事，需请假一小时。');
    await editor.getByRole('button', { name: '提交' }).click();
    await expect(editor).toBeHidden();

    const refused = leaveItem('需修改');
    await expect(refused).toContainText(`与已有请假“${elsewhereTitle}”的时间重叠`);
    // After the conflict the list is fetched again: the leave the message names is there.
    await expect(leaveItem(elsewhereTitle).filter({ hasText: '审批中' })).toBeVisible();
    // The header leads from any page to where the refused record is.
    await page.goto('#/dashboard/workplace');
    await page.getByRole('link', { name: /^需修改 1 条.*查看我的请假$/ }).click();
    await expect(page).toHaveURL(/#\/internship\/leave$/);

    await refused.getByRole('button', { name: '删除这份请假' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '删除这份请假？' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(refused).toHaveCount(0);
    await expect(page.getByRole('link', { name: /需修改/ })).toHaveCount(0);
    await expect(leaveItem(elsewhereTitle)).toHaveCount(1);
    // The other device's leave is taken back, so the specs after this one meet the demo's own leaves.
    await apiCall(request, token, 'post', WORKFLOW_URL.withdraw(elsewhere.instanceId!), {});
  });

  test('a session revoked while offline loses nothing: after logging in again the record syncs', async ({ page, context, request }) => {
    const { student, weekNo } = await quietStudent(request, 'revokedSession');
    await signInAs(page, student.studentNo);
    await page.goto('#/internship/weekly');
    await expect(weekItem(page, weekNo)).toContainText('未填写');
    const token = (await readAccessToken(page))!;

    await context.setOffline(true);
    await writeSummary(page, weekNo, CONTENT, false);
    await expect(weekItem(page, weekNo)).toContainText('待同步');
    await revokeSession(request, token);

    await context.setOffline(false);
    await expect(page).toHaveURL(LOGIN_URL, { timeout: 30_000 });
    await submitLogin(page, student.studentNo, DEMO_PASSWORD);
    // The record syncs as soon as the app runs again, before 我的周记 is open; the list must not show it
    // from the cache in its old state (it was fetched moments ago, so the cache still counts as fresh).
    const again = (await apiLogin(request, student.studentNo, DEMO_PASSWORD))!;
    const statusOnServer = async () => {
      const [placement] = await apiCall<MyPlacementRecords[]>(request, again, 'get', '/internship/weekly/mine');
      return placement!.slots.find((w) => w.periodNo === weekNo)?.record?.status;
    };
    await expect.poll(statusOnServer, { timeout: 30_000 }).toBe('submitted');
    await page.goto('#/internship/weekly');
    await expect(weekItem(page, weekNo)).toContainText('已提交');
  });

});
