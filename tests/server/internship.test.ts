import { randomUUID } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@contract/resource.ts';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import {
  RECORD_MSG,
  addDays,
  mondayOf,
  schoolToday,
  type AttachmentMeta,
} from '@contract/internship.ts';
import { recordMessages, type MyPlacementRecords, type RecordDetail, type RecordReviewRow, type RecordWriteInput } from '@contract/records.ts';
import { SEASON_WEEKS_BEHIND } from '../../server/db/demo-season-records.ts';
import { internshipAttachment, internshipEnrolment, internshipProgram, internshipRecord, sysIdempotency } from '../../server/db/schema.ts';
import { IDEMPOTENCY_MSG } from '../../server/plugins/app/idempotency.ts';
import { PDF, PNG, downloadRequest, uploadRequest, type UploadFile } from './attachment-support.ts';
import { expectError, expectOk, startTestApp, userRow, type ApiResponse, type TestApp } from './harness.ts';

const CONTENT = '本周我在企业导师的指导下完成了测试用例的编写与执行，记录缺陷并跟踪修复，收获很多。'.repeat(6);
const FORBIDDEN = '没有权限执行此操作';
/** 周记's own messages, in the record machinery's words for a weekly kind. */
const MSG = recordMessages('周记', 'week');

let t: TestApp;
const tokens: Record<string, string> = {};
let enrolment: MyPlacementRecords;
/** The Mondays of student01's 10 weeks, newest first; the demo data fills the three oldest ([7] to [9]). */
let weeks: string[];
let student02: { id: string; token: string; enrolmentId: string; summaryId: string };
let teacher02Token: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01']) tokens[username] = await t.login(username);
  [enrolment] = expectOk(await t.get<MyPlacementRecords[]>('/api/internship/weekly/mine', tokens.student01));
  weeks = enrolment!.slots.map((w) => w.periodStart);

  // A second student in the same program, advised by a second teacher, with one submitted summary.
  const teacher02 = await t.createUser({ roles: ['role-teacher'] });
  teacher02Token = await t.login(teacher02.username, teacher02.password);
  const user = await t.createUser({ roles: ['role-student'] });
  const [row] = await t.db
    .insert(internshipEnrolment)
    .values({
      programId: enrolment!.programId,
      studentUserId: user.id,
      adviserUserId: teacher02.id,
      startDate: enrolment!.startDate,
      endDate: enrolment!.endDate,
      status: 'active',
    })
    .returning({ id: internshipEnrolment.id });
  const token = await t.login(user.username, user.password);
  const summaryId = randomUUID();
  expectOk(await writeWeekly(summaryId, { enrolmentId: row!.id, periodStart: weeks[0]!, title: '第七周', content: CONTENT, submit: true }, token));
  student02 = { id: user.id, token, enrolmentId: row!.id, summaryId };
});
afterAll(() => t.close());

function inject(options: InjectOptions & { token?: string; key?: string }) {
  const { token, key, headers, ...rest } = options;
  return t.app.inject({ ...rest, headers: { ...headers, ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}), ...(key ? { 'idempotency-key': key } : {}) } });
}

async function api<T>(options: InjectOptions & { token?: string; key?: string }): Promise<ApiResponse<T> & { raw: string }> {
  const response = await inject(options);
  return { status: response.statusCode, body: response.json<ApiEnvelope<T>>(), headers: response.headers, raw: response.body };
}

function writeWeekly(id: string, body: Partial<RecordWriteInput>, token = tokens.student01!, key?: string) {
  return api<RecordDetail>({ method: 'PUT', url: `/api/internship/weekly/${id}`, payload: body, token, key });
}

const draftOf = (periodStart: string, extra: Partial<RecordWriteInput> = {}): RecordWriteInput => ({
  enrolmentId: enrolment.id,
  periodStart,
  title: '本周工作总结',
  content: CONTENT,
  submit: true,
  attachmentIds: [],
  ...extra,
});

const getWeekly = (id: string, token: string) => t.get<RecordDetail>(`/api/internship/weekly/${id}`, token);
const reviewWeekly = (id: string, body: object, token: string, key?: string) =>
  api<RecordDetail>({ method: 'POST', url: `/api/internship/weekly/${id}/review`, payload: body, token, key });
const reviewList = async (token: string, query: Record<string, string> = {}) =>
  expectOk(await t.get<PageResult<RecordReviewRow>>('/api/internship/weekly/review', token, { pageSize: '100', ...query }));

async function weeklyRows(where: { id?: string; periodStart?: string }) {
  return t.db
    .select()
    .from(internshipRecord)
    .where(
      and(
        where.id ? eq(internshipRecord.id, where.id) : undefined,
        where.periodStart ? and(eq(internshipRecord.enrolmentId, enrolment.id), eq(internshipRecord.periodStart, where.periodStart)) : undefined,
      ),
    );
}

