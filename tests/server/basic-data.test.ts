import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartOptionRow } from '@contract/basic-data.ts';
import type { PageResult } from '@contract/resource.ts';
import { basicBuilding, basicCampus, basicClass } from '../../server/db/schema.ts';
import { basicCalls, exportFile, importFile, readExport, workbook, type Row } from './basic-support.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// 基础数据 through the resource routes: refs and their labels, in-use refusals, number search, Excel by label or code.
let t: TestApp;
let admin: string;
let calls: ReturnType<typeof basicCalls>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  calls = basicCalls(t);
});
afterAll(() => t.close());

describe('campus, building and classroom', () => {
  it('adds a building on a campus and answers it with the campus name beside the id', async () => {
    const campus = await calls.campus(admin, { name: uniqueName('东校区'), address: '学府路1号', sortNo: 2 });
    expect(campus).toMatchObject({ address: '学府路1号', sortNo: 2, createTime: expect.stringMatching(/^\d{4}-/) });
    const building = expectOk(await calls.add('building', { campusId: campus.id, code: uniqueName('B'), name: '实训楼', floors: 5 }, admin), '添加成功！');
    expect(building).toMatchObject({ campusId: campus.id, campusId_dictText: campus.name, floors: 5 });
    expect(expectOk(await calls.byId('building', building.id, admin))).toMatchObject({ campusId_dictText: campus.name });
    const listed = expectOk(await calls.list('building', admin, { campusId: campus.id }));
    expect(listed.records.map((r) => [r.name, r.campusId_dictText])).toEqual([['实训楼', campus.name]]);
  });

  it('refuses a campus that does not exist, with the ref’s own message', async () => {
    expectError(await calls.add('building', { campusId: 'no-such-campus', code: uniqueName('B'), name: '无校区楼' }, admin), 400, '所选校区不存在');
    expectError(await calls.add('building', { code: uniqueName('B'), name: '无校区楼' }, admin), 400, '请选择所属校区');
  });

  it('takes a classroom’s type and status from their dictionaries', async () => {
    const building = await calls.building(admin, (await calls.campus(admin)).id);
    const room = expectOk(await calls.add('classroom', { buildingId: building.id, code: uniqueName('R'), name: '机房101', type: '4', capacity: 48, status: '1' }, admin));
    expect(room).toMatchObject({ buildingId_dictText: building.name, type: '4', capacity: 48 });
    expect(expectOk(await calls.list('classroom', admin, { buildingId: building.id, type: '4' })).total).toBe(1);
    expect(expectOk(await calls.list('classroom', admin, { buildingId: building.id, type: '3' })).total).toBe(0);
  });

  it('refuses deleting a campus with buildings and a building with rooms, saying by what and how many', async () => {
    const campus = await calls.campus(admin);
    const [first, second] = [await calls.building(admin, campus.id), await calls.building(admin, campus.id)];
    expectOk(await calls.add('classroom', { buildingId: first.id, code: uniqueName('R'), name: '教室', type: '1', status: '1' }, admin));
    expectError(await calls.remove('campus', campus.id, admin), 400, '该校区下还有 2 栋楼宇，不能删除');
    expectError(await calls.remove('building', first.id, admin), 400, '该楼宇下还有 1 间教室，不能删除');
    // A batch names its first blocking row.
    expectError(await calls.removeBatch('building', [second.id, first.id], admin), 400, `楼宇“${first.name}”下还有 1 间教室，不能删除`);
    expect(await t.db.select().from(basicBuilding).where(inArray(basicBuilding.id, [first.id, second.id]))).toHaveLength(2);
    expectOk(await calls.remove('building', second.id, admin), '删除成功!');
    expect(await t.db.select().from(basicBuilding).where(eq(basicBuilding.id, second.id))).toEqual([]);
  });
});

