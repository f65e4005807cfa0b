import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartOptionRow } from '@contract/basic-data.ts';
import type { PageResult } from '@contract/resource.ts';
import { basicMajor, basicStudent, sysUser } from '../../server/db/schema.ts';
import { INITIAL_PASSWORD, basicCalls, exportFile, importFile, readExport, workbook, type Row } from './basic-support.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// A 院系管理员 (data scope 'depart') reaches the majors, classes, courses, teachers and students of their
// departments and the departments under them: rows elsewhere are as if absent (404), writing there is refused (403).
let t: TestApp;
let admin: string;
let scoped: string;
let calls: ReturnType<typeof basicCalls>;
const tag = uniqueName('域');

/** Our departments: the administrator's (parent) with one under it (child), and another (other). */
const d = {} as Record<'parent' | 'child' | 'other', { id: string; departName: string; orgCode: string }>;
const m = {} as Record<'parent' | 'child' | 'other', Row>;
const k = {} as Record<'parent' | 'child' | 'other', Row>;
const s = {} as Record<'parent' | 'child' | 'other', Row>;
const teachers = {} as Record<'parent' | 'other', Row>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  calls = basicCalls(t);
  d.parent = await calls.depart('管辖学院');
  d.child = await calls.depart('下属系', d.parent.id);
  d.other = await calls.depart('别的学院');
  for (const key of ['parent', 'child', 'other'] as const) {
    m[key] = await calls.major(admin, d[key].id, { name: `${tag}${key}专业` });
    // The same class name in the administrator's department and another: an import by name must take the caller's.
    k[key] = await calls.klass(admin, m[key].id, { name: key === 'child' ? `${tag}下属班` : `${tag}同名班` });
    s[key] = await calls.student(admin, k[key].id, { name: `${tag}${key}学生` });
  }
  teachers.parent = await calls.teacher(admin, d.parent.id, { name: `${tag}本院教师` });
  teachers.other = await calls.teacher(admin, d.other.id, { name: `${tag}外院教师` });
  scoped = await calls.departAdmin([d.parent.id]);
});
afterAll(() => t.close());

const names = async (entity: 'major' | 'student' | 'teacher', token: string, query: Record<string, string> = {}) =>
  expectOk(await calls.list(entity, token, { name: tag, pageSize: '50', ...query }))
    .records.map((r) => r.name)
    .sort();

describe('reading', () => {
  it('lists only the rows of the administrator’s departments and those under them; the system administrator sees all', async () => {
    expect(await names('major', scoped)).toEqual([`${tag}child专业`, `${tag}parent专业`]);
    expect(await names('student', scoped)).toEqual([`${tag}child学生`, `${tag}parent学生`]);
    expect(await names('teacher', scoped)).toEqual([`${tag}本院教师`]);
    expect(await names('major', admin)).toEqual([`${tag}child专业`, `${tag}other专业`, `${tag}parent专业`]);
    const classes = expectOk(await calls.list('class', scoped, { name: tag })).records.map((r) => r.id);
    expect(classes.sort()).toEqual([k.parent!.id, k.child!.id].sort());
    expect(expectOk(await calls.list('student', scoped, { classId: k.other!.id })).total).toBe(0);
  });

  it('answers a row of another department as absent, for reading, editing and deleting', async () => {
    expectError(await calls.byId('major', m.other!.id, scoped), 404, '专业不存在');
    expectError(await calls.byId('student', s.other!.id, scoped), 404, '学生不存在');
    expectError(await calls.edit('student', { id: s.other!.id, studentNo: s.other!.studentNo, name: '改', classId: k.parent!.id, grade: 2024, status: '1' }, scoped), 404, '学生不存在');
    expectError(await calls.remove('major', m.other!.id, scoped), 404, '专业不存在');
    expectError(await calls.removeBatch('student', [s.parent!.id, s.other!.id], scoped), 404, '学生不存在');
    expect(await t.db.select().from(basicStudent).where(inArray(basicStudent.id, [s.parent!.id, s.other!.id]))).toHaveLength(2);
    expect(expectOk(await calls.byId('student', s.child!.id, scoped))).toMatchObject({ name: `${tag}child学生` });
  });

  it('exports only their rows', async () => {
    const rows = await readExport((await exportFile(t, 'student', scoped, { name: tag })).content);
    expect(rows.slice(1).map((r) => r[1]).sort()).toEqual([`${tag}child学生`, `${tag}parent学生`]);
  });

  it('offers only their 院系 in the picker, and school-wide campuses to look up but not to change', async () => {
    const departs = expectOk(await t.get<PageResult<DepartOptionRow>>('/api/basic/depart/list', scoped, { pageSize: '100' }));
    expect(departs.records.map((r) => r.id).sort()).toEqual([d.parent.id, d.child.id].sort());
    const campus = await calls.campus(admin);
    expect(expectOk(await calls.list('campus', scoped, { code: campus.code as string })).records.map((r) => r.id)).toEqual([campus.id]);
    expectError(await calls.add('campus', { code: uniqueName('C'), name: '院系建校区' }, scoped), 403, '没有权限执行此操作');
  });
});

