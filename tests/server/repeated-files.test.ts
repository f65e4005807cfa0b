import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS, type RecordDetail } from '@contract/records.ts';
import { newAdvisees, type Advisee } from './advisee-support.ts';
import { PNG, uploadRequest } from './attachment-support.ts';
import { expectOk, startTestApp, type TestApp } from './harness.ts';

/** 照片重复 (issue 35): a file whose bytes another record holds too is named to whoever reads the record. */

const { weekly } = RECORD_KINDS;
const TEXT = '本周跟随师傅在总装车间学习装配工艺，记录了轴承游隙调整的步骤和注意事项。';

let t: TestApp;
let weeks: string[];
let adviserToken: string;
let students: Advisee[];

/** A 周记 with one photo, submitted. */
async function file(student: Advisee, week: string, photo: Buffer, name: string) {
  const id = randomUUID();
  const attachmentId = randomUUID();
  const request = uploadRequest(id, attachmentId, { name, type: 'image/png', content: photo });
  const upload = await t.app.inject({ ...request, headers: { ...request.headers, 'x-access-token': student.token } });
  expect(upload.statusCode, upload.body).toBe(200);
  expectOk(await t.put(`/api${weekly.base}/${id}`, { enrolmentId: student.enrolmentId, periodStart: week, title: `${student.name}的${week}周记`, content: TEXT, submit: true, attachmentIds: [attachmentId] }, student.token));
  return id;
}
const repeatsOf = async (id: string) => expectOk(await t.get<RecordDetail>(`/api${weekly.base}/${id}`, adviserToken)).repeatedFiles;

beforeAll(async () => {
  t = await startTestApp();
  ({ weeks, adviserToken, advisees: students } = await newAdvisees(t, ['甲', '乙'], 20));
});
afterAll(() => t.close());

describe('照片重复', () => {
  it('names the other student’s record and the student’s own other week holding the same photo, and nothing for a photo of its own', async () => {
    const [a, b] = students as [Advisee, Advisee];
    const shared = Buffer.concat([PNG, Buffer.from(randomUUID())]);
    const first = await file(a, weeks[0]!, shared, '车间.png');
    const copied = await file(b, weeks[0]!, shared, '我的车间.png');
    const again = await file(a, weeks[1]!, shared, '车间2.png');
    const fresh = await file(b, weeks[1]!, Buffer.concat([PNG, Buffer.from(randomUUID())]), '新照片.png');

    const [w0, w1] = weeks as [string, string];
    type Repeat = { studentName: string; title: string };
    const byWho = <R extends Repeat>(rows: R[]) => [...rows].sort((x, y) => `${x.studentName}${x.title}`.localeCompare(`${y.studentName}${y.title}`));
    expect(byWho(await repeatsOf(copied))).toEqual(
      byWho([
        { fileName: '我的车间.png', studentName: '甲', title: `甲的${w0}周记`, own: false },
        { fileName: '我的车间.png', studentName: '甲', title: `甲的${w1}周记`, own: false },
      ]),
    );
    expect(byWho(await repeatsOf(again))).toEqual(
      byWho([
        { fileName: '车间2.png', studentName: '甲', title: `甲的${w0}周记`, own: true },
        { fileName: '车间2.png', studentName: '乙', title: `乙的${w0}周记`, own: false },
      ]),
    );
    expect(await repeatsOf(first)).toHaveLength(2);
    expect(await repeatsOf(fresh)).toEqual([]);
  });
});
