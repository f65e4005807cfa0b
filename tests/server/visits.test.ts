import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, ne, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import { addDays, schoolToday } from '@contract/internship.ts';
import type { PageResult } from '@contract/resource.ts';
import { VISIT_MSG, type VisitDetail, type VisitRow, type VisitStudent } from '@contract/visits.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipVisit, sysUser } from '../../server/db/schema.ts';
import { PNG, uploadRequest } from './attachment-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 走访/巡查: the adviser (or 班主任) files a visit to their students with photos, as the phone's outbox sends it (photos first, the visit by its id, replays kept once). */

let t: TestApp;
const tokens: Record<string, string> = {};
let mine: VisitStudent[];
/** teacher01's visits in the demo season, before this file files any. */
let seasonVisits: number;

function upload(visitId: string, photoId: string, token = tokens.teacher01!) {
  const request = uploadRequest(visitId, photoId, { name: '走访.png', type: 'image/png', content: PNG }, '/internship/visit');
  return t.app.inject({ ...request, headers: { ...request.headers, [ACCESS_TOKEN_HEADER]: token } });
}
const liMing = () => mine.find((s) => s.studentName === '李明')!;
const body = (extra: object = {}) => ({ visitDate: schoolToday(), mode: 'onsite', enrolmentIds: [liMing().enrolmentId], notes: '到企业查看了实习岗位，与企业导师交流了学生的表现。', ...extra });

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'dept01']) tokens[username] = await t.login(username);
  // Another adviser of the school (a generated teacher's account is their 工号), who advises students other than 李明.
  const [other] = await t.db
    .selectDistinct({ username: sysUser.username })
    .from(sysUser)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.adviserUserId, sysUser.id))
    .where(and(like(sysUser.username, 'T20%'), ne(sysUser.username, 'teacher01')))
    .orderBy(sysUser.username)
    .limit(1);
  tokens.other = await t.login(other!.username);
  mine = expectOk(await t.get<VisitStudent[]>('/api/internship/visit/students', tokens.teacher01));
  seasonVisits = expectOk(await t.get<PageResult<VisitRow>>('/api/internship/visit/list', tokens.teacher01)).total;
});
afterAll(() => t.close());

describe('走访记录', () => {
  const visitId = randomUUID();
  const photoId = randomUUID();

  it('lists the students to choose from: those the teacher advises and those of the class they are 班主任 of', async () => {
    // teacher01 advises 李明 and is 班主任 of his class: its students of the running programs, 李明 once.
    const [teacher01] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01'));
    const classmates = await t.db
      .select({ enrolmentId: internshipEnrolment.id })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .innerJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
      .where(and(eq(basicTeacher.userId, teacher01!.id), inArray(internshipEnrolment.status, ['pending', 'active'])));
    expect(mine.map((s) => s.enrolmentId).sort()).toEqual(classmates.map((c) => c.enrolmentId).sort());
    expect(mine.filter((s) => s.studentName === '李明')).toHaveLength(1);
    expectError(await t.get('/api/internship/visit/students', tokens.student01), 403, /权限/);
  });

  it('files a visit with a photo (photo first), kept once when sent again, and lists it', async () => {
    const first = await upload(visitId, photoId);
    expect(first.statusCode).toBe(200);
    expect((await upload(visitId, photoId)).statusCode).toBe(200);
    expectOk(await t.put(`/api/internship/visit/${visitId}`, body({ attachmentIds: [photoId] }), tokens.teacher01), '走访记录已保存');
    expectOk(await t.put(`/api/internship/visit/${visitId}`, body({ attachmentIds: [photoId] }), tokens.teacher01), '走访记录已保存');

    const list = expectOk(await t.get<PageResult<VisitRow>>('/api/internship/visit/list', tokens.teacher01));
    expect(list.records.filter((r) => r.id === visitId).map((r) => ({ mode: r.mode, students: r.students, photoCount: r.photoCount, adviserName: r.adviserName }))).toEqual([
      { mode: 'onsite', students: ['李明'], photoCount: 1, adviserName: '王老师' },
    ]);
    const detail = expectOk(await t.get<VisitDetail>(`/api/internship/visit/${visitId}`, tokens.teacher01));
    expect(detail.attachments.map((a) => a.fileName)).toEqual(['走访.png']);
    // Everyone's for the administrator; nobody else's for anyone else (404 whether it exists or not).
    expect(expectOk(await t.get<PageResult<VisitRow>>('/api/internship/visit/list', tokens.admin)).records.map((r) => r.id)).toContain(visitId);
    expectError(await t.get(`/api/internship/visit/${visitId}`, tokens.other), 404, VISIT_MSG.notFound);
    expect(expectOk(await t.get<PageResult<VisitRow>>('/api/internship/visit/list', tokens.other)).records.map((r) => r.id)).not.toContain(visitId);
    // dept01 advises other students: the list is theirs, this visit is not (404); a teacher who advises nobody has no rule (403).
    expectError(await t.get(`/api/internship/visit/${visitId}`, tokens.dept01), 404, VISIT_MSG.notFound);
    const unrelated = await t.createUser({ roles: ['role-teacher'] });
    expectError(await t.get(`/api/internship/visit/${visitId}`, await t.login(unrelated.username, unrelated.password)), 403, /权限/);
    expectError(await t.get(`/api/internship/visit/${randomUUID()}`, tokens.teacher01), 404, VISIT_MSG.notFound);
  });

  it('refuses each bad input with its message and changes nothing', async () => {
    const id = randomUUID();
    expectError(await t.put(`/api/internship/visit/${id}`, body({ visitDate: addDays(schoolToday(), 1) }), tokens.teacher01), 400, VISIT_MSG.dateFuture);
    expectError(await t.put(`/api/internship/visit/${id}`, body({ mode: 'letter' }), tokens.teacher01), 400, VISIT_MSG.modeRequired);
    expectError(await t.put(`/api/internship/visit/${id}`, body({ enrolmentIds: [] }), tokens.teacher01), 400, VISIT_MSG.studentsRequired);
    expectError(await t.put(`/api/internship/visit/${id}`, body({ notes: '很好' }), tokens.teacher01), 400, VISIT_MSG.notesTooShort);
    expectError(await t.put(`/api/internship/visit/${id}`, body({ attachmentIds: [randomUUID()] }), tokens.teacher01), 400, '照片尚未上传完成，请稍后重试');
    const [teacher01] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01'));
    const [someoneElse] = await t.db
      .select({ id: internshipEnrolment.id })
      .from(internshipEnrolment)
      .where(and(ne(internshipEnrolment.adviserUserId, teacher01!.id), notInArray(internshipEnrolment.id, mine.map((s) => s.enrolmentId))))
      .limit(1);
    expectError(await t.put(`/api/internship/visit/${id}`, body({ enrolmentIds: [liMing().enrolmentId, someoneElse!.id] }), tokens.teacher01), 400, VISIT_MSG.notYourStudents);
    // An id another adviser's visit holds is not taken over.
    const [dept01] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'dept01'));
    const theirs = randomUUID();
    await t.db.insert(internshipVisit).values({ id: theirs, adviserUserId: dept01!.id, visitDate: schoolToday(), mode: 'phone', notes: '电话了解学生近况，一切正常。' });
    expectError(await t.put(`/api/internship/visit/${theirs}`, body(), tokens.teacher01), 409, VISIT_MSG.idTaken);
    // teacher01 has the demo season's visits and the one filed above, none of the refused ones.
    expect(expectOk(await t.get<PageResult<VisitRow>>('/api/internship/visit/list', tokens.teacher01)).total).toBe(seasonVisits + 1);
  });
});
