import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { PROGRAM_DEFAULTS, PROGRAM_MSG, PROGRAM_URL, termLabelOf, type EnrolResult, type ProgramClassRow, type ProgramStudentRow } from '@contract/internship-program.ts';
import { postPlacementRefusals, ruleMessage } from '@contract/internship-rules.ts';
import type { PageResult } from '@contract/resource.ts';
import { basicStudent, internshipEnrolment, internshipProgram } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// 实习计划: the weights and dates each program must keep, its status actions, enrolment by class with the
// 2021 rules' refusals, and who sees what (实习办 all; 院系管理员 their department's, the school's read-only).
let t: TestApp;
let office: string;
let dept: string;
const tag = uniqueName('计划');
const API = '/api/internshipprogram/ti01';

type Program = { id: string; name: string; status: string; departId: string | null };
/** Next spring's term: a new program is still to be run. */
const YEAR = Number(schoolToday().slice(0, 4)) + 1;
const START = `${YEAR}-03-02`;
const END = `${YEAR}-07-31`;
const programInput = (overrides: Record<string, unknown> = {}) => ({
  ...PROGRAM_DEFAULTS,
  name: `${tag}${uniqueName('')}`,
  term: `${YEAR - 1}-${YEAR}学年第二学期`,
  departId: null,
  startDate: START,
  endDate: END,
  ...overrides,
});
const create = async (token: string, overrides: Record<string, unknown> = {}) => expectOk(await t.post<Program>(`${API}/add`, programInput(overrides), token));
const setStatus = (id: string, status: string, token = office) => t.post<null>(`/api${PROGRAM_URL.status}`, { id, status }, token);
const enrol = (programId: string, classIds: string[], token = office) => t.post<EnrolResult>(`/api${PROGRAM_URL.enrol}`, { programId, classIds }, token);
const students = (programId: string, token: string, query: Record<string, string> = {}) =>
  t.get<PageResult<ProgramStudentRow>>(`/api${PROGRAM_URL.students}`, token, { programId, pageSize: '200', ...query });
const studying = async (classIds: string[]) =>
  t.db
    .select({ name: basicStudent.name, grade: basicStudent.grade, birthday: basicStudent.birthday, studentNo: basicStudent.studentNo, status: basicStudent.status })
    .from(basicStudent)
    .where(inArray(basicStudent.classId, classIds))
    .orderBy(basicStudent.studentNo);

beforeAll(async () => {
  t = await startTestApp();
  office = await t.login('office01');
  dept = await t.login('dept01');
});
afterAll(() => t.close());

