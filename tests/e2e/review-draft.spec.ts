import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { loginAs } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * The adviser's unsent score and comment are a draft on the device (issue 4: input is never lost):
 * a reload brings them back, and a sent review clears them.
 */

interface MyEnrolment {
  id: string;
  weeks: { weekStart: string; summary: { id: string } | null }[];
}

/** student01 submits a summary in the latest week of the running enrolment that has none yet. */
async function submitSummary(request: APIRequestContext, title: string) {
  const token = await apiLogin(request, 'student01', DEMO_PASSWORD);
  const headers = { 'X-Access-Token': token! };
  const mine = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers })).json()) as { result: MyEnrolment[] };
  const enrolment = mine.result[0]!;
  const week = enrolment.weeks.filter((w) => w.summary === null).at(-1);
  expect(week, '没有空着的周次').toBeTruthy();
  const content = '本周我整理了测试环境的部署文档，复核了上周提交的缺陷是否已经修复，并学习了接口自动化测试框架的基本用法，写了十几个用例。'.repeat(4);
  const saved = await request.put(`${API_URL}/internship/weekly/${randomUUID()}`, {
    headers,
    data: { enrolmentId: enrolment.id, weekStart: week!.weekStart, title, content, submit: true, attachmentIds: [] },
  });
  expect(saved.ok(), `提交周记失败：${await saved.text()}`).toBe(true);
}

test.use(DESKTOP);

test('the adviser’s unsent score and comment survive a reload and are gone once the review is sent', async ({ page, request }) => {
  const title = `批阅草稿周记 ${Date.now()}`;
  await submitSummary(request, title);
  await loginAs(page, 'teacher01');
  await page.goto('#/internship/weekly-review');
  const list = page.getByRole('region', { name: '周记批阅' });
  const drawer = page.getByRole('dialog', { name: '周记详情' });
  const openSummary = async () => {
    await list.getByRole('row').filter({ hasText: title }).getByRole('button', { name: title }).click();
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
  };

  await openSummary();
  await drawer.getByLabel('分数').fill('77');
  await drawer.getByLabel('批阅意见').fill('接口用例写得规范，下周把断言补充完整。');
  // Typing saves to IndexedDB without waiting; give the write a moment before leaving the page.
  await page.waitForTimeout(300);
  await page.reload();

  await openSummary();
  await expect(drawer.getByLabel('分数')).toHaveValue('77');
  await expect(drawer.getByLabel('批阅意见')).toHaveValue('接口用例写得规范，下周把断言补充完整。');
  await drawer.getByRole('button', { name: '退回' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '已退回' })).toBeVisible();
  await expect(drawer).toBeHidden();

  // Sent: the draft is gone, so the student's resubmission starts with an empty review form.
  const drafts = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('isps-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('drafts').objectStore('drafts').getAll();
          request.onsuccess = () => resolve((request.result as { key: string }[]).filter((d) => d.key.includes('weekly-review:')).length);
          request.onerror = () => reject(request.error);
        };
      }),
  );
  expect(drafts).toBe(0);
});
