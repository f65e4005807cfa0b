import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

/**
 * The screens built only from a resource description, through 职务管理: the desktop table and modal
 * form (antd) and the phone list and full-screen form (antd-mobile).
 */

const code = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const table = (page: Page) => page.locator('.shell-page:not([hidden]) .ant-table');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('职务管理（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('add with the form’s messages, search, edit and delete a position', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByRole('navigation', { name: '主菜单' }).getByText('系统管理').click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '职务管理' }).click();
    await expect(table(page)).toBeVisible();

    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog(page, '新增职务');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(form.getByText('请输入职务编码')).toBeVisible();
    await expect(form.getByText('请输入职务名称')).toBeVisible();

    const first = code('JS');
    await form.getByLabel('职务编码').fill(first);
    await form.getByLabel('职务名称').fill('教研室主任');
    await form.getByLabel('职级').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('中级').click();
    await form.getByLabel('排序').fill('2');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('添加成功！')).toBeVisible();
    const row = table(page).getByRole('row').filter({ hasText: first });
    await expect(row).toContainText('教研室主任');
    await expect(row).toContainText('中级');

    // The code is checked against the server while typing.
    await page.getByRole('button', { name: '新增' }).click();
    await form.getByLabel('职务编码').fill(first);
    await form.getByLabel('职务名称').fill('重复的');
    await expect(form.getByText('职务编码已存在')).toBeVisible();
    await form.getByRole('button', { name: /取\s?消/ }).click();

    await page.getByRole('search', { name: '查询职务' }).getByLabel('职务名称').fill('教研室');
    await page.getByRole('button', { name: /^查\s?询$/ }).click();
    await expect(table(page).getByRole('row').filter({ hasText: first })).toBeVisible();

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑职务');
    await expect(edit.getByLabel('职务名称')).toHaveValue('教研室主任');
    await edit.getByLabel('职务名称').fill('教研室副主任');
    await edit.getByRole('button', { name: /确\s?定/ }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('教研室副主任');

    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /确\s?定/ }).click();
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test.describe('职务管理（手机 390×844）', () => {
  test.use(PHONE);

  test('the phone lists positions, adds one in a full-screen form and finds it by search', async ({ page }) => {
    await signInAs(page, 'admin', '#/system/position');
    await expect(page.getByRole('region', { name: '职务列表' }).or(page.getByText('暂无数据'))).toBeVisible();

    await page.getByRole('button', { name: '新增' }).click();
    const sheet = page.getByRole('dialog', { name: '新增职务' });
    await sheet.getByRole('button', { name: '保存' }).click();
    await expect(sheet.getByText('请输入职务编码')).toBeVisible();
    const phoneCode = code('SJ');
    await sheet.getByLabel('职务编码').fill(phoneCode);
    await sheet.getByLabel('职务名称').fill('实训指导员');
    await expect(sheet.getByText('请输入职务名称')).toBeHidden();
    await sheet.getByRole('button', { name: '职级' }).click();
    await page.getByText('初级', { exact: true }).click();
    await sheet.getByRole('button', { name: '保存' }).click();
    await expect(sheet).toBeHidden();

    await page.getByRole('searchbox').fill('实训指导员');
    await page.getByRole('searchbox').press('Enter');
    const item = page.getByRole('region', { name: '职务列表' }).getByText('实训指导员');
    await expect(item).toBeVisible();
    await expect(page.getByRole('region', { name: '职务列表' })).toContainText('初级');
  });
});
