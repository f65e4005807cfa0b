import { and, count, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import {
  INTERACTION_ACCESS,
  INTERACTION_MSG,
  INTERACTION_PERMISSION,
  INTERACTION_URL,
  bellText,
  replySchema,
  startThreadSchema,
  type InteractionPlacement,
  type ThreadMessage,
  type ThreadRow,
  type ThreadView,
} from '@contract/interactions.ts';
import type { PageResult } from '@contract/resource.ts';
import { workflowPageQuery } from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipMessage, internshipProgram, internshipRecord, internshipThread, internshipThreadRead, internshipUnit, sysUser } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { sendSystemMessage } from '../announcement/system-message.ts';
import { personalViewer, placementReach } from '../relation/model.ts';
import { interactionPlacementsAnswer, threadAnswer, threadPageAnswer, threadStartedAnswer, unreadAnswer } from './schemas.ts';

const student = alias(sysUser, 'student');
const author = alias(sysUser, 'author');
const threadParams = z.object({ id: z.string({ error: INTERACTION_MSG.notFound }).check(z.minLength(1, INTERACTION_MSG.notFound), z.maxLength(64, INTERACTION_MSG.notFound)) });

/** The placements a user takes part in (INTERACTION_ACCESS: as their student, their adviser or their mentor). */
const participates = (userId: string): SQL => placementReach(personalViewer(userId), INTERACTION_ACCESS.read);

type Enrolment = Pick<typeof internshipEnrolment.$inferSelect, 'id' | 'studentUserId' | 'adviserUserId' | 'mentorUserId'>;
const peopleOf = (e: Enrolment) => [e.studentUserId, e.adviserUserId, e.mentorUserId].filter((id): id is string => Boolean(id));
const roleIn = (e: Enrolment, userId: string | null) =>
  userId === e.studentUserId ? '学生' : userId === e.adviserUserId ? '指导教师' : userId === e.mentorUserId ? '企业导师' : '老师';

const enrolmentColumns = { id: internshipEnrolment.id, studentUserId: internshipEnrolment.studentUserId, adviserUserId: internshipEnrolment.adviserUserId, mentorUserId: internshipEnrolment.mentorUserId };

/** A thread and its placement if the user takes part in it; 404 otherwise, whether it exists or not. */
async function threadFor(db: Database, id: string, userId: string) {
  const [row] = await db
    .select({ thread: internshipThread, enrolment: enrolmentColumns })
    .from(internshipThread)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipThread.enrolmentId))
    .where(and(eq(internshipThread.id, id), participates(userId)))
    .limit(1);
  if (!row) throw notFound(INTERACTION_MSG.notFound);
  return row;
}

/** Adds a message (kept once by its id) and tells the placement's other people in their bell. */
async function addMessage(db: Database, thread: { id: string; title: string }, enrolment: Enrolment, authorId: string, id: string, content: string): Promise<void> {
  const added = await db.transaction(async (tx) => {
    const inserted = await tx.insert(internshipMessage).values({ id, threadId: thread.id, authorId, content }).onConflictDoNothing().returning({ id: internshipMessage.id });
    if (inserted.length === 0) return false;
    await tx.update(internshipThread).set({ lastAt: new Date() }).where(eq(internshipThread.id, thread.id));
    await tx
      .insert(internshipThreadRead)
      .values({ threadId: thread.id, userId: authorId })
      .onConflictDoUpdate({ target: [internshipThreadRead.threadId, internshipThreadRead.userId], set: { readAt: new Date() } });
    const [me] = await tx.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, authorId));
    const others = peopleOf(enrolment).filter((p) => p !== authorId);
    if (others.length > 0) {
      await sendSystemMessage(tx, { title: '新的互动消息', text: `${bellText(me?.name ?? '', thread.title, content)}\n请到“互动”查看并回复。`, sender: null, recipients: others });
    }
    return true;
  });
  if (!added) {
    // A resent message is fine; an id taken by another thread or author is not.
    const [same] = await db.select({ threadId: internshipMessage.threadId, authorId: internshipMessage.authorId }).from(internshipMessage).where(eq(internshipMessage.id, id));
    if (same?.threadId !== thread.id || same.authorId !== authorId) throw badRequest('消息编号已被使用，请重新发送');
  }
}

