import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, TEMPLATE_MSG, TEMPLATE_URL, type DocumentTemplate, type DocumentVerification } from '@contract/documents.ts';
import { addDays, schoolToday } from '@contract/internship.ts';
import { UNIT_PUBLISHED_URL } from '@contract/internship-unit.ts';
import { APPRAISAL_URL, MENTOR_ITEMS, SCORE_MSG, SCORE_REGISTER_URL } from '@contract/internship-score.ts';
import { PRACTICE_SCORE_URL, type SheetDetail, type SheetRow } from '@contract/practice-score.ts';
import type { PageResult } from '@contract/resource.ts';
import { RECORD_KINDS, type MyPlacementRecords } from '@contract/records.ts';
import { basicStudent, documentIssue, internshipEnrolment, internshipUnit, sysUser } from '../../server/db/schema.ts';
import { readExport } from './basic-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * Printed documents (issue 36): 实习鉴定表 of one student and of a class from the score list, each page with the
 * school, the time made and a verification code that anyone can check without logging in.
 */

let t: TestApp;
let office: string;
let placementId: string;
let classId: string;
let programId: string;

const pdfOf = async (query: Record<string, string>, token = office) => {
  const response = await t.app.inject({ method: 'GET', url: `/api${APPRAISAL_URL}`, query, headers: { 'x-access-token': token } });
  return response;
};
const textOf = async (bytes: Buffer) => {
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return { pages: totalPages, text: text as string[] };
};
const codeIn = (page: string) => /核验码 ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(page)?.[1];

