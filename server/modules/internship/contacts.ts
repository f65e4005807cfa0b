import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { addDays } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipMessage, internshipThread, internshipVisit, internshipVisitStudent } from '../../db/schema.ts';

/**
 * How often each placement's adviser was in touch with its student in a month (issue 35): their visits and quick
 * contacts naming the student (走访, 电话, 视频, 微信, 面谈), and the days they wrote in the student's 互动 threads
 * (a conversation of ten messages in one evening is one contact).
 */

export async function adviserContacts(db: Database, enrolmentIds: readonly string[], month: { from: string; to: string }): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (enrolmentIds.length === 0) return counts;
  const ids = [...enrolmentIds];
  const visits = await db
    .select({ enrolmentId: internshipVisitStudent.enrolmentId, n: sql<number>`count(distinct ${internshipVisit.id})::int` })
    .from(internshipVisitStudent)
    .innerJoin(internshipVisit, eq(internshipVisit.id, internshipVisitStudent.visitId))
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipVisitStudent.enrolmentId))
    .where(and(inArray(internshipVisitStudent.enrolmentId, ids), eq(internshipVisit.adviserUserId, internshipEnrolment.adviserUserId), gte(internshipVisit.visitDate, month.from), lte(internshipVisit.visitDate, month.to)))
    .groupBy(internshipVisitStudent.enrolmentId);
  // Days by the school's clock (UTC+8, no daylight saving).
  const schoolDay = sql`(${internshipMessage.createdAt} + interval '8 hours')::date`;
  const replies = await db
    .select({ enrolmentId: internshipThread.enrolmentId, n: sql<number>`count(distinct ${schoolDay})::int` })
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
  for (const row of [...visits, ...replies]) counts.set(row.enrolmentId, (counts.get(row.enrolmentId) ?? 0) + Number(row.n));
  return counts;
}
