import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryChoice, CategoryRow, CategoryTreeNode } from '@contract/category.ts';
import { sysCategory } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// The generic list/add/edit/delete routes are covered by position.test.ts: here the tree and its rules.
let t: TestApp;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  student = await t.login('student01');
});
afterAll(() => t.close());

const add = (body: object) => t.post<CategoryRow>('/api/sys/category/add', body, admin);
const edit = (body: object) => t.put<CategoryRow>('/api/sys/category/edit', body, admin);
const remove = (id: string) => t.request('DELETE', '/api/sys/category/delete', { token: admin, query: { id } });
const byCode = async (code: string) => (await t.db.select().from(sysCategory).where(eq(sysCategory.code, code)))[0];
const tree = async () => expectOk(await t.get<CategoryTreeNode[]>('/api/sys/category/loadTreeRoot', admin));
const find = (nodes: CategoryTreeNode[], id: string): CategoryTreeNode | undefined => {
  for (const node of nodes) {
    const found = node.id === id ? node : find(node.children, id);
    if (found) return found;
  }
  return undefined;
};

/** A parent with two children (sorted by sortNo, not by insertion) and a grandchild. */
async function family() {
  const root = expectOk(await add({ name: uniqueName('根'), code: uniqueName('R'), sortNo: 1 }), '添加成功！');
  const late = expectOk(await add({ name: '后', code: uniqueName('B'), pid: root.id, sortNo: 9 }));
  const early = expectOk(await add({ name: '先', code: uniqueName('A'), pid: root.id, sortNo: 2 }));
  const grandchild = expectOk(await add({ name: '孙', code: uniqueName('C'), pid: early.id }));
  return { root, late, early, grandchild };
}

describe('add and edit', () => {
  it('adds a category under a parent and stores it', async () => {
    const { root, early } = await family();
    expect(early).toMatchObject({ pid: root.id, name: '先', sortNo: 2 });
    expect(await byCode(early.code)).toMatchObject({ pid: root.id, name: '先' });
  });

  it('refuses a missing name or code and a code that is taken, storing nothing', async () => {
    expectError(await add({ name: ' ', code: 'X1' }), 400, '请输入分类名称');
    expectError(await add({ name: '甲', code: '' }), 400, '请输入分类编码');
    const taken = expectOk(await add({ name: '已有', code: uniqueName('T') }));
    expectError(await add({ name: '重复', code: taken.code }), 400, '分类编码已存在');
    expect(await byCode('X1')).toBeUndefined();
  });

  it('stores a blank sort number as 0 and a blank parent as the top level', async () => {
    const row = expectOk(await add({ name: '空白', code: uniqueName('Z'), pid: '', sortNo: null }));
    expect(await byCode(row.code)).toMatchObject({ pid: null, sortNo: 0 });
  });

  it('refuses a parent that does not exist, and the category itself or one under it as its parent', async () => {
    const { root, early, grandchild } = await family();
    expectError(await add({ name: '孤儿', code: uniqueName('O'), pid: 'missing' }), 400, '上级分类不存在');
    expectError(await edit({ id: root.id, name: root.name, code: root.code, pid: root.id }), 400, '上级分类不能是自己或下级分类');
    expectError(await edit({ id: root.id, name: root.name, code: root.code, pid: grandchild.id }), 400, '上级分类不能是自己或下级分类');
    expect((await byCode(root.code))?.pid).toBeNull();
    // Moving a grandchild to the top level is fine.
    expectOk(await edit({ id: grandchild.id, name: '孙', code: grandchild.code, pid: null }), '编辑成功！');
    expect((await byCode(grandchild.code))?.pid).toBeNull();
    expect((await byCode(early.code))?.pid).toBe(root.id);
  });
});

describe('the tree', () => {
  it('loadTreeRoot nests every category under its parent, in sort order', async () => {
    const { root, late, early, grandchild } = await family();
    const node = find(await tree(), root.id);
    expect(node).toMatchObject({ key: root.id, value: root.id, title: root.name, code: root.code, pid: null });
    expect(node!.children.map((c) => c.id)).toEqual([early.id, late.id]);
    expect(node!.children[0]!.children.map((c) => c.id)).toEqual([grandchild.id]);
    expect(node!.children[1]!.children).toEqual([]);
  });

  it('loadTreeData gives the children of a code, saying which have children, to any logged-in user', async () => {
    const { root, late, early } = await family();
    const children = expectOk(await t.get<CategoryChoice[]>('/api/sys/category/loadTreeData', student, { pcode: root.code }));
    expect(children).toEqual([
      { id: early.id, key: early.id, value: early.id, title: '先', code: early.code, pid: root.id, isLeaf: false },
      { id: late.id, key: late.id, value: late.id, title: '后', code: late.code, pid: root.id, isLeaf: true },
    ]);
    const top = expectOk(await t.get<CategoryChoice[]>('/api/sys/category/loadTreeData', student));
    expect(top.find((c) => c.id === root.id)).toMatchObject({ pid: null, isLeaf: false });
    expect(top.every((c) => c.pid === null)).toBe(true);
    expectError(await t.get('/api/sys/category/loadTreeData', student, { pcode: 'no-such-code' }), 404, '分类不存在');
  });

  it('keeps the whole tree and the administration to holders of the category codes', async () => {
    expectError(await t.get('/api/sys/category/loadTreeRoot', student), 403, '没有权限执行此操作');
    expectError(await t.post('/api/sys/category/add', { name: '学生加', code: uniqueName('S') }, student), 403, '没有权限执行此操作');
  });
});

describe('delete', () => {
  it('refuses a category that still has children, then deletes from the bottom up', async () => {
    const { root, late, early, grandchild } = await family();
    expectError(await remove(root.id), 400, '请先删除下级分类');
    expectError(await remove(early.id), 400, '请先删除下级分类');
    expect(await byCode(early.code)).toBeDefined();
    expectOk(await remove(grandchild.id), '删除成功!');
    expectOk(await remove(early.id));
    expectOk(await t.request('DELETE', '/api/sys/category/deleteBatch', { token: admin, query: { ids: `${root.id},${late.id}` } }));
    expect(await byCode(root.code)).toBeUndefined();
    expect(find(await tree(), root.id)).toBeUndefined();
  });

  it('checks the code through /sys/duplicate/check', async () => {
    const row = expectOk(await add({ name: '查重', code: uniqueName('D') }));
    const taken = await t.get('/api/sys/duplicate/check', admin, { tableName: 'sys_category', fieldName: 'code', fieldVal: row.code });
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expectOk(await t.get('/api/sys/duplicate/check', admin, { tableName: 'sys_category', fieldName: 'code', fieldVal: row.code, dataId: row.id }));
  });
});
