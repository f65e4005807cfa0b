import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHANGED_PASSWORD } from './support/accounts.ts';
import { signInAs, submitLogin } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { PROJECT_ROOT } from './support/server.ts';

/**
 * 基础数据 as a school uses it: the office imports a class's students from an old .xls file, finds
 * them and exports the list; a department administrator adds and edits a student on a phone; a
 * student imported with an initial password must change it at the first login.
 */

const XLS = 'application/vnd.ms-excel';
/** The initial password the fixture's 初始密码 column gives the class (tests/fixtures/excel). */
const INITIAL_PASSWORD = 'Init@2023';
const CLASS = '软件技术2023级1班';
/** The student of the fixture's row 4: 性别 未知 in the bad file, 男 in the fixed one. */
const IMPORTED = { studentNo: '2023010196', name: '周子豪' };

/** An .xls workbook LibreOffice wrote: a title row above the *-marked headers. */
const fixture = (name: string) => ({ name, mimeType: XLS, buffer: readFileSync(path.join(PROJECT_ROOT, 'tests/fixtures/excel', name)) });

const table = (page: Page) => page.locator('.shell-page:not([hidden]) .ant-table');
const searchForm = (page: Page) => page.getByRole('search', { name: '查询学生' });
/** The list's total, from 1-10 共 N 条. */
async function total(page: Page): Promise<number> {
  const text = await page.locator('.shell-page:not([hidden]) .ant-pagination-total-text').textContent();
  return Number(/共 (\d+) 条/.exec(text ?? '')?.[1]);
}
const search = (page: Page) => searchForm(page).getByRole('button', { name: /^查\s?询$/ }).click();
const reset = (page: Page) => searchForm(page).getByRole('button', { name: /^重\s?置$/ }).click();

