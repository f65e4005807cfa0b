import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS, messagesOf, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import { newAdvisees, type Advisee } from './advisee-support.ts';
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
let student: Advisee;
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
  const advising = await newAdvisees(t, ['甲', '乙'], 30);
  ({ weeks, adviserToken } = advising);
  [student, { token: classmateToken }] = advising.advisees as [Advisee, Advisee];
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
