import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookDepartNode, AddressBookRow } from '@contract/addressbook.ts';
import type { PageResult } from '@contract/resource.ts';
import { sysDepart, sysPosition, sysUser, sysUserDepart } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, uniquePhone, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  teacher = await t.login('teacher01');
});
afterAll(() => t.close());

const list = (query: Record<string, string>, token = admin) => t.get<PageResult<AddressBookRow>>('/api/sys/addressbook/list', token, query);
const names = (page: PageResult<AddressBookRow>) => page.records.map((r) => r.username).sort();

/** The whole address book, page by page (the demo school alone has over 2,000 contacts, pages hold at most 1,000). */
async function everyone(): Promise<AddressBookRow[]> {
  const rows: AddressBookRow[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = expectOk(await list({ pageNo: String(pageNo), pageSize: '1000' }));
    rows.push(...page.records);
    if (rows.length >= page.total || page.records.length === 0) return rows;
  }
}

async function depart(name: string, parentId: string | null, sortNo = 0) {
  const [row] = await t.db.insert(sysDepart).values({ departName: name, orgCode: uniqueName('O'), parentId, sortNo }).returning();
  return row!;
}

async function member(departIds: string[], fields: Partial<typeof sysUser.$inferInsert> = {}) {
  const user = await t.createUser();
  if (Object.keys(fields).length > 0) await t.db.update(sysUser).set(fields).where(eq(sysUser.id, user.id));
  for (const departId of departIds) await t.db.insert(sysUserDepart).values({ userId: user.id, departId });
  return user.username;
}

/** 部门甲 > 部门乙 > 部门丙, and 部门丁 beside 甲; one member each, plus a frozen and a deleted one in 甲. */
async function school() {
  const a = await depart(uniqueName('甲'), 'dep-school', 1);
  const b = await depart(uniqueName('乙'), a.id);
  const c = await depart(uniqueName('丙'), b.id);
  const d = await depart(uniqueName('丁'), 'dep-school', 2);
  const users = {
    a: await member([a.id]),
    b: await member([b.id]),
    c: await member([c.id]),
    d: await member([d.id]),
    frozen: await member([a.id], { status: 2 }),
    deleted: await member([a.id], { delFlag: 1 }),
  };
  return { a, b, c, d, users };
}

