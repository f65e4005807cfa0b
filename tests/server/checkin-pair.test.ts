import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CHECKIN_FLAGS, RECORD_KINDS, schoolTime, type DailyRow, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import { internshipEnrolment, internshipProgram } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 上班 and 下班 (issue 35): a program asking for both has one of each a day, each replayed from the outbox once. */

const { checkin } = RECORD_KINDS;
const today = schoolToday();
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();
/** Yesterday at fixed hours, so that the suite means the same at any hour it runs. */
const DAY = addDays(today, -1);
const WORK = { latitude: 23.0207, longitude: 113.7518 };
const AT_WORK = { location: 'granted', latitude: '23.0207', longitude: '113.7518', accuracy: '15' };
/** About 3.3 km north of the workplace. */
const AWAY = { ...AT_WORK, latitude: '23.0507' };

let t: TestApp;
let programId: string;
let student: { token: string; enrolmentId: string };
let adviserToken: string;

const put = (body: object, id: string = randomUUID()) =>
  t.put<RecordDetail>(`/api${checkin.base}/${id}`, { enrolmentId: student.enrolmentId, submit: true, deviceId: 'pair-device', ...body }, student.token);
const mine = async () => expectOk(await t.get<MyPlacementRecords[]>(`/api${checkin.base}/mine`, student.token)).find((p) => p.id === student.enrolmentId)!;
const dailyRow = async (date: string) => expectOk(await t.get<DailyRow[]>(`/api${checkin.base}/daily`, adviserToken, { date })).find((r) => r.enrolmentId === student.enrolmentId)!;

beforeAll(async () => {
  t = await startTestApp();
  const [program] = await t.db
    .insert(internshipProgram)
    .values({ name: '上下班签到测试计划', type: 'post', startDate: addDays(today, -30), endDate: addDays(today, 30), checkinMode: 'pair', status: 'running' })
    .returning({ id: internshipProgram.id });
  programId = program!.id;
  const adviser = await t.createUser({ roles: ['role-teacher'] });
  adviserToken = await t.login(adviser.username, adviser.password);
  const user = await t.createUser({ roles: ['role-student'] });
  const [row] = await t.db
    .insert(internshipEnrolment)
    .values({
      programId,
      studentUserId: user.id,
      adviserUserId: adviser.id,
      startDate: addDays(today, -30),
      endDate: addDays(today, 30),
      status: 'active',
      workLatitude: WORK.latitude,
      workLongitude: WORK.longitude,
      workRadius: 500,
    })
    .returning({ id: internshipEnrolment.id });
  student = { token: await t.login(user.username, user.password), enrolmentId: row!.id };
});
afterAll(() => t.close());

describe('上班 and 下班', () => {
  it('keeps one 上班 and one 下班 a day, each sent twice from the outbox kept once, and refuses a second of either', async () => {
    const morning = randomUUID();
    const first = expectOk(await put({ checkedAt: at(DAY, '08:30'), shift: 'in', ...AT_WORK }, morning));
    expect(first).toMatchObject({ title: `上班签到 ${schoolTime(at(DAY, '08:30'))}`, values: { shift: 'in' }, notes: [] });
    // The outbox sends again when it did not hear the answer: the same record, not another.
    expectOk(await put({ checkedAt: at(DAY, '08:30'), shift: 'in', ...AT_WORK }, morning));

    const evening = randomUUID();
    const out = expectOk(await put({ checkedAt: at(DAY, '18:05'), shift: 'out', ...AWAY }, evening));
    expect(out).toMatchObject({ title: `下班签到 ${schoolTime(at(DAY, '18:05'))}`, values: { shift: 'out' } });
    expect(out.notes).toEqual([expect.stringContaining(CHECKIN_FLAGS.outside)]);
    expectOk(await put({ checkedAt: at(DAY, '18:05'), shift: 'out', ...AWAY }, evening));

    expectError(await put({ checkedAt: at(DAY, '08:40'), shift: 'in', ...AT_WORK }), 409, `${DAY} 已上班签到，不必重复`);
    expectError(await put({ checkedAt: at(DAY, '18:20'), shift: 'out', ...AT_WORK }), 409, `${DAY} 已下班签到，不必重复`);

    const slots = (await mine()).slots.filter((s) => s.periodStart === DAY);
    expect(slots.map((s) => s.record!.id).sort()).toEqual([morning, evening].sort());
  });

  it('shows the adviser both times of the day, 下班’s flags said as its own', async () => {
    const row = await dailyRow(DAY);
    expect(row).toMatchObject({ checkedAt: at(DAY, '08:30'), checkedOutAt: at(DAY, '18:05'), distance: 0 });
    expect(row.notes).toEqual([expect.stringMatching(new RegExp(`^下班：${CHECKIN_FLAGS.outside}（距实习单位 3\\.3 公里）$`))]);
  });

  it('takes an entry queued without a part as the day’s 上班, and one queued for 下班 in a program of one a day as the day’s 签到', async () => {
    const earlier = addDays(today, -2);
    const queued = expectOk(await put({ checkedAt: at(earlier, '08:31'), ...AT_WORK }));
    expect(queued).toMatchObject({ title: `上班签到 ${schoolTime(at(earlier, '08:31'))}`, values: { shift: 'in' } });

    await t.db.update(internshipProgram).set({ checkinMode: 'single' }).where(eq(internshipProgram.id, programId));
    const single = addDays(today, -3);
    const one = expectOk(await put({ checkedAt: at(single, '18:01'), shift: 'out', ...AT_WORK }));
    expect(one).toMatchObject({ title: `签到 ${schoolTime(at(single, '18:01'))}`, values: { shift: null } });
    expectError(await put({ checkedAt: at(single, '08:01'), shift: 'in', ...AT_WORK }), 409, `${single} 已签到，不必重复`);
    expect((await mine()).checkinMode).toBe('single');
  });
});
