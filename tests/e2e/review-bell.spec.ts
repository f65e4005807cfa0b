import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { quietStudent, submitSummary } from './support/quiet-student.ts';

/**
 * A review reaches the student's bell: the adviser returns a student's submitted 周记 on the desktop with a
 * comment; the student on a phone sees the message with the comment in the bell, and tapping it opens that 周记.
 * The 周记 is this spec's own, from a student no other spec files for.
 */

test('a returned 周记 reaches the student’s bell on the phone, and the message opens it', async ({ browser, request }) => {
  const quiet = await quietStudent(request, 'reviewBell');
  const title = `铃铛周记 ${quiet.weekStart}`;
  await submitSummary(request, quiet, title);
  const comment = `请补充用例${Date.now() % 100000}`;

  const desktop = await browser.newContext(DESKTOP);
  const teacher = await desktop.newPage();
  await signInAs(teacher, quiet.adviserNo, '#/internship/review');
  const list = teacher.getByRole('region', { name: '周记批阅' });
  await list.getByRole('row').filter({ hasText: title }).first().getByRole('button', { name: title }).click();
  const drawer = teacher.getByRole('dialog', { name: '周记详情' });
  await drawer.getByLabel('批阅意见').fill(comment);
  await drawer.getByRole('button', { name: '退回' }).click();
  await expect(teacher.getByRole('alert').filter({ hasText: '已退回' })).toBeVisible();
  await desktop.close();

  const phone = await browser.newContext(PHONE);
  const student = await phone.newPage();
  await signInAs(student, quiet.student.studentNo);
  await student.getByRole('button', { name: /^消息通知/ }).click();
  const sheet = student.getByRole('dialog', { name: '消息通知' });
  await sheet.getByRole('tab', { name: /^系统消息/ }).click();
  const message = sheet.getByRole('button', { name: new RegExp(`已退回：${comment}`) });
  await expect(message).toBeVisible();
  await message.click();
  await expect(student).toHaveURL(/#\/internship\/weekly\?id=/);
  await expect(student.getByText(`已退回：${comment}`)).toBeVisible();
  await phone.close();
});
