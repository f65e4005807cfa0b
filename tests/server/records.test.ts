import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import { addDays, schoolToday } from '@contract/internship.ts';
import { RECORD_KINDS, REPORT_OPEN_DAYS, messagesOf, recordKinds, type MyPlacementRecords, type RecordDetail, type RecordReviewRow } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import { internshipEnrolment, internshipRecord, sysPermission, sysRolePermission } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * The record machinery (contract/records.ts) with the kinds other than 周记 (tests/server/internship.test.ts
 * covers 周记 in depth on the same routes): 月报 by calendar month, 实习计划书 and 实习报告 once per placement.
 */

const CONTENT = '本月在测试组完成了接口测试与缺陷跟踪，参与了两次版本发布，学会了编写测试计划并与开发沟通缺陷。'.repeat(5);
let t: TestApp;
const tokens: Record<string, string> = {};
let placement: MyPlacementRecords;

const { monthly, plan, report, weekly } = RECORD_KINDS;

function put(base: string, id: string, body: object, token = tokens.student01!, key?: string) {
  return t.app
    .inject({ method: 'PUT', url: `/api${base}/${id}`, payload: body, headers: { [ACCESS_TOKEN_HEADER]: token, ...(key ? { 'idempotency-key': key } : {}) } })
    .then((r) => ({ status: r.statusCode, body: r.json<ApiEnvelope<RecordDetail>>(), headers: r.headers }));
}
const body = (periodStart: string, extra: object = {}) => ({ enrolmentId: placement.id, periodStart, title: '本月总结', content: CONTENT, submit: true, ...extra });
const mine = async (base: string, token = tokens.student01!) => expectOk(await t.get<MyPlacementRecords[]>(`/api${base}/mine`, token));
const reviewList = async (base: string, token: string) => expectOk(await t.get<PageResult<RecordReviewRow>>(`/api${base}/review`, token, { pageSize: '100' }));
const review = (base: string, id: string, payload: object, token = tokens.teacher01!) => t.post<RecordDetail>(`/api${base}/${id}/review`, payload, token);
const storedOf = (kind: string) => t.db.select().from(internshipRecord).where(and(eq(internshipRecord.enrolmentId, placement.id), eq(internshipRecord.kind, kind)));

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01']) tokens[username] = await t.login(username);
  [placement] = await mine(monthly.base);
});
afterAll(() => t.close());

