import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { keptOnDevice } from './support/device-store.ts';
import { DESKTOP } from './support/devices.ts';
import { quietStudent, submitSummary } from './support/quiet-student.ts';

/**
 * The adviser's unsent score and comment are a draft on the device (issue 4: input is never lost):
 * a reload brings them back. The summary is this spec's own, from a student no other spec files for.
 */

test.use(DESKTOP);

test('the adviser’s unsent score and comment survive a reload', async ({ page, request }) => {
  const quiet = await quietStudent(request, 'reviewDraft');
  const title = `草稿用例的周记 ${quiet.weekStart}`;
  await submitSummary(request, quiet, title);

  await signInAs(page, quiet.adviserNo, '#/internship/review');
  const list = page.getByRole('region', { name: '周记批阅' });
  const drawer = page.getByRole('dialog', { name: '周记详情' });
  await expect(list.getByRole('radio', { name: '已提交' })).toBeChecked();
  const openSummary = async () => {
    await list.getByRole('row').filter({ hasText: title }).click();
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