beforeAll(async () => {
  t = await startTestApp();
  office = await t.login('office01');
  const [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${RECORD_KINDS.weekly.base}/mine`, await t.login('student01')));
  placementId = placement!.id;
  programId = placement!.programId;
  const [student] = await t.db.select({ classId: basicStudent.classId }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).where(eq(sysUser.username, 'student01'));
  classId = student!.classId;
  // mentor01 evaluates 李明 as the phone's form would.
  const items = Object.fromEntries(MENTOR_ITEMS.map((item, i) => [item.key, { score: 16 + i, comment: i === 0 ? '守时守纪，积极主动' : null }]));
  expectOk(await t.put(`/api/internship/score/${placementId}/mentor`, { items, comment: '能独立完成测试用例的编写与执行。' }, await t.login('mentor01')));
});
afterAll(() => t.close());

describe('实习鉴定表', () => {
  it('is one page of the student’s placement, records, evaluations and score, with the school and a verification code', async () => {
    const response = await pdfOf({ ids: `${placementId},` });
    expect(response.statusCode).toBe(200);
    if (process.env.KEEP_PDF) (await import('node:fs')).writeFileSync(process.env.KEEP_PDF, response.rawPayload);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('实习鉴定表-李明-2023010101.pdf');
    const { pages, text } = await textOf(response.rawPayload);
    expect(pages).toBe(1);
    const [page] = text as [string];
    for (const expected of ['学生实习鉴定表', '2026届岗位实习', '李明', '2023010101', '软件技术2023级1班', '星辰软件科技有限公司', '软件测试实习生', '王老师', '企业导师（签字）', '实习单位（盖章）', '学校（盖章）', '示范职业技术学院'])
      expect(page, expected).toContain(expected);
    // What 李明 handed in against the program's 16 周记, the mentor's items and comments, the adviser's 90.
    expect(page).toMatch(/周记\s*已交 \d+ \/ 应交 16/);
    expect(page).toMatch(/签到\s*\d+ 天/);
    for (const item of MENTOR_ITEMS) expect(page).toContain(item.label);
    expect(page).toContain('守时守纪，积极主动');
    expect(page).toContain('能独立完成测试用例的编写与执行。');
    expect(page).toContain('周记认真，能结合岗位反思，继续保持。');
    expect(page).toMatch(/指导教师评分\s*90/);
    expect(page).toMatch(/企业导师评价 90（50%）/);

    // The code is on record with the file's hash; anyone may verify it, without seeing whose it is.
    const code = codeIn(page)!;
    expect(code).toBeTruthy();
    const [issued] = await t.db.select().from(documentIssue).where(eq(documentIssue.code, code.replace('-', '')));
    expect(issued).toMatchObject({ kind: 'appraisal', pages: 1, subjects: 1, sha256: createHash('sha256').update(response.rawPayload).digest('hex') });
    const verified = expectOk(await t.get<DocumentVerification>(`/api/documents/verify/${code.toLowerCase()}`));
    expect(verified).toMatchObject({ code: code.replace('-', ''), kind: 'appraisal', kindName: '实习鉴定表', school: '示范职业技术学院', pages: 1, subjects: 1 });
    expect(JSON.stringify(verified)).not.toContain('李明');
    expectError(await t.get('/api/documents/verify/AAAAA-AAAAA'), 404, DOCUMENT_MSG.unknown);
    expectError(await t.get('/api/documents/verify/abc'), 400, DOCUMENT_MSG.codeShape);
  });

  it('is a page per student of a class in one file, by 学号', async () => {
    const students = await t.db
      .select({ no: basicStudent.studentNo })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(eq(basicStudent.classId, classId));
    const response = await pdfOf({ classId, programId });
    expect(response.statusCode).toBe(200);
    const { pages, text } = await textOf(response.rawPayload);
    const inProgram = text.filter((page) => page.includes('2026届岗位实习'));
    expect(pages).toBe(inProgram.length);
    expect(pages).toBeGreaterThan(20);
    expect(pages).toBeLessThanOrEqual(students.length);
    const numbers = inProgram.map((page) => /学号\s*(\d{10})/.exec(page)?.[1]);
    expect(numbers).toEqual([...numbers].sort());
    // One document, one code on every page.
    expect(new Set(text.map(codeIn)).size).toBe(1);
    expect(text.at(-1)).toContain(`第 ${pages}/${pages} 页`);
  });

  it('refuses who may not print, and prints nothing outside the caller’s reach', async () => {
    expectError(await t.get(`/api${APPRAISAL_URL}`, await t.login('student01'), { ids: placementId }), 403, /权限/);
    const stranger = await t.createUser({ roles: ['role-teacher'] });
    expectError(await t.get(`/api${APPRAISAL_URL}`, await t.login(stranger.username, stranger.password), { ids: placementId }), 404, SCORE_MSG.appraisalNone);
    expectError(await t.get(`/api${APPRAISAL_URL}`, office, { ids: 'not-an-id' }), 400, SCORE_MSG.idFormat);
    expectError(await t.get(`/api${APPRAISAL_URL}`, office, {}), 400, SCORE_MSG.appraisalTooMany);
  });
});

/** Each count the register printed (优秀（90–100） 3 人), by its label. */
const countsIn = (page: string, labels: readonly string[]) => Object.fromEntries(labels.map((label) => [label, Number(new RegExp(`${label.replace(/[()（）]/g, '.')}\\s*(\\d+) 人`).exec(page)?.[1])]));
const BANDS = ['优秀（90–100）', '良好（80–89）', '中等（70–79）', '及格（60–69）', '不及格（60以下）'];

describe('成绩登记表', () => {
  it('of a 成绩录入 sheet: its students by 学号 with their marks, the count per grade and the signature lines, as PDF and .xlsx', async () => {
    const teacher = await t.login('teacher01');
    const sheets = expectOk(await t.get<PageResult<SheetRow>>(`/api${PRACTICE_SCORE_URL.list}`, teacher));
    const draft = sheets.records.find((s) => s.status === 'draft')!;
    const sheet = expectOk(await t.get<SheetDetail>(`/api${PRACTICE_SCORE_URL.one(draft.id)}`, teacher));
    const response = await t.app.inject({ method: 'GET', url: `/api${PRACTICE_SCORE_URL.register(draft.id)}`, headers: { 'x-access-token': teacher } });
    expect(response.statusCode).toBe(200);
    if (process.env.KEEP_PDF) (await import('node:fs')).writeFileSync(`${process.env.KEEP_PDF}.register.pdf`, response.rawPayload);
    const { pages, text } = await textOf(response.rawPayload);
    const all = text.join('\n');
    expect(all).toContain('成绩登记表');
    expect(all).toContain(`《${sheet.courseName}》`);
    for (const student of sheet.students) expect(all).toContain(student.name);
    for (const signature of ['任课教师（签字）', '教研室主任（签字）', '教务处（盖章）']) expect(all).toContain(signature);
    const counts = countsIn(all, [...BANDS, '未录入']);
    expect(counts['未录入']).toBe(sheet.students.filter((s) => s.value === null).length);
    expect(counts['不及格（60以下）']).toBe(sheet.students.filter((s) => s.value !== null && Number(s.value) < 60).length);
    expect(counts['优秀（90–100）']).toBe(sheet.students.filter((s) => s.value !== null && Number(s.value) >= 90).length);
    expect(Object.values(counts).reduce((a, n) => a + n, 0)).toBe(sheet.students.length);
    expect(all).toMatch(new RegExp(`合计\\s*${sheet.students.length} 人`));
    expect(pages).toBeGreaterThanOrEqual(1);

    const xlsx = await t.app.inject({ method: 'GET', url: `/api${PRACTICE_SCORE_URL.register(draft.id)}`, query: { format: 'xlsx' }, headers: { 'x-access-token': teacher } });
    expect(xlsx.statusCode).toBe(200);
    const rows = await readExport(xlsx.rawPayload);
    expect(rows[0]).toEqual(['序号', '学号', '姓名', '成绩']);
    expect(rows.slice(1, 1 + sheet.students.length).map((r) => r[2])).toEqual(sheet.students.map((s) => s.name));
    expect(rows.find((r) => r[1] === '未录入')?.[2]).toBe(String(counts['未录入']));
    // Another teacher's sheet is not theirs to print.
    const other = await t.createUser({ roles: ['role-teacher'] });
    expectError(await t.get(`/api${PRACTICE_SCORE_URL.register(draft.id)}`, await t.login(other.username, other.password)), 404, /成绩单/);
  });

  it('of a program’s 实习成绩 for a class: each total and grade or 待评, counted, for one class only', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api${SCORE_REGISTER_URL}`, query: { programId, classId }, headers: { 'x-access-token': office } });
    expect(response.statusCode).toBe(200);
    const all = (await textOf(response.rawPayload)).text.join('\n');
    for (const expected of ['成绩登记表', '2026届岗位实习', '软件技术2023级1班', '李明', '指导教师（签字）', '实习办（盖章）']) expect(all).toContain(expected);
    // 李明's total is computed (mentor01's 90 above, teacher01's 90, his reviewed 周记): shown with its grade.
    expect(all).toMatch(/李明\s*\d+(\.\d)?（(优秀|良好|中等|及格|不及格)）/);
    const counts = countsIn(all, [...BANDS, '待评']);
    const total = Number(/合计\s*(\d+) 人/.exec(all)![1]);
    expect(Object.values(counts).reduce((a, n) => a + n, 0)).toBe(total);
    expect(counts['待评']).toBeGreaterThan(0);
    expectError(await t.get(`/api${SCORE_REGISTER_URL}`, office, { programId }), 400, SCORE_MSG.registerClass);
    const stranger = await t.createUser({ roles: ['role-teacher'] });
    expectError(await t.get(`/api${SCORE_REGISTER_URL}`, await t.login(stranger.username, stranger.password), { programId, classId }), 404, SCORE_MSG.registerNone);
  });
});

