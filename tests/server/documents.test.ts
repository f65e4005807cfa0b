import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, type DocumentVerification } from '@contract/documents.ts';
import { APPRAISAL_URL, MENTOR_ITEMS, SCORE_MSG } from '@contract/internship-score.ts';
import { RECORD_KINDS, type MyPlacementRecords } from '@contract/records.ts';
import { basicStudent, documentIssue, internshipEnrolment, sysUser } from '../../server/db/schema.ts';
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
