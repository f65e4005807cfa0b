import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CHECKIN_FLAGS, RECORD_KINDS, type DailyRow, type RecordDetail } from '@contract/records.ts';
import { internshipEnrolment, internshipProgram, internshipRecord } from '../../server/db/schema.ts';
import { SEAL_BAND, sealLines } from '../../server/modules/internship/photo-seal.ts';
import { newAdvisees, type Advisee } from './advisee-support.ts';
import { downloadRequest, uploadRequest } from './attachment-support.ts';
import { expectOk, startTestApp, type TestApp } from './harness.ts';

/** 签到照片 (issue 35): a photo taken at check-in is sealed by the server with a visible band; one used twice is flagged. */

const { checkin } = RECORD_KINDS;
const today = schoolToday();
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();
const WORK = { workLatitude: 23.0407, workLongitude: 113.7518, workRadius: 500 };
/** About 2.2 km south of the workplace. */
const AWAY = { location: 'granted', latitude: '23.0207', longitude: '113.7518', accuracy: '20' };
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let t: TestApp;
let adviserToken: string;
let students: Advisee[];
/** A plain white photo, as a phone's camera might give a wall: the band shows on it as dark pixels. */
let photo: Buffer;

async function checkIn(student: Advisee, day: string, image: Buffer | null) {
  const id = randomUUID();
  const attachmentIds: string[] = [];
  if (image) {
    const attachmentId = randomUUID();
    const request = uploadRequest(id, attachmentId, { name: 'checkin.jpg', type: 'image/jpeg', content: image }, checkin.base);
    const upload = await t.app.inject({ ...request, headers: { ...request.headers, 'x-access-token': student.token } });
    expect(upload.statusCode, upload.body).toBe(200);
    attachmentIds.push(attachmentId);
  }
  const saved = expectOk(await t.put<RecordDetail>(`/api${checkin.base}/${id}`, { enrolmentId: student.enrolmentId, checkedAt: at(day, '08:30'), ...AWAY, deviceId: `device-${student.name}`, submit: true, attachmentIds }, student.token));
  return { saved, attachmentIds };
}
const download = async (attachmentId: string) => {
  const answer = await t.app.inject({ ...downloadRequest(attachmentId), headers: { 'x-access-token': adviserToken } });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
};
/** The mean brightness (0–255) of a horizontal strip of an image, from `from` to `to` as shares of its height. */
async function brightness(image: Buffer, from: number, to: number) {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [top, bottom] = [Math.floor(info.height * from), Math.floor(info.height * to)];
  let sum = 0;
  for (let i = top * info.width; i < bottom * info.width; i++) sum += data[i]!;
  return sum / ((bottom - top) * info.width);
}

beforeAll(async () => {
  t = await startTestApp();
  let placement;
  ({ placement, adviserToken, advisees: students } = await newAdvisees(t, ['甲', '乙'], 20));
  await t.db.update(internshipProgram).set({ checkinPhoto: true }).where(eq(internshipProgram.id, placement.programId));
  await t.db.update(internshipEnrolment).set(WORK).where(inArray(internshipEnrolment.id, students.map((s) => s.enrolmentId)));
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).jpeg({ quality: 90 }).toBuffer();
});
afterAll(() => t.close());

describe('签到照片', () => {
  it('is stored sealed: a dark band with the name, 学号, receipt time and distance across the bottom, both hashes recorded', async () => {
    const [a] = students as [Advisee];
    const day = addDays(today, -1);
    const { saved, attachmentIds } = await checkIn(a, day, photo);
    expect(saved.notes).toEqual([`${CHECKIN_FLAGS.outside}（距实习单位 2.2 公里）`]);

    const stored = await download(attachmentIds[0]!);
    expect(hash(stored)).not.toBe(hash(photo));
    // Above the band the wall is still white; the band is dark behind its white words.
    expect(await brightness(stored, 0, 1 - SEAL_BAND - 0.02)).toBeGreaterThan(245);
    expect(await brightness(stored, 1 - SEAL_BAND + 0.01, 1)).toBeLessThan(150);
    const [row] = await t.db.select({ data: internshipRecord.data, receivedAt: internshipRecord.receivedAt }).from(internshipRecord).where(eq(internshipRecord.id, saved.id));
    expect((row!.data as { photos: unknown }).photos).toEqual([{ sha256: hash(stored), originalSha256: hash(photo) }]);
    expect(sealLines({ studentName: '甲', studentNo: null, receivedAt: row!.receivedAt!, distance: 2224 })).toEqual(['甲', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d · 距实习单位 2\.2 公里$/)]);

    // The phone sending the same file again (its answer lost) is answered, not refused as another file.
    const again = uploadRequest(saved.id, attachmentIds[0]!, { name: 'checkin.jpg', type: 'image/jpeg', content: photo }, checkin.base);
    expect((await t.app.inject({ ...again, headers: { ...again.headers, 'x-access-token': a.token } })).statusCode).toBe(200);
  });

  it('flags the same photo from another student, or from the same student on another day; and a check-in without one', async () => {
    const [a, b] = students as [Advisee, Advisee];
    const other = await checkIn(b, addDays(today, -1), photo);
    expect(other.saved.notes).toContain(CHECKIN_FLAGS.reusedPhoto);
    const ownAgain = await checkIn(a, addDays(today, -2), photo);
    expect(ownAgain.saved.notes).toContain(CHECKIN_FLAGS.reusedPhoto);
    const fresh = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
    expect((await checkIn(b, addDays(today, -2), fresh)).saved.notes).not.toContain(CHECKIN_FLAGS.reusedPhoto);
    expect((await checkIn(a, addDays(today, -3), null)).saved.notes).toContain(CHECKIN_FLAGS.noPhoto);

    const daily = expectOk(await t.get<DailyRow[]>(`/api${checkin.base}/daily`, adviserToken, { date: addDays(today, -1) }));
    expect(daily.find((r) => r.enrolmentId === b.enrolmentId)?.photos.map((p) => p.id)).toEqual(other.attachmentIds);
  });
});