describe('the declared kinds', () => {
  it('each has its student menu with the declared path and page, granted to students', async () => {
    const declared = recordKinds().map((d) => d.pages.mine);
    const menus = await t.db
      .select({ url: sysPermission.url, component: sysPermission.component, name: sysPermission.name, role: sysRolePermission.roleId })
      .from(sysPermission)
      .innerJoin(sysRolePermission, and(eq(sysRolePermission.permissionId, sysPermission.id), eq(sysRolePermission.roleId, 'role-student')))
      .where(inArray(sysPermission.url, declared.map((p) => p.path)));
    expect(menus.map(({ url, component }) => ({ path: url, component })).sort((a, b) => a.path!.localeCompare(b.path!))).toEqual(
      declared.map(({ path, component }) => ({ path, component })).sort((a, b) => a.path.localeCompare(b.path)),
    );
  });

  it('each with periods, or once a day, is held to one record a period by the database’s unique index', async () => {
    const { rows } = (await t.db.execute(sql`select indexdef from pg_indexes where indexname = 'internship_record_period_uq'`)) as unknown as { rows: { indexdef: string }[] };
    const [index] = rows;
    const [key, condition] = index!.indexdef.split(' WHERE ');
    const kinds = [...condition!.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort();
    expect(kinds).toEqual(recordKinds().filter((d) => d.period !== 'free' || d.oncePerDate).map((d) => d.kind).sort());
    // A day in parts (上班, 下班) is one a part.
    for (const d of recordKinds().filter((k) => k.dayPart)) expect(key).toContain(`->> '${d.dayPart!.field}'`);
  });
});

describe('月报: one per calendar month', () => {
  const msg = messagesOf(monthly);
  const thisMonth = `${schoolToday().slice(0, 8)}01`;

  it('lists the months of the placement from its start, newest first, each named by its month', () => {
    expect(placement.slots[0]).toMatchObject({ periodStart: thisMonth, closedReason: null, record: null });
    expect(placement.slots.at(-1)!.periodStart).toBe(`${placement.startDate.slice(0, 8)}01`);
    expect(placement.minLength).toBe(200);
  });

  it('refuses a day that does not start a month, a month to come, a second report of a month and a short one, each with its message', async () => {
    expectError(await put(monthly.base, randomUUID(), body(addDays(thisMonth, 1))), 400, msg.periodStart);
    const nextMonth = addDays(thisMonth, 40).slice(0, 8) + '01';
    expectError(await put(monthly.base, randomUUID(), body(nextMonth)), 400, msg.inFuture);
    expectError(await put(monthly.base, randomUUID(), body(thisMonth, { content: '太短' })), 400, msg.contentTooShort(200));
    const id = randomUUID();
    expectOk(await put(monthly.base, id, body(thisMonth)), '月报已提交');
    expectError(await put(monthly.base, randomUUID(), body(thisMonth)), 409, msg.periodTaken);
    expect((await storedOf('monthly')).map((r) => r.id)).toEqual([id]);
  });

  it('goes to the adviser, is returned, resubmitted, approved with a score and then locked', async () => {
    const [{ record }] = (await mine(monthly.base)).map((p) => p.slots[0]!);
    const id = record!.id;
    const waiting = await reviewList(monthly.base, tokens.teacher01!);
    expect(waiting.records.find((r) => r.id === id)).toMatchObject({ kind: 'monthly', studentName: '李明', status: 'submitted', periodLabel: `${Number(thisMonth.slice(0, 4))}年${Number(thisMonth.slice(5, 7))}月` });
    // A 月报 is not a 周记: the weekly routes do not find it.
    expectError(await t.get(`/api${weekly.base}/${id}`, tokens.teacher01!), 404, messagesOf(weekly).notFound);

    expectOk(await review(monthly.base, id, { action: 'return', comment: '请补充下月计划。' }), '已退回，等待学生修改后重新提交');
    expect((await mine(monthly.base))[0]!.slots[0]!.record).toMatchObject({ status: 'returned', adviserComment: '请补充下月计划。' });
    expectOk(await put(monthly.base, id, body(thisMonth, { content: `${CONTENT}下月计划：学习性能测试。` })), '月报已提交');
    expectOk(await review(monthly.base, id, { action: 'approve', score: 91, comment: '很好' }), '批阅完成');
    expectError(await put(monthly.base, id, body(thisMonth, { content: `${CONTENT}再改一句。` })), 409, msg.reviewedLocked);
    expect(expectOk(await t.get<RecordDetail>(`/api${monthly.base}/${id}`, tokens.student01!))).toMatchObject({ status: 'reviewed', score: 91, reviewHistory: [{ action: 'return' }, { action: 'approve', score: 91 }] });
  });

  it('is seen by the mentor, and by no other student or teacher (404)', async () => {
    const id = (await storedOf('monthly'))[0]!.id;
    expectOk(await t.get(`/api${monthly.base}/${id}`, tokens.mentor01!));
    const other = await t.createUser({ roles: ['role-student'] });
    const teacher = await t.createUser({ roles: ['role-teacher'] });
    for (const user of [other, teacher]) expectError(await t.get(`/api${monthly.base}/${id}`, await t.login(user.username, user.password)), 404, msg.notFound);
    // A teacher who advises nobody has no review list at all (the page follows the relation).
    expectError(await t.get(`/api${monthly.base}/review`, await t.login(teacher.username, teacher.password)), 403, /权限/);
    const mentorRows = (await reviewList(monthly.base, tokens.mentor01!)).records;
    expect(mentorRows.find((r) => r.id === id)).toMatchObject({ canReview: false });
  });

  it('stores a replay of the same submission once', async () => {
    const month = placement.slots[1]!.periodStart;
    const id = randomUUID();
    const key = `${id}:1`;
    const first = await put(monthly.base, id, body(month), tokens.student01!, key);
    const again = await put(monthly.base, id, body(month), tokens.student01!, key);
    expect([first.status, again.status, again.headers['idempotent-replay']]).toEqual([200, 200, 'true']);
    expect((await storedOf('monthly')).filter((r) => r.periodStart === month)).toHaveLength(1);
  });

  it('answers an outbox that asks for no record back (Prefer: return=minimal) with its id and state only', async () => {
    // This week's 周记 is the one the demo leaves unwritten.
    const [{ slots }] = await mine(weekly.base);
    const id = randomUUID();
    const answer = await t.app.inject({ method: 'PUT', url: `/api${weekly.base}/${id}`, payload: body(slots[0]!.periodStart), headers: { [ACCESS_TOKEN_HEADER]: tokens.student01!, prefer: 'return=minimal' } });
    expect(answer.json()).toMatchObject({ success: true, message: '周记已提交', result: { id, status: 'submitted' } });
    expect(Object.keys(answer.json<ApiEnvelope<object>>().result)).toEqual(['id', 'status']);
    expect((await storedOf('weekly')).filter((r) => r.id === id)).toHaveLength(1);
  });
});

describe('实习计划书 and 实习报告: once per placement', () => {
  it('takes one 实习计划书 whatever date it names, and refuses a second', async () => {
    const [mine_] = await mine(plan.base);
    expect(mine_!.slots).toEqual([{ periodStart: placement.startDate, periodEnd: placement.endDate, periodNo: 1, closedReason: null, record: null }]);
    const id = randomUUID();
    const saved = expectOk(await put(plan.base, id, body('2020-01-01', { title: '个人实习计划' })), '实习计划书已提交');
    expect(saved).toMatchObject({ kind: 'plan', periodStart: placement.startDate, periodLabel: '实习计划书' });
    expectError(await put(plan.base, randomUUID(), body(placement.startDate)), 409, messagesOf(plan).periodTaken);
    // Its id is a 实习计划书's: no other kind may take it.
    expectError(await put(weekly.base, id, body(addDays(placement.startDate, 0))), 409, messagesOf(weekly).idTaken);
  });

  it('opens the 实习报告 only in the last 30 days of the placement, and says from when', async () => {
    const [before] = await mine(report.base);
    const opens = addDays(placement.endDate, -REPORT_OPEN_DAYS);
    const reason = `实习报告可在实习结束前${REPORT_OPEN_DAYS}天内提交（${opens}起）`;
    expect(before!.slots[0]!.closedReason).toBe(reason);
    const long = { content: '实习报告正文。'.repeat(150) };
    expectError(await put(report.base, randomUUID(), body(placement.startDate, long)), 400, reason);

    const endSoon = addDays(schoolToday(), 10);
    await t.db.update(internshipEnrolment).set({ endDate: endSoon }).where(eq(internshipEnrolment.id, placement.id));
    try {
      const [after] = await mine(report.base);
      expect(after!.slots[0]!.closedReason).toBeNull();
      expectError(await put(report.base, randomUUID(), body(placement.startDate, { content: CONTENT })), 400, messagesOf(report).contentTooShort(1000));
      const id = randomUUID();
      expectOk(await put(report.base, id, body(placement.startDate, long)), '实习报告已提交');
      expect((await reviewList(report.base, tokens.teacher01!)).records.map((r) => r.id)).toContain(id);
    } finally {
      await t.db.update(internshipEnrolment).set({ endDate: placement.endDate }).where(eq(internshipEnrolment.id, placement.id));
    }
  });
});