describe('三方协议 and 知情同意书 from the school’s template', () => {
  const print = (kind: string, token = office) => t.app.inject({ method: 'GET', url: `/api${TEMPLATE_URL.print}`, query: { id: placementId, kind }, headers: { 'x-access-token': token } });

  it('are the school’s text, edited by the office with the placeholders it knows, filled from the placement', async () => {
    const standard = expectOk(await t.get<DocumentTemplate>(`/api${TEMPLATE_URL.one('agreement')}`, office));
    expect(standard).toMatchObject({ kind: 'agreement', title: '学生岗位实习三方协议', updatedAt: null });
    expect(standard.body).toContain('{实习报酬}');
    expectError(await t.put(`/api${TEMPLATE_URL.one('agreement')}`, { title: '三方协议', body: '学生{学生姓名}在{实习公司}实习。' }, office), 400, TEMPLATE_MSG.unknownPlaceholder(['实习公司']));
    const body = '甲方：{学校名称}\n乙方：{实习单位}（{统一社会信用代码}）\n丙方：{学生姓名}（{学号}），岗位{岗位}，{起止日期}，月报酬{实习报酬}元，保单{保险单号}。';
    const saved = expectOk(await t.put<DocumentTemplate>(`/api${TEMPLATE_URL.one('agreement')}`, { title: '示范学院实习三方协议', body }, office), TEMPLATE_MSG.saved);
    expect(saved).toMatchObject({ title: '示范学院实习三方协议', body, updatedByName: '周老师' });

    const response = await print('agreement');
    expect(response.statusCode).toBe(200);
    const page = (await textOf(response.rawPayload)).text.join('\n');
    for (const expected of ['示范学院实习三方协议', '甲方：示范职业技术学院', '乙方：星辰软件科技有限公司（91441900MA51XC8T24）', '丙方：李明（2023010101）', '岗位软件测试实习生', '甲方（学校）盖章', '丙方（学生）签字'])
      expect(page, expected).toContain(expected);
    // What the placement does not hold yet is a line to fill by hand.
    expect(page).toMatch(/月报酬\s*(\d+|_+)\s*元/);
    expect(codeIn(page)).toBeTruthy();
  });

  it('gives a guardian’s consent only for a student under 18 at the start, and only to who may print it', async () => {
    expectError(await t.get(`/api${TEMPLATE_URL.print}`, office, { id: placementId, kind: 'consent' }), 400, TEMPLATE_MSG.adult);
    const [placement] = await t.db.select({ startDate: internshipEnrolment.startDate, studentUserId: internshipEnrolment.studentUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, placementId));
    const [{ birthday }] = (await t.db.select({ birthday: basicStudent.birthday }).from(basicStudent).where(eq(basicStudent.userId, placement!.studentUserId))) as [{ birthday: string | null }];
    await t.db.update(basicStudent).set({ birthday: addDays(placement!.startDate, -17 * 365) }).where(eq(basicStudent.userId, placement!.studentUserId));
    const response = await print('consent');
    await t.db.update(basicStudent).set({ birthday }).where(eq(basicStudent.userId, placement!.studentUserId));
    expect(response.statusCode).toBe(200);
    const page = (await textOf(response.rawPayload)).text.join('\n');
    for (const expected of ['未成年学生参加实习监护人知情同意书', '李明', '星辰软件科技有限公司', '监护人签字']) expect(page, expected).toContain(expected);

    expect((await print('agreement', await t.login('student01'))).statusCode).toBe(403);
    const stranger = await t.createUser({ roles: ['role-teacher'] });
    expect((await print('agreement', await t.login(stranger.username, stranger.password))).statusCode).toBe(404);
    expectError(await t.get(`/api${TEMPLATE_URL.one('agreement')}`, await t.login('teacher01')), 403, /权限/);
    expectError(await t.get('/api/documents/template/letter', office), 400, TEMPLATE_MSG.kind);
  });
});

