import { expect, test } from '@playwright/test';
import { SCORE_MSG, type ScoreRow } from '@contract/internship-score.ts';
import type { ApiEnvelope } from '@contract/envelope.ts';
import type { PageResult } from '@contract/resource.ts';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * 实习成绩 (issue 12): mentor01 evaluates student01 on a phone and sees the total (teacher01's 90 and the
 * reviewed 周记's 88 are demo data: 50 % × 85 + 30 % × 90 + 20 % × 88 = 87.1, published as 87 since the program
 * counts whole points, 良好); office01 publishes it
 * on desktop, after which the mentor's change is refused, and reopens it with a reason, which the log shows.
 * Reopened, the score is left as the demo would have it after an evaluation. No 周记 is written or reviewed.
 */

const ITEMS = { 职业素养: '17', 工作态度: '18', 专业技能: '16', 团队协作: '17', 遵章守纪: '17' };

test.describe('实习成绩', () => {
  test.describe('企业导师（手机 390×844）', () => {
    test.use(PHONE);

    test('mentor01 evaluates student01 item by item and sees the total', async ({ page }) => {
      await signInAs(page, 'mentor01', '#/internship/score');
      await page.getByText('李明', { exact: true }).click();
      const sheet = page.locator('.score-phone__sheet');
      await expect(sheet.getByText('李明的实习成绩')).toBeVisible();
      await sheet.getByRole('spinbutton', { name: '专业技能' }).fill('21');
      await sheet.getByRole('button', { name: '提交' }).click();
      await expect(sheet.getByText('“专业技能”的得分应在0到20之间')).toBeVisible();
      for (const [label, score] of Object.entries(ITEMS)) await sheet.getByRole('spinbutton', { name: label }).fill(score);
      await expect(sheet.locator('.score-phone__sum')).toHaveText('85');
      await sheet.getByRole('textbox', { name: '专业技能评语' }).fill('测试用例设计规范');
      await sheet.getByRole('textbox', { name: '总体评价' }).fill('工作认真负责，能主动学习。');
      await sheet.getByRole('button', { name: '提交' }).click();
      await expect(page.getByText('评价已提交')).toBeVisible();
      await expect(sheet.locator('.adm-list-item').filter({ hasText: '企业导师评价（50%）' })).toContainText('85');
      await expect(sheet.locator('.adm-list-item').filter({ hasText: '总评' })).toContainText('87（良好）');
      await expect(sheet.getByText('待发布')).toBeVisible();
    });
  });

  test.describe('实习办（桌面 1440×900）', () => {
    test.use(DESKTOP);

    test('office01 publishes the score, a later change is refused, and reopening needs a reason', async ({ page, request }) => {
      await signInAs(page, 'office01', '#/internship/score?studentNo=2023010101');
      const row = page.locator('.ant-table-row').filter({ hasText: '2023010101' });
      await expect(row).toContainText('待发布');
      await expect(row.getByRole('cell', { name: '87', exact: true })).toBeVisible();
      await expect(row).toContainText('良好');
      await row.getByRole('button', { name: '发布' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: '发布' }).click();
      await expect(row).toContainText('已发布');

      // The mentor's change after publication: refused with the reason and what to do.
      const token = await apiLogin(request, 'mentor01', DEMO_PASSWORD);
      const headers = { 'X-Access-Token': token! };
      const list = (await (await request.get(`${API_URL}/internship/score/list`, { headers, params: { studentNo: '2023010101' } })).json()) as ApiEnvelope<PageResult<ScoreRow>>;
      const id = list.result.records[0]!.id;
      const items = Object.fromEntries(['professionalism', 'attitude', 'skill', 'teamwork', 'discipline'].map((key) => [key, { score: 20 }]));
      const change = await request.put(`${API_URL}/internship/score/${id}/mentor`, { headers, data: { items } });
      expect(change.status()).toBe(409);
      expect(((await change.json()) as ApiEnvelope<null>).message).toBe(SCORE_MSG.published);

      // 重新开放 asks for a reason, then the log shows it.
      await row.getByRole('button', { name: '详情' }).click();
      const dialog = page.getByRole('dialog', { name: '实习成绩详情' });
      await expect(dialog.getByText(/已发布：周老师/)).toBeVisible();
      await dialog.getByRole('button', { name: '重新开放' }).click();
      await expect(page.getByText(SCORE_MSG.reasonRequired)).toBeVisible();
      await dialog.getByLabel('重新开放的原因').fill('企业导师申请更正评价');
      await dialog.getByRole('button', { name: '重新开放' }).click();
      await expect(page.getByText('成绩已重新开放')).toBeVisible();
      await expect(dialog.getByText(/周老师：重新开放：企业导师申请更正评价/)).toBeVisible();
      await expect(dialog.getByText(/：企业导师评价 85$/)).toBeVisible();
      await expect(row).toContainText('待发布');
    });
  });
});
