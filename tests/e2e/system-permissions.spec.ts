import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signInAs, submitLogin, WORKPLACE_URL } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * Issue 5's enforcement, end to end: a user created by the administrator with a new role sees exactly
 * that role's menus and buttons; a button rule switched off shows its button to everyone; a student
 * calling an administration route gets 403.
 */

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}
interface PermissionNode {
  id: string;
  perms: string | null;
  children?: PermissionNode[];
  [key: string]: unknown;
}

const suffix = () => randomBytes(3).toString('hex');
const PASSWORD = 'Pass@2026e2e';

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<Envelope<T>> {
  const response = await request.fetch(`${API_URL}${path}`, { method, headers: { 'X-Access-Token': token }, data: body });
  return (await response.json()) as Envelope<T>;
}

function findNode(nodes: PermissionNode[], predicate: (n: PermissionNode) => boolean): PermissionNode | undefined {
  for (const node of nodes) {
    if (predicate(node)) return node;
    const found = findNode(node.children ?? [], predicate);
    if (found) return found;
  }
  return undefined;
}

async function switchRule(request: APIRequestContext, token: string, perms: string, status: '0' | '1') {
  const tree = await call<PermissionNode[]>(request, token, 'GET', '/sys/permission/list');
  const node = findNode(tree.result, (n) => n.perms === perms);
  expect(node, `按钮规则 ${perms}`).toBeTruthy();
  const { children: _children, ...fields } = node!;
  const saved = await call(request, token, 'PUT', '/sys/permission/edit', { ...fields, status });
  expect(saved.success, saved.message).toBe(true);
}

const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });

test.describe('权限（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('a user created with a new role sees exactly its menus and buttons; a rule switched off shows its button to all', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const adminToken = (await apiLogin(request, 'admin', DEMO_PASSWORD))!;
    // The role: the landing page (工作台) and 职务管理 with 查看 and 新增 only (no 编辑, no 删除).
    const roleCode = `pos_${suffix()}`;
    const role = await call<{ id: string }>(request, adminToken, 'POST', '/sys/role/add', { roleCode, roleName: `职务录入员${roleCode}` });
    expect(role.success, role.message).toBe(true);
    const grant = ['menu-dashboard', 'menu-dashboard-workplace', 'menu-system', 'menu-system-position', 'btn-system-position-list', 'btn-system-position-add'];
    const saved = await call(request, adminToken, 'POST', '/sys/permission/saveRolePermission', { roleId: role.result.id, permissionIds: grant.join(',') });
    expect(saved.success, saved.message).toBe(true);

    // The administrator creates the user in 用户管理 and gives it the role.
    await signInAs(page, 'admin', '#/system/user');
    // At 1440 px every column fits: 手机号码, 邮箱 and 状态 with no sideways scroll inside the table.
    // The demo school's two thousand and more accounts, ten to a page.
    await expect(page.getByText(/^1-10 共 2\d{3} 条$/)).toBeVisible();
    await expect(page.locator('.shell-page:not([hidden]) .ant-table-row')).toHaveCount(10);
    for (const column of ['手机号码', '邮箱', '状态', '操作']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeInViewport({ ratio: 1 });
    expect(await page.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('dialog', { name: '新增用户' });
    const username = `pos${suffix()}`;
    await form.getByLabel('用户账号').fill(username);
    await form.getByLabel('用户名称').fill('职务录入员');
    await form.getByLabel('登录密码').fill(PASSWORD);
    // A confirmation that differs is flagged at its field while typing (SPEC.md section 5), not by the server.
    await form.getByLabel('确认密码').fill(`${PASSWORD}x`);
    await expect(form.locator('.ant-form-item-explain-error')).toHaveText('两次输入的密码不一致！');
    await form.getByLabel('确认密码').fill(PASSWORD);
    await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await form.getByLabel('工号').fill(`W${suffix()}`);
    await form.getByLabel('用户类型').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('教职工').click();
    await form.getByLabel('角色').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(`职务录入员${roleCode}`).click();
    // A multiple select stays open after a choice: close it before saving.
    await form.getByText('新增用户', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(form).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('.shell-page:not([hidden]) .ant-table').getByRole('row').filter({ hasText: username })).toContainText(`职务录入员${roleCode}`);

    // The new user: only 首页 and 系统管理 → 职务管理; 新增 but no 编辑/删除.
    const context = await browser.newContext({ ...DESKTOP, baseURL: page.url().split('#')[0] });
    const userPage = await context.newPage();
    await userPage.goto('#/user/login');
    await submitLogin(userPage, username, PASSWORD);
    await expect(userPage).toHaveURL(WORKPLACE_URL);
    await menu(userPage).getByText('系统管理').click();
    await expect(menu(userPage).getByRole('link', { name: '职务管理' })).toBeVisible();
    for (const hidden of ['用户管理', '角色管理', '定时任务', '实习记录批阅', '我的周记', '分析页']) await expect(menu(userPage).getByRole('link', { name: hidden })).toHaveCount(0);
    await menu(userPage).getByRole('link', { name: '职务管理' }).click();
    const content = userPage.locator('.shell-page:not([hidden])');
    await expect(content.getByRole('button', { name: '新增' })).toBeVisible();
    // One position of its own, so the table has a row whose buttons can be checked.
    await content.getByRole('button', { name: '新增' }).click();
    const add = userPage.getByRole('dialog', { name: '新增职务' });
    const positionCode = `P${suffix()}`;
    await add.getByLabel('职务编码').fill(positionCode);
    await add.getByLabel('职务名称').fill('录入的职务');
    await add.getByRole('button', { name: /确\s?定/ }).click();
    const row = content.getByRole('row').filter({ hasText: positionCode });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);
    // Without 编辑 the row still opens 详情, read-only.
    await row.getByRole('button', { name: '详情' }).click();
    const detail = userPage.getByRole('dialog', { name: '职务详情' });
    await expect(detail).toContainText(positionCode);
    await detail.getByRole('button', { name: 'Close' }).or(detail.getByRole('button', { name: '关闭' })).click();
    await expect(detail).toBeHidden();
    const userToken = (await apiLogin(request, username, PASSWORD))!;
    expect((await call(request, userToken, 'GET', '/sys/user/list')).message).toBe('没有权限执行此操作');

    // Switching the 删除职务 rule off shows 删除 to everyone, and the server then allows it.
    try {
      await switchRule(request, adminToken, 'system:position:delete', '0');
      await userPage.reload();
      await expect(row.getByRole('button', { name: '删除' })).toBeVisible();
      await row.getByRole('button', { name: '删除' }).click();
      await userPage.getByRole('tooltip').getByRole('button', { name: /确\s?定/ }).click();
      await expect(userPage.getByText('删除成功!')).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await switchRule(request, adminToken, 'system:position:delete', '1');
    }
    await context.close();
  });

  test('a student calling an administration route gets 403, and the screen is not reachable', async ({ page, request }) => {
    const studentToken = (await apiLogin(request, 'student01', DEMO_PASSWORD))!;
    for (const path of ['/sys/user/list', '/sys/role/list', '/sys/permission/list', '/sys/log/list?logType=1', '/sys/quartzJob/list']) {
      const response = await request.get(`${API_URL}${path}`, { headers: { 'X-Access-Token': studentToken } });
      expect(response.status(), path).toBe(403);
      expect(((await response.json()) as Envelope<null>).message).toBe('没有权限执行此操作');
    }
    // A page of the product outside the student's menu: SPEC's 403 page.
    await signInAs(page, 'student01', '#/system/user');
    await expect(page).toHaveURL(/#\/403$/);
  });
});