test.describe('学生管理（桌面 1440×900）', () => {
  test.use(DESKTOP);
  // The student who logs in is the one the import brings.
  test.describe.configure({ mode: 'serial' });

  test('imports a class from .xls: the bad row is named and nothing saved, the fixed file imports; search by name and by 班级 kept in the address; export', async ({ page }) => {
    await signInAs(page, 'admin');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('基础数据').click();
    await menu.getByRole('link', { name: '学生管理' }).click();
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('.shell-page:not([hidden]) .ant-pagination-total-text')).toContainText('共');
    const before = await total(page);
    expect(before).toBeGreaterThanOrEqual(2000);

    // The file with one bad row: the report names the row and the field, and nothing is saved.
    await page.getByRole('button', { name: '导入' }).click();
    const modal = page.getByRole('dialog', { name: '导入学生' });
    const fileInput = modal.locator('input[type="file"]');
    await fileInput.setInputFiles(fixture('students-one-bad-row.xls'));
    await modal.getByRole('button', { name: '开始上传' }).click();
    const failure = page.locator('.isps-notice').filter({ hasText: '导入提示' });
    await expect(failure).toContainText('导入失败，共1行有误，未导入任何数据');
    await expect(failure).toContainText(/第4行：性别.*未知/);
    await expect(failure).not.toContainText('第3行');
    await failure.getByRole('button', { name: '关闭' }).click();
    await modal.getByRole('button', { name: /取\s?消/ }).click();
    await searchForm(page).getByLabel('学号').fill('2023010195');
    await search(page);
    await expect(table(page)).toContainText('暂无数据');
    await reset(page);
    await expect.poll(() => total(page)).toBe(before);

    // The fixed file imports all three.
    await page.getByRole('button', { name: '导入' }).click();
    await fileInput.setInputFiles(fixture('students-one-bad-row-fixed.xls'));
    await modal.getByRole('button', { name: '开始上传' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '导入提示' }).filter({ hasText: '导入成功，共3条' })).toBeVisible();
    await expect(modal).toBeHidden();
    await expect.poll(() => total(page)).toBe(before + 3);

    // By name: the new student, with the class by its name.
    await searchForm(page).getByLabel('姓名').fill(IMPORTED.name);
    await search(page);
    const imported = table(page).getByRole('row').filter({ hasText: IMPORTED.studentNo });
    await expect(imported).toContainText(CLASS);
    await expect(imported).toContainText('男');
    await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(IMPORTED.name)}`));

    // By class, chosen in the search bar's picker that asks the server as one types.
    await reset(page);
    await searchForm(page).getByLabel('班级').click();
    await searchForm(page).getByLabel('班级').fill('软件技术2023');
    // The matches for what was typed replace the first ones once typing pauses.
    const matches = page.locator('.ant-select-dropdown:visible').getByRole('option');
    await expect(matches).toHaveCount(1);
    await matches.getByText(CLASS).click();
    await search(page);
    await expect(page).toHaveURL(/classId=class-20230101/);
    // One class of the school: more than a page, far fewer than the 2,000.
    await expect
      .poll(async () => {
        const n = await total(page);
        return n > 50 && n < 200;
      })
      .toBe(true);
    const classTotal = await total(page);
    const rows = table(page).locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(10);
    for (const row of await rows.all()) await expect(row).toContainText(CLASS);

    // The address keeps the search: a reload opens the same list, the picker naming the class.
    await page.reload();
    await expect(page).toHaveURL(/classId=class-20230101/);
    await expect(searchForm(page)).toContainText(CLASS);
    await expect.poll(() => total(page)).toBe(classTotal);

    // The export is the filtered list, saved as 学生….xlsx.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toMatch(/^学生.*\.xlsx$/);
  });

  test('a student imported with an initial password must change it before seeing the app', async ({ page }) => {
    await page.goto('#/user/login');
    await submitLogin(page, IMPORTED.studentNo, INITIAL_PASSWORD);
    const change = page.getByRole('dialog', { name: '修改初始密码' });
    await expect(change).toBeVisible();
    await expect(change).toContainText('首次登录，请先修改初始密码');
    // It cannot be dismissed: no close, no 取消, Escape leaves it open; nothing of the app behind it.
    await expect(change.getByRole('button', { name: /取\s?消|Close|关闭/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(change).toBeVisible();
    await expect(page.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);

    await change.getByLabel('旧密码').fill(INITIAL_PASSWORD);
    await change.getByLabel('新密码', { exact: true }).fill(INITIAL_PASSWORD);
    await change.getByLabel('确认新密码').fill(INITIAL_PASSWORD);
    await change.getByRole('button', { name: /确\s?定/ }).click();
    await expect(page.getByText('新密码不能与初始密码相同')).toBeVisible();
    await expect(change).toBeVisible();

    await change.getByLabel('新密码', { exact: true }).fill(CHANGED_PASSWORD);
    await change.getByLabel('确认新密码').fill(CHANGED_PASSWORD);
    await change.getByRole('button', { name: /确\s?定/ }).click();
    await expect(page.getByText('密码修改成功！')).toBeVisible();
    await expect(change).toBeHidden();
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  });
});

test.describe('学生管理（院系管理员，手机 390×844）', () => {
  test.use(PHONE);

  test('dept01 adds a student, picking a class of their own department, and edits them', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const name = `测试${tag}`;
    const studentNo = `E2E${tag}`;
    await signInAs(page, 'dept01', '#/basic/student');
    await expect(page.getByRole('region', { name: '学生列表' })).toBeVisible();

    await page.getByRole('button', { name: '新增' }).click();
    const sheet = page.getByRole('dialog', { name: '新增学生' });
    await sheet.getByLabel('学号').fill(studentNo);
    await sheet.getByLabel('姓名').fill(name);

    // The class picker offers only 信息工程学院's classes, found on the server as one types.
    await sheet.getByRole('button', { name: '班级' }).click();
    const picker = page.getByRole('dialog', { name: '班级' });
    await expect(picker.getByText('软件技术2023级1班')).toBeVisible();
    await expect(picker).not.toContainText('机电一体化技术');
    await picker.getByPlaceholder('搜索班级').fill('机电');
    await expect(picker.getByText('没有找到匹配的班级')).toBeVisible();
    await picker.getByPlaceholder('搜索班级').fill('网络技术2024');
    await picker.getByText('计算机网络技术2024级1班').click();
    await expect(picker).toBeHidden();
    await expect(sheet.getByRole('button', { name: '班级' })).toContainText('计算机网络技术2024级1班');

    await sheet.getByLabel('年级').fill('2024');
    await sheet.getByRole('button', { name: '学籍状态' }).click();
    await page.getByRole('dialog', { name: '学籍状态' }).getByText('在读', { exact: true }).click();
    await sheet.getByLabel('初始密码').fill(INITIAL_PASSWORD);
    await sheet.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('添加成功！')).toBeVisible();
    await expect(sheet).toBeHidden();

    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(name)}`));
    const list = page.getByRole('region', { name: '学生列表' });
    const item = list.getByRole('listitem').filter({ hasText: name }).or(list.locator('.adm-list-item').filter({ hasText: name }));
    await expect(item).toContainText('班级：计算机网络技术2024级1班');
    await expect(item).toContainText('学籍状态：在读');

    await item.click();
    const edit = page.getByRole('dialog', { name: '编辑学生' });
    await expect(edit.getByLabel('学号')).toBeDisabled();
    await expect(edit.getByRole('button', { name: '班级' })).toContainText('计算机网络技术2024级1班');
    await expect(edit.getByText('初始密码')).toHaveCount(0);
    await edit.getByRole('button', { name: '学籍状态' }).click();
    await page.getByRole('dialog', { name: '学籍状态' }).getByText('休学', { exact: true }).click();
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('编辑成功！')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(item).toContainText('学籍状态：休学');
  });
});
