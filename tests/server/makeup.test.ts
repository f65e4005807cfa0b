import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CHECKIN_FLAGS, RECORD_KINDS, messagesOf, type DailyRow, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import type { TaskRow } from '@contract/workflow.ts';
import { internshipEnrolment, internshipProgram } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 补卡 (issue 35): a missed day asked for with a reason, approved by the adviser through the workflow, then a check-in that says 补卡. */

const { makeup, checkin } = RECORD_KINDS;
const msg = messagesOf(makeup);
const today = schoolToday();
/** Days of one month before today, so the month's limit is counted on them whatever day the suite runs. */
const lastMonth = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}`;
const dayOfLastMonth = (n: number) => `${lastMonth}${String(n).padStart(2, '0')}`;

let t: TestApp;
let student: { token: string; enrolmentId: string };
let adviserToken: string;

const ask = (day: string, id: string = randomUUID(), content = '当天手机没电，到岗后忘记签到，有班组长可以证明。') =>
  t.put<RecordDetail>(`/api${makeup.base}/${id}`, { enrolmentId: student.enrolmentId, day, content, submit: true }, student.token);

beforeAll(async () => {
  t = await startTestApp();
  const student01 = await t.login('student01');
  const [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${checkin.base}/mine`, student01));
  await t.db.update(internshipProgram).set({ makeupPerMonth: 2 }).where(eq(internshipProgram.id, placement!.programId));
  const adviser = await t.createUser({ roles: ['role-teacher'] });
  adviserToken = await t.login(adviser.username, adviser.password);
  const user = await t.createUser({ roles: ['role-student'] });
  // A placement that began two months ago, so last month's days are inside it.
  const [row] = await t.db
    .insert(internshipEnrolment)
    .values({ programId: placement!.programId, studentUserId: user.id, adviserUserId: adviser.id, startDate: addDays(today, -70), endDate: addDays(today, 30), status: 'active' })
    .returning({ id: internshipEnrolment.id });
  student = { token: await t.login(user.username, user.password), enrolmentId: row!.id };
});
afterAll(() => t.close());

describe('补卡', () => {
  it('refuses a day to come or today, and a day outside the placement', async () => {
    expectError(await ask(today), 400, msg.makeupDay);
    expectError(await ask(addDays(today, 3)), 400, msg.makeupDay);
    expectError(await ask(addDays(today, -80)), 400, msg.outsidePlacement(addDays(today, -70), addDays(today, 30)));
  });

  it('goes to the adviser; approved, the day has a check-in that says 补卡, and the day cannot be asked for again', async () => {
    const day = dayOfLastMonth(3);
    const asked = expectOk(await ask(day));
    expect(asked).toMatchObject({ status: 'pending', title: `补卡 ${day}` });
    expectError(await ask(day), 400, msg.makeupTaken(day));

    const todo = expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', adviserToken, { pageSize: '100' })).records;
    const task = todo.find((row) => row.processName === '补卡');
    expect(task, 'the adviser has the 补卡 to decide').toBeTruthy();
    expectOk(await t.post(`/api/workflow/task/${task!.id}/decide`, { decision: 'approve' }, adviserToken));

    const [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${makeup.base}/mine`, student.token));
    expect(placement!.slots.find((slot) => slot.record?.id === asked.id)?.record?.status).toBe('approved');
    const [checkins] = expectOk(await t.get<MyPlacementRecords[]>(`/api${checkin.base}/mine`, student.token));
    expect(checkins!.slots.find((slot) => slot.periodStart === day)?.record).toMatchObject({ title: `补卡 ${day}`, notes: [CHECKIN_FLAGS.makeup] });
    const daily = expectOk(await t.get<DailyRow[]>(`/api${checkin.base}/daily`, adviserToken, { date: day }));
    expect(daily.find((row) => row.enrolmentId === student.enrolmentId)).toMatchObject({ checkedAt: null, notes: [CHECKIN_FLAGS.makeup] });
    expectError(await ask(day), 400, msg.makeupCheckedIn(day));
  });

  it('allows the program’s number a month, waiting ones counted', async () => {
    expectOk(await ask(dayOfLastMonth(10)));
    expectError(await ask(dayOfLastMonth(11)), 400, msg.makeupLimit(2));
  });
});
