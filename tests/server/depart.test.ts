import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartIdNode, DepartTreeNode, DepartUser } from '@contract/depart.ts';
import { basicMajor, sysDepart, sysUserDepart } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

const admin = () => tokens.admin!;
const del = (url: string, query: Record<string, string>, token = admin()) => t.request('DELETE', url, { token, query });
const tree = async () => expectOk(await t.get<DepartTreeNode[]>('/api/sys/sysDepart/queryTreeList', admin()));
const rowOf = async (id: string) => (await t.db.select().from(sysDepart).where(eq(sysDepart.id, id)))[0];
const flatten = (nodes: DepartTreeNode[]): DepartTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function addDepart(body: Record<string, unknown> = {}) {
  const code = uniqueName('D');
  return expectOk(await t.post<DepartTreeNode>('/api/sys/sysDepart/add', { departName: `部门${code}`, orgCode: code, orgType: '3', ...body }, admin()), '添加成功！');
}

describe('the department tree', () => {
  it('is the seeded school with its 院系, in sort order, with every field of a node', async () => {
    const [school] = await tree();
    expect(school).toMatchObject({
      id: 'dep-school',
      key: 'dep-school',
      value: 'dep-school',
      title: '示范职业技术学院',
      departName: '示范职业技术学院',
      orgCode: 'A01',
      orgType: '1',
      parentId: null,
      sortNo: 0,
    });
    expect(school!.children.slice(0, 3).map((c) => [c.orgCode, c.parentId, c.children])).toEqual([
      ['A01A01', 'dep-school', []],
      ['A01A02', 'dep-school', []],
      ['A01A03', 'dep-school', []],
    ]);
  });

  it('orders siblings by sortNo', async () => {
    const parent = await addDepart();
    const late = await addDepart({ parentId: parent.id, sortNo: 9 });
    const early = await addDepart({ parentId: parent.id, sortNo: 1 });
    const node = flatten(await tree()).find((n) => n.id === parent.id)!;
    expect(node.children.map((c) => c.id)).toEqual([early.id, late.id]);
  });

  it('queryIdTree gives key, value and title for choosers, to user administrators', async () => {
    const [school] = expectOk(await t.get<DepartIdNode[]>('/api/sys/sysDepart/queryIdTree', admin()));
    expect(school).toMatchObject({ key: 'dep-school', value: 'dep-school', title: '示范职业技术学院' });
    expect(Object.keys(school!).sort()).toEqual(['children', 'key', 'title', 'value']);
    expect(school!.children[0]).toEqual({ key: 'dep-info', value: 'dep-info', title: '信息工程学院', children: [] });
  });

  it('searchBy finds names containing the keyword, any case, with % and _ taken literally', async () => {
    const tag = uniqueName('Qz');
    const plain = await addDepart({ departName: `${tag}实训中心` });
    const percent = await addDepart({ departName: `${tag}_100%中心` });
    const found = async (keyWord: string) => expectOk(await t.get<DepartTreeNode[]>('/api/sys/sysDepart/searchBy', admin(), { keyWord })).map((n) => n.id);
    expect((await found(tag.toLowerCase())).sort()).toEqual([plain.id, percent.id].sort());
    expect(await found(`${tag}_100%`)).toEqual([percent.id]);
    expect(await found('%')).toEqual([percent.id]);
    const [node] = expectOk(await t.get<DepartTreeNode[]>('/api/sys/sysDepart/searchBy', admin(), { keyWord: '信息工程' }));
    expect(node).toMatchObject({ id: 'dep-info', orgCode: 'A01A01', children: [] });
    expectError(await t.get('/api/sys/sysDepart/searchBy', admin(), { keyWord: ' ' }), 400, '请输入搜索关键字');
  });
});

