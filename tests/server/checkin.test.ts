import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CHECKIN_FLAGS, RECORD_KINDS, schoolTime, type DailyRow, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import { internshipEnrolment, internshipRecord, sysDictItem } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 签到 on the record machinery: once a day, the location only where allowed, and what the adviser is shown. */

let t: TestApp;
const tokens: Record<string, string> = {};
let placement: MyPlacementRecords;
let other: { token: string; enrolmentId: string };
let absent: { token: string; enrolmentId: string };
const { checkin } = RECORD_KINDS;
const today = schoolToday();
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();
/**
 * The day the checks file and read: yesterday, at fixed hours, so the suite means the same at any hour
 * it runs (today's moments that have passed are after 22:00 in the evening, and flagged, or none at all
 * just after midnight).
 */
const DAY = addDays(today, -1);
const MORNING = at(DAY, '08:30');
const HERE = { location: 'granted', latitude: '23.0207', longitude: '113.7518', accuracy: '18' };
const put = (body: object, token = tokens.student01!, id: string = randomUUID()) => t.put<RecordDetail>(`/api${checkin.base}/${id}`, { submit: true, deviceId: 'device-a', ...body }, token);
const daily = async (token: string, date = DAY) => expectOk(await t.get<DailyRow[]>(`/api${checkin.base}/daily`, token, { date }));

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['teacher01', 'student01', 'admin']) tokens[username] = await t.login(username);
  [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${checkin.base}/mine`, tokens.student01));
  // Two more of teacher01's students: one who checks in from student01's phone, one who does not check in.
  const [adviser] = await t.db.select({ id: internshipEnrolment.adviserUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, placement.id));
  const placed = async () => {
    const student = await t.createUser({ roles: ['role-student'] });
    const [row] = await t.db
      .insert(internshipEnrolment)
      .values({ programId: placement.programId, studentUserId: student.id, adviserUserId: adviser!.id, startDate: placement.startDate, endDate: placement.endDate, status: 'active' })
      .returning({ id: internshipEnrolment.id });
    return { token: await t.login(student.username, student.password), enrolmentId: row!.id };
  };
  other = await placed();
  absent = await placed();
});
afterAll(() => t.close());

describe('签到', () => {
  it('keeps a check-in with its location once a day, and refuses a second one that day', async () => {
    const saved = expectOk(await put({ enrolmentId: placement.id, checkedAt: MORNING, ...HERE }), '签到已提交');
    expect(saved).toMatchObject({ status: 'recorded', title: `签到 ${schoolTime(MORNING)}`, values: { location: 'granted', latitude: '23.0207', accuracy: '18' }, notes: [] });
    expectError(await put({ enrolmentId: placement.id, checkedAt: at(DAY, '08:38'), ...HERE }), 409, `${DAY} 已签到，不必重复`);
  });

  it('takes a check-in without a location where the student refused it, and refuses coordinates without a location, or a time to come', async () => {
    const earlier = addDays(today, -6);
    expectError(await put({ enrolmentId: placement.id, checkedAt: at(earlier, '08:50'), location: 'denied', latitude: '23.1' }), 400, '未定位的签到不应带坐标');
    expectError(await put({ enrolmentId: placement.id, checkedAt: new Date(Date.now() + 3_600_000).toISOString(), location: 'denied' }), 400, '签到时间不能晚于当前时间');
    const saved = expectOk(await put({ enrolmentId: placement.id, checkedAt: at(earlier, '08:50'), location: 'denied' }));
    expect(saved.values).toMatchObject({ location: 'denied', latitude: null });
  });

  it('flags, never refuses: one device for two students, the same spot to the metre three days running, a check-in after 22:00', async () => {
    const shared = expectOk(await put({ enrolmentId: other.enrolmentId, checkedAt: at(DAY, '08:35'), ...HERE }, other.token));
    expect(shared.notes).toEqual([CHECKIN_FLAGS.sharedDevice]);

    const days = [addDays(today, -4), addDays(today, -3), addDays(today, -2)];
    const spotted = [];
    for (const day of days) spotted.push(expectOk(await put({ enrolmentId: placement.id, checkedAt: at(day, '08:40'), ...HERE, deviceId: 'device-b' })));
    expect(spotted.map((r) => r.notes)).toEqual([[], [], [CHECKIN_FLAGS.sameSpot]]);

    const late = expectOk(await put({ enrolmentId: placement.id, checkedAt: at(addDays(today, -5), '22:30'), ...HERE, latitude: '23.0301', deviceId: 'device-b' }));
    expect(late.notes).toEqual([CHECKIN_FLAGS.night]);
    // Night is 22:00 to 06:00 by the school's clock: 02:31 is night work too, 06:00 is morning; the note quotes the rule.
    const small = expectOk(await put({ enrolmentId: placement.id, checkedAt: at(addDays(today, -7), '02:31'), ...HERE, latitude: '23.0402', deviceId: 'device-b' }));
    expect(small.notes).toEqual([CHECKIN_FLAGS.night]);
    expect(CHECKIN_FLAGS.night).toContain('不得安排学生加班和上夜班');
    const dawn = expectOk(await put({ enrolmentId: placement.id, checkedAt: at(addDays(today, -8), '06:00'), ...HERE, latitude: '23.0503', deviceId: 'device-b' }));
    expect(dawn.notes).toEqual([]);
    // A statutory holiday of the dictionary: work on it is noted too.
    const holiday = addDays(today, -9);
    await t.db.insert(sysDictItem).values({ dictId: 'dict-statutory-holiday', itemText: '调休', itemValue: holiday, sortOrder: 99 });
    const onHoliday = expectOk(await put({ enrolmentId: placement.id, checkedAt: at(holiday, '09:00'), ...HERE, latitude: '23.0604', deviceId: 'device-b' }));
    expect(onHoliday.notes).toEqual([CHECKIN_FLAGS.holiday]);
  });

  it('shows the adviser the day: who checked in, when, how located and what was noticed; students do not see it', async () => {
    const rows = await daily(tokens.teacher01!);
    expect(rows[0]).toMatchObject({ studentName: '李明', checkedAt: MORNING, location: 'granted', accuracy: '18', notes: [] });
    expect(rows.find((r) => r.enrolmentId === other.enrolmentId)).toMatchObject({ notes: [CHECKIN_FLAGS.sharedDevice] });
    // Those who have not checked in come last.
    expect(rows.at(-1)).toMatchObject({ enrolmentId: absent.enrolmentId, recordId: null, checkedAt: null });
    expect((await daily(tokens.admin!)).map((r) => r.enrolmentId)).toEqual(expect.arrayContaining([placement.id, other.enrolmentId, absent.enrolmentId]));
    expectError(await t.get(`/api${checkin.base}/daily`, tokens.student01), 403, '没有权限执行此操作');
  });

  it('measures a check-in from the workplace, and flags one outside its radius with the distance, one too far from the last to have been reached, and one during an approved leave', async () => {
    // A student whose workplace the office recorded (WGS-84) with a radius of 300 m.
    const student = await t.createUser({ roles: ['role-student'] });
    const [row] = await t.db
      .insert(internshipEnrolment)
      .values({ programId: placement.programId, studentUserId: student.id, startDate: placement.startDate, endDate: placement.endDate, status: 'active', workLatitude: 23.0207, workLongitude: 113.7518, workRadius: 300 })
      .returning({ id: internshipEnrolment.id });
    const token = await t.login(student.username, student.password);
    // A day that happens to be a statutory holiday adds its own flag, whenever the suite runs.
    const checkIn = async (day: string, time: string, where: { latitude: string; longitude: string }) => {
      const saved = expectOk(await put({ enrolmentId: row!.id, checkedAt: at(day, time), location: 'granted', accuracy: '20', deviceId: `device-${student.id}`, ...where }, token));
      return { ...saved, notes: saved.notes.filter((note) => note !== CHECKIN_FLAGS.holiday) };
    };

    // 0.001° north is about 111 m: inside.
    const inside = await checkIn(addDays(today, -5), '08:30', { latitude: '23.0217', longitude: '113.7518' });
    expect(inside.notes).toEqual([]);
    // 0.02° north is about 2.2 km: outside, with the distance.
    const outside = await checkIn(addDays(today, -4), '08:30', { latitude: '23.0407', longitude: '113.7518' });
    expect(outside.notes).toEqual([`${CHECKIN_FLAGS.outside}（距实习单位 2.2 公里）`]);

    // Beijing at 21:50, the workplace in Dongguan at 00:20: some 1,900 km in two hours and a half.
    await checkIn(addDays(today, -3), '21:50', { latitude: '39.9087', longitude: '116.3975' });
    const jumped = await checkIn(addDays(today, -2), '00:20', { latitude: '23.0207', longitude: '113.7518' });
    expect(jumped.notes).toEqual(expect.arrayContaining([CHECKIN_FLAGS.jump]));
    expect(jumped.notes).not.toContain(CHECKIN_FLAGS.outside);

    // An approved leave from 08:00 to 18:00 yesterday.
    await t.db.insert(internshipRecord).values({
      id: randomUUID(),
      kind: 'leave',
      enrolmentId: row!.id,
      periodStart: DAY,
      title: '病假',
      content: '发烧就医',
      status: 'approved',
      startsAt: new Date(at(DAY, '08:00')),
      endsAt: new Date(at(DAY, '18:00')),
    });
    const onLeave = await checkIn(DAY, '09:10', { latitude: '23.0207', longitude: '113.7518' });
    expect(onLeave.notes).toEqual([CHECKIN_FLAGS.onLeave]);
    const listed = (await daily(tokens.admin!)).find((r) => r.enrolmentId === row!.id);
    expect(listed).toMatchObject({ distance: 0, notes: expect.arrayContaining([CHECKIN_FLAGS.onLeave]) });
  });
});
