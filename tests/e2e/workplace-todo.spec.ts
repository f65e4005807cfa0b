import { expect, test } from '@playwright/test';
import type { MyTodo } from '@contract/dashboard.ts';
import { signInAs, readAccessToken } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/** 工作台's 待办事项 (issue 3: home boxes with real data for what exists): the work waiting per kind, the student's tiles. */

test.describe('待办事项（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('an adviser sees what waits for them per kind, and goes to that kind’s review list from its count', async ({ page }) => {
    await signInAs(page, 'teacher01');
    const token = await readAccessToken(page);
    const response = await page.request.get(`${API_URL}/dashboard/todo`, { headers: { 'X-Access-Token': token ?? '' } });
    const { items } = ((await response.json()) as { result: MyTodo }).result;

    const box = page.getByRole('region', { name: '待办事项' });
    const weekly = items.find((i) => i.key === 'review:weekly');
    expect(weekly, 'the demo data has a submitted summary').toBeTruthy();
    // Every kind waiting is one count (待批阅周记, and 实习计划书, 月报… when they wait), none shown at zero.
    await expect(box.getByRole('listitem')).toHaveText(items.map((i) => `${i.label} ${i.count} ${i.unit}`));
    await box.getByRole('link', { name: `待批阅周记 ${weekly!.count} 篇` }).click();
    await expect(page).toHaveURL(/#\/internship\/review\?kind=weekly$/);
  });
});

test.describe('待办事项（手机 390×844）', () => {
  test.use(PHONE);

  test('a student sees the day in big tiles (签到, 周记, 月报, 请假, 互动) and goes to 我的周记 from one', async ({ page }) => {
    await signInAs(page, 'student01');
    const box = page.getByRole('region', { name: '待办事项' });
    await expect(box).toContainText('2026届岗位实习');
    const tiles = box.getByRole('listitem');
    await expect(tiles).toHaveText([/^签到今日(未|已)签到/, /^周记本周周记/, /^月报本月月报/, /^请假/, /^互动(暂无未读消息|\d+ 条新消息未读)/]);
    // A tile is a big touch target.
    const weekly = box.getByRole('link', { name: /^周记/ });
    expect((await weekly.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(box.getByText('待批阅周记')).toHaveCount(0);
    await weekly.click();
    await expect(page).toHaveURL(/#\/internship\/weekly$/);
  });
});
