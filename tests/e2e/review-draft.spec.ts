import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { keptOnDevice } from './support/device-store.ts';
import { DESKTOP } from './support/devices.ts';

/**
 * The adviser's unsent score and comment are a draft on the device (issue 4: input is never lost):
 * a reload brings them back. No review is sent: the demo enrolment's weeks are shared by the specs.
 */

test.use(DESKTOP);

test('the adviser’s unsent score and comment survive a reload', async ({ page }) => {
  await signInAs(page, 'teacher01', '#/internship/review');
  const list = page.getByRole('region', { name: '周记批阅' });
  const drawer = page.getByRole('dialog', { name: '周记详情' });
  // The summary first in the list of those waiting (已提交, the list's default): other specs on this
  // server may have reviewed any given one before.
  await expect(list.getByRole('radio', { name: '已提交' })).toBeChecked();
  const title = (await list.locator('tbody tr.ant-table-row').first().getByRole('button').first().textContent())!.trim();
  expect(title, '没有待批阅的周记').not.toBe('');
  const openSummary = async () => {
    await list.getByRole('row').filter({ hasText: title }).first().click();
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
  };

  await openSummary();
  await drawer.getByLabel('分数').fill('77');
  await drawer.getByLabel('批阅意见').fill('接口用例写得规范，下周把断言补充完整。');
  // Typing saves to IndexedDB without waiting; the write lands before the page is left.
  await expect.poll(() => keptOnDevice(page, 'drafts', '接口用例写得规范，下周把断言补充完整。')).toBe(true);
  await page.reload();

  await openSummary();
  await expect(drawer.getByLabel('分数')).toHaveValue('77');
  await expect(drawer.getByLabel('批阅意见')).toHaveValue('接口用例写得规范，下周把断言补充完整。');
});