describe('adding and editing a department', () => {
  it('adds under a parent and stores it', async () => {
    const code = uniqueName('ADD');
    const node = await addDepart({ departName: ' 招生办公室 ', orgCode: code, parentId: 'dep-school', sortNo: 7 });
    expect(node).toMatchObject({ departName: '招生办公室', orgCode: code, orgType: '3', parentId: 'dep-school', sortNo: 7, children: [] });
    expect(await rowOf(node.id)).toMatchObject({ departName: '招生办公室', orgCode: code, orgType: '3', parentId: 'dep-school', sortNo: 7, delFlag: 0 });
    expect(flatten(await tree()).some((n) => n.id === node.id && n.parentId === 'dep-school')).toBe(true);
  });

  it('adds at the top level with the defaults', async () => {
    const code = uniqueName('TOP');
    const node = expectOk(await t.post<DepartTreeNode>('/api/sys/sysDepart/add', { departName: '独立机构', orgCode: code, parentId: '' }, admin()));
    expect(await rowOf(node.id)).toMatchObject({ parentId: null, orgType: '2', sortNo: 0 });
  });

  it.each([
    [{ orgCode: 'X1' }, '请输入机构名称'],
    [{ departName: '  ', orgCode: 'X1' }, '请输入机构名称'],
    [{ departName: '名'.repeat(101), orgCode: 'X1' }, '机构名称不能超过100个字符'],
    [{ departName: '某部门' }, '请输入机构编码'],
    [{ departName: '某部门', orgCode: '' }, '请输入机构编码'],
    [{ departName: '某部门', orgCode: 'A 01' }, '机构编码只能包含字母、数字、下划线和短横线'],
    [{ departName: '某部门', orgCode: 'X1', orgType: '9' }, '请选择正确的机构类型'],
    [{ departName: '某部门', orgCode: 'X1', sortNo: 1.5 }, '排序必须是整数'],
    [{ departName: '某部门', orgCode: 'A01A01' }, '机构编码已存在'],
    [{ departName: '某部门', orgCode: 'X1', parentId: 'no-such-depart' }, '上级部门不存在'],
  ])('refuses %j with “%s” and stores nothing', async (body, message) => {
    const before = (await t.db.select().from(sysDepart)).length;
    expectError(await t.post('/api/sys/sysDepart/add', body, admin()), 400, message);
    expect((await t.db.select().from(sysDepart)).length).toBe(before);
  });

  it('edits name, code, type, parent and order', async () => {
    const node = await addDepart({ parentId: 'dep-school' });
    const code = uniqueName('ED');
    const edited = expectOk(
      await t.put<DepartTreeNode>('/api/sys/sysDepart/edit', { id: node.id, departName: '教务处', orgCode: code, orgType: '3', parentId: 'dep-info', sortNo: 3 }, admin()),
      '编辑成功！',
    );
    expect(edited).toMatchObject({ id: node.id, departName: '教务处', orgCode: code, parentId: 'dep-info', sortNo: 3 });
    expect(await rowOf(node.id)).toMatchObject({ departName: '教务处', orgCode: code, orgType: '3', parentId: 'dep-info', sortNo: 3 });
  });

  it('keeps the parent, type and order the edit leaves out, and keeps its own code', async () => {
    const node = await addDepart({ parentId: 'dep-school', sortNo: 4 });
    expectOk(await t.put('/api/sys/sysDepart/edit', { id: node.id, departName: '改名', orgCode: node.orgCode }, admin()));
    expect(await rowOf(node.id)).toMatchObject({ departName: '改名', orgCode: node.orgCode, orgType: '3', parentId: 'dep-school', sortNo: 4 });
  });

  it('refuses itself or a department under it as the parent', async () => {
    const top = await addDepart();
    const child = await addDepart({ parentId: top.id });
    const grandchild = await addDepart({ parentId: child.id });
    for (const parentId of [top.id, child.id, grandchild.id]) {
      expectError(await t.put('/api/sys/sysDepart/edit', { id: top.id, departName: top.departName, orgCode: top.orgCode, parentId }, admin()), 400, '上级部门不能是自己或下级部门');
    }
    expect((await rowOf(top.id))!.parentId).toBeNull();
    expectOk(await t.put('/api/sys/sysDepart/edit', { id: grandchild.id, departName: grandchild.departName, orgCode: grandchild.orgCode, parentId: top.id }, admin()));
  });

  it('refuses another department’s code, an unknown parent and an unknown department', async () => {
    const node = await addDepart();
    const edit = (body: object) => t.put('/api/sys/sysDepart/edit', { id: node.id, departName: node.departName, orgCode: node.orgCode, ...body }, admin());
    expectError(await edit({ orgCode: 'A01A02' }), 400, '机构编码已存在');
    expectError(await edit({ parentId: 'no-such-depart' }), 400, '上级部门不存在');
    expectError(await t.put('/api/sys/sysDepart/edit', { id: 'no-such-depart', departName: '某部门', orgCode: 'X2' }, admin()), 404, '部门不存在');
    expect((await rowOf(node.id))!.orgCode).toBe(node.orgCode);
  });
});