describe('writing', () => {
  it('adds and edits inside their departments, the account following the class', async () => {
    const student = await calls.student(scoped, k.child!.id, { name: `${tag}新生` });
    expect((await t.db.select().from(sysUser).where(eq(sysUser.id, String(student.userId))))[0]).toMatchObject({ currentDepartId: d.child.id, passwordChangeRequired: true });
    const edited = expectOk(await calls.edit('student', { id: student.id, studentNo: student.studentNo, name: `${tag}新生`, classId: k.parent!.id, grade: 2024, status: '1' }, scoped));
    expect(edited).toMatchObject({ classId: k.parent!.id });
    expectOk(await calls.remove('student', student.id, scoped));
  });

  it('refuses putting a row in another department, with the reason', async () => {
    expectError(await calls.add('major', { code: uniqueName('M'), name: '外院专业', departId: d.other.id, level: '2' }, scoped), 403, '所选院系不在您管理的院系内');
    expectError(
      await calls.add('student', { studentNo: uniqueName('S'), name: '外院学生', classId: k.other!.id, grade: 2024, status: '1', password: INITIAL_PASSWORD }, scoped),
      403,
      '所选班级不在您管理的院系内',
    );
    expectError(await calls.edit('student', { id: s.parent!.id, studentNo: s.parent!.studentNo, name: s.parent!.name, classId: k.other!.id, grade: 2024, status: '1' }, scoped), 403, '所选班级不在您管理的院系内');
    expectError(await calls.edit('class', { id: k.parent!.id, code: k.parent!.code, name: k.parent!.name, majorId: m.parent!.id, grade: 2024, headTeacherId: teachers.other!.id }, scoped), 403, '所选教师不在您管理的院系内');
    expectError(await calls.add('course', { code: uniqueName('KC'), name: '公共课', type: '1' }, scoped), 403, '您只能维护所管理院系的课程');
    expect((await t.db.select().from(basicStudent).where(eq(basicStudent.id, s.parent!.id)))[0]!.classId).toBe(k.parent!.id);
    expect(await t.db.select().from(basicMajor).where(eq(basicMajor.name, '外院专业'))).toEqual([]);
  });

  it('imports by a class name that several departments have, taking theirs; a class elsewhere refuses the whole file, naming that row and every other bad one', async () => {
    const HEADER = ['学号', '姓名', '班级', '年级', '学籍状态', '初始密码'];
    const mine = uniqueName('S');
    expect((await importFile(t, 'student', await workbook([HEADER, [mine, '按名导入', `${tag}同名班`, 2024, '在读', INITIAL_PASSWORD]]), scoped)).body.message).toBe('导入成功，共1条');
    expect((await t.db.select().from(basicStudent).where(eq(basicStudent.studentNo, mine)))[0]!.classId).toBe(k.parent!.id);

    const refused = uniqueName('S');
    const response = await importFile(
      t,
      'student',
      await workbook([
        HEADER,
        [refused, '本院', k.child!.code as string, 2024, '在读', INITIAL_PASSWORD],
        [uniqueName('S'), '外院', k.other!.code as string, 2024, '在读', INITIAL_PASSWORD],
        [uniqueName('S'), '', k.child!.code as string, 2024, '在读', INITIAL_PASSWORD],
      ]),
      scoped,
    );
    // A file's problem, as any other: 400 with the report (a 403 reaches the user as 拒绝访问 alone).
    expect(response.status).toBe(400);
    expect(response.body.message.split('@')).toEqual(['导入失败，共2行有误，未导入任何数据', `第3行：班级“${String(k.other!.code)}”不在您管理的院系内`, '第4行：请输入姓名']);
    expect(await t.db.select().from(basicStudent).where(eq(basicStudent.studentNo, refused))).toEqual([]);

    const course = await importFile(t, 'course', await workbook([['课程代码', '课程名称', '课程类型', '所属专业'], [uniqueName('KC'), '无专业课', '理论', '']]), scoped);
    expect(course).toMatchObject({ status: 400, body: { message: '导入失败，共1行有误，未导入任何数据@第2行：所属专业：您只能维护所管理院系的课程' } });
  });

  it('refuses, rather than matches, a 学号 another department’s student has', async () => {
    const response = await importFile(t, 'student', await workbook([['学号', '姓名', '班级', '年级', '学籍状态', '初始密码'], [s.other!.studentNo as string, '冒名', k.parent!.code as string, 2024, '在读', INITIAL_PASSWORD]]), scoped);
    expect(response.body.message.split('@')).toEqual(['导入失败，共1行有误，未导入任何数据', '第2行：学号已存在']);
  });
});
