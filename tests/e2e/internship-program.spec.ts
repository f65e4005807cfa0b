import { randomInt } from 'node:crypto';
import { expect, test, type Page, type Response } from '@playwright/test';
import { schoolToday } from '../../contract/internship.ts';
import { PROGRAM_MSG } from '../../contract/internship-program.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { isAntdPackage, readChunkModules } from './support/login-bundle.ts';
import { DIST_DIR } from './support/server.ts';

/**
 * 实习计划 as the internship office uses it: a program is created (weights adding up to 90 refused in the form),
 * a class is added and enrolled, and its students are listed; on a phone the list renders without antd and
 * opens the running 2026届岗位实习 with its classes and students.
 */

const PROGRAM_URL = '#/internship/program';
const table = (page: Page) => page.locator('.shell-page:not([hidden]) .ant-table').first();
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function pickDate(page: Page, form: ReturnType<typeof dialog>, label: string, value: string) {
  await form.getByLabel(label).click();
  await form.getByLabel(label).fill(value);
  await page.keyboard.press('Enter');
}

test.describe('实习计划（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the office creates a program (a weight sum of 90 refused at the form), adds a class, enrols it and sees its students', async ({ page }) => {
    const name = `2026届电商岗位实习${randomInt(1e6)}`;
    await signInAs(page, 'office01', PROGRAM_URL);
    await expect(table(page).getByRole('row').filter({ hasText: '2026届岗位实习' })).toContainText('进行中');

    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog(page, '新增实习计划');
    await form.getByLabel('计划名称').fill(name);
    // Next spring: 学期 is checked against the start date.
    const year = Number(schoolToday().slice(0, 4)) + 1;
    await pickDate(page, form, '开始日期', `${year}-03-02`);
    await form.getByLabel('学期').fill(`${year}-${year + 1}学年第二学期`);
    await expect(form.getByText(PROGRAM_MSG.termDates(`${year}-03-02`, `${year - 1}-${year}学年第二学期`))).toBeVisible();
    await form.getByLabel('学期').fill(`${year - 1}-${year}学年第二学期`);
    await pickDate(page, form, '结束日期', `${year}-07-31`);
    await form.getByLabel('实习报告(%)').fill('0');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(form.getByText('四项成绩权重之和须为100，现为 90')).toBeVisible();
    await form.getByLabel('实习报告(%)').fill('10');
    await expect(form.getByText('四项成绩权重之和须为100，现为 90')).toBeHidden();
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('添加成功！')).toBeVisible();

    const search = page.getByRole('search', { name: '查询实习计划' });
    await search.getByLabel('计划名称').fill(name);
    await search.getByRole('button', { name: /^查\s?询$/ }).click();
    const row = table(page).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('草稿');
    await row.getByRole('button', { name: '详情' }).click();
    const detail = dialog(page, '实习计划详情');
    await expect(detail.getByRole('region', { name: '实习班级' })).toContainText('尚未选择班级');

    // The picker asks the server for the classes matching what is typed.
    const picker = detail.locator('.program__toolbar').getByRole('combobox');
    await picker.click();
    await picker.fill('电子商务2024');
    await page.locator('.ant-select-dropdown:visible').getByText('电子商务2024级1班').click();
    await page.keyboard.press('Escape');
    await detail.getByRole('button', { name: '添加班级' }).click();
    const classes = detail.getByRole('region', { name: '实习班级' });
    await expect(classes.getByRole('row').filter({ hasText: '电子商务2024级1班' })).toBeVisible();

    await detail.getByRole('button', { name: '按班级报名' }).click();
    await expect(detail.getByRole('alert')).toContainText(/报名完成：新增报名 \d+ 人/);
    const students = detail.getByRole('region', { name: '报名学生' });
    await expect(students.getByRole('row').filter({ hasText: '电子商务2024级1班' }).first()).toContainText('未开始');
    await expect(detail).toContainText(/共 \d+ 人/);
  });
});

test.describe('实习计划（手机 390×844）', () => {
  test.use(PHONE);

  test('the list renders without antd and opens a program with its classes and students', async ({ page }) => {
    const chunkModules = readChunkModules(DIST_DIR);
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await signInAs(page, 'office01', PROGRAM_URL);
    await expect(page.locator('.phone-shell__bar')).toContainText('实习计划');
    const list = page.getByRole('region', { name: '实习计划列表' });
    const program = list.locator('.adm-list-item').filter({ hasText: '2026届岗位实习' });
    await expect(program).toContainText('进行中');
    await program.click();
    const sheet = page.getByRole('dialog', { name: '编辑实习计划' });
    await expect(sheet.getByRole('region', { name: '实习班级' })).toContainText('软件技术2023级1班');
    await sheet.getByRole('searchbox', { name: '搜索报名学生' }).or(sheet.getByPlaceholder('学号或姓名')).first().fill('2023010101');
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('region', { name: '报名学生' })).toContainText('李明');
    await page.waitForLoadState('networkidle');

    const basePath = new URL(page.url()).pathname;
    const files = responses.map((r) => new URL(r.url()).pathname).map((p) => (p.startsWith(basePath) ? p.slice(basePath.length) : p));
    expect(files.filter((f) => f.startsWith('assets/') && !(f in chunkModules))).toEqual([]);
    expect(files.filter((f) => chunkModules[f]?.some(isAntdPackage))).toEqual([]);
  });
});
