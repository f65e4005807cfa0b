import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs, readAccessToken, systemNotice } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL, PROJECT_ROOT } from './support/server.ts';

/**
 * 部门管理 and 数据字典 (issue 5): the department tree with its form, refused and allowed deletes;
 * dictionaries with their items, enabled and disabled, reaching the browsers' dictionary cache.
 * Every department and dictionary here is the test's own, with a unique code, and is removed again.
 */

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const suffix = () => randomBytes(3).toString('hex');
const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const openMenu = async (page: Page, title: string) => {
  await mainMenu(page).getByText('系统管理', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: title }).click();
};
// After a save antd keeps the collapsed loading icon in the button, whose label then starts with "loading".
const OK = /确\s?定$/;
/** A page's first load shares the network with the service worker's precaching: it gets more time than later steps. */
const firstLoad = expect.configure({ timeout: 30_000 });
const confirmPopover = (page: Page) => page.getByRole('tooltip').getByRole('button', { name: OK }).click();

test.describe('部门管理（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('adds a department under the school and a sub-department, is refused deleting the parent, then deletes both', async ({ page }) => {
    // A whole flow with many server round trips: it outlasts the default on a busy machine.
    test.slow();
    const s = suffix();
    const parentName = `实训中心${s}`;
    const childName = `实训室${s}`;
    await signInAs(page, 'admin');
    await openMenu(page, '部门管理');
    await expect(page).toHaveURL(/#\/system\/depart$/);
    const region = page.getByRole('region', { name: '部门管理' });
    const tree = region.getByRole('tree', { name: '部门树' });
    const node = (name: string) => tree.locator('.ant-tree-treenode').filter({ has: page.getByTitle(name, { exact: true }) });

    await firstLoad(node('示范职业技术学院')).toBeVisible();
    await expect(node('信息工程学院')).toBeVisible();
    await expect(region.getByText('请在左侧选择一个部门，或点击“添加部门”')).toBeVisible();

    // A department's form and its users.
    await node('信息工程学院').getByTitle('信息工程学院').click();
    await expect(region.getByText('部门信息：信息工程学院')).toBeVisible();
    await expect(region.getByLabel('机构编码')).toHaveValue('A01A01');
    // Its users, ten to a page: in the demo school its teachers and several hundred students, teacher01 among them.
    const answer = await page.request.get(`${API_URL}/sys/user/queryUserByDepId?id=dep-info`, { headers: { 'X-Access-Token': (await readAccessToken(page)) ?? '' } });
    const members = ((await answer.json()) as { result: { username: string; realname: string }[] }).result;
    expect(members.length).toBeGreaterThan(600);
    expect(members.map((m) => m.username)).toContain('teacher01');
    const users = region.getByLabel('部门用户');
    await expect(users).toContainText(`部门用户（${members.length}）`);
    await expect(users).toContainText(`共 ${members.length} 人`);
    await expect(users.locator('.ant-table-row')).toHaveCount(10);
    await expect(users.locator('.ant-table-row').first()).toContainText(`${members[0]!.username}${members[0]!.realname}`);

    // 添加下级 under the school: the shared schema's messages, then the server's uniqueness check.
    await node('示范职业技术学院').getByTitle('示范职业技术学院').click();
    await region.getByRole('button', { name: '添加下级' }).click();
    await expect(region.getByText('添加下级：示范职业技术学院')).toBeVisible();
    await region.getByRole('button', { name: '保存' }).click();
    await expect(region.getByText('请输入机构名称')).toBeVisible();
    await expect(region.getByText('请输入机构编码')).toBeVisible();
    await region.getByLabel('机构名称').fill(parentName);
    await region.getByLabel('机构编码').fill('A01A01');
    await expect(region.getByText('机构编码已存在')).toBeVisible();
    await region.getByLabel('机构编码').fill('bad code');
    await expect(region.getByText('机构编码只能包含字母、数字、下划线和短横线')).toBeVisible();
    const parentCode = `E2E${s}`;
    await region.getByLabel('机构编码').fill(parentCode);
    await expect(region.getByRole('radio', { name: '院系' })).toBeChecked();
    await expect(region.locator('.ant-select').filter({ hasText: '示范职业技术学院' })).toBeVisible();
    await region.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('添加成功！')).toBeVisible();
    await expect(region.getByText(`部门信息：${parentName}`)).toBeVisible();
    await expect(node(parentName)).toBeVisible();
    await expect(node(parentName)).toHaveClass(/ant-tree-treenode-selected/);
    await expect(users).toContainText('该部门暂无用户');

    // A sub-department of it, as 职能部门.
    await region.getByRole('button', { name: '添加下级' }).click();
    await expect(region.getByText(`添加下级：${parentName}`)).toBeVisible();
    await region.getByLabel('机构名称').fill(childName);
    await region.getByLabel('机构编码').fill(`${parentCode}-01`);
    await region.getByRole('radio', { name: '职能部门' }).check();
    await region.getByLabel('排序').fill('5');
    await region.getByRole('button', { name: '保存' }).click();
    await expect(region.getByText(`部门信息：${childName}`)).toBeVisible();
    await expect(node(childName)).toBeVisible();
    await shoot(page, 'system-depart-1440');

    // The search lists matching departments only.
    await region.getByLabel('搜索部门').fill(childName);
    await region.getByLabel('搜索部门').press('Enter');
    await expect(node(childName)).toBeVisible();
    await expect(node('示范职业技术学院')).toHaveCount(0);
    await region.getByLabel('搜索部门').fill('不存在的部门名称');
    await region.getByLabel('搜索部门').press('Enter');
    await expect(region.getByText('未找到匹配的部门')).toBeVisible();
    await region.getByLabel('搜索部门').fill('');
    await expect(node('示范职业技术学院')).toBeVisible();

    // The parent still has its sub-department: the server refuses, and says why.
    await node(parentName).getByTitle(parentName).click();
    await expect(region.getByText(`部门信息：${parentName}`)).toBeVisible();
    await region.getByRole('button', { name: '删除' }).click();
    await confirmPopover(page);
    await expect(systemNotice(page, '请先删除下级部门')).toBeVisible();
    await expect(node(parentName)).toBeVisible();

    // The child first, then the parent.
    await node(childName).getByTitle(childName).click();
    await region.getByRole('button', { name: '删除' }).click();
    await confirmPopover(page);
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(node(childName)).toHaveCount(0);
    await expect(region.getByText(`部门信息：${parentName}`)).toBeVisible();
    await region.getByRole('button', { name: '删除' }).click();
    await confirmPopover(page);
    await expect(node(parentName)).toHaveCount(0);
    // The form moves up to the deleted department's parent.
    await expect(region.getByText('部门信息：示范职业技术学院')).toBeVisible();
  });
});