describe('the form’s rules, on the server', () => {
  it('refuses weights that do not add up to 100 with the sum, and saves nothing', async () => {
    const name = `${tag}权重`;
    expectError(await t.post(`${API}/add`, programInput({ name, weightReport: 0 }), office), 400, '四项成绩权重之和须为100，现为 90');
    const [saved] = await t.db.select({ n: count() }).from(internshipProgram).where(eq(internshipProgram.name, name));
    expect(saved!.n).toBe(0);
    const program = await create(office);
    expectError(await t.put(`${API}/edit`, { ...programInput({ weightMentor: 50 }), id: program.id }, office), 400, '四项成绩权重之和须为100，现为 110');
  });

  it('refuses an end before the start; the same day is fine', async () => {
    expectError(await t.post(`${API}/add`, programInput({ endDate: `${YEAR}-03-01` }), office), 400, PROGRAM_MSG.dateOrder);
    expect((await create(office, { endDate: START })).status).toBe('draft');
  });

  it('checks 学期 against the start date: its shape, and the term the program starts in', async () => {
    expectError(await t.post(`${API}/add`, programInput({ term: '下学期' }), office), 400, PROGRAM_MSG.termShape);
    const autumn = `${YEAR - 1}-${YEAR}学年第一学期`;
    expectError(await t.post(`${API}/add`, programInput({ term: autumn }), office), 400, PROGRAM_MSG.termDates(START, `${YEAR - 1}-${YEAR}学年第二学期`));
    expect(termLabelOf(`${YEAR}-09-01`)).toBe(`${YEAR}-${YEAR + 1}学年第一学期`);
    expect(termLabelOf(`${YEAR}-01-15`)).toBe(`${YEAR - 1}-${YEAR}学年第一学期`);
    expect((await create(office, { term: autumn, startDate: `${YEAR - 1}-09-07`, endDate: `${YEAR}-01-15` })).status).toBe('draft');
    expect((await create(office, { term: '' })).status).toBe('draft');
  });

  it('refuses a new program that has ended already (a mistyped year); an edit of an old one keeps its dates', async () => {
    const today = schoolToday();
    const past = { startDate: addDays(today, -120), endDate: addDays(today, -1), term: termLabelOf(addDays(today, -120)) };
    expectError(await t.post(`${API}/add`, programInput(past), office), 400, PROGRAM_MSG.endedBefore(today));
    const [saved] = await t.db.select({ n: count() }).from(internshipProgram).where(eq(internshipProgram.startDate, past.startDate));
    const old = await create(office, { startDate: addDays(today, -120), endDate: today, term: past.term });
    expectOk(await t.put(`${API}/edit`, { ...programInput({ ...past, name: old.name }), id: old.id }, office), '编辑成功！');
    expect((await t.db.select({ n: count() }).from(internshipProgram).where(eq(internshipProgram.startDate, past.startDate)))[0]!.n).toBe(saved!.n + 1);
  });

  it('keeps the score precision as 整数 or 一位小数', async () => {
    const program = await create(office, { scorePrecision: '1' });
    expect(expectOk(await t.get<{ scorePrecision: string }>(`${API}/queryById`, office, { id: program.id })).scorePrecision).toBe('1');
    const [row] = await t.db.select({ p: internshipProgram.scorePrecision }).from(internshipProgram).where(eq(internshipProgram.id, program.id));
    expect(row!.p).toBe(1);
    expectError(await t.post(`${API}/add`, programInput({ scorePrecision: '2' }), office), 400, '请选择成绩精度');
  });
});

describe('status', () => {
  it('goes 草稿 → 进行中 → 已结束 and back to 草稿 while nothing has started; 已结束 is final', async () => {
    const program = await create(office);
    expectError(await setStatus(program.id, 'ended'), 400, '实习计划不能从“草稿”改为“已结束”');
    expectOk(await setStatus(program.id, 'running'), '实习计划已启动');
    expectOk(await setStatus(program.id, 'draft'), '实习计划已退回草稿');
    expectOk(await setStatus(program.id, 'running'));
    expectOk(await setStatus(program.id, 'ended'), '实习计划已结束');
    expectError(await setStatus(program.id, 'running'), 400, '实习计划不能从“已结束”改为“进行中”');
    expectError(await t.put(`${API}/edit`, { ...programInput(), id: program.id }, office), 400, PROGRAM_MSG.ended);
    expectError(await enrol(program.id, ['class-20230301']), 400, PROGRAM_MSG.enrolEnded);
  });

  it('refuses 退回草稿 once a placement has started, and deleting a program with placements', async () => {
    const program = await create(office);
    expectOk(await setStatus(program.id, 'running'));
    const result = expectOk(await enrol(program.id, ['class-20230301']));
    expect(result.enrolled).toBeGreaterThan(0);
    const [first] = await t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(eq(internshipEnrolment.programId, program.id)).limit(1);
    await t.db.update(internshipEnrolment).set({ status: 'active' }).where(eq(internshipEnrolment.id, first!.id));
    expectError(await setStatus(program.id, 'draft'), 400, PROGRAM_MSG.started(1));
    expectError(await t.request('DELETE', `${API}/delete`, { token: office, query: { id: program.id } }), 400, PROGRAM_MSG.inUse('该实习计划', result.enrolled));
    const empty = await create(office);
    expectOk(await t.request('DELETE', `${API}/delete`, { token: office, query: { id: empty.id } }), '删除成功!');
  });
});

