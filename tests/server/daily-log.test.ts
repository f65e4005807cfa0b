import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { RECORD_KINDS, messagesOf, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import { internshipEnrolment, internshipProgram } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 日报 (issue 35): a record a day, asked for only by a program that says so, with its minimum count shown as progress. */

const { daily, weekly, monthly } = RECORD_KINDS;
const msg = messagesOf(daily);
const today = schoolToday();
const DAY_TEXT = '今天跟着师傅调试了产线上的两台伺服电机，记录了参数，学会了用示波器看编码器的波形，明天继续整理调试记录。';

let t: TestApp;
let programId: string;
let student: { token: string; enrolmentId: string };

const file = (day: string, content = DAY_TEXT, id: string = randomUUID(), submit = true) =>
  t.put<RecordDetail>(`/api${daily.base}/${id}`, { enrolmentId: student.enrolmentId, periodStart: day, title: `${day.slice(5)}日报`, content, submit }, student.token);
const mine = async (kind = daily) => expectOk(await t.get<MyPlacementRecords[]>(`/api${kind.base}/mine`, student.token)).find((p) => p.id === student.enrolmentId)!;

beforeAll(async () => {
  t = await startTestApp();
  const [program] = await t.db
    .insert(internshipProgram)
    .values({ name: '日报测试计划', type: 'post', startDate: addDays(today, -20), endDate: addDays(today, 40), minWeeklyCount: 6, minMonthlyCount: 2, minMonthlyLength: 300, status: 'running' })
    .returning({ id: internshipProgram.id });
  programId = program!.id;
  const user = await t.createUser({ roles: ['role-student'] });
  const [row] = await t.db
    .insert(internshipEnrolment)
    .values({ programId, studentUserId: user.id, startDate: addDays(today, -20), endDate: addDays(today, 40), status: 'active' })
    .returning({ id: internshipEnrolment.id });
  student = { token: await t.login(user.username, user.password), enrolmentId: row!.id };
});
afterAll(() => t.close());

describe('日报', () => {
  it('is refused, and no day is offered, while the program does not ask for it', async () => {
    expectError(await file(addDays(today, -1)), 409, msg.notOffered);
    const placement = await mine();
    expect(placement).toMatchObject({ offered: false, slots: [] });
  });

  it('is a record a day of the placement, its minimum length the program’s, once a day, not for a day to come', async () => {
    await t.db.update(internshipProgram).set({ dailyLog: true, minDailyCount: 30, minDailyLength: 40 }).where(eq(internshipProgram.id, programId));
    const placement = await mine();
    expect(placement.offered).toBe(true);
    expect(placement.minLength).toBe(40);
    // Every day from the start to today, newest first.
    expect(placement.slots.map((s) => s.periodStart)).toEqual(Array.from({ length: 21 }, (_, i) => addDays(today, -i)));

    expectError(await file(addDays(today, -2), '太短了'), 400, msg.contentTooShort(40));
    expectError(await file(addDays(today, 1)), 400, msg.inFuture);
    expectError(await file(addDays(today, -25)), 400, msg.periodOutside);
    const filed = expectOk(await file(addDays(today, -2)));
    expect(filed).toMatchObject({ status: 'submitted', periodStart: addDays(today, -2) });
    expectError(await file(addDays(today, -2)), 409, msg.periodTaken);
  });

  it('shows the student how many were submitted of the program’s minimum, drafts not counted', async () => {
    expectOk(await file(addDays(today, -1)));
    expectOk(await file(today, DAY_TEXT, randomUUID(), false));
    expect((await mine()).progress).toEqual({ submitted: 2, required: 30 });
    // 周记 and 月报 count against their own minimums; 月报 has its own minimum length now.
    expect((await mine(weekly)).progress).toEqual({ submitted: 0, required: 6 });
    const month = await mine(monthly);
    expect(month).toMatchObject({ progress: { submitted: 0, required: 2 }, minLength: 300 });
  });
});
