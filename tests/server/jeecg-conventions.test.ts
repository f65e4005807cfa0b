import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicStudent, sysDictItem, sysUser } from '../../server/db/schema.ts';
import { basicCalls, type Row } from './basic-support.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// JeecgBoot's list conventions on every resource list (issue 37): stars in search values, field=, `<field>_dictText`
// for dictionary fields, dictionary codes sent as numbers, and id lists ending with a comma.
let t: TestApp;
let admin: string;
let calls: ReturnType<typeof basicCalls>;
let classId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  calls = basicCalls(t);
  const major = await calls.major(admin, (await calls.depart()).id);
  classId = (await calls.klass(admin, major.id)).id;
});
afterAll(() => t.close());

/** The names of the class's students a list search finds, in 学号 order. */
const namesFound = async (query: Record<string, string>) => expectOk(await calls.list('student', admin, { classId, pageSize: '50', ...query })).records.map((r) => r.name);

describe('stars in a search value (JeecgBoot QueryGenerator)', () => {
  let tag: string;
  beforeAll(async () => {
    tag = uniqueName('').toUpperCase();
    for (const [index, name] of ['李明', '张明亮', '李华', '王小明'].entries()) await calls.student(admin, classId, { name, studentNo: `${tag}N${index}` });
  });

  it('*明* finds the names holding 明, 李* those starting with 李, *明 those ending with 明', async () => {
    expect(await namesFound({ name: '*明*' })).toEqual(['李明', '张明亮', '王小明']);
    expect(await namesFound({ name: '李*' })).toEqual(['李明', '李华']);
    expect(await namesFound({ name: '*明' })).toEqual(['李明', '王小明']);
  });

  it('keeps a field’s own search without stars: a name by any part, a 学号 from its start', async () => {
    expect(await namesFound({ name: '明' })).toEqual(['李明', '张明亮', '王小明']);
    expect(await namesFound({ studentNo: `${tag}N` })).toHaveLength(4);
    // The middle of a 学号 is found only when the stars ask for it.
    const middle = tag.slice(2);
    expect(await namesFound({ studentNo: middle })).toEqual([]);
    expect(await namesFound({ studentNo: `*${middle}*` })).toHaveLength(4);
  });

  it('takes % and _ between the stars as themselves, and a lone star as no search', async () => {
    expect(await namesFound({ name: '*%*' })).toEqual([]);
    expect(await namesFound({ name: '李_' })).toEqual([]);
    expect(await namesFound({ name: '*' })).toHaveLength(4);
  });
});

