import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { isAntdPackage, readChunkModules } from './support/login-bundle.ts';
import { DIST_DIR, PROJECT_ROOT } from './support/server.ts';

/**
 * 角色管理 and 菜单管理 (issue 5): the administrator creates a role and grants it a menu through the
 * permission tree, and adds, switches off and deletes a button rule. Only data made here is changed.
 */

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const suffix = () => randomBytes(3).toString('hex');
const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const visiblePage = (page: Page) => page.locator('.shell-page:not([hidden])');
const tableRow = (page: Page, text: string) => visiblePage(page).locator('.ant-table').getByRole('row').filter({ hasText: text });
// A dialog's OK button may keep antd's (hidden) loading icon in its name after a save: match the end only.
const OK = /确\s?定$/;

async function openSystemPage(page: Page, name: string) {
  await mainMenu(page).getByText('系统管理', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name }).click();
}

/** A node of the authorisation tree by its exact title, and its checkbox. */
const treeNode = (drawer: Locator, title: string) => drawer.getByRole('treeitem').filter({ has: drawer.page().getByText(title, { exact: true }) });
const treeCheckbox = (drawer: Locator, title: string) => treeNode(drawer, title).getByRole('checkbox');

test.describe('角色管理与菜单管理（桌面 1440×900）', () => {
  test.use(DESKTOP);
  // Whole flows with many steps: more time than a single check needs.
  test.slow();

  test('the administrator creates a role and grants it a menu through the permission tree', async ({ page }) => {
    await signInAs(page, 'admin');
    await openSystemPage(page, '角色管理');
    await expect(page).toHaveURL(/#\/system\/role$/);
    await expect(tableRow(page, '系统管理员')).toBeVisible();

    // A built-in role cannot be deleted: the server's message is shown and the role stays.
    await tableRow(page, '系统管理员').getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.getByRole('alert').filter({ hasText: '内置角色不能删除' })).toBeVisible();
    await expect(tableRow(page, '系统管理员')).toBeVisible();

    const roleCode = `e2e_role_${suffix()}`;
    await page.getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('dialog', { name: '新增角色' });
    await form.getByLabel('角色名称').fill('实训督导');
    await form.getByLabel('角色编码').fill(roleCode);
    await form.getByLabel('描述').fill('端到端测试创建的角色');
    await form.getByRole('button', { name: OK }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('添加成功！')).toBeVisible();

    await page.getByRole('search', { name: '查询角色' }).getByLabel('角色编码').fill(roleCode);
    await page.getByRole('button', { name: /^查\s?询$/ }).click();
    const row = tableRow(page, roleCode);
    await expect(row).toContainText('实训督导');

    // 授权: a new role starts with the menus every role has (仪表盘, 个人页, 我的消息, 异常页), so its users never
    // land on 404, and nothing more. Then 仪表盘 and its 工作台 are chosen one by one (parent and child independently).
    await row.getByRole('button', { name: '授权' }).click();
    const drawer = page.getByRole('dialog', { name: '角色权限配置' });
    await expect(treeCheckbox(drawer, '工作台')).toHaveAttribute('aria-checked', 'true');
    await expect(treeCheckbox(drawer, '系统管理')).toHaveAttribute('aria-checked', 'false');
    await expect(drawer.getByText(/已选 [1-9]\d* 项/)).toBeVisible();
    await drawer.getByRole('button', { name: '取消全选' }).click();
    await expect(drawer.getByText('已选 0 项')).toBeVisible();
    await expect(treeCheckbox(drawer, '工作台')).toHaveAttribute('aria-checked', 'false');
    await treeCheckbox(drawer, '工作台').click();
    await expect(treeCheckbox(drawer, '工作台')).toHaveAttribute('aria-checked', 'true');
    await expect(treeCheckbox(drawer, '仪表盘')).toHaveAttribute('aria-checked', 'false');
    await treeCheckbox(drawer, '仪表盘').click();
    await expect(drawer.getByText('已选 2 项')).toBeVisible();

    // 折叠全部 hides the children, 展开全部 shows them again; 全选 and 取消全选 change the choice.
    await drawer.getByRole('button', { name: '折叠全部' }).click();
    await expect(treeNode(drawer, '工作台')).toBeHidden();
    await drawer.getByRole('button', { name: '展开全部' }).click();
    await expect(treeNode(drawer, '工作台')).toBeVisible();
    await drawer.getByRole('button', { name: '全选', exact: true }).click();
    await expect(treeCheckbox(drawer, '系统管理')).toHaveAttribute('aria-checked', 'true');
    await drawer.getByRole('button', { name: '取消全选' }).click();
    await expect(drawer.getByText('已选 0 项')).toBeVisible();
    await treeCheckbox(drawer, '仪表盘').click();
    await treeCheckbox(drawer, '工作台').click();
    await shoot(page, 'system-roles-authorize-1440');

    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '保存成功！' })).toBeVisible();
    await expect(drawer).toBeHidden();

    // Opened again, the tree shows the saved grants.
    await row.getByRole('button', { name: '授权' }).click();
    await expect(treeCheckbox(drawer, '工作台')).toHaveAttribute('aria-checked', 'true');
    await expect(treeCheckbox(drawer, '仪表盘')).toHaveAttribute('aria-checked', 'true');
    await expect(treeCheckbox(drawer, '系统管理')).toHaveAttribute('aria-checked', 'false');
    await expect(drawer.getByText('已选 2 项')).toBeVisible();
    await drawer.getByRole('button', { name: '取消', exact: true }).click();
    await expect(drawer).toBeHidden();

    // The role made here goes again.
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the administrator adds a button rule, switches it off and deletes it', async ({ page }) => {
    await signInAs(page, 'admin');
    await openSystemPage(page, '菜单管理');
    await expect(page).toHaveURL(/#\/system\/permission$/);
    const region = page.getByRole('region', { name: '菜单管理' });
    await expect(region.getByRole('button', { name: '新增菜单' })).toBeVisible();
    await tableRow(page, '系统管理').getByRole('button', { name: '展开行' }).click();
    const parent = tableRow(page, '/system/position');
    await expect(parent).toContainText('职务管理');
    await expect(parent).toContainText('子菜单');
    await shoot(page, 'system-permissions-1440');

    await parent.getByRole('button', { name: '添加下级' }).click();
    const form = page.getByRole('dialog', { name: '添加下级：职务管理' });
    await form.getByRole('radio', { name: '按钮' }).check();
    await expect(form.getByLabel('菜单路径')).toHaveCount(0);
    await form.getByRole('button', { name: OK }).click();
    await expect(form.getByText('请输入菜单名称')).toBeVisible();
    await expect(form.getByText('请输入授权标识')).toBeVisible();

    // The code is checked by the shared rule and against the server while typing.
    const perms = form.getByLabel('授权标识');
    await perms.fill('positionexport');
    await expect(form.getByText('授权标识格式如 system:user:add')).toBeVisible();
    await perms.fill('system:role:list');
    await expect(form.getByText('该值不可用，系统中已存在！')).toBeVisible();
    const code = `test:btn:${suffix()}`;
    await perms.fill(code);
    await form.getByLabel('按钮名称').fill('测试导出职务');
    await expect(form.getByText('请输入菜单名称')).toBeHidden();
    await expect(form.getByRole('switch', { name: '状态' })).toBeChecked();
    await shoot(page, 'system-permissions-form-1440');
    await form.getByRole('button', { name: OK }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();

    const rule = tableRow(page, code);
    await expect(rule).toContainText('测试导出职务');
    await expect(rule).toContainText('按钮');
    await expect(rule).toContainText('生效');
    await expect(rule.getByRole('button', { name: '添加下级' })).toHaveCount(0);

    // A menu with children is refused by the server and stays.
    await parent.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请先删除子菜单' })).toBeVisible();
    await expect(parent).toBeVisible();

    // 停用: the rule stops guarding the button.
    await rule.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑按钮' });
    await expect(edit.getByLabel('授权标识')).toHaveValue(code);
    await edit.getByRole('switch', { name: '状态' }).click();
    await expect(edit.getByRole('switch', { name: '状态' })).not.toBeChecked();
    await edit.getByRole('button', { name: OK }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: '编辑成功！' })).toBeVisible();
    await expect(rule).toContainText('停用');

    await rule.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.getByRole('alert').filter({ hasText: '删除成功!' })).toBeVisible();
    await expect(rule).toHaveCount(0);
  });
});

