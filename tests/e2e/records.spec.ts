import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MyPlacementRecords } from '../../contract/records.ts';
import { apiLogin } from './support/api.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * A record kind other than 周记 on the same machinery (contract/records.ts): student01 files this month's
 * 月报 with a photo offline on a phone, it survives an offline reload and reaches the server once; teacher01
 * returns it from 实习记录批阅 on desktop; the phone shows it returned with the comment.
 */

const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const CONTENT = '本月在测试组参与了两个迭代的回归测试，独立编写了接口测试用例，学会了用缺陷管理系统跟踪问题，并在导师指导下完成了一次性能测试。'.repeat(4);
const COMMENT = '请补充下月的学习计划。';

async function thisMonth(request: APIRequestContext): Promise<{ label: string; periodStart: string; token: string }> {
  const token = (await apiLogin(request, 'student01', DEMO_PASSWORD))!;
  const body = (await (await request.get(`${API_URL}/internship/monthly/mine`, { headers: { 'X-Access-Token': token } })).json()) as { result: MyPlacementRecords[] };
  const { periodStart } = body.result[0]!.slots[0]!;
  return { label: `${Number(periodStart.slice(0, 4))}年${Number(periodStart.slice(5, 7))}月`, periodStart, token };
}

async function monthliesOnServer(request: APIRequestContext, token: string, periodStart: string) {
  const body = (await (await request.get(`${API_URL}/internship/monthly/mine`, { headers: { 'X-Access-Token': token } })).json()) as { result: MyPlacementRecords[] };
  return body.result[0]!.slots.filter((s) => s.periodStart === periodStart && s.record).map((s) => s.record!);
}

const monthItem = (page: Page, label: string) => page.locator('.my-records .adm-list-item').filter({ hasText: label });

test.describe.configure({ mode: 'serial' });

test.describe('月报（手机 390×844，离线）', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' });

  test('this month’s 月报 with a photo, written offline, survives a reload offline and reaches the server once', async ({ page, context, request }) => {
    const month = await thisMonth(request);
    await signInAs(page, 'student01', '#/internship/monthly');
    await expect(page.getByRole('region', { name: '2026届岗位实习' })).toBeVisible();
    await expect(monthItem(page, month.label)).toContainText('未填写');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });

    await context.setOffline(true);
    await monthItem(page, month.label).click();
    const editor = page.locator('.record-editor');
    await expect(editor.getByRole('textbox', { name: '标题' })).toHaveValue(`${month.label}月报`);
    await editor.getByPlaceholder('本月的工作内容、成长与不足、下月打算').fill(CONTENT);
    await editor.getByLabel('选择文件').setInputFiles({ name: '月度总结.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(editor.locator('.adm-image-uploader-cell-image')).toHaveCount(1);
    await editor.getByRole('button', { name: '提交' }).click();
    await expect(editor).toBeHidden();
    await expect(monthItem(page, month.label)).toContainText('待同步');
    // The queued row carries the title it will have on the server.
    await expect(monthItem(page, month.label).locator('.adm-list-item-description')).toHaveText(`${month.label}月报`);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(monthItem(page, month.label)).toContainText('待同步');

    await context.setOffline(false);
    await expect(monthItem(page, month.label)).toContainText('已提交', { timeout: 30_000 });
    const stored = await monthliesOnServer(request, month.token, month.periodStart);
    expect(stored.map((r) => ({ title: r.title, status: r.status, attachmentCount: r.attachmentCount }))).toEqual([{ title: `${month.label}月报`, status: 'submitted', attachmentCount: 1 }]);
  });

  test.describe('批阅（桌面 1440×900）', () => {
    test.use(DESKTOP);

    test('teacher01 switches 实习记录批阅 to 月报 and returns 李明’s report with a comment', async ({ page, request }) => {
      const month = await thisMonth(request);
      await signInAs(page, 'teacher01', '#/internship/review');
      await expect(page.getByRole('region', { name: '周记批阅' })).toBeVisible();
      await page.getByRole('radiogroup', { name: '记录类型' }).getByText('月报').click();
      await expect(page).toHaveURL(/#\/internship\/review\?kind=monthly$/);
      const list = page.getByRole('region', { name: '月报批阅' });
      await expect(list.getByRole('columnheader', { name: '时段' })).toBeVisible();
      const row = list.getByRole('row').filter({ hasText: '李明' }).filter({ hasText: month.label });
      await expect(row).toContainText('已提交');
      await row.getByRole('button', { name: `${month.label}月报` }).click();

      const drawer = page.getByRole('dialog', { name: '月报详情' });
      await expect(drawer.getByRole('img', { name: '月度总结.png' })).toBeVisible();
      await drawer.getByLabel('批阅意见').fill(COMMENT);
      await drawer.getByRole('button', { name: '退回' }).click();
      await expect(drawer).toBeHidden();
      await page.getByRole('radiogroup', { name: '按状态筛选' }).getByText('已退回').click();
      await expect(list.getByRole('row').filter({ hasText: '李明' }).filter({ hasText: month.label })).toContainText('已退回');

      // A reload keeps the kind chosen (it is in the address).
      await page.reload();
      await expect(page.getByRole('region', { name: '月报批阅' })).toBeVisible();
    });
  });

  test('the student sees the 月报 returned, with the adviser’s comment', async ({ page, request }) => {
    const month = await thisMonth(request);
    await signInAs(page, 'student01', '#/internship/monthly');
    await expect(monthItem(page, month.label)).toContainText('已退回');
    await monthItem(page, month.label).click();
    await expect(page.locator('.record-editor').getByText(`已退回：${COMMENT}修改后请重新提交`)).toBeVisible();
  });
});
