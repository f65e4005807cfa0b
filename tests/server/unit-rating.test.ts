import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import type { PageResult } from '@contract/resource.ts';
import { RATING_MSG } from '@contract/internship-unit.ts';
import { internshipProgram, internshipUnit, internshipUnitRating } from '../../server/db/schema.ts';
import { readExport } from './basic-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 实习基地评价: the office and the advisers rate a unit once per season; the unit's list, detail and export show the mean. */

type Row = Record<string, unknown> & { id: string };
const RATING = '/api/internshipunit/rating';
const UNIT = '/api/internshipunit/ti04';

let t: TestApp;
const tokens: Record<'office' | 'teacher' | 'student', string> = { office: '', teacher: '', student: '' };
let unitId: string;
let programId: string;
beforeAll(async () => {
  t = await startTestApp();
  [tokens.office, tokens.teacher, tokens.student] = await Promise.all([t.login('office01'), t.login('teacher01'), t.login('student01')]);
  [{ id: unitId }] = await t.db.select({ id: internshipUnit.id }).from(internshipUnit).where(eq(internshipUnit.name, '星辰软件科技有限公司'));
  [{ id: programId }] = await t.db.select({ id: internshipProgram.id }).from(internshipProgram).limit(1);
});
afterAll(() => t.close());

const marks = (safety: number, fit: number, guidance: number, pay: number) => ({ unitId, programId, safety, fit, guidance, pay });
const unitRow = async () => expectOk(await t.get<Row>(`${UNIT}/queryById`, tokens.office, { id: unitId }));

describe('实习基地评价', () => {
  it('takes one rating per rater, unit and season; the unit shows the mean of every rating’s four marks', async () => {
    expect(await unitRow()).toMatchObject({ ratingAverage: null, ratingCount: null });
    expectOk(await t.post(`${RATING}/add`, { ...marks(5, 4, 4, 3), comment: '带教认真' }, tokens.office));
    expectOk(await t.post(`${RATING}/add`, marks(3, 3, 4, 2), tokens.teacher));
    expectError(await t.post(`${RATING}/add`, marks(1, 1, 1, 1), tokens.office), 400, RATING_MSG.once);
    expect(await t.db.select().from(internshipUnitRating).where(eq(internshipUnitRating.unitId, unitId))).toHaveLength(2);
    // (5+4+4+3)/4 = 4, (3+3+4+2)/4 = 3: the mean 3.5.
    expect(await unitRow()).toMatchObject({ ratingAverage: '3.5', ratingCount: 2 });
    const page = expectOk(await t.get<PageResult<Row>>(`${RATING}/list`, tokens.office, { unitId }));
    expect(page.records.map((r) => [r.raterName, r.unitId_dictText, r.comment])).toEqual(
      expect.arrayContaining([
        ['周老师', '星辰软件科技有限公司', '带教认真'],
        ['王老师', '星辰软件科技有限公司', null],
      ]),
    );
  });

  it('lets only the rater change or delete a rating', async () => {
    const [mine] = await t.db.select().from(internshipUnitRating).where(eq(internshipUnitRating.comment, '带教认真'));
    expectError(await t.put(`${RATING}/edit`, { id: mine!.id, ...marks(1, 1, 1, 1) }, tokens.teacher), 403, RATING_MSG.own);
    expectError(await t.request('DELETE', `${RATING}/delete`, { token: tokens.teacher, query: { id: mine!.id } }), 403, RATING_MSG.own);
    expectOk(await t.put(`${RATING}/edit`, { id: mine!.id, ...marks(5, 5, 5, 5), comment: '带教认真' }, tokens.office));
    expect(await unitRow()).toMatchObject({ ratingAverage: '4.0', ratingCount: 2 });
  });

  it('refuses a mark outside 1–5 and a student', async () => {
    expectError(await t.post(`${RATING}/add`, marks(6, 3, 3, 3), tokens.teacher), 400, '安全须为1到5分');
    expectError(await t.get(`${RATING}/list`, tokens.student), 403, '没有权限执行此操作');
  });

  it('puts the mean in the units’ export', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${UNIT}/exportXls`, query: { name: '星辰软件' }, headers: { [ACCESS_TOKEN_HEADER]: tokens.office } });
    const [header, row] = await readExport(response.rawPayload);
    expect(row![header!.indexOf('基地评价')]).toBe('4.0');
    expect(row![header!.indexOf('评价次数')]).toBe('2');
  });
});