describe('按班级报名', () => {
  it('enrols each 在读 student of the classes once, 未开始 with the program’s dates and no unit, and says who was left out', async () => {
    const program = await create(office);
    const classIds = ['class-20230301', 'class-20230401'];
    const all = await studying(classIds);
    const onLeave = all.filter((s) => s.status !== '1');
    const result = expectOk(await enrol(program.id, classIds));
    expect(result.enrolled).toBe(all.length - onLeave.length);
    expect(result.skipped.map((s) => [s.studentNo, s.reason])).toEqual(onLeave.map((s) => [s.studentNo, PROGRAM_MSG.notStudying]));
    const rows = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.programId, program.id));
    expect(rows).toHaveLength(result.enrolled);
    expect(new Set(rows.map((r) => `${r.status} ${r.startDate} ${r.endDate} ${r.unitId}`))).toEqual(new Set([`pending ${START} ${END} null`]));
    const classes = expectOk(await t.get<ProgramClassRow[]>(`/api${PROGRAM_URL.classes}`, office, { programId: program.id }));
    expect(classes.map((c) => c.id).sort()).toEqual(classIds);
    expect(classes.reduce((n, c) => n + c.enrolled, 0)).toBe(result.enrolled);

    const again = expectOk(await enrol(program.id, classIds), `报名完成：新增 0 人，未报名 ${all.length} 人`);
    expect(again.enrolled).toBe(0);
    expect(new Set(again.skipped.filter((s) => !onLeave.some((o) => o.studentNo === s.studentNo)).map((s) => s.reason))).toEqual(new Set([PROGRAM_MSG.alreadyIn]));
  });

  it('keeps a first-year class out of a 岗位实习 with the rule’s message, and takes it into a 认识实习', async () => {
    // Run last spring, when the 2025级 were in their first year (stored as the demo's past programs are).
    const [post] = await t.db.insert(internshipProgram).values({ name: `${tag}${uniqueName('')}`, type: 'post', startDate: '2026-03-02', endDate: '2026-07-31', status: 'draft' }).returning({ id: internshipProgram.id });
    const first = (await studying(['class-20250301'])).filter((s) => s.status === '1');
    const refused = expectOk(await enrol(post!.id, ['class-20250301']));
    expect(refused.enrolled).toBe(0);
    const kept = refused.skipped.filter((s) => s.reason !== PROGRAM_MSG.notStudying);
    expect(kept).toHaveLength(first.length);
    const [one] = kept;
    const student = first.find((s) => s.studentNo === one!.studentNo)!;
    expect(one!.reason).toBe(postPlacementRefusals(student, '2026-03-02').join('；'));
    expect(one!.reason.startsWith(ruleMessage('firstYear', `${student.name}是2025级学生，2026-03-02时仍在一年级`))).toBe(true);
    expect(one!.reason).toContain('《职业学校学生实习管理规定》（教职成〔2021〕4号）第十六条');

    const [cognition] = await t.db.insert(internshipProgram).values({ name: `${tag}${uniqueName('')}`, type: 'cognition', startDate: '2026-03-02', endDate: '2026-07-31', status: 'draft' }).returning({ id: internshipProgram.id });
    expect(expectOk(await enrol(cognition!.id, ['class-20250301'])).enrolled).toBe(first.length);
  });

  it('refuses a class of another department for a department’s program, and a class that does not exist', async () => {
    const program = await create(office, { departId: 'dep-info' });
    expectError(await enrol(program.id, ['class-20230301']), 400, PROGRAM_MSG.classDepart('机电一体化技术2023级1班'));
    expectError(await enrol(program.id, ['class-nope']), 404, '班级不存在');
    expectError(await enrol(program.id, []), 400, PROGRAM_MSG.noClasses);
  });
});