test.describe('部门管理（手机 390×844）', () => {
  test.use(PHONE);

  test('drills down the departments, adds, edits and deletes a sub-department in full-screen forms', async ({ page }) => {
    // A whole flow with many server round trips: it outlasts the default on a busy machine.
    test.slow();
    const s = suffix();
    const name = `手机实训室${s}`;
    await signInAs(page, 'admin', '#/system/depart');
    const region = page.getByRole('region', { name: '部门管理' });
    await region.getByRole('region', { name: '部门列表' }).getByText('示范职业技术学院').click();
    await expect(region.getByRole('region', { name: '下级部门' })).toContainText('信息工程学院');

    await region.getByRole('region', { name: '下级部门' }).getByText('信息工程学院').click();
    await expect(region.getByRole('region', { name: '部门用户' })).toContainText('王老师');
    await region.getByText('返回').click();
    await expect(region.getByRole('region', { name: '下级部门' })).toContainText('机电工程学院');

    await region.getByRole('button', { name: '新增下级' }).click();
    const add = page.getByRole('dialog', { name: '新增下级部门' });
    await add.getByRole('button', { name: '保存' }).click();
    await expect(add.getByText('请输入机构名称')).toBeVisible();
    await add.getByLabel('机构名称').fill(name);
    await add.getByLabel('机构编码').fill(`M${s}`);
    await expect(add.getByRole('button', { name: '上级部门' })).toHaveText(/示范职业技术学院/);
    await add.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('添加成功！')).toBeVisible();
    await expect(add).toBeHidden();
    await shoot(page, 'system-depart-390');

    await region.getByRole('region', { name: '下级部门' }).getByText(name).click();
    await expect(region.getByRole('region', { name: '部门用户' })).toContainText('该部门暂无用户');
    await region.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑部门' });
    await expect(edit.getByLabel('机构编码')).toHaveValue(`M${s}`);
    await edit.getByLabel('机构名称').fill(`${name}改`);
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit).toBeHidden();
    await expect(region.getByText(`${name}改`)).toBeVisible();

    await region.getByRole('button', { name: '编辑' }).click();
    await edit.getByRole('button', { name: '删除' }).click();
    // The confirmation itself, by what it asks (the form under it has a 删除 button too).
    await page.getByRole('dialog').filter({ hasText: `确定删除部门“${name}改”吗?` }).getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(region.getByRole('region', { name: '下级部门' })).toContainText('信息工程学院');
    await expect(region.getByRole('region', { name: '下级部门' })).not.toContainText(name);
  });
});

/** Deletes a dictionary the test made, by its code, from outside the page. */
async function removeDict(page: Page, dictCode: string) {
  const token = await readAccessToken(page);
  const headers = { 'X-Access-Token': token ?? '' };
  const list = await page.request.get(`${API_URL}/sys/dict/list`, { headers, params: { dictCode } });
  const body = (await list.json()) as { result: { records: { id: string; dictCode: string }[] } };
  for (const row of body.result.records.filter((r) => r.dictCode === dictCode)) {
    await page.request.delete(`${API_URL}/sys/dict/delete`, { headers, params: { id: row.id } });
  }
}