function upload(summaryId: string, attachmentId: string, file: UploadFile, token: string, key?: string) {
  return api<AttachmentMeta>({ ...uploadRequest(summaryId, attachmentId, file), token, key });
}

const download = (attachmentId: string, token: string) => inject({ ...downloadRequest(attachmentId), token });

describe('GET /internship/weekly/mine', () => {
  it('gives the enrolment with its weeks, newest first, and the demo summaries in their states', () => {
    expect(enrolment).toMatchObject({
      programName: '2026届岗位实习',
      programType: 'post',
      unitName: '星辰软件科技有限公司',
      adviserName: '王老师',
      mentorName: '张工',
      status: 'active',
      minLength: 200,
    });
    const today = schoolToday();
    expect(enrolment.startDate).toBe(addDays(mondayOf(today), -SEASON_WEEKS_BEHIND * 7));
    expect(enrolment.slots.map((w) => w.periodNo)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(weeks[0]).toBe(mondayOf(today));
    expect(enrolment.slots.at(-1)).toMatchObject({ periodStart: enrolment.startDate, periodEnd: addDays(enrolment.startDate, 6) });
    const [first, second, third] = enrolment.slots.slice(-3).reverse().map((w) => w.record);
    expect(first).toMatchObject({ status: 'reviewed', score: 88, adviserComment: expect.stringContaining('内容充实') });
    expect(second).toMatchObject({ status: 'returned', score: null, adviserComment: expect.stringContaining('请补充') });
    expect(third).toMatchObject({ status: 'submitted', adviserComment: null });
  });

  it('is for students: a teacher gets 403', async () => {
    expectError(await t.get('/api/internship/weekly/mine', tokens.teacher01), 403, FORBIDDEN);
  });
});

describe('PUT /internship/weekly/{id} with an Idempotency-Key', () => {
  const id = randomUUID();
  const key = `${id}:1`;

  it('creates once; a replay answers the same and stores nothing twice', async () => {
    const first = await writeWeekly(id, draftOf(weeks[0]!), tokens.student01!, key);
    const created = expectOk(first, '周记已提交');
    expect(created).toMatchObject({ id, status: 'submitted', periodStart: weeks[0], periodEnd: addDays(weeks[0]!, 6), studentName: '李明', attachments: [] });
    expect(first.headers['idempotent-replay']).toBeUndefined();

    const replay = await writeWeekly(id, draftOf(weeks[0]!), tokens.student01!, key);
    expect(replay.status).toBe(200);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replay']).toBe('true');

    expect(await weeklyRows({ periodStart: weeks[0] })).toHaveLength(1);
    const [stored] = await t.db.select().from(sysIdempotency).where(eq(sysIdempotency.key, key));
    expect(stored).toMatchObject({ status: 'done', responseStatus: 200, route: 'PUT /api/internship/weekly/:id' });
  });

  it('refuses the same key with another body (409) and changes nothing', async () => {
    const before = (await weeklyRows({ id }))[0]!;
    expectError(await writeWeekly(id, draftOf(weeks[0]!, { content: `${CONTENT}补充` }), tokens.student01!, key), 409, IDEMPOTENCY_MSG.mismatch);
    expect((await weeklyRows({ id }))[0]).toEqual(before);
  });

  it('answers a resend without a key with the summary as it is, changing nothing', async () => {
    const before = (await weeklyRows({ id }))[0]!;
    expect(expectOk(await writeWeekly(id, draftOf(weeks[0]!), tokens.student01!))).toMatchObject({ id, status: 'submitted' });
    expect((await weeklyRows({ id }))[0]).toEqual(before);
  });

  it('answers 409 with Retry-After while the first copy runs, and lets a replay take over from one that died', async () => {
    const running = randomUUID();
    const runningKey = `${running}:1`;
    expectOk(await writeWeekly(running, draftOf(weeks[3]!, { submit: false }), tokens.student01!, runningKey));
    const pending = eq(sysIdempotency.key, runningKey);
    await t.db.update(sysIdempotency).set({ status: 'pending', responseStatus: null, responseBody: null, updatedAt: new Date() }).where(pending);
    const busy = await writeWeekly(running, draftOf(weeks[3]!, { submit: false }), tokens.student01!, runningKey);
    expectError(busy, 409, IDEMPOTENCY_MSG.inProgress);
    expect(busy.headers['retry-after']).toBe('1');

    await t.db.update(sysIdempotency).set({ updatedAt: new Date(Date.now() - 120_000) }).where(pending);
    const resumed = await writeWeekly(running, draftOf(weeks[3]!, { submit: false }), tokens.student01!, runningKey);
    expect(expectOk(resumed)).toMatchObject({ id: running, status: 'draft' });
    expect(resumed.headers['idempotent-replay']).toBeUndefined();
    expect((await t.db.select().from(sysIdempotency).where(pending))[0]).toMatchObject({ status: 'done', responseStatus: 200 });
    // Leave week [3] free for the tests below.
    await t.db.delete(internshipRecord).where(eq(internshipRecord.id, running));
  });

  it('keeps keys per user: another student may use the same key', async () => {
    const other = randomUUID();
    const response = await writeWeekly(other, { enrolmentId: student02.enrolmentId, periodStart: weeks[1]!, title: '第六周', content: CONTENT, submit: false }, student02.token, key);
    expect(expectOk(response)).toMatchObject({ id: other, status: 'draft' });
    expect(response.headers['idempotent-replay']).toBeUndefined();
  });

  it('stores nothing for a refused request, so the key can be used once the request is right', async () => {
    const fresh = randomUUID();
    const freshKey = `${fresh}:1`;
    expectError(await writeWeekly(fresh, draftOf(weeks[3]!, { content: '太短' }), tokens.student01!, freshKey), 400, '周记内容不能少于200字');
    expect(await t.db.select().from(sysIdempotency).where(eq(sysIdempotency.key, freshKey))).toEqual([]);
    expectError(await writeWeekly(fresh, draftOf(weeks[3]!, { content: '太短' }), tokens.student01!, freshKey), 400, '周记内容不能少于200字');
  });

  it('refuses a malformed key', async () => {
    expectError(await writeWeekly(randomUUID(), draftOf(weeks[3]!), tokens.student01!, 'bad key with spaces'), 400, IDEMPOTENCY_MSG.keyFormat);
  });
});

describe('PUT /internship/weekly/{id}: validation', () => {
  it('refuses content shorter than the program minimum with the exact message and stores nothing', async () => {
    const id = randomUUID();
    expectError(await writeWeekly(id, draftOf(weeks[3]!, { content: '本周实习内容太少。' }), tokens.student01!), 400, '周记内容不能少于200字');
    expect(await weeklyRows({ id })).toEqual([]);

    // The minimum is the program's, counted without white space.
    await t.db.update(internshipProgram).set({ minWeeklyLength: 300 }).where(eq(internshipProgram.id, enrolment.programId));
    try {
      expectError(await writeWeekly(id, draftOf(weeks[3]!, { content: `${CONTENT}\n\n\n${' '.repeat(200)}` }), tokens.student01!), 400, '周记内容不能少于300字');
    } finally {
      await t.db.update(internshipProgram).set({ minWeeklyLength: 200 }).where(eq(internshipProgram.id, enrolment.programId));
    }
    expect(await weeklyRows({ id })).toEqual([]);
  });

  it('keeps a short draft (the minimum applies on submit)', async () => {
    const id = randomUUID();
    expect(expectOk(await writeWeekly(id, draftOf(weeks[3]!, { content: '先记几句', submit: false })), '草稿已保存')).toMatchObject({ status: 'draft', submittedAt: null });
    // The same week with another id is refused; the first stays.
    expectError(await writeWeekly(randomUUID(), draftOf(weeks[3]!)), 409, MSG.periodTaken);
    expect((await weeklyRows({ periodStart: weeks[3] })).map((r) => r.id)).toEqual([id]);
  });

  it.each([
    { name: 'a day that is not a Monday', week: () => addDays(weeks[2]!, 2), status: 400, message: MSG.periodStart },
    { name: 'a future week', week: () => addDays(weeks[0]!, 7), status: 400, message: MSG.inFuture },
    { name: 'a week before the enrolment', week: () => addDays(enrolment.startDate, -7), status: 400, message: MSG.periodOutside },
    { name: 'no date at all', week: () => '2026-02-30', status: 400, message: MSG.periodFormat },
  ])('refuses $name', async ({ week, status, message }) => {
    const id = randomUUID();
    expectError(await writeWeekly(id, draftOf(week())), status, message);
    expect(await weeklyRows({ id })).toEqual([]);
  });

  it('refuses a missing title and a malformed id', async () => {
    expectError(await writeWeekly(randomUUID(), draftOf(weeks[2]!, { title: '   ' })), 400, MSG.titleRequired);
    expectError(await writeWeekly('not-a-uuid', draftOf(weeks[2]!)), 400, MSG.idFormat);
  });

  it('refuses an attachment id that was never uploaded', async () => {
    expectError(await writeWeekly(randomUUID(), draftOf(weeks[2]!, { attachmentIds: [randomUUID()] })), 400, RECORD_MSG.attachmentMissing);
  });
});

describe('scope', () => {
  it('a student never sees nor touches another student’s summary (404)', async () => {
    const { records } = await reviewList(tokens.teacher01!);
    const demo = records.find((r) => r.status === 'reviewed')!;
    expectOk(await getWeekly(demo.id, tokens.student01!));
    expectError(await getWeekly(demo.id, student02.token), 404, MSG.notFound);
    expectError(await writeWeekly(demo.id, draftOf(weeks[9]!), student02.token), 404, MSG.notFound);
    // Nor writes into another student's enrolment.
    expectError(await writeWeekly(randomUUID(), draftOf(weeks[7]!), student02.token), 404, '实习不存在或无权查看');
    expectError(await getWeekly(student02.summaryId, tokens.student01!), 404, MSG.notFound);
  });

  it('a teacher sees and reviews only advisees (404 otherwise); a draft is the student’s alone', async () => {
    const teacher01 = await reviewList(tokens.teacher01!);
    expect(teacher01.records.length).toBeGreaterThanOrEqual(3);
    expect(new Set(teacher01.records.map((r) => r.studentName))).toEqual(new Set(['李明']));
    expect(teacher01.records.map((r) => r.id)).not.toContain(student02.summaryId);
    expect(teacher01.records.some((r) => r.status === 'draft')).toBe(false);
    expect(teacher01.total).toBe(teacher01.records.length);

    const teacher02 = await reviewList(teacher02Token);
    expect(teacher02.records.map((r) => r.id)).toEqual([student02.summaryId]);

    expectError(await getWeekly(student02.summaryId, tokens.teacher01!), 404, MSG.notFound);
    expectError(await reviewWeekly(student02.summaryId, { action: 'approve', score: 90 }, tokens.teacher01!), 404, MSG.notFound);
    expectError(await getWeekly(teacher01.records[0]!.id, teacher02Token), 404, MSG.notFound);

    const draft = (await weeklyRows({ periodStart: weeks[3] }))[0]!;
    expect(draft.status).toBe('draft');
    expectError(await getWeekly(draft.id, tokens.teacher01!), 404, MSG.notFound);
  });

  it('the mentor reads the mentee’s summaries but does not review; the administrator sees everyone’s', async () => {
    const { records } = await reviewList(tokens.teacher01!);
    expectOk(await getWeekly(records[0]!.id, tokens.mentor01!));
    expectError(await getWeekly(student02.summaryId, tokens.mentor01!), 404, MSG.notFound);
    expectError(await reviewWeekly(records[0]!.id, { action: 'approve', score: 90 }, tokens.mentor01!), 403, FORBIDDEN);
    expectError(await t.get('/api/internship/weekly/review', tokens.student01), 403, FORBIDDEN);

    // Everyone's: every 周记 handed in (the demo season's and the two students' here), student02's among the newest waiting.
    const admin = await reviewList(tokens.admin!);
    expect(admin.total).toBe(await t.db.$count(internshipRecord, and(eq(internshipRecord.kind, 'weekly'), ne(internshipRecord.status, 'draft'))));
    expect(admin.total).toBeGreaterThan(records.length + 1);
    expect(admin.records.map((r) => r.id)).toContain(student02.summaryId);
    expectOk(await getWeekly(student02.summaryId, tokens.admin!));
  });

  it('filters and pages the review list, waiting summaries first', async () => {
    const waiting = await reviewList(tokens.teacher01!, { status: 'submitted' });
    expect(waiting.records.length).toBeGreaterThan(0);
    expect(waiting.records.every((r) => r.status === 'submitted')).toBe(true);
    const all = await reviewList(tokens.teacher01!);
    expect(all.records.slice(0, waiting.total).every((r) => r.status === 'submitted')).toBe(true);
    const page = await reviewList(tokens.teacher01!, { page: '2', pageSize: '1' });
    expect({ total: page.total, current: page.current, size: page.size, ids: page.records.map((r) => r.id) }).toEqual({
      total: all.total,
      current: 2,
      size: 1,
      ids: [all.records[1]!.id],
    });
    expect(all.records.find((r) => r.title === '第一周：熟悉岗位与团队')).toMatchObject({ studentNo: '2023010101', departName: '信息工程学院', programName: '2026届岗位实习', score: 88 });
  });
});

describe('review: return, resubmit, approve', () => {
  const id = randomUUID();

  it('returns with a comment, takes the resubmission, approves with a score, then locks the summary', async () => {
    expectOk(await writeWeekly(id, draftOf(weeks[1]!, { title: '第六周总结' })));

    expectError(await reviewWeekly(id, { action: 'return' }, tokens.teacher01!), 400, RECORD_MSG.reviewCommentRequired);
    expectError(await reviewWeekly(id, { action: 'approve', comment: '好' }, tokens.teacher01!), 400, RECORD_MSG.reviewScoreRequired);
    expectError(await reviewWeekly(id, { action: 'approve', score: 101 }, tokens.teacher01!), 400, RECORD_MSG.reviewScoreRange);
    expectError(await reviewWeekly(id, { action: 'pass', score: 90 }, tokens.teacher01!), 400, RECORD_MSG.reviewAction);

    const returned = expectOk(await reviewWeekly(id, { action: 'return', comment: '请补充本周遇到的问题。' }, tokens.teacher01!));
    expect(returned).toMatchObject({ status: 'returned', adviserComment: '请补充本周遇到的问题。', score: null, reviewerName: '王老师' });
    expectError(await reviewWeekly(id, { action: 'approve', score: 90 }, tokens.teacher01!), 409, MSG.reviewNotSubmitted);

    const [mine] = expectOk(await t.get<MyPlacementRecords[]>('/api/internship/weekly/mine', tokens.student01));
    expect(mine!.slots.find((w) => w.periodStart === weeks[1])!.record).toMatchObject({ id, status: 'returned', adviserComment: '请补充本周遇到的问题。' });

    // Saving the edit as a draft keeps it 已退回; submitting sends it back to the adviser.
    const edited = `${CONTENT}本周遇到的问题是测试环境不稳定，已和导师一起排查解决。`;
    expect(expectOk(await writeWeekly(id, draftOf(weeks[1]!, { content: edited, submit: false })))).toMatchObject({ status: 'returned' });
    expect(expectOk(await writeWeekly(id, draftOf(weeks[1]!, { content: edited })), '周记已提交')).toMatchObject({ status: 'submitted', content: edited });

    const key = `review-${id}`;
    const approved = await reviewWeekly(id, { action: 'approve', comment: '修改后内容完整。', score: 92 }, tokens.teacher01!, key);
    expect(expectOk(approved)).toMatchObject({ status: 'reviewed', score: 92, adviserComment: '修改后内容完整。', reviewerName: '王老师', reviewedAt: expect.any(String) });
    const replay = await reviewWeekly(id, { action: 'approve', comment: '修改后内容完整。', score: 92 }, tokens.teacher01!, key);
    expect({ status: replay.status, raw: replay.raw, replayed: replay.headers['idempotent-replay'] }).toEqual({ status: 200, raw: approved.raw, replayed: 'true' });

    const before = (await weeklyRows({ id }))[0]!;
    expectError(await writeWeekly(id, draftOf(weeks[1]!, { content: `${edited}再补充一句。` })), 409, MSG.reviewedLocked);
    expectError(await upload(id, randomUUID(), { name: 'a.png', type: 'image/png', content: PNG }, tokens.student01!), 409, MSG.reviewedLocked);
    expect((await weeklyRows({ id }))[0]).toEqual(before);
  });
});

/** A new student of teacher02's, alone in a copy of the demo program with the given score precision. */
async function newAdvisee(scorePrecision: 0 | 1) {
  const [program] = await t.db.select().from(internshipProgram).where(eq(internshipProgram.id, enrolment.programId));
  const [copy] = await t.db
    .insert(internshipProgram)
    .values({ ...program!, id: randomUUID(), name: `${program!.name}（${scorePrecision}位小数）`, scorePrecision })
    .returning({ id: internshipProgram.id });
  const [adviser] = await t.db.select({ id: internshipEnrolment.adviserUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, student02.enrolmentId));
  const user = await t.createUser({ roles: ['role-student'] });
  const [row] = await t.db
    .insert(internshipEnrolment)
    .values({ programId: copy!.id, studentUserId: user.id, adviserUserId: adviser!.id, startDate: enrolment.startDate, endDate: enrolment.endDate, status: 'active' })
    .returning({ id: internshipEnrolment.id });
  return { userId: user.id, token: await t.login(user.username, user.password), enrolmentId: row!.id };
}

async function submittedBy(advisee: { token: string; enrolmentId: string }, weekStart = weeks[0]!, headers: Record<string, string> = {}) {
  const id = randomUUID();
  const body = { enrolmentId: advisee.enrolmentId, periodStart: weekStart, title: '本周总结', content: CONTENT, submit: true, attachmentIds: [] };
  expectOk(await api<RecordDetail>({ method: 'PUT', url: `/api/internship/weekly/${id}`, payload: body, token: advisee.token, headers }));
  return id;
}

const correctReview = (id: string, body: object, token: string) => api<RecordDetail>({ method: 'POST', url: `/api/internship/weekly/${id}/review/correct`, payload: body, token });

describe('review scores: refused, never changed', () => {
  it.each([
    [150, RECORD_MSG.reviewScoreRange],
    [-1, RECORD_MSG.reviewScoreRange],
    [85.55, RECORD_MSG.reviewScoreOneDecimal],
    [85.5, RECORD_MSG.reviewScoreWhole],
    ['abc', RECORD_MSG.reviewScoreNumber],
  ])('refuses %s where the program counts whole points, and stores nothing', async (score, message) => {
    expectError(await reviewWeekly(student02.summaryId, { action: 'approve', score }, teacher02Token), 400, message);
    expect((await weeklyRows({ id: student02.summaryId }))[0]).toMatchObject({ status: 'submitted', score: null, reviewerId: null });
  });

  it('takes one decimal where the program allows it, and still refuses two', async () => {
    const advisee = await newAdvisee(1);
    const id = await submittedBy(advisee);
    expectError(await reviewWeekly(id, { action: 'approve', score: 85.25 }, teacher02Token), 400, RECORD_MSG.reviewScoreOneDecimal);
    expect(expectOk(await reviewWeekly(id, { action: 'approve', score: 85.5 }, teacher02Token))).toMatchObject({ status: 'reviewed', score: 85.5, scorePrecision: 1 });
    expect((await weeklyRows({ id }))[0]!.score).toBe(85.5);
  });
});

describe('review corrections', () => {
  it('lets the reviewer correct a review with a reason, logs it and tells the student; refuses everyone else', async () => {
    const advisee = await newAdvisee(0);
    const id = await submittedBy(advisee);
    expectError(await correctReview(id, { score: 90, reason: '补评' }, teacher02Token), 409, MSG.correctionNotReviewed);
    expectOk(await reviewWeekly(id, { action: 'approve', score: 80, comment: '内容完整。' }, teacher02Token));

    expectError(await correctReview(id, { score: 88 }, teacher02Token), 400, RECORD_MSG.correctionReasonRequired);
    expectError(await correctReview(id, { score: 88, reason: '   ' }, teacher02Token), 400, RECORD_MSG.correctionReasonRequired);
    expectError(await correctReview(id, { score: 180, reason: '录错' }, teacher02Token), 400, RECORD_MSG.reviewScoreRange);
    expectError(await correctReview(id, { score: 88.5, reason: '录错' }, teacher02Token), 400, RECORD_MSG.reviewScoreWhole);
    expectError(await correctReview(id, { score: 80, comment: '内容完整。', reason: '录错' }, teacher02Token), 400, RECORD_MSG.correctionUnchanged);
    expectError(await correctReview(id, { score: 88, reason: '录错' }, tokens.teacher01!), 404, MSG.notFound);
    expectError(await correctReview(id, { score: 88, reason: '录错' }, tokens.mentor01!), 403, FORBIDDEN);
    expectError(await correctReview(id, { score: 88, reason: '录错' }, advisee.token), 403, FORBIDDEN);
    expect((await weeklyRows({ id }))[0]).toMatchObject({ score: 80, adviserComment: '内容完整。' });

    const corrected = expectOk(await correctReview(id, { score: 88, comment: '内容完整，附件充实。', reason: '批阅时漏看了附件' }, teacher02Token), '批阅已更正，已通知学生');
    expect(corrected).toMatchObject({ status: 'reviewed', score: 88, adviserComment: '内容完整，附件充实。' });
    expect(corrected.reviewHistory).toEqual([
      expect.objectContaining({ action: 'approve', score: 80, comment: '内容完整。', previousScore: null, reason: null }),
      expect.objectContaining({ action: 'correct', score: 88, comment: '内容完整，附件充实。', previousScore: 80, previousComment: '内容完整。', reason: '批阅时漏看了附件' }),
    ]);

    const bell = expectOk(await t.get<{ sysMsgList: { titile: string; msgTxt?: string | null }[] }>('/api/sys/annountCement/listByUser', advisee.token));
    expect(bell.sysMsgList.map((m) => m.titile)).toContain('周记批阅已更正');
    const others = expectOk(await t.get<{ sysMsgList: { titile: string }[] }>('/api/sys/annountCement/listByUser', student02.token));
    expect(others.sysMsgList.map((m) => m.titile)).not.toContain('周记批阅已更正');

    // The internship office (every summary in scope) may correct another's review too.
    expect(expectOk(await correctReview(id, { score: 90, reason: '教务复核' }, tokens.admin!))).toMatchObject({ score: 90, adviserComment: null });
  });
});

describe('submit time: the device’s, not the sync’s', () => {
  const put = (advisee: { token: string; enrolmentId: string }, headers: Record<string, string>) => submittedBy(advisee, weeks[0]!, headers);
  const minutesAgo = (m: number, from = Date.now()) => new Date(from - m * 60_000).toISOString();

  it('keeps when the student pressed 提交 offline, with the receipt beside it', async () => {
    const id = await put(await newAdvisee(0), { 'x-device-acted-at': minutesAgo(150), 'x-device-clock': minutesAgo(0) });
    const summary = expectOk(await getWeekly(id, teacher02Token));
    const lag = Date.parse(summary.receivedAt!) - Date.parse(summary.submittedAt!);
    expect(lag).toBeGreaterThan(149 * 60_000);
    expect(lag).toBeLessThan(151 * 60_000);
    expect(summary.submitTimeFlag).toBeNull();
    const row = (await reviewList(teacher02Token)).records.find((r) => r.id === id)!;
    expect(row).toMatchObject({ submittedAt: summary.submittedAt, receivedAt: summary.receivedAt, submitTimeFlag: null });
  });

  it('corrects a device clock that is off by its own reading at sending', async () => {
    // The phone's clock runs 3 hours fast: pressed 20 minutes ago, by its clock 2h40m from now.
    const id = await put(await newAdvisee(0), { 'x-device-acted-at': minutesAgo(-160), 'x-device-clock': minutesAgo(-180) });
    const summary = expectOk(await getWeekly(id, teacher02Token));
    expect(Date.parse(summary.receivedAt!) - Date.parse(summary.submittedAt!)).toBeGreaterThan(19 * 60_000);
    expect(summary.submitTimeFlag).toBe('clock-corrected');
  });

  it('clamps and flags a time in the future or from before the week began', async () => {
    const future = await put(await newAdvisee(0), { 'x-device-acted-at': minutesAgo(-600) });
    const ahead = expectOk(await getWeekly(future, teacher02Token));
    expect(ahead).toMatchObject({ submitTimeFlag: 'future', submittedAt: ahead.receivedAt });

    const old = await put(await newAdvisee(0), { 'x-device-acted-at': '2020-01-01T00:00:00Z', 'x-device-clock': minutesAgo(0) });
    const early = expectOk(await getWeekly(old, teacher02Token));
    expect(early.submitTimeFlag).toBe('too-old');
    expect(Date.parse(early.submittedAt!)).toBeGreaterThanOrEqual(Date.parse(`${weeks[0]}T00:00:00+08:00`));
  });

  it('without the device’s word the receipt stands, and a draft has no submit time', async () => {
    const advisee = await newAdvisee(0);
    const id = await put(advisee, {});
    const summary = expectOk(await getWeekly(id, teacher02Token));
    expect(summary).toMatchObject({ submitTimeFlag: null, submittedAt: summary.receivedAt });
    const draft = randomUUID();
    const saved = expectOk(await writeWeekly(draft, { enrolmentId: advisee.enrolmentId, periodStart: weeks[1]!, title: '草稿', content: '未完', submit: false }, advisee.token));
    expect(saved).toMatchObject({ submittedAt: null, receivedAt: null });
  });
});

describe('attachments', () => {
  const id = randomUUID();
  const photo = randomUUID();
  const scan = randomUUID();

  it('takes a photo before its summary exists, once per id, and links it on save', async () => {
    const first = expectOk(await upload(id, photo, { name: '现场照片.png', type: 'image/png', content: PNG }, tokens.student01!), '上传成功');
    expect(first).toMatchObject({ id: photo, recordId: id, fileName: '现场照片.png', mimeType: 'image/png', size: PNG.length });
    // The same file again under the same id: the stored one, no second row.
    expect(expectOk(await upload(id, photo, { name: '现场照片.png', type: 'image/png', content: PNG }, tokens.student01!))).toEqual(first);
    expectError(await upload(id, photo, { name: 'other.pdf', type: 'application/pdf', content: PDF }, tokens.student01!), 409, RECORD_MSG.attachmentIdTaken);
    expect((await t.db.select({ n: count() }).from(internshipAttachment).where(eq(internshipAttachment.id, photo)))[0]!.n).toBe(1);

    expectOk(await upload(id, scan, { name: 'C:\\fakepath\\证明.pdf', type: 'application/octet-stream', content: PDF }, tokens.student01!, `upload-${scan}`));
    const replay = await upload(id, scan, { name: 'C:\\fakepath\\证明.pdf', type: 'application/octet-stream', content: PDF }, tokens.student01!, `upload-${scan}`);
    expect(replay.headers['idempotent-replay']).toBe('true');

    const saved = expectOk(await writeWeekly(id, draftOf(weeks[2]!, { attachmentIds: [photo, scan] })));
    expect(saved.attachments.map((a) => [a.id, a.fileName, a.mimeType])).toEqual([
      [photo, '现场照片.png', 'image/png'],
      [scan, '证明.pdf', 'application/pdf'],
    ]);
  });

  // On PostgreSQL the copies check for the id side by side and the later insert meets the first's row; PGlite runs
  // one statement at a time, and the check and the insert of one copy come before the other's there.
  it('answers two copies of one upload sent at once alike (a phone that tried again before the first answer), with one row', async () => {
    const record = randomUUID();
    const attachment = randomUUID();
    const file = { name: '现场照片.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.from(attachment)]) };
    const answers = await Promise.all([1, 2, 3].map(() => upload(record, attachment, file, tokens.student01!)));
    expect(answers.map((a) => [a.status, a.body.message, a.body.result?.id])).toEqual([1, 2, 3].map(() => [200, '上传成功', attachment]));
    expect((await t.db.select({ n: count() }).from(internshipAttachment).where(eq(internshipAttachment.id, attachment)))[0]!.n).toBe(1);
  });

  it('serves the file to the student, the adviser and the mentor, and 404 to others', async () => {
    for (const token of [tokens.student01!, tokens.teacher01!, tokens.mentor01!, tokens.admin!]) {
      const response = await download(photo, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await download(scan, tokens.student01!)).headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('证明.pdf')}`);
    for (const token of [student02.token, teacher02Token]) {
      const response = await download(photo, token);
      expect({ status: response.statusCode, message: response.json<ApiEnvelope>().message }).toEqual({ status: 404, message: RECORD_MSG.attachmentNotFound });
    }
  });

  it('refuses other file types, empty and oversized files, and uploads into another student’s summary', async () => {
    const text = randomUUID();
    expectError(await upload(randomUUID(), text, { name: 'notes.png', type: 'image/png', content: Buffer.from('just some text, not an image') }, tokens.student01!), 400, RECORD_MSG.attachmentType);
    expectError(await upload(randomUUID(), text, { name: 'page.html', type: 'text/html', content: Buffer.from('<html></html>') }, tokens.student01!), 400, RECORD_MSG.attachmentType);
    expectError(await upload(randomUUID(), text, { name: 'empty.png', type: 'image/png', content: Buffer.alloc(0) }, tokens.student01!), 400, RECORD_MSG.attachmentEmpty);
    // A phone photo of several MB is fine (beyond Fastify's 1 MB JSON body limit); over 10 MB is not.
    const photo8mb = randomUUID();
    const large = expectOk(await upload(randomUUID(), photo8mb, { name: 'large.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]) }, tokens.student01!));
    expect(large.size).toBe(PNG.length + 8 * 1024 * 1024);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await upload(randomUUID(), text, { name: 'big.png', type: 'image/png', content: big }, tokens.student01!), 413, RECORD_MSG.attachmentTooLarge);
    expect(await t.db.select({ id: internshipAttachment.id }).from(internshipAttachment).where(eq(internshipAttachment.id, text))).toEqual([]);

    expectError(await upload(id, randomUUID(), { name: 'x.png', type: 'image/png', content: PNG }, student02.token), 404, MSG.notFound);
    expectError(await upload(id, 'not-a-uuid', { name: 'x.png', type: 'image/png', content: PNG }, tokens.student01!), 400, RECORD_MSG.attachmentIdFormat);
    expectError(
      await api({ method: 'POST', url: `/api/internship/weekly/${id}/attachments`, payload: { file: 'x' }, headers: { 'x-attachment-id': randomUUID() }, token: tokens.student01! }),
      400,
      RECORD_MSG.attachmentNotMultipart,
    );
  });

  it('removes a file left out of a save', async () => {
    const saved = expectOk(await writeWeekly(id, draftOf(weeks[2]!, { attachmentIds: [photo] })));
    expect(saved.attachments.map((a) => a.id)).toEqual([photo]);
    expect(await t.db.select({ id: internshipAttachment.id }).from(internshipAttachment).where(eq(internshipAttachment.id, scan))).toEqual([]);
  });
});

describe('demo data', () => {
  it('has student01 enrolled with teacher01 as adviser and mentor01 as mentor', async () => {
    const [row] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, enrolment.id));
    expect(row).toMatchObject({
      adviserUserId: (await userRow(t.db, 'teacher01'))!.id,
      mentorUserId: (await userRow(t.db, 'mentor01'))!.id,
      studentUserId: (await userRow(t.db, 'student01'))!.id,
    });
  });
});