describe('GET /sys/addressbook/list', () => {
  it('lists a department’s members and those of every department under it, active and not deleted only', async () => {
    const { a, b, c, d, users } = await school();
    expect(names(expectOk(await list({ departId: a.id })))).toEqual([users.a, users.b, users.c].sort());
    expect(names(expectOk(await list({ departId: b.id })))).toEqual([users.b, users.c].sort());
    expect(names(expectOk(await list({ departId: c.id })))).toEqual([users.c]);
    expect(names(expectOk(await list({ departId: d.id })))).toEqual([users.d]);
    const all = (await everyone()).map((r) => r.username);
    // Everyone active and not deleted, each once: the demo school's 2,062 accounts and the members added here.
    const [active] = await t.db.select({ n: count() }).from(sysUser).where(and(eq(sysUser.status, 1), eq(sysUser.delFlag, 0)));
    expect(all).toHaveLength(active!.n);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(2000);
    expect(all).toEqual(expect.arrayContaining([users.a, users.d, 'teacher01', '2023010102']));
    expect(all).not.toContain(users.frozen);
    expect(all).not.toContain(users.deleted);
  });

  it('a deleted department under the chosen one adds nothing, and an unknown one is refused', async () => {
    const { a, c, users } = await school();
    await t.db.update(sysDepart).set({ delFlag: 1 }).where(eq(sysDepart.id, c.id));
    expect(names(expectOk(await list({ departId: a.id })))).toEqual([users.a, users.b].sort());
    expectError(await list({ departId: 'no-such-depart' }), 404, '部门不存在');
    expectError(await list({ departId: c.id }), 404, '部门不存在');
  });

  it('finds a part of the name, account, work number or phone', async () => {
    const { a } = await school();
    const phone = uniquePhone();
    const workNo = uniqueName('W');
    const username = await member([a.id], { realname: '欧阳测试', workNo, phone });
    for (const keyword of ['欧阳', username.slice(0, 8), workNo.slice(1), phone.slice(3)]) {
      expect(names(expectOk(await list({ keyword }))), keyword).toContain(username);
    }
    expect(expectOk(await list({ keyword: '王老师' })).records.map((r) => r.username)).toEqual(['teacher01']);
    expect(expectOk(await list({ keyword: '%' })).total).toBe(0);
    expect(names(expectOk(await list({ keyword: '欧阳', departId: a.id })))).toEqual([username]);
  });

  it('gives each contact’s departments, the position’s name for a position code, and the post text otherwise', async () => {
    const a = await depart('通讯甲部', 'dep-school', 5);
    const b = await depart('通讯乙部', 'dep-school', 6);
    const code = uniqueName('P');
    await t.db.insert(sysPosition).values({ code, name: '教研室主任' });
    const coded = await member([b.id, a.id], { post: code, email: `${uniqueName('m')}@school.cn`, telephone: '0769-22880001' });
    const plain = await member([a.id], { post: '辅导员' });
    const none = await member([]);
    const rows = await everyone();
    const row = (username: string) => rows.find((r) => r.username === username)!;
    expect(row(coded)).toMatchObject({ departNames: '通讯甲部,通讯乙部', post: '教研室主任', telephone: '0769-22880001' });
    expect(row(coded).email).toMatch(/@school\.cn$/);
    expect(row(plain)).toMatchObject({ departNames: '通讯甲部', post: '辅导员' });
    expect(row(none)).toMatchObject({ departNames: '', post: null });
    expect(row('teacher01')).toMatchObject({ realname: '王老师', workNo: 'T2018001', phone: '13800000002', departNames: '信息工程学院' });
    expect(Object.keys(row('teacher01')).sort()).toEqual(['departNames', 'email', 'id', 'phone', 'post', 'realname', 'telephone', 'username', 'workNo']);
  });

  it('pages', async () => {
    const { a } = await school();
    const page1 = expectOk(await list({ departId: a.id, pageNo: '1', pageSize: '2' }));
    const page2 = expectOk(await list({ departId: a.id, pageNo: '2', pageSize: '2' }));
    expect({ total: page1.total, current: page1.current, size: page1.size, rows: page1.records.length }).toEqual({ total: 3, current: 1, size: 2, rows: 2 });
    expect(page2.records).toHaveLength(1);
    expect(new Set([...page1.records, ...page2.records].map((r) => r.id)).size).toBe(3);
    expectError(await list({ pageSize: '0' }), 400, /.+/);
  });

  it('is for holders of system:addressbook:list only', async () => {
    expectError(await list({}, teacher), 403, '没有权限执行此操作');
    expectError(await t.get('/api/sys/addressbook/departTree', teacher), 403, '没有权限执行此操作');
  });
});

describe('GET /sys/addressbook/departTree', () => {
  it('gives the live departments as a tree of key, value, title and children', async () => {
    const { a, b, c } = await school();
    const tree = expectOk(await t.get<AddressBookDepartNode[]>('/api/sys/addressbook/departTree', admin));
    const school_ = tree.find((n) => n.key === 'dep-school')!;
    expect(school_).toMatchObject({ key: 'dep-school', value: 'dep-school', title: '示范职业技术学院' });
    const nodeA = school_.children.find((n) => n.key === a.id)!;
    expect(nodeA).toEqual({ key: a.id, value: a.id, title: a.departName, children: [{ key: b.id, value: b.id, title: b.departName, children: [{ key: c.id, value: c.id, title: c.departName, children: [] }] }] });
  });
});
