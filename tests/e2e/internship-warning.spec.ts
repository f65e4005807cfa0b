import { expect, test, type Page } from '@playwright/test';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { DESKTOP } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * 实习预警 and 实习统计 (issue 12): the warnings job runs (as the administrator would from 定时任务), the
 * adviser finds the warning in the bell and in 实习预警 and handles it; the office opens 实习统计 and a
 * figure leads to its list (a department's 未落实单位 to as many placements, the search naming both), then
 * 统计报表 (issue 36): a report's figure leads to as many placements too. The warning's bell message is read here, so teacher01 is left with the demo
 * messages unread, as the bell's tests expect. No 周记 is written or reviewed.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^消息通知/ });
const WEEK_WARNING = /李明（2023010101）第\d+周（[^）]+）未提交周记/;

test.describe('实习预警（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the job warns teacher01, who handles it; office01 follows figures of 实习统计 and 统计报表 to their lists', async ({ page, request }) => {
    const token = await apiLogin(request, 'admin', DEMO_PASSWORD);
    const run = await request.post(`${API_URL}/sys/quartzJob/execute`, { headers: { 'X-Access-Token': token! }, data: { id: 'internship-warning' } });
    // The demo season's morning run raised today's warnings already: the job finds them raised (each once).
    expect(((await run.json()) as { message: string }).message).toMatch(/^执行成功：新增预警 \d+ 条/);

    // The bell: the 系统消息 of the warnings raised for teacher01's students.
    await signInAs(page, 'teacher01');
    await bell(page).click();
    const popover = page.locator('.ant-popover').filter({ has: page.getByRole('tablist') });
    await popover.getByRole('tab', { name: /^系统消息/ }).click();
    // The message opens what it is about: 实习预警, with 李明's missing week among the open warnings.
    await popover.getByRole('button', { name: /实习预警：\d+条新预警/ }).click();
    await expect(page).toHaveURL(/#\/internship\/warning/);
    await expect(page.getByRole('row').filter({ hasText: '待处理' }).first()).toBeVisible();

    // 实习预警 of 李明 (teacher01 also reads, as 班主任, his class's): the warning, then 处理 with a note.
    await page.goto('#/internship/warning?studentName=李明');
    const row = page.getByRole('row').filter({ hasText: '周记未交' }).filter({ hasText: WEEK_WARNING });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('待处理');
    await row.getByRole('button', { name: '处理' }).click();
    const dialog = page.getByRole('dialog', { name: '处理实习预警' });
    await dialog.getByRole('button', { name: '标记为已处理' }).click();
    await expect(dialog.getByText('请填写处理说明')).toBeVisible();
    await dialog.getByLabel('处理说明').fill('已电话提醒李明本周补交');
    await dialog.getByRole('button', { name: '标记为已处理' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('已处理');
    await expect(row.getByRole('button', { name: '处理' })).toHaveCount(0);

    // 实习统计: the 2026届 program's figures; 待处理预警 leads to the program's open warnings.
    await signInAs(page, 'office01', '#/internship/stats');
    await page.locator('#stats-program').click();
    await page.getByTitle('2026届岗位实习', { exact: true }).click();
    // The figures below are the chosen program's once the picker names it (the first running program's were shown before).
    const chosen = page.locator('.stats__toolbar').getByTitle('2026届岗位实习', { exact: true });
    await expect(chosen).toBeVisible();
    const cards = page.getByRole('list', { name: '实习概况' });
    await expect(cards.getByRole('link', { name: /^学生数\s*\d+/ })).toBeVisible();
    await expect(page.getByRole('region', { name: '周记提交率与批阅率' }).getByRole('group', { name: /^周记提交率与批阅率：第1周/ })).toBeVisible();
    // 按指导教师统计: each adviser with their coverage of the contact minimum and their review rates, exported alike.
    const advisers = page.getByRole('region', { name: '按指导教师统计' });
    await expect(advisers.getByRole('columnheader', { name: /^\d+月联系达标（每月 1 次）$/ })).toBeVisible();
    await expect(advisers.getByRole('row').nth(1)).toContainText(/\d+(\.\d)?%/);
    const download = page.waitForEvent('download');
    await advisers.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toBe('2026届岗位实习按指导教师统计.xlsx');
    await cards.getByRole('link', { name: /^待处理预警/ }).click();
    await expect(page).toHaveURL(/#\/internship\/warning\?programId=[^&]+&status=open/);
    await expect(page.getByRole('row').filter({ hasText: '待处理' }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: WEEK_WARNING })).toHaveCount(0);

    // A department's 未落实单位 opens 实习安排 with that many rows, its search form saying what it holds.
    await page.goBack();
    await expect(chosen).toBeVisible();
    const figure = page.getByRole('region', { name: '按院系统计' }).getByRole('link', { name: /未落实单位 [1-9]\d*$/ }).first();
    const [, departName, count] = /^(.+)未落实单位 (\d+)$/.exec((await figure.getAttribute('aria-label'))!)!;
    await figure.click();
    await expect(page).toHaveURL(/#\/internship\/placement\?(?=.*departId=)(?=.*placed=0)/);
    await expect(page.getByText(new RegExp(`共 ${count} 条$`))).toBeVisible();
    const search = page.getByRole('search', { name: '查询实习安排' });
    await expect(search.getByText('未落实', { exact: true })).toBeVisible();
    await expect(search.getByText(departName!, { exact: true })).toBeVisible();

    // 统计报表: this year's programs (the running 岗位实习 and 认识实习), a column each; 按岗位对口统计 exports, prints as
    // the table alone, and its 对口 total opens 实习安排 with as many rows, searched for 2026 and 对口.
    await page.goto('#/internship/stats');
    await page.getByRole('tab', { name: '统计报表' }).click();
    const report = page.getByRole('region', { name: '按专业统计' });
    await expect(report.getByRole('columnheader', { name: '2026届岗位实习' })).toBeVisible();
    await expect(report.getByRole('columnheader', { name: '软件技术2025级认识实习' })).toBeVisible();
    await page.getByRole('radiogroup', { name: '报表' }).getByText('按岗位对口统计').click();
    const matching = page.getByRole('region', { name: '按岗位对口统计' });
    const matched = matching.getByRole('link', { name: /^对口合计 [1-9]\d*$/ });
    const [, total] = /^对口合计 (\d+)$/.exec((await matched.getAttribute('aria-label'))!)!;
    const sheet = page.waitForEvent('download');
    await matching.getByRole('button', { name: '导出' }).click();
    expect((await sheet).suggestedFilename()).toBe('统计报表-按岗位对口统计（2026）.xlsx');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('tab', { name: '统计报表' })).toBeHidden();
    await expect(matching.getByRole('button', { name: '打印' })).toBeHidden();
    await expect(matching.getByText(/^统计时间：/)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await matched.click();
    await expect(page).toHaveURL(/#\/internship\/placement\?(?=.*programYear=2026)(?=.*majorMatch=yes)/);
    await expect(page.getByText(new RegExp(`共 ${total} 条$`))).toBeVisible();
    await expect(search.getByText('对口', { exact: true })).toBeVisible();
    await expect(search.getByLabel('实习年份')).toHaveValue('2026');
  });
});