describe('deleting a department', () => {
  it('marks it deleted: it leaves the tree, the search and the choosers', async () => {
    const node = await addDepart();
    expectOk(await del('/api/sys/sysDepart/delete', { id: node.id }), '删除成功!');
    expect((await rowOf(node.id))!.delFlag).toBe(1);
    expect(flatten(await tree()).some((n) => n.id === node.id)).toBe(false);
    expect(expectOk(await t.get<DepartTreeNode[]>('/api/sys/sysDepart/searchBy', admin(), { keyWord: node.departName }))).toEqual([]);
    expectError(await del('/api/sys/sysDepart/delete', { id: node.id }), 404, '部门不存在');
    // Its code stays taken: the row is kept.
    expectError(await t.post('/api/sys/sysDepart/add', { departName: '新部门', orgCode: node.orgCode }, admin()), 400, '机构编码已存在');
    // Nor can it be a parent any more.
    expectError(await t.post('/api/sys/sysDepart/add', { departName: '新部门', orgCode: uniqueName('P'), parentId: node.id }, admin()), 400, '上级部门不存在');
  });

  it('is refused while it has sub-departments', async () => {
    const parent = await addDepart();
    await addDepart({ parentId: parent.id });
    expectError(await del('/api/sys/sysDepart/delete', { id: parent.id }), 400, '请先删除下级部门');
    expect((await rowOf(parent.id))!.delFlag).toBe(0);
  });

  it('is refused while it has users', async () => {
    const node = await addDepart();
    const user = await t.createUser();
    await t.db.insert(sysUserDepart).values({ userId: user.id, departId: node.id });
    expectError(await del('/api/sys/sysDepart/delete', { id: node.id }), 400, '该部门下还有用户，不能删除');
    expectError(await del('/api/sys/sysDepart/delete', { id: 'dep-mech' }), 400, '该部门下还有用户，不能删除');
    expect((await rowOf(node.id))!.delFlag).toBe(0);
  });

  it('is refused while 专业 belong to it (基础数据 would point at a deleted 院系)', async () => {
    const node = await addDepart();
    await t.db.insert(basicMajor).values([
      { code: uniqueName('M'), name: '测试专业一', departId: node.id, level: '2' },
      { code: uniqueName('M'), name: '测试专业二', departId: node.id, level: '2' },
    ]);
    expectError(await del('/api/sys/sysDepart/delete', { id: node.id }), 400, '该部门下还有 2 个专业，不能删除');
    expect((await rowOf(node.id))!.delFlag).toBe(0);
  });

  it('deletes a parent with its sub-departments in one batch, and refuses a batch that leaves one behind', async () => {
    const parent = await addDepart();
    const child = await addDepart({ parentId: parent.id });
    const other = await addDepart({ parentId: parent.id });
    expectError(await del('/api/sys/sysDepart/deleteBatch', { ids: `${parent.id},${child.id}` }), 400, '请先删除下级部门');
    expect((await rowOf(child.id))!.delFlag).toBe(0);
    expectOk(await del('/api/sys/sysDepart/deleteBatch', { ids: `${parent.id},${child.id},${other.id}` }), '删除成功!');
    for (const id of [parent.id, child.id, other.id]) expect((await rowOf(id))!.delFlag).toBe(1);
  });

  it('refuses a batch naming an unknown department, and deletes nothing', async () => {
    const node = await addDepart();
    expectError(await del('/api/sys/sysDepart/deleteBatch', { ids: `${node.id},no-such-depart` }), 404, '部门不存在');
    expect((await rowOf(node.id))!.delFlag).toBe(0);
    expectError(await del('/api/sys/sysDepart/deleteBatch', { ids: ',' }), 400, '请选择要删除的数据');
    expectError(await del('/api/sys/sysDepart/delete', { id: '' }), 400, '缺少参数 id');
  });
});

describe('GET /sys/user/queryUserByDepId', () => {
  it('lists the users of one department', async () => {
    const users = expectOk(await t.get<DepartUser[]>('/api/sys/user/queryUserByDepId', admin(), { id: 'dep-info' }));
    const teacher = users.find((u) => u.username === 'teacher01');
    expect(teacher).toEqual({ id: expect.any(String), username: 'teacher01', realname: '王老师', workNo: 'T2018001', phone: '13800000002', email: null });
    expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['student01', 'multi01']));
    expect(users.some((u) => u.username === 'admin')).toBe(false);
    expectError(await t.get('/api/sys/user/queryUserByDepId', admin(), { id: 'no-such-depart' }), 404, '部门不存在');
  });
});

describe('who may call', () => {
  it.each([
    ['GET', '/api/sys/sysDepart/queryTreeList', {}],
    ['GET', '/api/sys/sysDepart/queryIdTree', {}],
    ['GET', '/api/sys/sysDepart/searchBy', { keyWord: '学院' }],
    ['GET', '/api/sys/user/queryUserByDepId', { id: 'dep-info' }],
    ['POST', '/api/sys/sysDepart/add', {}],
    ['PUT', '/api/sys/sysDepart/edit', {}],
    ['DELETE', '/api/sys/sysDepart/delete', { id: 'dep-econ' }],
    ['DELETE', '/api/sys/sysDepart/deleteBatch', { ids: 'dep-econ' }],
  ] as const)('%s %s is refused to student01 and teacher01', async (method, url, query) => {
    for (const username of ['student01', 'teacher01']) {
      const response = await t.request(method, url, { token: tokens[username], query, ...(method === 'POST' || method === 'PUT' ? { body: { departName: '越权', orgCode: 'HACK' } } : {}) });
      expectError(response, 403, '没有权限执行此操作');
    }
    expect((await rowOf('dep-econ'))!.delFlag).toBe(0);
    expect(await t.db.select().from(sysDepart).where(eq(sysDepart.orgCode, 'HACK'))).toEqual([]);
  });
});
