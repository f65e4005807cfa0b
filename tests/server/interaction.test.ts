import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementLists } from '@contract/session.ts';
import { INTERACTION_MSG, type InteractionPlacement, type ThreadRow, type ThreadView } from '@contract/interactions.ts';
import type { PageResult } from '@contract/resource.ts';
import { internshipEnrolment, internshipRecord, sysUser } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 互动: threads on a placement between its student, adviser and mentor; bell messages; unread counts; scope; replays kept once. */

let t: TestApp;
const tokens: Record<string, string> = {};
let enrolmentId: string;
/** What the demo season left unread and in the bell before this file's thread: the counts below add to it. */
const before: Record<string, { unread: number; bells: number }> = {};

const threads = async (token: string) => expectOk(await t.get<PageResult<ThreadRow>>('/api/internship/interaction/list', token)).records;
const unread = async (token: string) => expectOk(await t.get<{ count: number }>('/api/internship/interaction/unread', token)).count;
const bellTitles = async (token: string) => expectOk(await t.get<AnnouncementLists>('/api/sys/annountCement/listByUser', token)).sysMsgList.map((m) => m.titile);

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01', 'dept01']) tokens[username] = await t.login(username);
  const [student] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'student01'));
  const [mentor] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'mentor01'));
  const [placement] = await t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(eq(internshipEnrolment.studentUserId, student!.id));
  enrolmentId = placement!.id;
  await t.db.update(internshipEnrolment).set({ mentorUserId: mentor!.id }).where(eq(internshipEnrolment.id, enrolmentId));
  for (const who of ['teacher01', 'student01', 'mentor01']) {
    before[who] = { unread: await unread(tokens[who]!), bells: (await bellTitles(tokens[who]!)).filter((title) => title === '新的互动消息').length };
  }
});
afterAll(() => t.close());

