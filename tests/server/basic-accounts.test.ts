import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentDeparts, LoginResult } from '@contract/session.ts';
import { basicStudent, basicTeacher, internshipEnrolment, internshipProgram, sysSession, sysUser, sysUserDepart, sysUserRole } from '../../server/db/schema.ts';
import { verifyPassword } from '../../server/lib/crypto.ts';
import { INITIAL_PASSWORD, basicCalls, importFile, workbook, type Row } from './basic-support.ts';
import { expectError, expectOk, startTestApp, uniqueName, uniquePhone, type TestApp } from './harness.ts';

// Teachers and students own a login account, kept in step with the person; its first login must change the initial password.
let t: TestApp;
let admin: string;
let calls: ReturnType<typeof basicCalls>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  calls = basicCalls(t);
});
afterAll(() => t.close());

const account = async (userId: unknown) => (await t.db.select().from(sysUser).where(eq(sysUser.id, String(userId))))[0];
const departsOf = async (userId: unknown) => (await t.db.select({ id: sysUserDepart.departId }).from(sysUserDepart).where(eq(sysUserDepart.userId, String(userId)))).map((d) => d.id).sort();
const rolesOf = async (userId: unknown) => (await t.db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, String(userId)))).map((r) => r.id);

/** A class of a major of a new 院系, for students to join. */
async function classIn(departId?: string) {
  const depart = departId ? { id: departId } : await calls.depart();
  const major = await calls.major(admin, depart.id);
  return { departId: depart.id, klass: await calls.klass(admin, major.id) };
}

async function passwordChange(token: string, oldpassword: string, password: string) {
  const body = Object.fromEntries(await Promise.all(Object.entries({ oldpassword, password, confirmpassword: password }).map(async ([k, v]) => [k, await t.encrypt(v)])));
  return t.put('/api/sys/user/updatePassword', body, token);
}

