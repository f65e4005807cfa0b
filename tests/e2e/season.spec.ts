import { expect, test } from '@playwright/test';
import { schoolToday } from '../../contract/internship.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';

/**
 * 学生实习进度: teacher01 sees a week 李明 (student01) has not sent in and how often they were in touch with him this
 * month, as his adviser and as his 班主任, against the program's minimums, reminds that week's missing students with 一键催交, and student01 finds the
 * reminder in the bell.
 */
test.use(DESKTOP);

test('teacher01 reminds the week 李明 is missing; student01 sees it in the bell', async ({ page }) => {
  await signInAs(page, 'teacher01', '#/internship/season');
  const row = page.getByRole('row', { name: /李明/ });
  await expect(row).toContainText('2023010101');
  const contacts = `${Number(schoolToday().slice(5, 7))}月联系`;
  await expect(page.getByRole('columnheader', { name: contacts })).toBeVisible();
  const contactColumn = (await page.getByRole('columnheader').allInnerTexts()).findIndex((text) => text.includes(contacts));
  await expect(row.getByRole('cell').nth(contactColumn)).toHaveText(/^\d+\/1$/);
  // teacher01 is also 班主任 of 李明's class, whose contacts the program asks twice a month of.
  const headContacts = `${Number(schoolToday().slice(5, 7))}月班主任联系`;
  await expect(page.getByRole('columnheader', { name: headContacts })).toBeVisible();
  const headColumn = (await page.getByRole('columnheader').allInnerTexts()).findIndex((text) => text.includes(headContacts));
  await expect(row.getByRole('cell').nth(headColumn)).toHaveText(/^\d+\/2$/);
  await expect(row.getByText('应交').first()).toBeVisible();
  const cells = await row.getByRole('cell').allInnerTexts();
  const column = cells.findIndex((text) => text.includes('应交'));
  const header = page.getByRole('columnheader').nth(column);
  const weekNo = /第(\d+)周/.exec(await header.innerText())![1];

  await header.getByRole('button', { name: `一键催交第${weekNo}周` }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `未交第${weekNo}周` });
  await expect(confirm).toContainText(/将向\d+名未交/);
  await confirm.getByRole('button', { name: '发送提醒' }).click();
  await expect(page.getByText(/^已提醒\d+名学生$/)).toBeVisible();

  await signInAs(page, 'student01');
  await page.getByRole('button', { name: /^消息通知/ }).click();
  const list = page.locator('.ant-popover').filter({ has: page.getByRole('tablist') });
  await list.getByRole('tab', { name: /^系统消息/ }).click();
  await expect(list.getByRole('button', { name: new RegExp(`请提交第${weekNo}周周记`) })).toBeVisible();
});
