import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { PROJECT_ROOT } from './support/server.ts';

/** 定时任务 (issue 5): the administrator sees the server's housekeeping jobs, runs one now, pauses and resumes one, changes a cron. */

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const jobRow = (page: Page, name: string) => page.getByRole('region', { name: '定时任务' }).getByRole('row').filter({ hasText: name });
const DATE_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

test.describe('定时任务（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the administrator runs, pauses and resumes jobs and changes a cron', async ({ page }) => {
    await signInAs(page, 'admin');
    await mainMenu(page).getByText('系统管理', { exact: true }).click();
    await mainMenu(page).getByRole('link', { name: '定时任务' }).click();
    await expect(page).toHaveURL(/#\/system\/job$/);
    await expect(page.getByRole('heading', { name: '定时任务' })).toBeVisible();

    for (const name of ['清理过期登录', '清理防重复提交记录', '清理登录失败记录']) {
      await expect(jobRow(page, name)).toBeVisible();
      await expect(jobRow(page, name)).toContainText('运行中');
    }
    // Each schedule in plain words beside its cron expression.
    await expect(page.getByRole('columnheader', { name: '执行时间' })).toBeVisible();
    await expect(jobRow(page, '清理过期登录').getByRole('cell').nth(2)).toHaveText('每小时整点0 0 * * * ?');
    await expect(jobRow(page, '清理登录失败记录').getByRole('cell').nth(2)).toHaveText('每天 03:200 20 3 * * ?');

    // 立即执行: the result comes back as a notice, and the row shows the run.
    const sessions = jobRow(page, '清理过期登录');
    // Usually 从未执行; the hourly schedule may already have run it when the suite crosses an hour.
    const lastRun = sessions.getByRole('cell').nth(4);
    await expect(lastRun).toContainText(/从未执行|成功/);
    const before = await lastRun.innerText();
    await sessions.getByRole('button', { name: '立即执行' }).click();
    const notice = page.getByRole('alert').filter({ hasText: '清理过期登录 执行成功' });
    await expect(notice).toContainText(/已清理 \d+ 条过期登录/);
    await expect(sessions).toContainText('成功');
    await expect(sessions).toContainText(/已清理 \d+ 条过期登录/);
    await expect(lastRun).toContainText(DATE_TIME);
    await expect(lastRun).not.toHaveText(before);
    await shoot(page, 'system-jobs-1440');

    // 暂停 then 恢复: a paused job has no next run.
    const attempts = jobRow(page, '清理登录失败记录');
    await attempts.getByRole('button', { name: '暂停' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '已暂停「清理登录失败记录」' })).toBeVisible();
    await expect(attempts.getByRole('cell').nth(3)).toHaveText('已暂停');
    await expect(attempts.getByRole('cell').nth(5)).toHaveText('已暂停');
    await attempts.getByRole('button', { name: '恢复' }).click();
    await expect(attempts.getByRole('cell').nth(3)).toHaveText('运行中');
    await expect(attempts.getByRole('cell').nth(5)).toHaveText(DATE_TIME);
    await expect(attempts.getByRole('button', { name: '暂停' })).toBeVisible();

    // 修改 cron: a bad expression is refused in the form; a good one is saved.
    await jobRow(page, '清理防重复提交记录').getByRole('button', { name: '修改执行时间' }).click();
    const dialog = page.getByRole('dialog', { name: /修改执行时间/ });
    const cron = dialog.getByLabel('cron表达式');
    await expect(cron).toHaveValue('0 10 3 * * ?');
    await cron.fill('0 3 * * *');
    await expect(dialog.getByText('cron表达式格式不正确')).toBeVisible();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeVisible();
    await cron.fill('0 30 4 * * ?');
    await expect(dialog.getByText(/^即每天 04:30执行。按此表达式，下次执行：.*04:30:00$/)).toBeVisible();
    await shoot(page, 'system-jobs-cron-1440');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    await expect(jobRow(page, '清理防重复提交记录').getByRole('cell').nth(2)).toHaveText('每天 04:300 30 4 * * ?');
    await expect(jobRow(page, '清理防重复提交记录').getByRole('cell').nth(5)).toContainText('04:30:00');
  });
});

test.describe('定时任务（手机 390×844）', () => {
  test.use(PHONE);

  test('the jobs are a list with their actions, without antd', async ({ page }) => {
    await signInAs(page, 'admin', '#/system/job');
    const list = page.getByRole('region', { name: '定时任务' });
    for (const name of ['清理过期登录', '清理防重复提交记录', '清理登录失败记录']) await expect(list.getByText(name, { exact: true })).toBeVisible();
    const item = page.locator('.adm-list-item').filter({ hasText: '清理防重复提交记录' });
    await item.getByRole('button', { name: '立即执行' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '清理防重复提交记录 执行成功' })).toContainText(/已清理 \d+ 条防重复提交记录/);
    await expect(page.locator('.adm-list-item').filter({ hasText: '清理过期登录' })).toContainText('执行时间：每小时整点（0 0 * * * ?）');
    await expect(item).toContainText(/上次执行：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 成功/);
    await expect(page.locator('.ant-table')).toHaveCount(0);
    await shoot(page, 'system-jobs-390');
  });
});