describe('major, class and course', () => {
  it('answers a major with its 院系’s name, and refuses a department that is no 院系', async () => {
    const depart = await calls.depart('信息学院');
    const major = await calls.major(admin, depart.id);
    expect(major).toMatchObject({ departId: depart.id, departId_dictText: depart.departName, level: '2' });
    // The school itself (orgType 1) is no 院系.
    expectError(await calls.add('major', { code: uniqueName('M'), name: '校级专业', departId: 'dep-school', level: '2' }, admin), 400, '所选院系不存在');
  });

  it('finds classes by 年级 exactly (a number), by major (an id) and by part of the name', async () => {
    const major = await calls.major(admin, (await calls.depart()).id);
    const tag = uniqueName('软件');
    for (const [grade, suffix] of [
      [2023, '1班'],
      [2024, '1班'],
      [2024, '2班'],
    ] as const)
      await calls.klass(admin, major.id, { name: `${tag}${grade}${suffix}`, grade });
    const names = async (query: Record<string, string>) => expectOk(await calls.list('class', admin, { majorId: major.id, ...query })).records.map((r) => r.name);
    expect(await names({ grade: '2024', column: 'name' })).toEqual([`${tag}20241班`, `${tag}20242班`]);
    expect(await names({ grade: '202' })).toEqual([]);
    expect(await names({ grade: '二〇二四' })).toEqual([]);
    expect(await names({ name: '2班' })).toEqual([`${tag}20242班`]);
    expect(await names({ column: 'grade', order: 'desc', pageSize: '1' })).toHaveLength(1);
    // Only declared sortable columns sort; another falls back to the default order (班级编码).
    const byCode = expectOk(await calls.list('class', admin, { majorId: major.id, column: 'majorId', order: 'desc' })).records.map((r) => r.code as string);
    expect(byCode).toEqual([...byCode].sort());
  });

  it('answers a class with its major and 班主任 by name; a blank 班主任 is none', async () => {
    const depart = await calls.depart();
    const major = await calls.major(admin, depart.id);
    const teacher = await calls.teacher(admin, depart.id, { name: '班主任甲' });
    const klass = await calls.klass(admin, major.id, { headTeacherId: teacher.id });
    expect(klass).toMatchObject({ majorId_dictText: major.name, headTeacherId: teacher.id, headTeacherId_dictText: '班主任甲' });
    const edited = expectOk(await calls.edit('class', { ...pick(klass, ['id', 'code', 'name', 'majorId', 'grade']), headTeacherId: '' }, admin), '编辑成功！');
    expect(edited).toMatchObject({ headTeacherId: null, headTeacherId_dictText: null });
    expectError(await calls.edit('class', { ...pick(klass, ['id', 'code', 'name', 'grade']), majorId: 'gone' }, admin), 400, '所选专业不存在');
    expectError(await calls.edit('class', { ...pick(klass, ['code', 'name', 'majorId', 'grade']), id: 'gone' }, admin), 404, '班级不存在');
  });

  it('keeps a course without a major as a course for every major', async () => {
    const course = await calls.course(admin, null, { credits: 2.5, hours: 40 });
    // 成绩类型: 百分制 unless chosen (成绩录入 checks each score by it).
    expect(course).toMatchObject({ majorId: null, majorId_dictText: null, credits: 2.5, hours: 40, scoreMode: 'percent' });
    expect(await calls.course(admin, null, { scoreMode: 'grade' })).toMatchObject({ scoreMode: 'grade' });
    expectError(await calls.add('course', { code: uniqueName('KC'), name: '一位小数', type: '1', credits: 1.25 }, admin), 400, '学分最多一位小数');
  });

  it('refuses deleting what is still used: a major’s classes and courses, a class’s students, a 班主任', async () => {
    const depart = await calls.depart();
    const major = await calls.major(admin, depart.id);
    const klass = await calls.klass(admin, major.id);
    const empty = await calls.klass(admin, major.id);
    await calls.course(admin, major.id);
    expectError(await calls.remove('major', major.id, admin), 400, '该专业下还有 2 个班级，不能删除');
    for (let i = 0; i < 2; i += 1) await calls.student(admin, klass.id);
    expectError(await calls.remove('class', klass.id, admin), 400, '该班级下还有 2 名学生，不能删除');
    expectError(await calls.removeBatch('class', [empty.id, klass.id], admin), 400, `班级“${klass.name}”下还有 2 名学生，不能删除`);
    expect(await t.db.select().from(basicClass).where(eq(basicClass.id, empty.id))).toHaveLength(1);

    const teacher = await calls.teacher(admin, depart.id);
    expectOk(await calls.edit('class', { ...pick(empty, ['id', 'code', 'name', 'majorId', 'grade']), headTeacherId: teacher.id }, admin));
    expectError(await calls.remove('teacher', teacher.id, admin), 400, '该教师还是 1 个班级的班主任，不能删除');

    const onlyCourses = await calls.major(admin, depart.id);
    await calls.course(admin, onlyCourses.id);
    expectError(await calls.remove('major', onlyCourses.id, admin), 400, '该专业下还有 1 门课程，不能删除');
  });
});

