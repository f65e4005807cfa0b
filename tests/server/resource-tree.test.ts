import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryRow, CategoryTreeNode } from '@contract/category.ts';
import type { DepartTreeNode } from '@contract/depart.ts';
import type { PermissionNode } from '@contract/permission-admin.ts';
import type { PageResult } from '@contract/resource.ts';
import { sysDepart, sysPermission, sysRolePermission } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

/**
 * The tree resources' machinery (ResourceDescription.tree, server/lib/resource-routes.ts registerTreeReads and the
 * model's tree checks), through the three trees that declare it: the same rule answers each with its own message.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const del = (url: string, query: Record<string, string>) => t.request('DELETE', url, { token: admin, query });
const addDepart = async (body: Record<string, unknown> = {}) => {
  const code = uniqueName('T');
  return expectOk(await t.post<DepartTreeNode>('/api/sys/sysDepart/add', { departName: `树${code}`, orgCode: code, orgType: '3', ...body }, admin));
};
const addCategory = async (body: Record<string, unknown> = {}) => expectOk(await t.post<CategoryRow>('/api/sys/category/add', { name: uniqueName('类'), code: uniqueName('C'), ...body }, admin));
const addMenu = async (body: Record<string, unknown> = {}) =>
  expectOk(await t.post<PermissionNode>('/api/sys/permission/add', { name: '树菜单', menuType: 0, url: `/${uniqueName('m')}`, component: 'layouts/RouteView', ...body }, admin));

describe('a row’s parent', () => {
  it('is refused when it does not exist, with each tree’s message', async () => {
    expectError(await t.post('/api/sys/sysDepart/add', { departName: '孤儿', orgCode: uniqueName('O'), parentId: 'no-such-row' }, admin), 400, '上级部门不存在');
    expectError(await t.post('/api/sys/category/add', { name: '孤儿', code: uniqueName('O'), pid: 'no-such-row' }, admin), 400, '上级分类不存在');
    expectError(await t.post('/api/sys/permission/add', { name: '孤儿', menuType: 1, parentId: 'no-such-row', url: '/orphan', component: 'x/Y' }, admin), 400, '上级菜单不存在');
  });

  it('is refused when it is the row itself or a row under it', async () => {
    const top = await addCategory();
    const child = await addCategory({ pid: top.id });
    for (const pid of [top.id, child.id]) expectError(await t.put('/api/sys/category/edit', { id: top.id, name: top.name, code: top.code, pid }, admin), 400, '上级分类不能是自己或下级分类');
  });

  it('is refused when it is a leaf (a button holds no menu)', async () => {
    const menu = await addMenu();
    const button = await addMenu({ name: '按钮', menuType: 2, parentId: menu.id, perms: `tree:${uniqueName('b')}:add`, url: '' });
    expectError(await t.post('/api/sys/permission/add', { name: '子菜单', menuType: 1, parentId: button.id, url: '/under-button', component: 'x/Y' }, admin), 400, '按钮下不能再添加菜单或按钮');
  });

  it('is none when blank', async () => {
    const row = await addDepart({ parentId: '' });
    expect((await t.db.select().from(sysDepart).where(eq(sysDepart.id, row.id)))[0]?.parentId).toBeNull();
  });
});

describe('deleting a row with rows under it', () => {
  it('is refused unless the same batch deletes them, in each tree', async () => {
    const department = await addDepart();
    const subDepartment = await addDepart({ parentId: department.id });
    expectError(await del('/api/sys/sysDepart/deleteBatch', { ids: department.id }), 400, '请先删除下级部门');
    expectOk(await del('/api/sys/sysDepart/deleteBatch', { ids: `${department.id},${subDepartment.id}` }), '删除成功!');

    const menu = await addMenu();
    const subMenu = await addMenu({ name: '树子菜单', menuType: 1, parentId: menu.id, component: 'x/Y' });
    expectError(await del('/api/sys/permission/delete', { id: menu.id }), 400, '请先删除子菜单');
    expectOk(await del('/api/sys/permission/deleteBatch', { ids: `${subMenu.id},${menu.id}` }), '删除成功!');
    // A menu leaves with its grants.
    expect(await t.db.select().from(sysRolePermission).where(eq(sysRolePermission.permissionId, menu.id))).toEqual([]);
    expect(await t.db.select().from(sysPermission).where(eq(sysPermission.id, menu.id))).toEqual([]);
  });
});

describe('the rows that exist (ResourceBinding.live)', () => {
  it('a department marked deleted is in no read and cannot be changed', async () => {
    const row = await addDepart();
    expectOk(await del('/api/sys/sysDepart/delete', { id: row.id }));
    expect((await t.db.select().from(sysDepart).where(eq(sysDepart.id, row.id)))[0]?.delFlag).toBe(1);
    expectError(await t.get('/api/sys/sysDepart/queryById', admin, { id: row.id }), 404, '部门不存在');
    const page = expectOk(await t.get<PageResult<DepartTreeNode>>('/api/sys/sysDepart/list', admin, { pageSize: '1000' }));
    expect(page.records.map((r) => r.id)).not.toContain(row.id);
    expect(page.total).toBe(page.records.length);
    expectError(await t.put('/api/sys/sysDepart/edit', { id: row.id, departName: '复活', orgCode: row.orgCode }, admin), 404, '部门不存在');
  });
});

describe('the tree’s reads', () => {
  it('a tree at its list’s address answers the tree there; one row is read by id', async () => {
    const menu = await addMenu({ sortNo: 9000 });
    const tree = expectOk(await t.get<PermissionNode[]>('/api/sys/permission/list', admin));
    expect(Array.isArray(tree)).toBe(true);
    expect(tree.find((n) => n.id === menu.id)).toMatchObject({ leaf: true, menuType: 0 });
    expect(expectOk(await t.get<PermissionNode>('/api/sys/permission/queryById', admin, { id: menu.id }))).toMatchObject({ id: menu.id, name: '树菜单' });
  });

  it('nests the whole tree in its siblings’ order and searches it flat', async () => {
    const top = await addCategory({ sortNo: 1 });
    const late = await addCategory({ pid: top.id, sortNo: 5 });
    const early = await addCategory({ pid: top.id, sortNo: 2 });
    const tree = expectOk(await t.get<CategoryTreeNode[]>('/api/sys/category/loadTreeRoot', admin));
    expect(tree.find((n) => n.id === top.id)?.children.map((c) => c.id)).toEqual([early.id, late.id]);

    const department = await addDepart({ departName: `${uniqueName('寻')}中心`, sortNo: 1 });
    await addDepart({ parentId: department.id, departName: `${department.departName}分部`, sortNo: 2 });
    const found = expectOk(await t.get<DepartTreeNode[]>('/api/sys/sysDepart/searchBy', admin, { keyWord: department.departName }));
    expect(found.map((n) => [n.departName, n.children])).toEqual([
      [department.departName, []],
      [`${department.departName}分部`, []],
    ]);
  });
});