/** 互动 (contract/interactions.ts): threads on a placement between its student, adviser and mentor. */
export default async function interactionRoutes(app: App) {
  const { db } = app;
  const access = { permission: INTERACTION_PERMISSION, scope: 'placement' } as const;

  /** Messages from others after my last reading, per thread. */
  const unreadOf = (userId: string) => sql<number>`(
    select count(*)::int from ${internshipMessage} m
    where m.thread_id = ${internshipThread.id} and m.author_id is distinct from ${userId}
      and m.created_at > coalesce((select r.read_at from ${internshipThreadRead} r where r.thread_id = ${internshipThread.id} and r.user_id = ${userId}), '-infinity'::timestamptz)
  )`;

  app.get(INTERACTION_URL.list, { config: { access }, schema: { querystring: workflowPageQuery, response: { 200: threadPageAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { page, pageSize } = request.query;
    const where = participates(userId);
    const last = db
      .selectDistinctOn([internshipMessage.threadId], { threadId: internshipMessage.threadId, content: internshipMessage.content, authorName: author.realname })
      .from(internshipMessage)
      .leftJoin(author, eq(author.id, internshipMessage.authorId))
      .orderBy(internshipMessage.threadId, desc(internshipMessage.createdAt))
      .as('last');
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: internshipThread.id,
          title: internshipThread.title,
          studentName: student.realname,
          recordTitle: internshipRecord.title,
          lastAuthorName: last.authorName,
          lastContent: last.content,
          lastAt: internshipThread.lastAt,
          messageCount: sql<number>`(select count(*)::int from ${internshipMessage} m where m.thread_id = ${internshipThread.id})`,
          unread: unreadOf(userId),
        })
        .from(internshipThread)
        .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipThread.enrolmentId))
        .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
        .leftJoin(internshipRecord, eq(internshipRecord.id, internshipThread.recordId))
        .leftJoin(last, eq(last.threadId, internshipThread.id))
        .where(where)
        .orderBy(desc(internshipThread.lastAt), internshipThread.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(internshipThread).innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipThread.enrolmentId)).where(where),
    ]);
    const records: ThreadRow[] = rows.map((r) => ({ ...r, lastAuthorName: r.lastAuthorName ?? '', lastContent: r.lastContent ?? '', lastAt: r.lastAt.toISOString() }));
    const result: PageResult<ThreadRow> = { records, total: total?.n ?? 0, current: page, size: pageSize };
    return ok(result);
  });

  app.get(INTERACTION_URL.unread, { config: { access }, schema: { response: { 200: unreadAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(internshipMessage)
      .innerJoin(internshipThread, eq(internshipThread.id, internshipMessage.threadId))
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipThread.enrolmentId))
      .leftJoin(internshipThreadRead, and(eq(internshipThreadRead.threadId, internshipThread.id), eq(internshipThreadRead.userId, userId)))
      .where(and(participates(userId), sql`${internshipMessage.authorId} is distinct from ${userId}`, or(sql`${internshipThreadRead.readAt} is null`, gt(internshipMessage.createdAt, internshipThreadRead.readAt))));
    return ok({ count: row?.n ?? 0 });
  });

  app.get(INTERACTION_URL.placements, { config: { access }, schema: { response: { 200: interactionPlacementsAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const rows: InteractionPlacement[] = await db
      .select({ id: internshipEnrolment.id, studentName: student.realname, programName: internshipProgram.name, unitName: internshipUnit.name })
      .from(internshipEnrolment)
      .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
      .where(and(participates(userId), inArray(internshipEnrolment.status, ['pending', 'active'])))
      .orderBy(student.realname)
      .limit(500);
    return ok(rows);
  });

  app.get('/internship/interaction/:id', { config: { access }, schema: { params: threadParams, response: { 200: threadAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { thread, enrolment } = await threadFor(db, request.params.id, userId);
    const [[head], messages] = await Promise.all([
      db
        .select({ studentName: student.realname, unitName: internshipUnit.name, recordTitle: internshipRecord.title })
        .from(internshipEnrolment)
        .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
        .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
        .leftJoin(internshipRecord, eq(internshipRecord.id, sql`${thread.recordId}`))
        .where(eq(internshipEnrolment.id, enrolment.id)),
      db
        .select({ id: internshipMessage.id, authorId: internshipMessage.authorId, authorName: author.realname, content: internshipMessage.content, createdAt: internshipMessage.createdAt })
        .from(internshipMessage)
        .leftJoin(author, eq(author.id, internshipMessage.authorId))
        .where(eq(internshipMessage.threadId, thread.id))
        .orderBy(internshipMessage.createdAt, internshipMessage.id),
    ]);
    await db
      .insert(internshipThreadRead)
      .values({ threadId: thread.id, userId })
      .onConflictDoUpdate({ target: [internshipThreadRead.threadId, internshipThreadRead.userId], set: { readAt: new Date() } });
    const view: ThreadView = {
      id: thread.id,
      title: thread.title,
      enrolmentId: enrolment.id,
      studentName: head?.studentName ?? '',
      unitName: head?.unitName ?? null,
      recordId: thread.recordId,
      recordTitle: head?.recordTitle ?? null,
      messages: messages.map(
        (m): ThreadMessage => ({ id: m.id, authorId: m.authorId ?? '', authorName: m.authorName ?? '已删除的用户', authorRole: roleIn(enrolment, m.authorId), content: m.content, createdAt: m.createdAt.toISOString() }),
      ),
    };
    return ok(view);
  });

  app.put(INTERACTION_URL.start, { config: { access }, schema: { body: startThreadSchema, response: { 200: threadStartedAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const input = request.body;
    const [existing] = await db.select({ createdBy: internshipThread.createdBy, enrolmentId: internshipThread.enrolmentId }).from(internshipThread).where(eq(internshipThread.id, input.id));
    if (existing) {
      // A replay of my own start answers as the first time did; any other id taken is refused.
      if (existing.createdBy !== userId || existing.enrolmentId !== input.enrolmentId) throw badRequest('编号已被使用，请重新发起');
      return ok({ id: input.id }, '已发起互动');
    }
    const [enrolment] = await db.select(enrolmentColumns).from(internshipEnrolment).where(and(eq(internshipEnrolment.id, input.enrolmentId), participates(userId))).limit(1);
    if (!enrolment) throw notFound('实习安排不存在或无权查看');
    if (input.recordId) {
      const [record] = await db
        .select({ id: internshipRecord.id })
        .from(internshipRecord)
        .where(and(eq(internshipRecord.id, input.recordId), eq(internshipRecord.enrolmentId, enrolment.id), userId === enrolment.studentUserId ? undefined : ne(internshipRecord.status, 'draft')));
      if (!record) throw badRequest(INTERACTION_MSG.recordElsewhere);
    }
    const created = await db.insert(internshipThread).values({ id: input.id, enrolmentId: enrolment.id, recordId: input.recordId ?? null, title: input.title, createdBy: userId }).onConflictDoNothing().returning({ id: internshipThread.id });
    if (created.length === 0) throw badRequest('编号已被使用，请重新发起');
    await addMessage(db, { id: input.id, title: input.title }, enrolment, userId, input.id, input.content);
    return ok({ id: input.id }, '已发起互动');
  });

  app.put('/internship/interaction/:id/reply', { config: { access }, schema: { params: threadParams, body: replySchema, response: { 200: doneAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { thread, enrolment } = await threadFor(db, request.params.id, userId);
    await addMessage(db, thread, enrolment, userId, request.body.id, request.body.content);
    return ok(null, '已回复');
  });
}
