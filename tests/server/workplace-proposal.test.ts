import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CHECKIN_FLAGS, RECORD_KINDS, WORKPLACE_MSG, type RecordDetail, type WorkplaceProposal } from '@contract/records.ts';
import { internshipEnrolment } from '../../server/db/schema.ts';
import { newAdvisees, type Advisee } from './advisee-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** A workplace proposed from a student's first located check-ins (issue 35), confirmed by the adviser. */

const { checkin } = RECORD_KINDS;
const today = schoolToday();
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();
const located = (latitude: number, longitude: number) => ({ location: 'granted', latitude: String(latitude), longitude: String(longitude), accuracy: '15' });

let t: TestApp;
let adviserToken: string;
let students: Advisee[];

const checkIn = (student: Advisee, daysAgo: number, place: object) =>
  t.put<RecordDetail>(`/api${checkin.base}/${randomUUID()}`, { enrolmentId: student.enrolmentId, checkedAt: at(addDays(today, -daysAgo), '08:30'), ...place, deviceId: `d-${student.name}`, submit: true }, student.token);
const proposals = async (token = adviserToken) => expectOk(await t.get<WorkplaceProposal[]>(`/api${checkin.base}/workplaceProposals`, token));

beforeAll(async () => {
  t = await startTestApp();
  ({ adviserToken, advisees: students } = await newAdvisees(t, ['近', '散'], 20));
  // Near the workplace three days running; the other from work, from home 2 km off, and from work.
  const [near, scattered] = students as [Advisee, Advisee];
  for (const [daysAgo, lat, lng] of [[9, 23.0407, 113.7518], [8, 23.0409, 113.752], [7, 23.0405, 113.7516]] as const) expectOk(await checkIn(near, daysAgo, located(lat, lng)));
  for (const [daysAgo, lat] of [[9, 23.0407], [8, 23.0587], [7, 23.0406]] as const) expectOk(await checkIn(scattered, daysAgo, located(lat, 113.7518)));
});
afterAll(() => t.close());

describe('实习地点 proposed from check-ins', () => {
  it('is offered to the adviser from the first three close check-ins, and not from scattered ones', async () => {
    const [near] = students as [Advisee];
    const offered = await proposals();
    expect(offered.map((p) => p.studentName)).toEqual(['近']);
    expect(offered[0]).toMatchObject({ enrolmentId: near.enrolmentId, latitude: 23.0407, longitude: 113.7518, days: [addDays(today, -9), addDays(today, -8), addDays(today, -7)] });
  });

  it('is refused to a student and to a teacher who advises none of them, and becomes the workplace once the adviser confirms it', async () => {
    const [near, scattered] = students as [Advisee, Advisee];
    const other = await t.createUser({ roles: ['role-teacher'] });
    const otherToken = await t.login(other.username, other.password);
    // A teacher advising nobody holds no relation that reviews check-ins.
    expect((await t.get(`/api${checkin.base}/workplaceProposals`, otherToken)).status).toBe(403);
    expect((await t.post(`/api${checkin.base}/workplaceProposals/${near.enrolmentId}/confirm`, {}, otherToken)).status).toBe(403);
    expect((await t.post(`/api${checkin.base}/workplaceProposals/${near.enrolmentId}/confirm`, {}, near.token)).status).toBe(403);
    expectError(await t.post(`/api${checkin.base}/workplaceProposals/${scattered.enrolmentId}/confirm`, {}, adviserToken), 409, WORKPLACE_MSG.none);

    expectOk(await t.post(`/api${checkin.base}/workplaceProposals/${near.enrolmentId}/confirm`, {}, adviserToken), WORKPLACE_MSG.confirmed);
    const [placement] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, near.enrolmentId));
    expect(placement).toMatchObject({ workLatitude: 23.0407, workLongitude: 113.7518, workRadius: 500 });
    expect(await proposals()).toEqual([]);
    // Measured against it from now on: 2 km north is outside.
    const away = expectOk(await checkIn(near, 1, located(23.0587, 113.7518)));
    expect(away.notes).toEqual([`${CHECKIN_FLAGS.outside}（距实习单位 2.0 公里）`]);
  });
});
