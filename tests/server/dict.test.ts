import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DICT_CODES, type DictItemRow, type DictRow } from '@contract/dict.ts';
import type { PageResult } from '@contract/resource.ts';
import type { DictOption } from '@contract/session.ts';
import { sysDict, sysDictItem } from '../../server/db/schema.ts';
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
const dictRow = async (id: string) => (await t.db.select().from(sysDict).where(eq(sysDict.id, id)))[0];
const itemRow = async (id: string) => (await t.db.select().from(sysDictItem).where(eq(sysDictItem.id, id)))[0];
const itemsOf = async (dictId: string) => t.db.select().from(sysDictItem).where(eq(sysDictItem.dictId, dictId));

async function addDict(body: Record<string, unknown> = {}) {
  const code = uniqueName('d_');
  return expectOk(await t.post<DictRow>('/api/sys/dict/add', { dictName: `字典${code}`, dictCode: code, ...body }, admin()), '添加成功！');
}
async function addItem(dictId: string, body: Record<string, unknown> = {}) {
  const value = uniqueName('v');
  return expectOk(await t.post<DictItemRow>('/api/sys/dictItem/add', { dictId, itemText: `项${value}`, itemValue: value, ...body }, admin()), '添加成功！');
}
const dictItems = async (code: string, token = tokens.teacher01!) => expectOk(await t.get<DictOption[]>(`/api/sys/dict/getDictItems/${code}`, token));

describe('dictionaries', () => {
  it('lists a page, searching name and code by a part', async () => {
    const page = expectOk(await t.get<PageResult<DictRow>>('/api/sys/dict/list', admin(), { pageNo: '1', pageSize: '100' }));
    expect(page.records.map((r) => r.dictCode)).toEqual(expect.arrayContaining([...BUILT_IN_DICT_CODES]));
    expect(page.records.find((r) => r.dictCode === 'sex')).toEqual({ id: 'dict-sex', dictCode: 'sex', dictName: '性别', description: null, createTime: expect.any(String) });

    const byName = expectOk(await t.get<PageResult<DictRow>>('/api/sys/dict/list', admin(), { dictName: '性' }));
    expect(byName.records.map((r) => r.dictCode)).toEqual(['sex']);
    const byCode = expectOk(await t.get<PageResult<DictRow>>('/api/sys/dict/list', admin(), { dictCode: 'MSG_', pageSize: '1' }));
    expect(byCode).toMatchObject({ total: 2, current: 1, size: 1 });
    expect(byCode.records).toHaveLength(1);
  });

  it('adds, edits and stores', async () => {
    const code = uniqueName('major_');
    const added = await addDict({ dictName: '专业', dictCode: code, description: '专业名称' });
    expect(added).toMatchObject({ dictName: '专业', dictCode: code, description: '专业名称' });
    expect(await dictRow(added.id)).toMatchObject({ dictName: '专业', dictCode: code, description: '专业名称' });

    const renamed = uniqueName('zy_');
    expectOk(await t.put('/api/sys/dict/edit', { id: added.id, dictName: '专业目录', dictCode: renamed, description: null }, admin()), '编辑成功！');
    expect(await dictRow(added.id)).toMatchObject({ dictName: '专业目录', dictCode: renamed, description: null });
  });

  it.each([
    [{ dictCode: 'abc' }, '请输入字典名称'],
    [{ dictName: ' ', dictCode: 'abc' }, '请输入字典名称'],
    [{ dictName: '字'.repeat(101), dictCode: 'abc' }, '字典名称不能超过100个字符'],
    [{ dictName: '某字典' }, '请输入字典编码'],
    [{ dictName: '某字典', dictCode: '' }, '请输入字典编码'],
    [{ dictName: '某字典', dictCode: 'a-b' }, '字典编码只能包含字母、数字和下划线'],
    [{ dictName: '某字典', dictCode: '字典' }, '字典编码只能包含字母、数字和下划线'],
    [{ dictName: '某字典', dictCode: 'sex' }, '字典编码已存在'],
  ])('refuses %j with “%s” and stores nothing', async (body, message) => {
    const before = (await t.db.select().from(sysDict)).length;
    expectError(await t.post('/api/sys/dict/add', body, admin()), 400, message);
    expect((await t.db.select().from(sysDict)).length).toBe(before);
  });

  it('refuses another dictionary’s code on edit, and a built-in dictionary’s new code', async () => {
    const dict = await addDict();
    expectError(await t.put('/api/sys/dict/edit', { id: dict.id, dictName: dict.dictName, dictCode: 'priority' }, admin()), 400, '字典编码已存在');
    expectError(await t.put('/api/sys/dict/edit', { id: 'dict-sex', dictName: '性别', dictCode: 'gender' }, admin()), 400, '系统内置字典不能修改编码');
    expect(await dictRow('dict-sex')).toMatchObject({ dictCode: 'sex' });
    expectOk(await t.put('/api/sys/dict/edit', { id: 'dict-sex', dictName: '性别（国标）', dictCode: 'sex' }, admin()));
    expect(await dictRow('dict-sex')).toMatchObject({ dictName: '性别（国标）', dictCode: 'sex' });
    expectOk(await t.put('/api/sys/dict/edit', { id: 'dict-sex', dictName: '性别', dictCode: 'sex' }, admin()));
  });

  it('deletes a dictionary with its items', async () => {
    const dict = await addDict();
    const item = await addItem(dict.id);
    expectOk(await del('/api/sys/dict/delete', { id: dict.id }), '删除成功!');
    expect(await dictRow(dict.id)).toBeUndefined();
    expect(await itemRow(item.id)).toBeUndefined();
    expectError(await t.get(`/api/sys/dict/getDictItems/${dict.dictCode}`, tokens.teacher01), 404, `字典不存在：${dict.dictCode}`);
    expectError(await del('/api/sys/dict/delete', { id: dict.id }), 404, '字典不存在');
  });

  it.each(BUILT_IN_DICT_CODES)('refuses to delete the built-in dictionary %s', async (code) => {
    const [row] = await t.db.select().from(sysDict).where(eq(sysDict.dictCode, code));
    expect(row, `${code} is seeded`).toBeDefined();
    expectError(await del('/api/sys/dict/delete', { id: row!.id }), 400, '系统内置字典不能删除');
    expect(await dictRow(row!.id)).toBeDefined();
  });

  it('refuses a batch holding a built-in dictionary, and deletes nothing', async () => {
    const dict = await addDict();
    expectError(await del('/api/sys/dict/deleteBatch', { ids: `${dict.id},dict-priority` }), 400, '系统内置字典不能删除');
    expect(await dictRow(dict.id)).toBeDefined();
  });
});

