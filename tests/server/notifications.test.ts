import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import { RECORD_MSG, addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import { RECORD_KINDS, messagesOf, noticesOf, type MyPlacementRecords, type RecordDetail, type RecordEventFacts } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import type { TaskRow } from '@contract/workflow.ts';
import { internshipEnrolment, internshipRecord, internshipReviewLog, sysAnnouncement, sysAnnouncementSend, sysUser } from '../../server/db/schema.ts';
import { notify } from '../../server/modules/announcement/notify.ts';
import { raiseWarnings } from '../../server/modules/internship-warning/job.ts';
import { PNG, uploadRequest } from './attachment-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * The bell messages of state changes (announcement/notify.ts): who is told of a record's submission, review,
 * return and correction, of an application's steps, of the warnings; merged digests; 批量通过.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let placement: MyPlacementRecords;
const { weekly, leave, change } = RECORD_KINDS;
const CONTENT = '本周在测试组完成了接口测试与缺陷跟踪，参与了版本发布，学会了编写测试计划并与开发沟通缺陷。'.repeat(5);
const today = schoolToday();
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();

function put(base: string, id: string, body: object, token = tokens.student01!) {
  return t.app
    .inject({ method: 'PUT', url: `/api${base}/${id}`, payload: body, headers: { [ACCESS_TOKEN_HEADER]: token } })
    .then((r) => ({ status: r.statusCode, body: r.json<ApiEnvelope<RecordDetail>>(), headers: r.headers }));
}

/** A user's bell messages, newest first. */
async function inbox(userId: string) {
  return t.db
    .select({ id: sysAnnouncement.id, title: sysAnnouncement.titile, text: sysAnnouncement.msgAbstract, openType: sysAnnouncement.openType, openPage: sysAnnouncement.openPage, busId: sysAnnouncement.busId, read: sysAnnouncementSend.readFlag })
    .from(sysAnnouncement)
    .innerJoin(sysAnnouncementSend, and(eq(sysAnnouncementSend.anntId, sysAnnouncement.id), eq(sysAnnouncementSend.userId, userId)))
    .orderBy(desc(sysAnnouncement.sendTime), desc(sysAnnouncement.createdAt));
}
/** Marks what a user has as read, so the next message starts afresh rather than joining a digest. */
const readAll = (userId: string) => t.db.update(sysAnnouncementSend).set({ readFlag: 1 }).where(eq(sysAnnouncementSend.userId, userId));

/** Student01's 周记 of the oldest weeks, put back to 已退回 so that they can be submitted again. */
async function returnedWeeklies(count: number): Promise<{ id: string; periodStart: string; periodNo: number }[]> {
  const slots = placement.slots.filter((s) => s.record).slice(-count);
  const chosen = slots.map((s) => ({ id: s.record!.id, periodStart: s.periodStart, periodNo: s.periodNo }));
  await t.db.update(internshipRecord).set({ status: 'returned', score: null, adviserComment: '请补充' }).where(inArray(internshipRecord.id, chosen.map((c) => c.id)));
  return chosen;
}
const submitWeekly = (w: { id: string; periodStart: string }) => put(weekly.base, w.id, { enrolmentId: placement.id, periodStart: w.periodStart, title: '本周总结', content: CONTENT, submit: true });

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['teacher01', 'student01', 'office01', 'dept01']) {
    tokens[username] = await t.login(username);
    ids[username] = (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
  }
  [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${weekly.base}/mine`, tokens.student01));
});
afterAll(() => t.close());

describe('a 周记', () => {
  it('submitted: the adviser is told who and what, and the message opens it in 实习记录批阅', async () => {
    await readAll(ids.teacher01!);
    const [w] = await returnedWeeklies(1);
    expectOk(await submitWeekly(w!), '周记已提交');
    const [message] = await inbox(ids.teacher01!);
    expect(message).toMatchObject({ title: `李明 提交了第${w!.periodNo}周周记`, openType: 'component', openPage: '/internship/review?kind=weekly', busId: w!.id, read: 0 });
    expect((await inbox(ids.student01!)).some((m) => m.busId === w!.id)).toBe(false);
  });

  it('reviewed: the student is told the score; returned: the comment; each opens the record on 我的周记', async () => {
    await readAll(ids.student01!);
    const [a, b] = await returnedWeeklies(2);
    for (const w of [a!, b!]) expectOk(await submitWeekly(w));
    expectOk(await t.post(`/api${weekly.base}/${a!.id}/review`, { action: 'approve', score: 88, comment: '条理清楚' }, tokens.teacher01), '批阅完成');
    const [reviewed] = await inbox(ids.student01!);
    expect(reviewed).toMatchObject({ title: `你的第${a!.periodNo}周周记已批阅：88分`, openPage: '/internship/weekly', busId: a!.id });
    expect(reviewed!.text).toContain('条理清楚');

    expectOk(await t.post(`/api${weekly.base}/${b!.id}/review`, { action: 'return', comment: '请补充本周的测试用例' }, tokens.teacher01));
    const [returned] = await inbox(ids.student01!);
    expect(returned).toMatchObject({ title: `你的第${b!.periodNo}周周记已退回：请补充本周的测试用例`, openPage: '/internship/weekly', busId: b!.id });
  });

  it('corrected: the student is told through the same function, with what changed and why', async () => {
    await readAll(ids.student01!);
    const reviewed = (await t.db.select().from(internshipRecord).where(and(eq(internshipRecord.enrolmentId, placement.id), eq(internshipRecord.status, 'reviewed'), eq(internshipRecord.reviewerId, ids.teacher01!))))[0]!;
    expectOk(await t.post(`/api${weekly.base}/${reviewed.id}/review/correct`, { score: 77, comment: '更正', reason: '漏看附件' }, tokens.teacher01), '批阅已更正，已通知学生');
    const [message] = await inbox(ids.student01!);
    expect(message).toMatchObject({ title: '周记批阅已更正', busId: reviewed.id });
    expect(message!.text).toContain('更正原因：漏看附件');
  });

  it('many submissions at once (an outbox replayed) reach the adviser as one digest', async () => {
    await readAll(ids.teacher01!);
    const before = (await inbox(ids.teacher01!)).length;
    const replayed = await returnedWeeklies(3);
    for (const w of replayed) expectOk(await submitWeekly(w));
    const messages = await inbox(ids.teacher01!);
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]).toMatchObject({ title: '李明 提交了3篇周记', openPage: '/internship/review?kind=weekly', busId: null, read: 0 });
    const facts = (name: string): RecordEventFacts => ({ studentName: name, subject: '第1周周记', periodLabel: '', title: '', actorName: null, score: null, comment: null });
    expect(noticesOf(weekly).submitted!.digest!([facts('李明'), facts('王芳'), facts('张伟')])).toBe('李明等3人提交了周记');
  });
});

describe('merging (notify)', () => {
  it('joins an unread message of the same key, and starts a new one once it is read', async () => {
    const user = await t.createUser();
    const send = (n: number) =>
      notify(t.db, { recipients: [user.id], title: `第${n}条`, text: `事件${n}`, sender: null, digest: { key: 'test', item: n, merge: (items) => ({ title: `共${items.length}条`, text: items.join(',') }) } });
    await send(1);
    await send(2);
    expect((await inbox(user.id)).map((m) => [m.title, m.text])).toEqual([['共2条', '1,2']]);
    await readAll(user.id);
    await send(3);
    expect((await inbox(user.id)).map((m) => m.title)).toEqual(['第3条', '共2条']);
  });
});

describe('applications', () => {
  const todoOf = async (token: string) => expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', token, { pageSize: '100' })).records;

  it('a leave: the adviser’s 待办 message is titled 请假待审批 with the student and the dates', async () => {
    await readAll(ids.teacher01!);
    const day = addDays(today, 2);
    expectOk(await put(leave.base, randomUUID(), { enrolmentId: placement.id, leaveType: 'sick', startsAt: at(day, '09:00'), endsAt: at(addDays(day, 1), '17:00'), content: '发烧，去医院就诊。', submit: true }));
    const [message] = await inbox(ids.teacher01!);
    expect(message).toMatchObject({ title: `请假待审批：李明 ${day.slice(5)} ~ ${addDays(day, 1).slice(5)}`, openPage: '/todo-list' });
  });

  it('a company change: after the adviser, the office is told 单位变更待审批; the outcome goes to the student', async () => {
    const changeId = randomUUID();
    const photo = randomUUID();
    const upload = uploadRequest(changeId, photo, { name: '三方协议.png', type: 'image/png', content: PNG }, change.base);
    expect((await t.app.inject({ ...upload, headers: { ...upload.headers, [ACCESS_TOKEN_HEADER]: tokens.student01! } })).statusCode).toBe(200);
    const changeDate = addDays(today, 7);
    const units = expectOk(await t.get<PageResult<{ id: string }>>(`/api${change.base}/unitOptions`, tokens.student01, { name: '云启' }));
    expectOk(await put(change.base, changeId, { enrolmentId: placement.id, toUnitId: units.records[0]!.id, changeDate, content: '原岗位调整，转到新单位从事测试工作。', attachmentIds: [photo], submit: true }));
    // The demo season has a 单位变更 of its own waiting at the office: this one is 李明's.
    const mine = (r: TaskRow) => r.processKey === 'company_change' && r.applicantName === '李明';
    const task = (await todoOf(tokens.teacher01!)).find(mine)!;
    await readAll(ids.office01!);
    expectOk(await t.post(`/api/workflow/task/${task.id}/decide`, { decision: 'approve' }, tokens.teacher01));
    expect((await inbox(ids.office01!))[0]).toMatchObject({ title: `单位变更待审批：李明 ${changeDate.slice(5)}起`, openPage: '/todo-list' });
    const second = (await todoOf(tokens.office01!)).find(mine)!;
    await readAll(ids.student01!);
    expectOk(await t.post(`/api/workflow/task/${second.id}/decide`, { decision: 'reject', comment: '新单位岗位不符' }, tokens.office01));
    expect((await inbox(ids.student01!))[0]).toMatchObject({ title: '申请被驳回', openPage: '/internship/change', busId: changeId });
  });
});

describe('the warnings job', () => {
  it('tells each adviser of theirs and the office once with the day’s digest', async () => {
    await readAll(ids.office01!);
    await readAll(ids.teacher01!);
    const later = new Date(Date.now() + 14 * 86_400_000);
    const { byKind } = await raiseWarnings(t.db, later);
    const total = Object.values(byKind).reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(0);
    const office = (await inbox(ids.office01!)).filter((m) => m.read === 0);
    expect(office).toHaveLength(1);
    expect(office[0]).toMatchObject({ title: expect.stringMatching(new RegExp(`^今日新增预警 ${total} 条：`)), openPage: '/internship/warning' });
    expect((await inbox(ids.teacher01!))[0]!.title).toMatch(/^实习预警：\d+条新预警$/);
  });
});

describe('批量通过', () => {
  const batch = (body: object, token = tokens.teacher01!) => t.post<{ count: number }>(`/api${weekly.base}/review/batch`, body, token);

  it('refuses the whole batch when one is out of reach (404) or not submitted (409, named)', async () => {
    const [a, b] = await returnedWeeklies(2);
    for (const w of [a!, b!]) expectOk(await submitWeekly(w));
    // Another adviser's student's 周记, submitted.
    const [elsewhere] = await t.db.select().from(internshipEnrolment).where(ne(internshipEnrolment.adviserUserId, ids.teacher01!)).limit(1);
    const other = { id: randomUUID() };
    await t.db.insert(internshipRecord).values({ id: other.id, kind: 'weekly', enrolmentId: elsewhere!.id, periodStart: mondayOf(elsewhere!.startDate), title: '别人的周记', content: CONTENT, status: 'submitted' }).onConflictDoNothing();
    expectError(await batch({ action: 'approve', ids: [a!.id, other!.id], score: 90 }), 404, messagesOf(weekly).notFound);
    await t.db.update(internshipRecord).set({ status: 'reviewed', score: 80 }).where(eq(internshipRecord.id, b!.id));
    expectError(await batch({ action: 'approve', ids: [a!.id, b!.id], score: 90 }), 409, RECORD_MSG.batchNotSubmitted(['李明“本周总结”']));
    expect((await t.db.select({ status: internshipRecord.status }).from(internshipRecord).where(eq(internshipRecord.id, a!.id)))[0]!.status).toBe('submitted');
  });

  it('approves several in one go, each logged, and tells the student', async () => {
    const chosen = await returnedWeeklies(2);
    for (const w of chosen) expectOk(await submitWeekly(w));
    await readAll(ids.student01!);
    expectOk(await batch({ action: 'approve', ids: chosen.map((w) => w.id), score: 92, comment: '按时提交' }), '已批量通过2份周记，已通知学生');
    const rows = await t.db.select().from(internshipRecord).where(inArray(internshipRecord.id, chosen.map((w) => w.id)));
    expect(rows.map((r) => [r.status, r.score, r.reviewerId])).toEqual([
      ['reviewed', 92, ids.teacher01],
      ['reviewed', 92, ids.teacher01],
    ]);
    const logs = await t.db.select().from(internshipReviewLog).where(and(inArray(internshipReviewLog.recordId, chosen.map((w) => w.id)), eq(internshipReviewLog.action, 'approve'), eq(internshipReviewLog.score, 92)));
    expect(logs).toHaveLength(2);
    const unread = (await inbox(ids.student01!)).filter((m) => m.read === 0);
    expect(unread.map((m) => m.title)).toEqual(['你的2篇周记已批阅']);
  });

  it('takes a score per record, and refuses a batch of returns', async () => {
    const [w] = await returnedWeeklies(1);
    expectOk(await submitWeekly(w!));
    expectOk(await batch({ action: 'approve', items: [{ id: w!.id, score: 85 }] }));
    expect((await t.db.select({ score: internshipRecord.score }).from(internshipRecord).where(eq(internshipRecord.id, w!.id)))[0]!.score).toBe(85);
    expectError(await batch({ action: 'return', ids: [w!.id], comment: 'x' }), 400, RECORD_MSG.batchApproveOnly);
  });
});