describe('实习单位名单', () => {
  it('is this year’s list of every unit 合作中 with its site assessment, to publish', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api${UNIT_PUBLISHED_URL}`, headers: { 'x-access-token': office } });
    expect(response.statusCode).toBe(200);
    const all = (await textOf(response.rawPayload)).text.join('\n');
    const active = await t.db.select({ name: internshipUnit.name, visited: internshipUnit.siteVisitDate }).from(internshipUnit).where(eq(internshipUnit.status, 'active'));
    const [pending] = await t.db.select({ name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.status, 'pending')).limit(1);
    expect(all).toContain(`示范职业技术学院${schoolToday().slice(0, 4)}年度实习单位名单`);
    expect(all).toContain(`合作中的实习单位共 ${active.length} 家`);
    // 星辰软件科技有限公司 was assessed by 王老师; a unit not yet assessed says so; one awaiting review is not listed.
    expect(all).toMatch(/星辰软件科技有限公司[\s\S]*2025-08-15\s*王老师/);
    expect(active.some((u) => !u.visited)).toBe(true);
    expect(all).toContain('未考察');
    if (pending) expect(all).not.toContain(pending.name);
    expectError(await t.get(`/api${UNIT_PUBLISHED_URL}`, await t.login('teacher01')), 403, /权限/);
  });
});