describe('dictionary items', () => {
  it('adds, lists in sort order, edits and deletes', async () => {
    const dict = await addDict();
    const second = await addItem(dict.id, { itemText: '乙', itemValue: 'B', sortOrder: 2, description: '第二项' });
    const first = await addItem(dict.id, { itemText: '甲', itemValue: 'A', sortOrder: 1, status: 0 });
    expect(second).toEqual({ id: second.id, dictId: dict.id, itemText: '乙', itemValue: 'B', sortOrder: 2, description: '第二项', status: '1' });
    expect(await itemRow(first.id)).toMatchObject({ itemText: '甲', itemValue: 'A', sortOrder: 1, status: 0 });

    const page = expectOk(await t.get<PageResult<DictItemRow>>('/api/sys/dictItem/list', admin(), { dictId: dict.id }));
    expect(page).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(page.records.map((r) => [r.itemValue, r.status])).toEqual([
      ['A', '0'],
      ['B', '1'],
    ]);

    expectOk(await t.put('/api/sys/dictItem/edit', { id: second.id, dictId: 'dict-sex', itemText: '乙（改）', itemValue: 'B2', sortOrder: 0, status: '0' }, admin()), '编辑成功！');
    expect(await itemRow(second.id)).toMatchObject({ dictId: dict.id, itemText: '乙（改）', itemValue: 'B2', sortOrder: 0, status: 0, description: '第二项' });

    expectOk(await del('/api/sys/dictItem/delete', { id: second.id }), '删除成功!');
    expect(await itemRow(second.id)).toBeUndefined();
    expectError(await del('/api/sys/dictItem/delete', { id: second.id }), 404, '字典项不存在');
  });

  it('searches by text and filters by status', async () => {
    const dict = await addDict();
    await addItem(dict.id, { itemText: '计算机应用', itemValue: '1' });
    await addItem(dict.id, { itemText: '计算机网络', itemValue: '2', status: '0' });
    await addItem(dict.id, { itemText: '机电一体化', itemValue: '3' });
    const list = async (query: Record<string, string>) =>
      expectOk(await t.get<PageResult<DictItemRow>>('/api/sys/dictItem/list', admin(), { dictId: dict.id, ...query })).records.map((r) => r.itemValue);
    expect(await list({ itemText: '计算机' })).toEqual(['1', '2']);
    expect(await list({ status: '1' })).toEqual(['1', '3']);
    expect(await list({ status: '0' })).toEqual(['2']);
    expect(await list({ status: '', itemText: '%' })).toEqual([]);
    expectError(await t.get('/api/sys/dictItem/list', admin(), { dictId: dict.id, status: '2' }), 400, '状态只能是启用或停用');
    expectError(await t.get('/api/sys/dictItem/list', admin(), { dictId: '' }), 400, '缺少参数 dictId');
  });

  it.each([
    [{ itemValue: 'x' }, '请输入名称'],
    [{ itemText: '', itemValue: 'x' }, '请输入名称'],
    [{ itemText: '某项' }, '请输入数据值'],
    [{ itemText: '某项', itemValue: '  ' }, '请输入数据值'],
    [{ itemText: '某项', itemValue: 'x', sortOrder: 'first' }, '排序必须是数字'],
    [{ itemText: '某项', itemValue: 'x', status: 'on' }, '状态只能是启用或停用'],
    [{ itemText: '某项', itemValue: 'x', status: 2 }, '状态只能是启用或停用'],
    [{ itemText: '某项', itemValue: '1' }, '数据值已存在'],
  ])('refuses %j with “%s” and stores nothing', async (body, message) => {
    const before = await itemsOf('dict-sex');
    expectError(await t.post('/api/sys/dictItem/add', { dictId: 'dict-sex', ...body }, admin()), 400, message);
    expect(await itemsOf('dict-sex')).toEqual(before);
  });

  it('refuses an unknown dictionary, a value taken in the same dictionary, an unknown item', async () => {
    expectError(await t.post('/api/sys/dictItem/add', { dictId: 'no-such-dict', itemText: '某项', itemValue: 'x' }, admin()), 400, '字典不存在');
    const dict = await addDict();
    const other = await addDict();
    const item = await addItem(dict.id, { itemValue: 'same' });
    const taken = await addItem(dict.id, { itemValue: 'taken' });
    // The same value in another dictionary is fine.
    await addItem(other.id, { itemValue: 'same' });
    expectError(await t.put('/api/sys/dictItem/edit', { id: item.id, itemText: '某项', itemValue: taken.itemValue }, admin()), 400, '数据值已存在');
    expect(await itemRow(item.id)).toMatchObject({ itemValue: 'same' });
    expectOk(await t.put('/api/sys/dictItem/edit', { id: item.id, itemText: '某项', itemValue: 'same' }, admin()));
    expectError(await t.put('/api/sys/dictItem/edit', { id: 'no-such-item', itemText: '某项', itemValue: 'x' }, admin()), 404, '字典项不存在');
  });

  it('deletes items in a batch', async () => {
    const dict = await addDict();
    const a = await addItem(dict.id);
    const b = await addItem(dict.id);
    expectError(await del('/api/sys/dictItem/deleteBatch', { ids: `${a.id},no-such-item` }), 404, '字典项不存在');
    expect(await itemsOf(dict.id)).toHaveLength(2);
    expectOk(await del('/api/sys/dictItem/deleteBatch', { ids: `${a.id},${b.id}` }), '删除成功!');
    expect(await itemsOf(dict.id)).toEqual([]);
  });
});

