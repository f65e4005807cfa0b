import { and, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { addDays } from '@contract/internship.ts';
import { CONTACT_ROLES, noContacts, type ContactCounts } from '@contract/season.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipMessage, internshipThread, internshipVisit, internshipVisitStudent } from '../../db/schema.ts';

/**
 * How often each placement's adviser, and its student's 班主任, were in touch with the student in a month (issue
 * 35): their visits and quick contacts naming the student (走访, 电话, 视频, 微信, 面谈), and the days the adviser
 * wrote in the student's 互动 threads (a conversation of ten messages in one evening is one contact; a 班主任 has
 * no part in 互动). Someone who is both counts for both.
 */
export async function placementContacts(db: Database, enrolmentIds: readonly string[], month: { from: string; to: string }): Promise<Map<string, ContactCounts>> {
  const counts = new Map<string, ContactCounts>();
  if (enrolmentIds.length === 0) return counts;
  const ids = [...enrolmentIds];
  const byAdviser = eq(internshipVisit.adviserUserId, internshipEnrolment.adviserUserId);
  const byHeadTeacher = eq(internshipVisit.adviserUserId, basicTeacher.userId);
  const visits = await db
    .select({
      enrolmentId: internshipVisitStudent.enrolmentId,
      adviser: sql<number>`(count(distinct ${internshipVisit.id}) filter (where ${byAdviser}))::int`,
      headTeacher: sql<number>`(count(distinct ${internshipVisit.id}) filter (where ${byHeadTeacher}))::int`,
    })
    .from(internshipVisitStudent)
    .innerJoin(internshipVisit, eq(internshipVisit.id, internshipVisitStudent.visitId))
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipVisitStudent.enrolmentId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
    .where(and(inArray(internshipVisitStudent.enrolmentId, ids), or(byAdviser, byHeadTeacher), gte(internshipVisit.visitDate, month.from), lte(internshipVisit.visitDate, month.to)))
    .groupBy(internshipVisitStudent.enrolmentId);
  // Days by the school's clock (UTC+8, no daylight saving).
  const schoolDay = sql`(${internshipMessage.createdAt} + interval '8 hours')::date`;
  const replies = await db
    .select({ enrolmentId: internshipThread.enrolmentId, adviser: sql<number>`count(distinct ${schoolDay})::int` })
    .from(internshipMessage)
    .innerJoin(internshipThread, eq(internshipThread.id, internshipMessage.threadId))
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipThread.enrolmentId))
    .where(
      and(
        inArray(internshipThread.enrolmentId, ids),
        eq(internshipMessage.authorId, internshipEnrolment.adviserUserId),
        gte(internshipMessage.createdAt, new Date(`${month.from}T00:00:00+08:00`)),
        lt(internshipMessage.createdAt, new Date(`${addDays(month.to, 1)}T00:00:00+08:00`)),
      ),
    )
    .groupBy(internshipThread.enrolmentId);
  for (const row of [...visits, ...replies]) {
    const sum = counts.get(row.enrolmentId) ?? noContacts();
    for (const role of CONTACT_ROLES) sum[role] += Number((row as Partial<ContactCounts>)[role] ?? 0);
    counts.set(row.enrolmentId, sum);
  }
  return counts;
}