const dictRow = (page: Page, text: string) => page.locator('.shell-page:not([hidden]) .ant-table').first().getByRole('row').filter({ hasText: text });

/** The options the preview select of the open drawer offers. */
async function previewOptions(page: Page, drawer: ReturnType<Page['getByRole']>) {
  await drawer.getByLabel('选项预览').click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(list).toBeVisible();
  return list;
}

test.describe('数据字典（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('a new dictionary gets items, one is disabled, and browsers offer the enabled ones', async ({ page, browser }) => {
    // A whole flow in two browsers with many server round trips: it outlasts the default on a busy machine.
    test.setTimeout(240_000);
    const s = suffix();
    const dictName = `实习等级${s}`;
    const dictCode = `e2e_level_${s}`;
    await signInAs(page, 'admin');
    await openMenu(page, '数据字典');
    await expect(page).toHaveURL(/#\/system\/dict$/);

    try {
      // A built-in dictionary keeps its code and cannot be deleted. Sorted by code, 性别 (sex) comes after
      // the first page since 基础数据 brought its dictionaries: it is searched for.
      const search = page.getByRole('search', { name: '查询字典' });
      await firstLoad(search.getByLabel('字典名称')).toBeVisible();
      await search.getByLabel('字典名称').fill('性别');
      await search.getByRole('button', { name: /^查\s?询$/ }).click();
      const sex = dictRow(page, '性别');
      await firstLoad(sex).toContainText('内置');
      await expect(sex.getByRole('button', { name: '删除' })).toHaveCount(0);
      await sex.getByRole('button', { name: '编辑' }).click();
      const editBuiltIn = page.getByRole('dialog', { name: '编辑字典' });
      await expect(editBuiltIn.getByLabel('字典编码')).toBeDisabled();
      await expect(editBuiltIn.getByText('系统内置字典，编码不能修改')).toBeVisible();
      await expect(editBuiltIn.getByLabel('字典名称')).toBeEnabled();
      await editBuiltIn.getByRole('button', { name: /^取\s?消$/ }).click();
      await search.getByRole('button', { name: /^重\s?置$/ }).click();
      await expect(search.getByLabel('字典名称')).toHaveValue('');

      await page.getByRole('button', { name: '新增' }).click();
      const add = page.getByRole('dialog', { name: '新增字典' });
      await add.getByLabel('字典名称').fill(dictName);
      await add.getByLabel('字典编码').fill('sex');
      await expect(add.getByText('字典编码已存在')).toBeVisible();
      await add.getByLabel('字典编码').fill(dictCode);
      await add.getByRole('button', { name: OK }).click();
      await expect(page.getByText('添加成功！')).toBeVisible();
      await expect(add).toBeHidden();

      await dictRow(page, dictCode).getByRole('button', { name: '字典配置' }).click();
      const drawer = page.getByRole('dialog', { name: `字典列表 – ${dictName}` });
      await expect(drawer.getByText('暂无数据')).toBeVisible();

      const items = drawer.locator('.ant-table');
      const itemRow = (text: string) => items.getByRole('row').filter({ hasText: text });
      const addItem = async (text: string, value: string) => {
        await drawer.getByRole('button', { name: '新增' }).click();
        const form = page.getByRole('dialog', { name: '新增字典项' });
        await expect(form.getByLabel('状态')).toBeVisible();
        await expect(form.getByTitle('启用')).toBeVisible();
        await form.getByLabel('名称').fill(text);
        await form.getByLabel('数据值').fill(value);
        await form.getByRole('button', { name: OK }).click();
        await expect(form).toBeHidden();
        await expect(itemRow(text)).toContainText('启用');
      };
      await addItem('优秀', 'A');
      await addItem('良好', 'B');

      // This browser's selects offer both.
      let options = await previewOptions(page, drawer);
      await expect(options.getByTitle('优秀')).toBeVisible();
      await expect(options.getByTitle('良好')).toBeVisible();
      await page.keyboard.press('Escape');

      // Another browser has the dictionary in its cache already.
      const other = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      const otherPage = await other.newPage();
      await signInAs(otherPage, 'admin', '#/system/dict');
      const openOtherDrawer = async () => {
        await dictRow(otherPage, dictCode).getByRole('button', { name: '字典配置' }).click();
        return otherPage.getByRole('dialog', { name: `字典列表 – ${dictName}` });
      };
      let otherOptions = await previewOptions(otherPage, await openOtherDrawer());
      await expect(otherOptions.getByTitle('良好')).toBeVisible();

      // 良好 is disabled: its tag changes, and it is no longer offered here, at once.
      await itemRow('良好').getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑字典项' });
      await expect(edit.getByLabel('名称')).toHaveValue('良好');
      await edit.getByLabel('状态').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('停用').click();
      await edit.getByRole('button', { name: OK }).click();
      await expect(edit).toBeHidden();
      await expect(itemRow('良好').locator('.ant-tag')).toHaveText('停用');
      await expect(itemRow('优秀').locator('.ant-tag')).toHaveText('启用');
      await addItem('合格', 'C');
      await shoot(page, 'system-dict-items-1440');
      options = await previewOptions(page, drawer);
      await expect(options.getByTitle('合格')).toBeVisible();
      await expect(options.getByTitle('优秀')).toBeVisible();
      await expect(options.getByTitle('良好')).toHaveCount(0);
      await page.keyboard.press('Escape');

      // The status search finds the disabled one.
      await drawer.getByRole('search').getByLabel('状态').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('停用').click();
      await drawer.getByRole('button', { name: /^查\s?询$/ }).click();
      await expect(itemRow('良好')).toBeVisible();
      await expect(itemRow('优秀')).toHaveCount(0);

      // The other browser gets the change at its next refresh.
      await otherPage.reload();
      otherOptions = await previewOptions(otherPage, await openOtherDrawer());
      await expect(otherOptions.getByTitle('合格')).toBeVisible();
      await expect(otherOptions.getByTitle('优秀')).toBeVisible();
      await expect(otherOptions.getByTitle('良好')).toHaveCount(0);
      await other.close();

      // Deleting the dictionary takes its items along.
      await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByLabel('Close')).first().click();
      await expect(drawer).toBeHidden();
      await dictRow(page, dictCode).getByRole('button', { name: '删除' }).click();
      await confirmPopover(page);
      await expect(page.getByText('删除成功!')).toBeVisible();
      await expect(dictRow(page, dictCode)).toHaveCount(0);
    } finally {
      await removeDict(page, dictCode);
    }
  });
});