describe('what users see of a change', () => {
  it('getDictItems lists only enabled items, and shows a change at once, uncached', async () => {
    const dict = await addDict();
    const a = await addItem(dict.id, { itemText: '甲', itemValue: 'a', sortOrder: 1 });
    const b = await addItem(dict.id, { itemText: '乙', itemValue: 'b', sortOrder: 2 });
    expect(await dictItems(dict.dictCode)).toEqual([
      { value: 'a', text: '甲', title: '甲' },
      { value: 'b', text: '乙', title: '乙' },
    ]);

    expectOk(await t.put('/api/sys/dictItem/edit', { id: a.id, itemText: '甲', itemValue: 'a', status: '0' }, admin()));
    expectOk(await t.put('/api/sys/dictItem/edit', { id: b.id, itemText: '乙（新）', itemValue: 'b' }, admin()));
    const response = await t.get<DictOption[]>(`/api/sys/dict/getDictItems/${dict.dictCode}`, tokens.student01);
    expect(expectOk(response)).toEqual([{ value: 'b', text: '乙（新）', title: '乙（新）' }]);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers).not.toHaveProperty('expires');
    expect(response.headers).not.toHaveProperty('last-modified');

    expectOk(await t.put('/api/sys/dictItem/edit', { id: a.id, itemText: '甲', itemValue: 'a', status: 1 }, admin()));
    expect((await dictItems(dict.dictCode)).map((i) => i.value)).toEqual(['a', 'b']);
  });

  it('loadDict gives enabled items whose text contains the keyword, any case, 10 unless told', async () => {
    const dict = await addDict();
    for (let n = 1; n <= 12; n++) await addItem(dict.id, { itemText: `Java班${n}`, itemValue: String(n), sortOrder: n });
    await addItem(dict.id, { itemText: 'java停用班', itemValue: 'off', status: '0' });
    await addItem(dict.id, { itemText: '50%_班', itemValue: 'pct', sortOrder: 99 });
    const load = async (query: Record<string, string>) =>
      expectOk(await t.get<DictOption[]>(`/api/sys/dict/loadDict/${dict.dictCode}`, tokens.student01, query)).map((i) => i.value);

    expect(await load({ keyword: 'JAVA' })).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await load({ keyword: 'java', pageSize: '20' })).toHaveLength(12);
    expect(await load({ keyword: '班1', pageSize: '3' })).toEqual(['1', '10', '11']);
    expect(await load({ keyword: '%_' })).toEqual(['pct']);
    expect(await load({})).toHaveLength(10);
    const [option] = expectOk(await t.get<DictOption[]>(`/api/sys/dict/loadDict/${dict.dictCode}`, tokens.student01, { keyword: '班12' }));
    expect(option).toEqual({ value: '12', text: 'Java班12', title: 'Java班12' });

    expectError(await t.get(`/api/sys/dict/loadDict/${dict.dictCode}`, tokens.student01, { pageSize: '0' }), 400, '每页条数应为1到100');
    expectError(await t.get('/api/sys/dict/loadDict/no_such_dict', tokens.student01), 404, '字典不存在：no_such_dict');
  });

  it('loadDict reads the unit dictionary from its table', async () => {
    const units = expectOk(await t.get<DictOption[]>('/api/sys/dict/loadDict/dt0201', tokens.teacher01, { pageSize: '100' }));
    const all = expectOk(await t.get<DictOption[]>('/api/sys/dict/getDictItems/dt0201', tokens.teacher01));
    expect(units).toEqual(all.slice(0, 100));
    const [first] = all;
    expect(expectOk(await t.get<DictOption[]>('/api/sys/dict/loadDict/dt0201', tokens.teacher01, { keyword: first!.text }))).toContainEqual(first);
  });
});

