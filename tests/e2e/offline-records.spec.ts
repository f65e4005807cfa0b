import { expect, test, type Page } from '@playwright/test';
import { signInAs, submitLogin, systemNotice, LOGIN_URL, WORKPLACE_URL } from './support/auth.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { keptOnDevice } from './support/device-store.ts';
import { PHONE } from './support/devices.ts';

/**
 * What a student reads and writes on the phone (issue 4) beyond offline-weekly.spec.ts: the adviser's
 * verdict in the week, a draft across logging out and in, and 我的消息 opened offline. Nothing here
 * reaches the server: week 5 gets a draft only, and no message is opened (other specs count them unread).
 */

const weekItem = (page: Page, weekNo: number) => page.locator('.adm-list-item').filter({ hasText: `第${weekNo}周（` });
const editorContent = (page: Page) => page.locator('.record-editor').getByPlaceholder('本周的工作内容、收获与体会');

async function openMyWeekly(page: Page) {
  await page.goto('#/internship/weekly');
  await expect(weekItem(page, 1)).toContainText('已批阅 88分');
}

test.use({ ...PHONE, serviceWorkers: 'allow' });

test('the student reads the adviser’s score and comment in a reviewed week, and the comment in a returned one', async ({ page }) => {
  await signInAs(page, 'student01');
  await openMyWeekly(page);
  await weekItem(page, 1).click();
  await expect(page.locator('.record-editor').getByText('已批阅，得分 88，评语：内容充实，能结合岗位实际总结收获，继续保持。')).toBeVisible();
  await page.locator('.record-editor .adm-nav-bar-back').click();
  await expect(page.locator('.record-editor')).toBeHidden();
  await weekItem(page, 2).click();
  await expect(page.locator('.record-editor').getByText('已退回：内容过于笼统，请补充本周具体完成的工作、遇到的问题以及解决方法后重新提交。修改后请重新提交')).toBeVisible();
});

test('a draft survives logging out and in again as the same student', async ({ page }) => {
  await signInAs(page, 'student01');
  await openMyWeekly(page);
  const draft = '草稿：本周跟着导师做了接口测试，还没写完。';
  await weekItem(page, 5).click();
  await editorContent(page).fill(draft);
  // The draft is written to IndexedDB as one types.
  await expect.poll(() => keptOnDevice(page, 'drafts', draft)).toBe(true);

  await page.goto('#/dashboard/workplace');
  await page.getByRole('button', { name: '菜单' }).click();
  await page.getByRole('button', { name: '注销' }).click();
  await page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' }).getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(LOGIN_URL);

  await submitLogin(page, 'student01', DEMO_PASSWORD);
  await expect(page).toHaveURL(WORKPLACE_URL);
  await openMyWeekly(page);
  await weekItem(page, 5).click();
  await expect(editorContent(page)).toHaveValue(draft);
});

test('我的消息 opens offline from what the device kept', async ({ page, context }) => {
  await signInAs(page, 'student01', '#/isps/userAnnouncement');
  const messages = page.getByRole('region', { name: '我的消息' });
  await expect(messages.getByText('关于做好2026年岗位实习工作的通知')).toBeVisible();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  // The kept queries are saved a moment after they change.
  for (const title of ['关于做好2026年岗位实习工作的通知', '平台已升级，支持离线填写实习记录']) await expect.poll(() => keptOnDevice(page, 'queryCache', title)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(messages.getByText('关于做好2026年岗位实习工作的通知')).toBeVisible();
  await expect(messages.getByText('平台已升级，支持离线填写实习记录')).toBeVisible();
  // Offline is a calm state: one sign in the header beside the kept data, no error for each read.
  const offline = page.getByRole('status').filter({ hasText: '离线，联网后更新' });
  await expect(offline).toBeVisible();
  await expect(systemNotice(page, '网络连接异常')).toHaveCount(0);
  // The reads that could not run offline run by themselves once the network is back.
  const reloaded = page.waitForResponse((r) => r.url().includes('/sys/annountCement/listByUser') && r.ok());
  await context.setOffline(false);
  await reloaded;
  await expect(offline).toBeHidden();
});
