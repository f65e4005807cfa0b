import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@contract/resource.ts';
import { basicStudent, sysUser } from '../../server/db/schema.ts';
import { INITIAL_PASSWORD, basicCalls, importFile, workbook, type Row } from './basic-support.ts';
import { expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// People's names are stored as a person writes them, not as pasted (林, a full-width space U+3000, 小雨 is 林小雨),
// and lists order them by pinyin where the database can (zh-x-icu), by code point where it cannot (PGlite).
let t: TestApp;
let admin: string;
let calls: ReturnType<typeof basicCalls>;
let classId: string;

const stored = async (studentNo: string) => {
  const [student] = await t.db.select({ name: basicStudent.name, userId: basicStudent.userId }).from(basicStudent).where(eq(basicStudent.studentNo, studentNo));
  const [account] = await t.db.select({ realname: sysUser.realname }).from(sysUser).where(eq(sysUser.id, student!.userId!));
  return { name: student!.name, realname: account!.realname };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  calls = basicCalls(t);
  const depart = await calls.depart();
  const major = await calls.major(admin, depart.id);
  classId = String((await calls.klass(admin, major.id)).id);
});
afterAll(() => t.close());

describe('a person’s name', () => {
  it('is stored without full-width, doubled or outer spaces, from the form and from an import alike', async () => {
    const typed = uniqueName('N');
    expectOk(await calls.add('student', { studentNo: typed, name: ' 林\u3000小雨 ', classId, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin));
    expect(await stored(typed)).toEqual({ name: '林小雨', realname: '林小雨' });

    const [a, b] = [uniqueName('N'), uniqueName('N')];
    const klass = (await calls.byId('class', classId, admin)).body.result as Row;
    const file = await workbook([
      ['学号', '姓名', '班级', '年级', '学籍状态', '初始密码'],
      [a, '王\u3000 芳', String(klass.code), 2024, '在读', INITIAL_PASSWORD],
      [b, 'Anna\u3000 Maria', String(klass.code), 2024, '在读', INITIAL_PASSWORD],
    ]);
    expect((await importFile(t, 'student', file, admin)).body.message).toBe('导入成功，共2条');
    expect(await stored(a)).toEqual({ name: '王芳', realname: '王芳' });
    expect(await stored(b)).toEqual({ name: 'Anna Maria', realname: 'Anna Maria' });
  });

  it('refuses a name of spaces only, saving nothing', async () => {
    const studentNo = uniqueName('N');
    const response = await calls.add('student', { studentNo, name: '\u3000 ', classId, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin);
    expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message: '请输入姓名' });
    expect(await t.db.select().from(basicStudent).where(eq(basicStudent.studentNo, studentNo))).toEqual([]);
  });
});

describe('a list sorted by name', () => {
  it('orders 汉字 by pinyin where the database has zh-x-icu (PostgreSQL with ICU), else by code point (PGlite, which has no zh-x-icu)', async () => {
    const prefix = uniqueName('P');
    const names = ['张三丰', '李四海', '王五岳', '阿朵'];
    for (const [i, name] of names.entries()) expectOk(await calls.add('student', { studentNo: `${prefix}${i}`, name, classId, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin));
    const { rows } = (await t.db.execute(sql`select 1 from pg_collation where collname = 'zh-x-icu'`)) as unknown as { rows: unknown[] };
    const listed = expectOk(await calls.list('student', admin, { studentNo: prefix, column: 'name', order: 'asc' })) as PageResult<Row>;
    // Pinyin: a-duo, li, wang, zhang. Code point: 张 U+5F20, 李 U+674E, 王 U+738B, 阿 U+963F.
    expect(listed.records.map((r) => r.name)).toEqual(rows.length > 0 ? ['阿朵', '李四海', '王五岳', '张三丰'] : ['张三丰', '李四海', '王五岳', '阿朵']);
  });
});