describe('who may call', () => {
  it.each([
    ['GET', '/api/sys/dict/list', {}],
    ['POST', '/api/sys/dict/add', {}],
    ['PUT', '/api/sys/dict/edit', {}],
    ['DELETE', '/api/sys/dict/delete', { id: 'dict-sex' }],
    ['GET', '/api/sys/dictItem/list', { dictId: 'dict-sex' }],
    ['POST', '/api/sys/dictItem/add', {}],
    ['PUT', '/api/sys/dictItem/edit', {}],
    ['DELETE', '/api/sys/dictItem/delete', { id: 'x' }],
  ] as const)('%s %s is refused to student01 and teacher01', async (method, url, query) => {
    const before = await itemsOf('dict-sex');
    for (const username of ['student01', 'teacher01']) {
      const body = { dictId: 'dict-sex', dictName: '越权', dictCode: 'hack', itemText: '越权', itemValue: 'hack' };
      expectError(await t.request(method, url, { token: tokens[username], query, ...(method === 'POST' || method === 'PUT' ? { body } : {}) }), 403, '没有权限执行此操作');
    }
    expect(await itemsOf('dict-sex')).toEqual(before);
    expect(await t.db.select().from(sysDict).where(eq(sysDict.dictCode, 'hack'))).toEqual([]);
  });
});
