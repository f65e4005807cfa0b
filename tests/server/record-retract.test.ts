import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS, messagesOf, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import { internshipEnrolment, internshipProgram } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 撤回 (issue 35): a student takes back a submitted 周记 nobody else has opened yet, to change it; what was sent is
 * kept with the record. Once the adviser opened it, or it was reviewed, it stays.
 */

const { weekly } = RECORD_KINDS;
const msg = messagesOf(weekly);
const FIRST = '本周在装配车间学习了流水线的作业指导书，跟随师傅完成了二十台设备的外观检验，记录了三处常见缺陷。';
const FIXED = '本周在装配车间学习了流水线的作业指导书，跟随师傅完成了三十台设备的外观检验，记录了四处常见缺陷。';

let t: TestApp;
let weeks: string[];
let student: { token: string; enrolmentId: string };
let classmateToken: string;
let adviserToken: string;

const submit = async (content: string, week: string, id: string = randomUUID()) =>
  expectOk(await t.put<RecordDetail>(`/api${weekly.base}/${id}`, { enrolmentId: student.enrolmentId, periodStart: week, title: '本周总结', content, submit: true }, student.token));
const retract = (id: string, token = student.token) => t.post<RecordDetail>(`/api${weekly.base}/${id}/retract`, {}, token);
const briefOf = async (id: string) => {
  const [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${weekly.base}/mine`, student.token));
  return placement!.slots.find((slot) => slot.record?.id === id)!.record!;
};

beforeAll(async () => {
  t = await startTestApp();
  const student01 = await t.login('student01');
  const [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${weekly.base}/mine`, student01));
  weeks = placement!.slots.filter((slot) => !slot.record && !slot.closedReason).map((slot) => slot.periodStart);
  await t.db.update(internshipProgram).set({ minWeeklyLength: 30 }).where(eq(internshipProgram.id, placement!.programId));
  const adviser = await t.createUser({ roles: ['role-teacher'] });
  adviserToken = await t.login(adviser.username, adviser.password);
  const enrol = async () => {
    const user = await t.createUser({ roles: ['role-student'] });
    const [row] = await t.db
      .insert(internshipEnrolment)
      .values({ programId: placement!.programId, studentUserId: user.id, adviserUserId: adviser.id, startDate: placement!.startDate, endDate: placement!.endDate, status: 'active' })
      .returning({ id: internshipEnrolment.id });
    return { token: await t.login(user.username, user.password), enrolmentId: row!.id };
  };
  student = await enrol();
  classmateToken = (await enrol()).token;
});
afterAll(() => t.close());

describe('撤回 a submitted record', () => {
  it('takes back one nobody opened: a draft again, changed and sent anew, the first version kept and shown with it', async () => {
    const sent = await submit(FIRST, weeks[0]!);
    expect((await briefOf(sent.id)).retractable).toBe(true);

    const taken = await retract(sent.id);
    expect(taken.body.message).toBe(msg.retracted);
    expect(expectOk(taken)).toMatchObject({ status: 'draft', submittedAt: null, content: FIRST });
    expect((await briefOf(sent.id)).retractable).toBe(false);
    // Taken back twice: it is no longer submitted.
    expectError(await retract(sent.id), 409, msg.retractNotSubmitted);

    await submit(FIXED, weeks[0]!, sent.id);
    const seen = expectOk(await t.get<RecordDetail>(`/api${weekly.base}/${sent.id}`, adviserToken));
    expect(seen).toMatchObject({ status: 'submitted', content: FIXED });
    expect(seen.withdrawnVersions).toEqual([{ title: '本周总结', content: FIRST, submittedAt: sent.submittedAt, withdrawnAt: expect.any(String) }]);
  });

  it('keeps one the adviser opened, and says why', async () => {
    const sent = await submit(FIRST, weeks[1]!);
    // The student's own reading does not count as opened.
    expectOk(await t.get<RecordDetail>(`/api${weekly.base}/${sent.id}`, student.token));
    expect((await briefOf(sent.id)).retractable).toBe(true);
    expectOk(await t.get<RecordDetail>(`/api${weekly.base}/${sent.id}`, adviserToken));
    expect((await briefOf(sent.id)).retractable).toBe(false);
    expectError(await retract(sent.id), 409, msg.retractOpened);
    expect(expectOk(await t.get<RecordDetail>(`/api${weekly.base}/${sent.id}`, student.token))).toMatchObject({ status: 'submitted', withdrawnVersions: [] });
  });

  it('keeps a reviewed one, and answers another student as if it did not exist', async () => {
    const sent = await submit(FIRST, weeks[2]!);
    expectError(await retract(sent.id, classmateToken), 404, msg.notFound);
    expectOk(await t.post(`/api${weekly.base}/review/batch`, { action: 'approve', items: [{ id: sent.id, score: 90 }] }, adviserToken));
    expectError(await retract(sent.id), 409, msg.retractNotSubmitted);
    expect((await briefOf(sent.id)).retractable).toBe(false);
  });
});
