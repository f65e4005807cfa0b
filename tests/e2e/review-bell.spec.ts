import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * A review reaches the student's bell: teacher01 returns 李明’s submitted 周记 on the desktop with a comment;
 * student01 on a phone sees the message with the comment in the bell, and tapping it opens that 周记.
 */

interface MySlots {
  result: { id: string; slots: { periodStart: string; record: { id: string; title: string; status: string } | null }[] }[];
}

/** A submitted 周记 of student01: one waiting already, or a new one in a week left empty. */
async function submittedWeekly(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, 'student01', DEMO_PASSWORD);
  const headers = { 'X-Access-Token': token! };
  const [placement] = ((await (await request.get(`${API_URL}/internship/weekly/mine`, { headers })).json()) as MySlots).result;
  const waiting = placement!.slots.find((s) => s.record?.status === 'submitted');
  if (waiting) return waiting.record!.title;
  const week = placement!.slots.filter((s) => s.record === null).at(-1);
  expect(week, '没有可提交的周次').toBeTruthy();
  const title = `铃铛周记 ${Date.now()}`;
  const content = '本周参与了支付模块的回归测试，执行了全部用例，验证了退款流程与对账功能，发现并跟踪了三个缺陷，学习了性能测试工具的使用方法。'.repeat(5);
  const saved = await request.put(`${API_URL}/internship/weekly/${randomUUID()}`, { headers, data: { enrolmentId: placement!.id, periodStart: week!.periodStart, title, content, submit: true } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return title;
}

test('a returned 周记 reaches the student’s bell on the phone, and the message opens it', async ({ browser, request }) => {
  const title = await submittedWeekly(request);
  const comment = `请补充用例${Date.now() % 100000}`;

  const desktop = await browser.newContext(DESKTOP);
  const teacher = await desktop.newPage();
  await signInAs(teacher, 'teacher01', '#/internship/review');
  const list = teacher.getByRole('region', { name: '周记批阅' });
  await list.getByRole('row').filter({ hasText: title }).first().getByRole('button', { name: title }).click();
  const drawer = teacher.getByRole('dialog', { name: '周记详情' });
  await drawer.getByLabel('批阅意见').fill(comment);
  await drawer.getByRole('button', { name: '退回' }).click();
  await expect(teacher.getByRole('alert').filter({ hasText: '已退回' })).toBeVisible();
  await desktop.close();

  const phone = await browser.newContext(PHONE);
  const student = await phone.newPage();
  await signInAs(student, 'student01');
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