describe('who sees what', () => {
  let mech: Program;
  let school: Program;
  beforeAll(async () => {
    mech = await create(office, { departId: 'dep-mech' });
    school = await create(office);
    expectOk(await enrol(school.id, ['class-20230201', 'class-20230301']));
  });

  it('the 院系管理员 lists their department’s programs and the school’s, never another department’s', async () => {
    const own = await create(dept, { departId: 'dep-info' });
    const names = expectOk(await t.get<PageResult<Program>>(`${API}/list`, dept, { name: tag, pageSize: '200' })).records.map((r) => r.id);
    expect(names).toContain(own.id);
    expect(names).toContain(school.id);
    expect(names).not.toContain(mech.id);
    expectError(await t.get(`${API}/queryById`, dept, { id: mech.id }), 404, '实习计划不存在');
  });

  it('getStuList: office01 sees every enrolled student, dept01 only their department’s; another department’s program is absent', async () => {
    const inInfo = (await studying(['class-20230201'])).filter((s) => s.status === '1').length;
    const inMech = (await studying(['class-20230301'])).filter((s) => s.status === '1').length;
    const all = expectOk(await students(school.id, office));
    expect(all.total).toBe(inInfo + inMech);
    expect(all.records[0]).toMatchObject({ className: '计算机网络技术2023级1班', unitName: null, post: null, adviserName: null, status: 'pending' });
    const mine = expectOk(await students(school.id, dept));
    expect(mine.total).toBe(inInfo);
    expect(new Set(mine.records.map((r) => r.className))).toEqual(new Set(['计算机网络技术2023级1班']));
    expectError(await students(mech.id, dept), 404, '实习计划不存在');
    const named = mine.records[3]!;
    expect(expectOk(await students(school.id, dept, { keyword: named.studentNo })).records.map((r) => r.name)).toEqual([named.name]);
    expect(expectOk(await students(school.id, office, { pageSize: '10', pageNo: '2' })).records).toHaveLength(10);
  });

  it('the 院系管理员 only reads the school’s programs (403), and cannot reach another department’s (404)', async () => {
    expectError(await t.put(`${API}/edit`, { ...programInput(), id: school.id }, dept), 403, '您只能维护所管理院系的实习计划');
    expectError(await setStatus(school.id, 'running', dept), 403, PROGRAM_MSG.schoolWide);
    expectError(await enrol(school.id, ['class-20230101'], dept), 403, PROGRAM_MSG.schoolWide);
    expectError(await t.post(`${API}/add`, programInput(), dept), 403, '您只能维护所管理院系的实习计划');
    expectError(await t.post(`${API}/add`, programInput({ departId: 'dep-mech' }), dept), 403, '所选院系不在您管理的院系内');
    expectError(await enrol(mech.id, ['class-20230301'], dept), 404, '实习计划不存在');
    expectError(await setStatus(mech.id, 'running', dept), 404, '实习计划不存在');
  });

  it('the 院系管理员 enrols their own classes into their program, and another department’s class is absent (404)', async () => {
    const own = await create(dept, { departId: 'dep-info', type: 'cognition' });
    expectError(await enrol(own.id, ['class-20230301'], dept), 404, '班级不存在');
    const result = expectOk(await enrol(own.id, ['class-20250101'], dept));
    expect(result.enrolled).toBeGreaterThan(0);
    const options = expectOk(await t.get<PageResult<{ id: string }>>(`/api${PROGRAM_URL.classOptions}`, dept, { pageSize: '100' }));
    expect(options.total).toBe(8);
    expect(expectOk(await t.get<PageResult<{ id: string }>>(`/api${PROGRAM_URL.classOptions}`, office, { pageSize: '100' })).total).toBe(24);
  });
});

describe('the demo programs', () => {
  it('2026届岗位实习 has its grade-2023 classes enrolled, student01’s placement as it was; a running 认识实习 and a draft 2027届', async () => {
    const programs = await t.db.select().from(internshipProgram).where(inArray(internshipProgram.name, ['2026届岗位实习', '软件技术2025级认识实习', '2027届岗位实习']));
    expect(programs.map((p) => `${p.name} ${p.type} ${p.status}`).sort()).toEqual(['2026届岗位实习 post running', '2027届岗位实习 post draft', '软件技术2025级认识实习 cognition running']);
    const post = programs.find((p) => p.name === '2026届岗位实习')!;
    const list = expectOk(await students(post.id, office, { keyword: '2023010101' }));
    expect(list.records).toEqual([expect.objectContaining({ name: '李明', unitName: '星辰软件科技有限公司', post: '软件测试实习生', adviserName: expect.any(String), status: 'active' })]);
    const [placed] = await t.db.select({ n: count() }).from(internshipEnrolment).where(and(eq(internshipEnrolment.programId, post.id)));
    expect(placed!.n).toBeGreaterThan(100);
    const draft = programs.find((p) => p.name === '2027届岗位实习')!;
    expect(expectOk(await students(draft.id, office)).total).toBe(0);
  });
});