describe('the account of a new teacher or student', () => {
  it('creates a teacher’s account: 工号 as its name, yhlx 0, 指导教师, the teacher’s 院系, the initial password to change', async () => {
    const depart = await calls.depart();
    const phone = uniquePhone();
    const teacher = await calls.teacher(admin, depart.id, { name: '孙老师', sex: '2', phone });
    const user = await account(teacher.userId);
    expect(user).toMatchObject({ username: teacher.workNo, workNo: teacher.workNo, realname: '孙老师', sex: 2, phone, yhlx: '0', status: 1, passwordChangeRequired: true, currentDepartId: depart.id });
    expect(await verifyPassword(INITIAL_PASSWORD, user!.passwordHash)).toBe(true);
    expect(await rolesOf(teacher.userId)).toEqual(['role-teacher']);
    expect(await departsOf(teacher.userId)).toEqual([depart.id]);
    expect(teacher).toMatchObject({ username: teacher.workNo, accountStatus: '1', departId_dictText: depart.departName });
    expect(teacher).not.toHaveProperty('password');
  });

  it('creates a student’s account: 学号 as its name, yhlx 1, 学生, the 院系 of the class’s major; a frozen one from the start', async () => {
    const { departId, klass } = await classIn();
    const student = await calls.student(admin, klass.id, { accountStatus: '2' });
    expect(await account(student.userId)).toMatchObject({ username: student.studentNo, workNo: student.studentNo, yhlx: '1', status: 2, passwordChangeRequired: true, currentDepartId: departId });
    expect(await rolesOf(student.userId)).toEqual(['role-student']);
    expect(await departsOf(student.userId)).toEqual([departId]);
    expect(student).toMatchObject({ accountStatus: '2', classId_dictText: klass.name });
    expect(expectOk(await calls.list('student', admin, { studentNo: student.studentNo as string })).records[0]).toMatchObject({ userId: student.userId, username: student.studentNo, accountStatus: '2' });
  });

  it('refuses a 学号 or 工号 another account has as its name or 工号, and a phone another account holds', async () => {
    const { klass } = await classIn();
    const before = (await t.db.select({ id: sysUser.id }).from(sysUser)).length;
    expectError(await calls.add('student', { studentNo: 'teacher01', name: '重名', classId: klass.id, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin), 400, '学号已被其他账号（用户名或工号）使用');
    expectError(await calls.add('student', { studentNo: 'T2018001', name: '重工号', classId: klass.id, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin), 400, '学号已被其他账号（用户名或工号）使用');
    expectError(await calls.add('student', { studentNo: uniqueName('S'), name: '重手机', phone: '13800000002', classId: klass.id, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin), 400, '手机号码已被其他账号使用');
    const existing = await calls.student(admin, klass.id);
    expectError(await calls.add('student', { studentNo: existing.studentNo, name: '重学号', classId: klass.id, grade: 2024, status: '1', password: INITIAL_PASSWORD }, admin), 400, '学号已存在');
    expectError(await calls.add('teacher', { workNo: existing.studentNo, name: '借学号', departId: 'dep-info', password: INITIAL_PASSWORD }, admin), 400, '工号已被其他账号（用户名或工号）使用');
    expectError(await calls.add('student', { studentNo: uniqueName('S'), name: '弱密码', classId: klass.id, grade: 2024, status: '1', password: '12345678' }, admin), 400, '密码由8位数字、大小写字母和特殊符号组成!');
    expect((await t.db.select({ id: sysUser.id }).from(sysUser)).length).toBe(before + 1);
  });
});

describe('the list of students', () => {
  it('finds a 学号 by its start (an index serves it at 20,000 students), not by a part in the middle', async () => {
    const { klass } = await classIn();
    const prefix = uniqueName('P');
    const student = await calls.student(admin, klass.id, { studentNo: `${prefix}0042` });
    const found = async (studentNo: string) => expectOk(await calls.list('student', admin, { studentNo })).records.map((r) => r.id);
    expect(await found(prefix)).toEqual([student.id]);
    expect(await found(prefix.toLowerCase())).toEqual([student.id]);
    expect(await found(`${prefix.slice(2)}0042`)).toEqual([]);
    expect(await found('_')).toEqual([]);
  });
});

describe('editing, freezing and deleting keep the account in step', () => {
  it('moves the account with the student: name, sex, phone, the new class’s 院系; the 学号 stays', async () => {
    const first = await classIn();
    const second = await classIn();
    const student = await calls.student(admin, first.klass.id);
    const phone = uniquePhone();
    const body = { id: student.id, studentNo: student.studentNo, name: '陈改名', sex: '1', phone, classId: second.klass.id, grade: 2024, status: '2' };
    const edited = expectOk(await calls.edit('student', body, admin), '编辑成功！');
    expect(edited).toMatchObject({ name: '陈改名', status: '2', classId_dictText: second.klass.name, accountStatus: '1' });
    expect(await account(student.userId)).toMatchObject({ realname: '陈改名', sex: 1, phone, currentDepartId: second.departId, status: 1 });
    expect(await departsOf(student.userId)).toEqual([second.departId]);
    expectError(await calls.edit('student', { ...body, studentNo: uniqueName('S') }, admin), 400, '学号不能修改');
    expectError(await calls.edit('student', { ...body, phone: '13800000003' }, admin), 400, '手机号码已被其他账号使用');
    // A blank phone is none, on the person and on the account.
    expectOk(await calls.edit('student', { ...body, phone: '' }, admin));
    expect(await account(student.userId)).toMatchObject({ phone: null });
  });

  it('keeps the departments given to a teacher’s account elsewhere when the teacher moves', async () => {
    const [a, b] = [await calls.depart(), await calls.depart()];
    const teacher = await calls.teacher(admin, a.id);
    await t.db.insert(sysUserDepart).values({ userId: String(teacher.userId), departId: 'dep-econ' });
    expectOk(await calls.edit('teacher', { id: teacher.id, workNo: teacher.workNo, name: teacher.name, departId: b.id }, admin));
    expect(await departsOf(teacher.userId)).toEqual([b.id, 'dep-econ'].sort());
    expect(await account(teacher.userId)).toMatchObject({ currentDepartId: b.id });
  });

  it('freezes the account with 账号状态 冻结, ending its sessions, and unfreezes it', async () => {
    const { klass } = await classIn();
    const student = await calls.student(admin, klass.id);
    const token = await t.login(student.studentNo as string, INITIAL_PASSWORD);
    const body = { id: student.id, studentNo: student.studentNo, name: student.name, classId: klass.id, grade: 2024, status: '1' };
    expect(expectOk(await calls.edit('student', { ...body, accountStatus: '2' }, admin))).toMatchObject({ accountStatus: '2' });
    expect(await account(student.userId)).toMatchObject({ status: 2 });
    expect((await t.get('/api/sys/user/getCurrentUserRoles', token)).status).toBe(401);
    expect(await t.db.select().from(sysSession).where(and(eq(sysSession.userId, String(student.userId))))).toEqual([expect.objectContaining({ revokedAt: expect.any(Date) })]);
    expectError(await t.loginRequest(student.studentNo as string, INITIAL_PASSWORD), 400, '该账号已冻结或尚未通过审核，请联系管理员');
    expectOk(await calls.edit('student', { ...body, accountStatus: '1' }, admin));
    await t.login(student.studentNo as string, INITIAL_PASSWORD);
  });

  it('never freezes the account of the one editing', async () => {
    const depart = await calls.depart();
    const teacher = await calls.teacher(admin, depart.id);
    await calls.grantRole(String(teacher.userId), 'role-admin');
    await t.db.update(sysUser).set({ passwordChangeRequired: false }).where(eq(sysUser.id, String(teacher.userId)));
    await t.db.delete(sysUserRole).where(and(eq(sysUserRole.userId, String(teacher.userId)), eq(sysUserRole.roleId, 'role-teacher')));
    const token = await t.login(teacher.workNo as string, INITIAL_PASSWORD);
    const body = { id: teacher.id, workNo: teacher.workNo, name: teacher.name, departId: depart.id, accountStatus: '2' };
    expectError(await calls.edit('teacher', body, token), 400, '不能冻结当前登录的账号');
    expect(await account(teacher.userId)).toMatchObject({ status: 1 });
  });

  it('deletes the person with the account, one or a batch', async () => {
    const { departId, klass } = await classIn();
    const students = [await calls.student(admin, klass.id), await calls.student(admin, klass.id)];
    const teacher = await calls.teacher(admin, departId);
    expectOk(await calls.remove('teacher', teacher.id, admin), '删除成功!');
    expectOk(await calls.removeBatch('student', students.map((s) => s.id), admin), '删除成功!');
    const userIds = [teacher, ...students].map((p) => String(p.userId));
    expect(await t.db.select().from(sysUser).where(inArray(sysUser.id, userIds))).toEqual([]);
    expect(await t.db.select().from(basicStudent).where(inArray(basicStudent.id, students.map((s) => s.id)))).toEqual([]);
    expect(await t.db.select().from(basicTeacher).where(eq(basicTeacher.id, teacher.id))).toEqual([]);
  });

  it('refuses deleting a student with internship records, and a teacher advising them', async () => {
    const { departId, klass } = await classIn();
    const student = await calls.student(admin, klass.id);
    const teacher = await calls.teacher(admin, departId);
    const [program] = await t.db.insert(internshipProgram).values({ name: '删除测试实习', type: 'post', startDate: '2026-03-02', endDate: '2026-06-30' }).returning();
    await t.db.insert(internshipEnrolment).values({ programId: program!.id, studentUserId: String(student.userId), adviserUserId: String(teacher.userId), startDate: '2026-03-02', endDate: '2026-06-30' });
    expectError(await calls.remove('student', student.id, admin), 400, '该学生还有 1 条实习记录，不能删除');
    expectError(await calls.remove('teacher', teacher.id, admin), 400, '该教师还在指导 1 条实习记录，不能删除');
    expect(await account(student.userId)).toBeDefined();
    expect(await account(teacher.userId)).toBeDefined();
  });
});

describe('the first login', () => {
  it('says the initial password must be changed, serves only the change and the shell until it is, then everything', async () => {
    const { klass } = await classIn();
    const student = await calls.student(admin, klass.id);
    const username = student.studentNo as string;
    const login = expectOk(await t.loginRequest(username, INITIAL_PASSWORD));
    expect(login.userInfo).toMatchObject({ username, passwordChangeRequired: true });
    const token = login.token;

    for (const url of ['/api/dashboard/mine', '/api/sys/annountCement/listByUser', '/api/internship/weekly/mine']) expectError(await t.get(url, token), 403, '请先修改初始密码');
    expectOk(await t.get('/api/sys/permission/getUserPermissionByToken', token));
    expectOk(await t.get('/api/sys/user/getCurrentUserRoles', token));
    expect(expectOk(await t.get<CurrentDeparts>('/api/sys/user/getCurrentUserDeparts', token)).list).toHaveLength(1);
    expectOk(await t.get('/api/sys/getEncryptedString'));

    expectError(await passwordChange(token, INITIAL_PASSWORD, INITIAL_PASSWORD), 400, '新密码不能与初始密码相同');
    expectOk(await passwordChange(token, INITIAL_PASSWORD, 'Mine#2026b'), '密码修改成功！');
    expect(await account(student.userId)).toMatchObject({ passwordChangeRequired: false });
    expectOk(await t.get('/api/dashboard/mine', token));
    expect(expectOk(await t.loginRequest(username, 'Mine#2026b')).userInfo.passwordChangeRequired).toBe(false);
  });

  it('lets the account log out, and change the password from the login page instead', async () => {
    const depart = await calls.depart();
    const teacher = await calls.teacher(admin, depart.id);
    const username = teacher.workNo as string;
    expectOk(await t.post('/api/sys/logout', {}, await t.login(username, INITIAL_PASSWORD)));
    const body = Object.fromEntries(
      await Promise.all(Object.entries({ username, oldpassword: INITIAL_PASSWORD, password: 'Mine#2026c', confirmpassword: 'Mine#2026c' }).map(async ([k, v]) => [k, await t.encrypt(v)])),
    );
    expectOk(await t.post('/api/sys/user/alterPassword', body));
    const login = expectOk(await t.loginRequest(username, 'Mine#2026c'));
    expect((login as LoginResult).userInfo.passwordChangeRequired).toBe(false);
    expectOk(await t.get('/api/dashboard/mine', login.token));
  });
});

describe('importing students and teachers', () => {
  const HEADER = ['学号', '姓名', '性别', '出生日期', '手机号码', '班级', '年级', '学籍状态', '初始密码'];

  it('creates every account with one hash of the shared initial password; the same file again changes nothing', async () => {
    const { departId, klass } = await classIn();
    const numbers = [uniqueName('S'), uniqueName('S'), uniqueName('S')];
    const file = await workbook([
      HEADER,
      [numbers[0]!, '导入一', '男', '2006-01-02', uniquePhone(), klass.name as string, 2024, '在读', INITIAL_PASSWORD],
      [numbers[1]!, '导入二', '女', '', '', klass.code as string, '2024', '在读', INITIAL_PASSWORD],
      [numbers[2]!, '导入三', '', '', '', klass.code as string, 2024, '休学', INITIAL_PASSWORD],
    ]);
    expect(await importFile(t, 'student', file, admin)).toMatchObject({ status: 200, body: { success: true, message: '导入成功，共3条' } });
    const users = await t.db.select().from(sysUser).where(inArray(sysUser.username, numbers));
    expect(users.map((u) => [u.username, u.yhlx, u.passwordChangeRequired, u.currentDepartId]).sort()).toEqual(numbers.map((n) => [n, '1', true, departId]).sort());
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(1);
    expect(await verifyPassword(INITIAL_PASSWORD, users[0]!.passwordHash)).toBe(true);
    const students = await t.db.select().from(basicStudent).where(inArray(basicStudent.studentNo, numbers));
    expect(students.map((s) => [s.studentNo, s.classId, s.sex, s.status]).sort()).toEqual(
      [
        [numbers[0], klass.id, '1', '1'],
        [numbers[1], klass.id, '2', '1'],
        [numbers[2], klass.id, null, '2'],
      ].sort(),
    );

    expect(await importFile(t, 'student', file, admin)).toMatchObject({ status: 200, body: { message: '导入成功，新增0条，3条已存在（按学号匹配，未修改）' } });
    expect(await t.db.select().from(sysUser).where(inArray(sysUser.username, numbers))).toEqual(users);
  });

  it('names every bad row of a file and creates no account at all', async () => {
    const { klass } = await classIn();
    const existing = await calls.student(admin, klass.id);
    const good = uniqueName('S');
    const phone = uniquePhone();
    const response = await importFile(
      t,
      'student',
      await workbook([
        HEADER,
        [good, '好学生', '男', '', phone, klass.code as string, 2024, '在读', INITIAL_PASSWORD],
        ['teacher01', '占用账号', '', '', '', klass.code as string, 2024, '在读', INITIAL_PASSWORD],
        [uniqueName('S'), '手机被占', '', '', '13800000002', klass.code as string, 2024, '在读', INITIAL_PASSWORD],
        [uniqueName('S'), '手机重复', '', '', phone, klass.code as string, 2024, '在读', INITIAL_PASSWORD],
        [existing.studentNo as string, '已有学号', '', '', '', uniqueName('无此班'), 2024, '在读', INITIAL_PASSWORD],
        [uniqueName('S'), '弱密码', '', '', '', klass.code as string, 2024, '在读', 'abc'],
        [good, '重复学号', '', '', '', klass.code as string, 2024, '在读', INITIAL_PASSWORD],
      ]),
      admin,
    );
    expect(response.status).toBe(400);
    const lines = response.body.message.split('@');
    expect(lines[0]).toBe('导入失败，共6行有误，未导入任何数据');
    expect(lines.slice(1)).toEqual([
      '第3行：学号已被其他账号（用户名或工号）使用',
      '第4行：手机号码已被其他账号使用',
      '第5行：手机号码（文件中重复）',
      expect.stringMatching(/^第6行：班级“无此班\w+”不存在$/),
      '第7行：初始密码：密码由8位数字、大小写字母和特殊符号组成!',
      '第8行：学号已存在（文件中重复）',
    ]);
    expect(await t.db.select().from(sysUser).where(eq(sysUser.username, good))).toEqual([]);
  });

  it('imports teachers with their accounts, naming the 院系 by name or code', async () => {
    const depart = await calls.depart('导入学院');
    const [a, b] = [uniqueName('T'), uniqueName('T')];
    const file = await workbook([
      ['工号', '姓名', '性别', '手机号码', '所属院系', '职称', '初始密码'],
      [a, '导入教师甲', '男', '', depart.departName, '讲师', INITIAL_PASSWORD],
      [b, '导入教师乙', '女', '', depart.orgCode, '', INITIAL_PASSWORD],
    ]);
    expect((await importFile(t, 'teacher', file, admin)).body.message).toBe('导入成功，共2条');
    const users = await t.db.select().from(sysUser).where(inArray(sysUser.username, [a, b]));
    expect(users.map((u) => [u.yhlx, u.currentDepartId, u.passwordChangeRequired])).toEqual([
      ['0', depart.id, true],
      ['0', depart.id, true],
    ]);
    const rows = expectOk(await calls.list('teacher', admin, { departId: depart.id, column: 'workNo' })).records;
    expect(rows.map((r: Row) => [r.workNo, r.title, r.username])).toEqual([
      [a, '3', a],
      [b, null, b],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
  });
});
