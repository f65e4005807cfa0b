import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ApiEnvelope } from '@contract/envelope.ts';
import type { RecordDetail, RecordReviewRow } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * Pages and reads follow relations, not roles (issue 32): 陈主任 (dept01, 院系管理员) advises students and
 * reviews their 周记 on a phone; the enterprise mentor reads a 月报 of a student at the unit, read only, and
 * then evaluates that student; a page outside someone's relations answers 403, an unknown address 404.
 */

/** The named demo student, whose 周记 other specs (weekly-review, offline-weekly) count on as the demo left them. */
const SHARED_STUDENT_NO = '2023010101';

/** The first row of the account's review list (of a student other than the shared one, with `others`). */
async function firstRow(request: APIRequestContext, username: string, kind: string, status?: string, others = false): Promise<RecordReviewRow> {
  const token = await apiLogin(request, username, DEMO_PASSWORD);
  const response = await request.get(`${API_URL}/internship/${kind}/review`, { headers: { 'X-Access-Token': token! }, params: { pageSize: '20', ...(status ? { status } : {}) } });
  const page = ((await response.json()) as ApiEnvelope<PageResult<RecordReviewRow>>).result!;
  const row = page.records.find((r) => !others || r.studentNo !== SHARED_STUDENT_NO);
  expect(row, `${username} 的${kind}列表中没有可用的记录`).toBeTruthy();
  return row!;
}

test.describe('按关系（手机 390×844）', () => {
  test.use(PHONE);

  test('陈主任 reviews an advisee’s 周记 on the phone, through the menu the relation gives', async ({ page, request }) => {
    const waiting = await firstRow(request, 'dept01', 'weekly', 'submitted', true);
    await signInAs(page, 'dept01');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '实习记录批阅' }).click();
    const screen = page.getByRole('region', { name: '周记批阅' });
    const row = screen.locator('.adm-list-item').filter({ hasText: waiting.title }).filter({ hasText: waiting.studentName });
    await expect(row.first()).toContainText('已提交');
    await row.first().click();
    const sheet = page.locator('.record-review-phone__sheet');
    await expect(sheet.getByRole('heading', { name: waiting.title })).toBeVisible();
    await sheet.getByPlaceholder('通过时必填，0到100的整数').fill('86');
    await sheet.getByPlaceholder(/退回时必填/).fill('内容具体，继续保持。');
    await sheet.getByRole('button', { name: '通过' }).click();
    await expect(page.getByText('批阅成功')).toBeVisible();

    const token = await apiLogin(request, 'dept01', DEMO_PASSWORD);
    const detail = ((await (await request.get(`${API_URL}/internship/weekly/${waiting.id}`, { headers: { 'X-Access-Token': token! } })).json()) as ApiEnvelope<RecordDetail>).result!;
    expect({ status: detail.status, score: detail.score, reviewerName: detail.reviewerName }).toEqual({ status: 'reviewed', score: 86, reviewerName: '陈主任' });
  });

  test('the mentor reads a 月报 read only, then evaluates that student', async ({ page, request }) => {
    const report = await firstRow(request, 'mentor01', 'monthly');
    expect(report.canReview).toBe(false);
    await signInAs(page, 'mentor01', '#/internship/review?kind=monthly');
    const screen = page.getByRole('region', { name: '月报批阅' });
    await screen.getByRole('tab', { name: '全部' }).click();
    await screen.locator('.adm-list-item').filter({ hasText: report.title }).filter({ hasText: report.studentName }).first().click();
    const sheet = page.locator('.record-review-phone__sheet');
    await expect(sheet.getByRole('heading', { name: report.title })).toBeVisible();
    await expect(sheet.getByRole('button', { name: '通过' })).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: '退回' })).toHaveCount(0);

    await page.goto('#/internship/score');
    await page.getByText(report.studentName, { exact: true }).first().click();
    const scoreSheet = page.locator('.score-phone__sheet');
    await expect(scoreSheet.getByText(`${report.studentName}的实习成绩`)).toBeVisible();
    for (const label of ['职业素养', '工作态度', '专业技能', '团队协作', '遵章守纪']) await scoreSheet.getByRole('spinbutton', { name: label }).fill('18');
    await expect(scoreSheet.locator('.score-phone__sum')).toHaveText('90');
    await scoreSheet.getByRole('textbox', { name: '总体评价' }).fill('月报反映的工作扎实，评价优秀。');
    await scoreSheet.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('评价已提交')).toBeVisible();
  });

  test('a page of the product outside someone’s relations is 403; an unknown address is 404', async ({ page }) => {
    await signInAs(page, 'student01', '#/internship/review');
    await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
    await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
    await page.goto('#/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
  });
});