test.describe('角色管理与菜单管理（手机 390×844）', () => {
  test.use(PHONE);

  test('the roles and the menu tree are lists, without antd', async ({ page }) => {
    const chunkModules = readChunkModules(DIST_DIR);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.replace(/^.*?\/(assets\/)/, '$1'));
    });

    await signInAs(page, 'admin', '#/system/role');
    const roles = page.getByLabel('角色列表');
    await expect(roles).toBeVisible();
    for (const text of ['系统管理员', '角色编码：admin', '指导教师', '学生', '企业导师']) await expect(roles).toContainText(text);
    await shoot(page, 'system-roles-390');

    // A role's form offers 授权: the grants as an indented list (only looked at here, nothing saved).
    await roles.locator('a').filter({ hasText: '角色编码：teacher' }).click();
    await page.getByRole('dialog', { name: '编辑角色' }).getByRole('button', { name: '授权' }).click();
    const sheet = page.getByRole('dialog', { name: '角色权限配置' });
    await expect(sheet).toContainText(/指导教师：已选 [1-9]\d* 项/);
    await expect(sheet.getByText('工作台', { exact: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: '保存并关闭' })).toBeVisible();
    await shoot(page, 'system-roles-authorize-390');
    await sheet.locator('.adm-nav-bar-back').click();
    await expect(sheet).toBeHidden();

    await page.goto('#/system/permission');
    await expect(page.getByText('菜单编辑请在电脑或平板上操作')).toBeVisible();
    const menus = page.getByLabel('菜单列表');
    await expect(menus.getByText('系统管理', { exact: true })).toBeVisible();
    await expect(menus.getByText('system:role:authorize')).toBeVisible();
    await shoot(page, 'system-permissions-390');

    await expect(page.locator('.ant-table, .ant-tree')).toHaveCount(0);
    expect(scripts.filter((file) => chunkModules[file]).length, 'no loaded script is in the chunk report (stale build?)').toBeGreaterThan(0);
    expect(scripts.filter((file) => chunkModules[file]?.some(isAntdPackage)), 'antd loaded on the phone').toEqual([]);
  });
});