describe('totals of counted tables', () => {
  // Class, teacher and student lists read an unfiltered total from sys_row_count, kept by triggers.
  const storedClasses = async () => (await t.db.select({ n: count() }).from(basicClass))[0]!.n;
  const listedTotal = async (query: Record<string, string> = {}) => expectOk(await calls.list('class', admin, query)).total;

  it('keeps the unfiltered class total equal to the rows through adds, imports and deletes', async () => {
    expect(await listedTotal()).toBe(await storedClasses());
    const major = await calls.major(admin, (await calls.depart()).id);
    const added = await calls.klass(admin, major.id);
    const [a, b] = [uniqueName('K'), uniqueName('K')];
    const file = await workbook([
      ['班级编码', '班级名称', '所属专业', '年级', '班主任'],
      [a, '计数甲班', major.code as string, 2024, ''],
      [b, '计数乙班', major.code as string, 2024, ''],
    ]);
    expect(await importFile(t, 'class', file, admin)).toMatchObject({ body: { success: true, message: '导入成功，共2条' } });
    const before = await storedClasses();
    expect(await listedTotal()).toBe(before);
    const imported = await t.db.select({ id: basicClass.id }).from(basicClass).where(inArray(basicClass.code, [a, b]));
    expectOk(await calls.removeBatch('class', [added.id, ...imported.map((c) => c.id)], admin));
    expect(await storedClasses()).toBe(before - 3);
    expect(await listedTotal()).toBe(before - 3);
    // A page past the end still says how many there are; a search counts its own rows.
    expect(expectOk(await calls.list('class', admin, { pageNo: '10000' }))).toMatchObject({ records: [], total: before - 3 });
    const kept = await calls.klass(admin, major.id, { name: uniqueName('计数丙班') });
    expect(await listedTotal({ majorId: major.id })).toBe(1);
    expect(expectOk(await calls.list('class', admin, { majorId: major.id })).records.map((r) => [r.name, r.majorId_dictText])).toEqual([[kept.name, major.name]]);
  });

  it('pages a counted list the same both ways, ties too: the last page up is the first page down, reversed', async () => {
    const page = async (query: Record<string, string>) => expectOk(await calls.list('student', admin, { pageSize: '7', ...query }));
    const { total } = await page({});
    // Hundreds of students share a 年级, so the order within it is the tie-break's.
    const lastUp = await page({ column: 'grade', order: 'asc', pageNo: String(Math.ceil(total / 7)) });
    const firstDown = await page({ column: 'grade', order: 'desc' });
    expect(firstDown.records.slice(0, lastUp.records.length).map((r) => r.id)).toEqual(lastUp.records.map((r) => r.id).reverse());
  });

  it('will not start while a counted table has no index for its list’s default order', async () => {
    await t.db.execute(sql`drop index basic_student_list_order_idx`);
    try {
      await expect(startTestApp({}, { database: t.database })).rejects.toThrow('no index on basic_student (student_no, id) serves its default order');
    } finally {
      await t.db.execute(sql`create index basic_student_list_order_idx on basic_student (student_no, id)`);
    }
  });
});

