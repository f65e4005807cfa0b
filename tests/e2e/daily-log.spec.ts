import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { quietStudent, type QuietStudent } from './support/quiet-student.ts';

/**
 * 日报 (issue 35) across its people: the office asks the running 2026届岗位实习 for 日报 with a minimum count; a
 * student of 孙怡琪 (T2005013) sees the progress (已交 n / 应交 40), files today's on the phone and sees it counted;
 * the adviser finds it under 日报批阅.
 */

const REQUIRED = 40;
const TODAY_TEXT = `今天在仓库跟着师傅盘点了两个货架的物料，学会了用手持终端扫码入库，下午整理了盘点差异表并交给班组长核对。${Date.now()}`;

const progressOf = async (page: Page) => {
  const line = page.locator('.my-records__progress').first();
  await expect(line).toContainText(`应交 ${REQUIRED} 篇`);
  return Number(/已交 (\d+)/.exec((await line.textContent()) ?? '')![1]);
};

test.describe.configure({ mode: 'serial' });
/** The day the student filed (MM-DD), for the adviser to find. */
let filedDay = '';
let quiet: QuietStudent;

test.describe('日报', () => {
  test.describe('实习办 桌面 1440×900', () => {
    test.use(DESKTOP);

    test('asks the running program for 日报, at least 40', async ({ page, request }) => {
      quiet = await quietStudent(request, 'dailyLog');
      await signInAs(page, 'office01', '#/internship/program');
      const row = page.locator('.shell-page:not([hidden]) .ant-table').first().getByRole('row').filter({ hasText: '2026届岗位实习' }).first();
      await row.getByRole('button', { name: '编辑' }).click();
      const form = page.getByRole('dialog', { name: '编辑实习计划' });
      const asks = form.getByRole('switch', { name: '需填写日报' });
      if ((await asks.getAttribute('aria-checked')) !== 'true') await asks.click();
      await form.getByLabel('最少日报篇数').fill(String(REQUIRED));
      await form.getByRole('button', { name: /确\s?定/ }).click();
      await expect(form).toBeHidden();
    });
  });

  test.describe('学生 手机 390×844', () => {
    test.use(PHONE);

    test('sees how many are in of the 40, files the newest day not written and sees it counted', async ({ page }) => {
      await signInAs(page, quiet.student.studentNo, '#/internship/daily');
      const before = await progressOf(page);
      // Today on a fresh demo school; the day before it where an earlier run filed today's.
      const unwritten = page.locator('.adm-list-item').filter({ hasText: '未填写' }).first();
      filedDay = /\d{2}-\d{2}/.exec((await unwritten.locator('.adm-list-item-content-main').textContent()) ?? '')![0];
      const today = page.locator('.adm-list-item').filter({ hasText: filedDay }).first();
      await today.click();
      const editor = page.locator('.record-editor');
      await editor.getByPlaceholder('今天做了什么、遇到的问题与收获').fill(TODAY_TEXT);
      await expect(editor.getByRole('button', { name: '提交' })).toBeEnabled({ timeout: 30_000 });
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(editor).toBeHidden();
      await expect(today).toContainText('已提交');
      await page.reload();
      await expect(page.locator('.my-records__progress').first()).toContainText(`已交 ${before + 1} / 应交 ${REQUIRED} 篇`);
    });
  });

  test.describe('指导教师 桌面 1440×900', () => {
    test.use(DESKTOP);

    test('finds it under 日报批阅', async ({ page }) => {
      await signInAs(page, quiet.adviserNo, '#/internship/review?kind=daily');
      const list = page.getByRole('region', { name: '日报批阅' });
      await expect(list.getByRole('row').filter({ hasText: `${filedDay}日报` }).first()).toContainText('已提交');
    });
  });
});