describe('互动', () => {
  const threadId = randomUUID();

  it('the student starts a thread; the adviser and the mentor hear of it in the bell and see it unread', async () => {
    const [mine] = expectOk(await t.get<InteractionPlacement[]>('/api/internship/interaction/placements', tokens.student01));
    expect(mine).toMatchObject({ id: enrolmentId, studentName: '李明' });
    const start = { id: threadId, enrolmentId, title: '关于加班', content: '企业安排周六加班，这样符合实习规定吗？' };
    expectOk(await t.put('/api/internship/interaction', start, tokens.student01), '已发起互动');
    // Sent again from the outbox: kept once, no second bell message.
    expectOk(await t.put('/api/internship/interaction', start, tokens.student01), '已发起互动');

    for (const who of ['teacher01', 'mentor01']) {
      expect((await bellTitles(tokens[who]!)).filter((title) => title === '新的互动消息')).toHaveLength(before[who]!.bells + 1);
      expect(await unread(tokens[who]!)).toBe(before[who]!.unread + 1);
      expect((await threads(tokens[who]!)).find((r) => r.id === threadId)).toMatchObject({ title: '关于加班', studentName: '李明', lastAuthorName: '李明', messageCount: 1, unread: 1 });
    }
    expect(await unread(tokens.student01!)).toBe(before.student01!.unread);
  });

  it('the adviser reads and replies; the student sees the reply unread, the author named by role', async () => {
    const view = expectOk(await t.get<ThreadView>(`/api/internship/interaction/${threadId}`, tokens.teacher01));
    expect(view.messages.map((m) => [m.authorName, m.authorRole])).toEqual([['李明', '学生']]);
    expect(await unread(tokens.teacher01!)).toBe(before.teacher01!.unread);

    const reply = { id: randomUUID(), content: '《职业学校学生实习管理规定》不允许安排加班，我来联系企业。' };
    expectOk(await t.put(`/api/internship/interaction/${threadId}/reply`, reply, tokens.teacher01), '已回复');
    expectOk(await t.put(`/api/internship/interaction/${threadId}/reply`, reply, tokens.teacher01), '已回复');
    expect(await unread(tokens.student01!)).toBe(before.student01!.unread + 1);
    const seen = expectOk(await t.get<ThreadView>(`/api/internship/interaction/${threadId}`, tokens.student01));
    expect(seen.messages.map((m) => [m.authorRole, m.content])).toEqual([
      ['学生', '企业安排周六加班，这样符合实习规定吗？'],
      ['指导教师', reply.content],
    ]);
    expect(await unread(tokens.student01!)).toBe(before.student01!.unread);
    expect(await unread(tokens.mentor01!)).toBe(before.mentor01!.unread + 2);
  });

  it('a thread about one of the student’s records names it', async () => {
    const [record] = await t.db
      .select({ id: internshipRecord.id, title: internshipRecord.title })
      .from(internshipRecord)
      .where(and(eq(internshipRecord.enrolmentId, enrolmentId), ne(internshipRecord.status, 'draft')))
      .limit(1);
    const id = randomUUID();
    expectOk(await t.put('/api/internship/interaction', { id, enrolmentId, recordId: record!.id, title: `关于：${record!.title}`, content: '这篇周记的评语我有疑问。' }, tokens.student01));
    expect((await threads(tokens.teacher01!)).find((r) => r.id === id)?.recordTitle).toBe(record!.title);
    expect(expectOk(await t.get<ThreadView>(`/api/internship/interaction/${id}`, tokens.mentor01))).toMatchObject({ recordId: record!.id, recordTitle: record!.title });
  });

  it('refuses bad input with its message, and answers 404 to anyone outside the placement', async () => {
    expectError(await t.put('/api/internship/interaction', { id: randomUUID(), enrolmentId, title: ' ', content: '内容' }, tokens.student01), 400, INTERACTION_MSG.titleRequired);
    expectError(await t.put('/api/internship/interaction', { id: randomUUID(), enrolmentId, title: '主题', content: 'x'.repeat(1001) }, tokens.student01), 400, INTERACTION_MSG.contentTooLong);
    expectError(await t.put('/api/internship/interaction', { id: randomUUID(), enrolmentId, recordId: 'no-such-record', title: '主题', content: '内容' }, tokens.student01), 400, INTERACTION_MSG.recordElsewhere);
    expectError(await t.put(`/api/internship/interaction/${threadId}/reply`, { id: randomUUID(), content: '' }, tokens.student01), 400, INTERACTION_MSG.contentRequired);
    // dept01 advises other students (so holds 互动 by that relation) but has no part in 李明's placement: 404.
    expectError(await t.get(`/api/internship/interaction/${threadId}`, tokens.dept01), 404, INTERACTION_MSG.notFound);
    // A teacher who advises nobody has no rule for 互动: refused before anything is read.
    const unrelated = await t.createUser({ roles: ['role-teacher'] });
    expectError(await t.get(`/api/internship/interaction/${threadId}`, await t.login(unrelated.username, unrelated.password)), 403, /权限/);
    // teacher01 advised only 李明: with the placement's adviser removed, the 互动 rule goes with the relation (403 for everything).
    const [other] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01'));
    await t.db.update(internshipEnrolment).set({ adviserUserId: null }).where(eq(internshipEnrolment.id, enrolmentId));
    // A write behind the app's back reaches the session cache by the database's NOTIFY, a moment later on PostgreSQL.
    await expect.poll(async () => (await t.get(`/api/internship/interaction/${threadId}`, tokens.teacher01)).status).toBe(403);
    expectError(await t.get(`/api/internship/interaction/${threadId}`, tokens.teacher01), 403, /权限/);
    expectError(await t.put(`/api/internship/interaction/${threadId}/reply`, { id: randomUUID(), content: '还在吗' }, tokens.teacher01), 403, /权限/);
    // dept01 still holds the rule: a thread or a placement outside their relations is not found, whether it exists or not.
    expectError(await t.get(`/api/internship/interaction/${randomUUID()}`, tokens.dept01), 404, INTERACTION_MSG.notFound);
    expectError(await t.put('/api/internship/interaction', { id: randomUUID(), enrolmentId, title: '主题', content: '内容' }, tokens.dept01), 404, '实习安排不存在或无权查看');
    await t.db.update(internshipEnrolment).set({ adviserUserId: other!.id }).where(eq(internshipEnrolment.id, enrolmentId));
    // An id already used by someone else's thread is refused, not taken over.
    expectError(await t.put('/api/internship/interaction', { id: threadId, enrolmentId, title: '别的主题', content: '内容' }, tokens.mentor01), 400, '编号已被使用，请重新发起');
  });
});
