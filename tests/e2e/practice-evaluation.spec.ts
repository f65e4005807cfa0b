import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

/**
 * 实训评价, its two lists declared once (use-evaluation.ts): a student rates on the phone a training course they had,
 * once, and sees their stars on its card; a teacher reads on the computer what their students said of their courses.
 */

test.describe('实训评价（手机 390×844）', () => {
  test.use(PHONE);

  test('student01 rates a course they had with stars and a comment, and its card then shows the rating instead of 去评价', async ({ page }) => {
    await signInAs(page, 'student01', '#/practice/evaluation');
    const courses = page.getByRole('region', { name: '课程评价' });
    const card = courses.getByRole('listitem').filter({ has: page.getByRole('button', { name: '去评价' }) }).first();
    await expect(card, 'the demo season leaves student01 a course to rate').toBeVisible();
    const course = (await card.locator('.list-phone__title').innerText()).trim();
    await expect(card).toContainText('授课教师：');
    await card.getByRole('button', { name: '去评价' }).click();

    const sheet = page.getByRole('dialog', { name: '评价实训课' });
    await sheet.getByRole('button', { name: '提交评价' }).click();
    await expect(sheet.getByRole('alert')).toBeVisible();
    // The fourth star is 满意 (antd-mobile reads a tap by where it falls across the control).
    await sheet.getByRole('radiogroup', { name: '评分' }).getByRole('radio', { name: '4' }).tap();
    await expect(sheet).toContainText('满意');
    await sheet.getByPlaceholder('说说这门实训课和老师（选填）').fill('设备讲解很清楚');
    await sheet.getByRole('button', { name: '提交评价' }).click();
    await expect(sheet).toBeHidden();

    const rated = courses.getByRole('listitem').filter({ hasText: course }).first();
    await expect(rated).toContainText('我的评价：★★★★☆ 满意');
    await expect(rated).toContainText('设备讲解很清楚');
    await expect(rated.getByRole('button', { name: '去评价' })).toHaveCount(0);
  });
});

test.describe('实训评价（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('teacher01 reads the averages and unsigned comments of their courses in a table', async ({ page }) => {
    await signInAs(page, 'teacher01', '#/practice/evaluation');
    await page.getByRole('tab', { name: '我收到的评价' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['实训课程', '评价人数', '平均分', '评语']);
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(/\d+ 人/);
    await expect(first).toContainText(/\d(\.\d+)? 分/);
  });
});