test.describe('数据字典（手机 390×844）', () => {
  test.use(PHONE);

  test('adds a dictionary and an item in full-screen forms; a built-in code cannot be changed', async ({ page }) => {
    // A whole flow with many server round trips: it outlasts the default on a busy machine.
    test.slow();
    const s = suffix();
    const dictName = `手机字典${s}`;
    const dictCode = `e2e_phone_${s}`;
    await signInAs(page, 'admin', '#/system/dict');
    try {
      const list = page.getByRole('region', { name: '字典列表', exact: true });
      await firstLoad(list).toBeVisible();

      await page.getByRole('searchbox').fill('性别');
      await page.getByRole('searchbox').press('Enter');
      await list.getByText('性别').click();
      const builtIn = page.getByRole('dialog', { name: '编辑字典' });
      await expect(builtIn.getByLabel('字典编码')).toBeDisabled();
      await expect(builtIn.getByText('系统内置字典，编码不能修改')).toBeVisible();
      await builtIn.getByRole('button', { name: '字典配置' }).click();
      const sexItems = page.getByRole('dialog', { name: '字典列表 – 性别' });
      await expect(sexItems.getByRole('region', { name: '字典项列表' })).toContainText('男');
      await sexItems.locator('.adm-nav-bar-back').click();
      await expect(sexItems).toBeHidden();

      await page.getByRole('button', { name: '新增' }).click();
      const add = page.getByRole('dialog', { name: '新增字典' });
      await add.getByLabel('字典名称').fill(dictName);
      await add.getByLabel('字典编码').fill(dictCode);
      await add.getByRole('button', { name: '保存' }).click();
      await expect(add).toBeHidden();

      await page.getByRole('searchbox').fill(dictName);
      await page.getByRole('searchbox').press('Enter');
      await list.getByText(dictName).click();
      await page.getByRole('dialog', { name: '编辑字典' }).getByRole('button', { name: '字典配置' }).click();
      const sheet = page.getByRole('dialog', { name: `字典列表 – ${dictName}` });
      await expect(sheet.getByText('暂无数据')).toBeVisible();
      await sheet.getByRole('button', { name: '新增' }).click();
      const itemForm = page.getByRole('dialog', { name: '新增字典项' });
      await itemForm.getByLabel('名称').fill('优秀');
      await itemForm.getByLabel('数据值').fill('A');
      await itemForm.getByRole('button', { name: '保存' }).click();
      await expect(itemForm).toBeHidden();
      const items = sheet.getByRole('region', { name: '字典项列表' });
      await expect(items).toContainText('优秀');
      await expect(items).toContainText('启用');
      await shoot(page, 'system-dict-items-390');
      await expect(page.locator('.ant-table')).toHaveCount(0);
    } finally {
      await removeDict(page, dictCode);
    }
  });
});