describe('Excel', () => {
  it('exports the filtered list with labels for refs and dictionaries', async () => {
    const depart = await calls.depart();
    const major = await calls.major(admin, depart.id, { name: uniqueName('导出专业') });
    const teacher = await calls.teacher(admin, depart.id, { name: '导出班主任' });
    const klass = await calls.klass(admin, major.id, { name: '导出1班', grade: 2025, headTeacherId: teacher.id });
    const { status, content, headers } = await exportFile(t, 'class', admin, { majorId: major.id });
    expect(status).toBe(200);
    expect(headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('班级')}.xlsx`);
    expect(await readExport(content)).toEqual([
      ['班级编码', '班级名称', '所属专业', '年级', '班主任'],
      [klass.code as string, '导出1班', major.name as string, '2025', '导出班主任'],
    ]);
    const majors = await readExport((await exportFile(t, 'major', admin, { code: major.code as string })).content);
    expect(majors[1]).toEqual([major.code, major.name, depart.departName, '高职', '3']);
  });

  it('serves the course template as .xls (SPEC §7)', async () => {
    const { status, headers } = await exportFile(t, 'course', admin, { exportType: 'empty' });
    expect(status).toBe(200);
    expect(headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('课程导入模板')}.xls`);
  });

  it('imports classes naming their major by name or by code, then changes nothing when the file comes again', async () => {
    const depart = await calls.depart();
    const major = await calls.major(admin, depart.id, { name: uniqueName('导入专业') });
    const [a, b] = [uniqueName('K'), uniqueName('K')];
    const file = await workbook([
      ['班级编码', '班级名称', '所属专业', '年级', '班主任'],
      [a, '导入甲班', major.name as string, 2024, ''],
      [b, '导入乙班', major.code as string, '2025', ''],
    ]);
    expect(await importFile(t, 'class', file, admin)).toMatchObject({ status: 200, body: { success: true, message: '导入成功，共2条' } });
    const stored = await t.db.select().from(basicClass).where(inArray(basicClass.code, [a, b]));
    expect(stored.map((c) => [c.code, c.name, c.majorId, c.grade, c.headTeacherId]).sort()).toEqual(
      [
        [a, '导入甲班', major.id, 2024, null],
        [b, '导入乙班', major.id, 2025, null],
      ].sort(),
    );
    expect(await importFile(t, 'class', file, admin)).toMatchObject({ status: 200, body: { success: true, message: '导入成功，新增0条，2条已存在（按班级编码匹配，未修改）' } });
    expect(await t.db.select().from(basicClass).where(inArray(basicClass.code, [a, b]))).toEqual(stored);
  });

  it('names a missing or ambiguous major in the row’s report and imports nothing', async () => {
    const twin = uniqueName('同名专业');
    const [one] = [await calls.major(admin, (await calls.depart()).id, { name: twin }), await calls.major(admin, (await calls.depart()).id, { name: twin })];
    const good = uniqueName('K');
    const response = await importFile(
      t,
      'class',
      await workbook([
        ['班级编码', '班级名称', '所属专业', '年级', '班主任'],
        [good, '好班', one!.code as string, 2024, ''],
        [uniqueName('K'), '同名班', twin, 2024, ''],
        [uniqueName('K'), '无专业班', '不存在的专业', 2024, '查无此人'],
        [uniqueName('K'), '缺专业班', '', 1999, ''],
      ]),
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body.message.split('@')).toEqual([
      '导入失败，共3行有误，未导入任何数据',
      `第3行：所属专业“${twin}”有多个同名专业，请填写专业代码`,
      '第4行：所属专业“不存在的专业”不存在；班主任“查无此人”不存在',
      '第5行：请选择所属专业；年级不能小于2000',
    ]);
    expect(await t.db.select().from(basicClass).where(eq(basicClass.code, good))).toEqual([]);
  });

  it('imports campuses and refuses a code the table or the file already holds', async () => {
    const taken = (await calls.campus(admin)).code as string;
    const fresh = uniqueName('C');
    const response = await importFile(
      t,
      'campus',
      await workbook([
        ['校区编码', '校区名称', '地址', '排序'],
        [fresh, '新校区', '', 1],
        [fresh, '又一个', '', 2],
      ]),
      admin,
    );
    expect(response.body.message.split('@')).toEqual(['导入失败，共1行有误，未导入任何数据', '第3行：校区编码已存在（文件中重复）']);
    // An existing code is that campus: left as it is, not refused.
    const again = await importFile(t, 'campus', await workbook([['校区编码', '校区名称'], [taken, '改名无效']]), admin);
    expect(again.body.message).toBe('导入成功，新增0条，1条已存在（按校区编码匹配，未修改）');
    expect((await t.db.select().from(basicCampus).where(eq(basicCampus.code, taken)))[0]!.name).not.toBe('改名无效');
  });
});

describe('pickers and checks', () => {
  it('lists 院系 for the pickers, searched by name, without the school itself', async () => {
    const depart = await calls.depart('检索学院');
    const found = expectOk(await t.get<PageResult<DepartOptionRow>>('/api/basic/depart/list', admin, { departName: depart.departName, pageSize: '20' }));
    expect(found).toMatchObject({ total: 1, records: [{ id: depart.id, departName: depart.departName, orgCode: depart.orgCode }] });
    const all = expectOk(await t.get<PageResult<DepartOptionRow>>('/api/basic/depart/list', admin, { pageSize: '100' }));
    expect(all.records.map((r) => r.id)).toEqual(expect.arrayContaining(['dep-info', 'dep-mech', depart.id]));
    expect(all.records.map((r) => r.id)).not.toContain('dep-school');
  });

  it('answers /sys/duplicate/check for the basic codes, and a 学号 another account already uses as its name', async () => {
    const klass = await calls.klass(admin, (await calls.major(admin, (await calls.depart()).id)).id);
    const check = (tableName: string, fieldName: string, fieldVal: string, dataId?: string) =>
      t.get('/api/sys/duplicate/check', admin, { tableName, fieldName, fieldVal, ...(dataId ? { dataId } : {}) });
    expect((await check('basic_class', 'code', klass.code as string)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check('basic_class', 'code', klass.code as string, klass.id)).body.success).toBe(true);
    expect((await check('basic_class', 'code', uniqueName('K'))).body.success).toBe(true);
    expect((await check('basic_student', 'student_no', 'teacher01')).body.success).toBe(false);
    const student = await calls.student(admin, klass.id);
    expect((await check('basic_student', 'student_no', student.studentNo as string, student.id)).body.success).toBe(true);
    expect((await check('basic_teacher', 'work_no', student.studentNo as string)).body.success).toBe(false);
  });
});

/** The named fields of a row, for an edit body. */
function pick(row: Row, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((n) => [n, row[n]]));
}