describe('dictionary labels and codes sent as numbers', () => {
  it('answers each dictionary field with its item’s text beside the code, in the list and by id', async () => {
    const student = await calls.student(admin, classId, { name: '赵敏', sex: '2', status: '2' });
    expect(student).toMatchObject({ sex: '2', sex_dictText: '女', status: '2', status_dictText: '休学' });
    expect(expectOk(await calls.byId('student', student.id, admin))).toMatchObject({ sex_dictText: '女', status_dictText: '休学', classId_dictText: expect.any(String) });
    const [listed] = expectOk(await calls.list('student', admin, { classId, name: '赵敏' })).records;
    expect(listed).toMatchObject({ sex_dictText: '女', status_dictText: '休学' });
    // A user's 用户类型 too, on another resource's list.
    const users = expectOk(await t.get<{ records: Row[] }>('/api/sys/user/list', admin, { username: 'admin' })).records;
    expect(users.find((u) => u.username === 'admin')).toMatchObject({ yhlx: '0', yhlx_dictText: '教职工' });
  });

  it('shows a dictionary item’s new text at once, not that of a page read before the change', async () => {
    await calls.student(admin, classId, { name: '孙改名', status: '3' });
    const label = async () => expectOk(await calls.list('student', admin, { classId, name: '孙改名' })).records[0]?.status_dictText;
    expect(await label()).toBe('毕业');
    // Changed as an administrator does (a write answers once the caches have dropped what it changed).
    const [item] = await t.db.select({ id: sysDictItem.id }).from(sysDictItem).where(and(eq(sysDictItem.dictId, 'dict-student-status'), eq(sysDictItem.itemValue, '3')));
    const rename = (itemText: string) => t.put('/api/sys/dictItem/edit', { id: item!.id, itemText, itemValue: '3' }, admin);
    expectOk(await rename('已毕业'));
    try {
      expect(await label()).toBe('已毕业');
    } finally {
      expectOk(await rename('毕业'));
    }
  });

  it('takes sex 1 and 学籍状态 2 as numbers, as the old client sends them, storing the codes', async () => {
    const student = await calls.student(admin, classId, { name: '钱多多', sex: 1, status: 2 });
    expect(student).toMatchObject({ sex: '1', sex_dictText: '男', status: '2' });
    const [stored] = await t.db.select({ sex: basicStudent.sex, status: basicStudent.status }).from(basicStudent).where(eq(basicStudent.id, student.id));
    expect(stored).toEqual({ sex: '1', status: '2' });
    const edited = expectOk(await calls.edit('student', { ...editable(student), sex: 2 }, admin));
    expect(edited).toMatchObject({ sex: '2', sex_dictText: '女' });
    expect(await namesFound({ name: '钱多多', sex: '2' })).toEqual(['钱多多']);
  });

  it('still refuses a number where the field takes text that is no code', async () => {
    expectError(await calls.add('student', { studentNo: 12345, name: '孙一', sex: 1, classId, grade: 2024, status: '1', password: 'Init@2026a' }, admin), 400, /学号/);
  });

  it('freezes users with status 2 as a number and ids ending with a comma (JeecgBoot frozenBatch)', async () => {
    const [first, second] = [await t.createUser(), await t.createUser()];
    expectOk(await t.put('/api/sys/user/frozenBatch', { ids: `${first.id},${second.id},`, status: 2 }, admin), '冻结成功!');
    const rows = await t.db.select({ status: sysUser.status }).from(sysUser).where(inArray(sysUser.id, [first.id, second.id]));
    expect(rows.map((r) => r.status)).toEqual([2, 2]);
  });
});

describe('field= chooses the columns of a list', () => {
  it('answers only the chosen columns, with the id and each chosen dictionary field’s label, ignoring names it does not know', async () => {
    await calls.student(admin, classId, { name: '周列选', sex: '1' });
    const { records } = expectOk(await calls.list('student', admin, { classId, name: '周列选', field: 'id,,name,sex,action,' }));
    expect(records).toEqual([{ id: expect.any(String), name: '周列选', sex: '1', sex_dictText: '男' }]);
    // A ref's label comes with the ref; without the id asked for, the id is still there.
    const [withClass] = expectOk(await calls.list('student', admin, { classId, name: '周列选', field: 'classId' })).records;
    expect(Object.keys(withClass!).sort()).toEqual(['classId', 'classId_dictText', 'id']);
  });

  it('answers the whole row without field=, or with nothing in it', async () => {
    const [whole] = expectOk(await calls.list('student', admin, { classId, name: '周列选' })).records;
    const [blank] = expectOk(await calls.list('student', admin, { classId, name: '周列选', field: ',' })).records;
    expect(whole).toMatchObject({ studentNo: expect.any(String), classId_dictText: expect.any(String), departName: expect.any(String), createTime: expect.any(String) });
    expect(blank).toEqual(whole);
  });
});

describe('id lists may end with a comma', () => {
  it('deletes the rows of ids=a,b, and refuses a list of commas only', async () => {
    const [first, second] = [await calls.campus(admin), await calls.campus(admin)];
    expectOk(await t.request('DELETE', '/api/basic/campus/deleteBatch', { token: admin, query: { ids: `${first.id}, ${second.id},` } }), '删除成功!');
    for (const campus of [first, second]) expectError(await calls.byId('campus', campus.id, admin), 404, '校区不存在');
    expectError(await t.request('DELETE', '/api/basic/campus/deleteBatch', { token: admin, query: { ids: ',,' } }), 400, '请选择要删除的数据');
  });
});

/** A row as the edit form sends it back: its form fields and id. */
function editable(row: Row): Record<string, unknown> {
  const { id, studentNo, name, sex, birthday, phone, classId: klass, grade, status } = row;
  return { id, studentNo, name, sex, birthday, phone, classId: klass, grade, status };
}
