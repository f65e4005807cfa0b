import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { RECORD_MSG, scoreProblem, type ScorePrecision } from '@contract/internship.ts';
import { messagesOf, type RecordKindDeclaration } from '@contract/records.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram, internshipRecord, internshipRecordVersion, internshipReviewLog, sysUser } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../lib/http.ts';
import { recordReach, type Viewer } from '../relation/model.ts';
import type { Tx } from '../workflow/engine.ts';
import { tellOfRecord } from './notices.ts';

/**
 * 通过 / 退回 of a submitted record, one at a time or many at once (批量通过): the same change, the same
 * review log row and the same message to the student, whichever route asks.
 */

const conflict = (message: string) => new HttpError(409, message);

export interface ReviewDecision {
  id: string;
  action: 'approve' | 'return';
  score: number | null;
  comment: string | null;
}

/** The reviewer's name, for the student's message. */
export async function nameOf(db: Pick<Database, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, userId)).limit(1);
  return row?.name ?? null;
}

/** Reviews one submitted record inside the caller's transaction, logs it and tells the student (409 if it is no longer submitted). */
export async function applyReview(tx: Tx, declaration: RecordKindDeclaration, decision: ReviewDecision, reviewer: { userId: string; name: string | null }, now: Date): Promise<void> {
  const { id, action, score, comment } = decision;
  const updated = await tx
    .update(internshipRecord)
    .set({ status: action === 'approve' ? 'reviewed' : 'returned', adviserComment: comment, score, reviewedAt: now, reviewerId: reviewer.userId, updatedAt: now })
    .where(and(eq(internshipRecord.id, id), eq(internshipRecord.status, 'submitted')))
    .returning({ id: internshipRecord.id });
  if (updated.length === 0) throw conflict(messagesOf(declaration).reviewNotSubmitted);
  await tx.insert(internshipReviewLog).values({ recordId: id, action, score, comment, reviewerId: reviewer.userId, createdAt: now });
  await tellOfRecord(tx, declaration, action === 'approve' ? 'reviewed' : 'returned', id, { actorName: reviewer.name, score, comment });
}

/** Why a score is refused by the record's program (its precision), or null. */
export function programScoreProblem(score: number, precision: number | null | undefined): string | null {
  return scoreProblem(score, (precision ?? 0) as ScorePrecision);
}

/**
 * 批量通过: every record must be of the kind and reviewable by the viewer (else 404, as for one record),
 * submitted (else 409 naming the others) and scored as its program allows (400); then all are approved in
 * one transaction.
 */
export async function reviewBatch(db: Database, declaration: RecordKindDeclaration, viewer: Viewer, decisions: ReviewDecision[]): Promise<number> {
  const msg = messagesOf(declaration);
  const ids = [...new Set(decisions.map((d) => d.id))];
  const rows = await db
    .select({ id: internshipRecord.id, status: internshipRecord.status, title: internshipRecord.title, studentName: sysUser.realname, precision: internshipProgram.scorePrecision })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .where(and(inArray(internshipRecord.id, ids), eq(internshipRecord.kind, declaration.kind), recordReach(viewer, declaration.access, 'review')));
  if (rows.length !== ids.length) throw notFound(msg.notFound);
  const waiting = rows.filter((r) => r.status !== 'submitted');
  if (waiting.length > 0) throw conflict(RECORD_MSG.batchNotSubmitted(waiting.map((r) => `${r.studentName}“${r.title}”`)));
  const precisionOf = new Map(rows.map((r) => [r.id, r.precision]));
  for (const decision of decisions) {
    const problem = decision.score === null ? null : programScoreProblem(decision.score, precisionOf.get(decision.id));
    if (problem) throw badRequest(problem);
  }
  const reviewer = { userId: viewer.userId, name: await nameOf(db, viewer.userId) };
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const decision of decisions) await applyReview(tx, declaration, decision, reviewer, now);
  });
  return ids.length;
}

/**
 * 撤回: the student takes back a submitted record nobody else has opened yet, to change it (a typo). What was
 * sent is kept (internship_record_version, shown with the record); the record is a draft again and its next
 * submission is timed afresh.
 */
export async function retractSubmission(db: Database, declaration: RecordKindDeclaration, id: string, studentUserId: string): Promise<void> {
  const msg = messagesOf(declaration);
  const [row] = await db
    .select({ record: internshipRecord })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(and(eq(internshipRecord.id, id), eq(internshipRecord.kind, declaration.kind), eq(internshipEnrolment.studentUserId, studentUserId)))
    .limit(1);
  if (!row) throw notFound(msg.notFound);
  const { record } = row;
  if (record.status !== 'submitted') throw conflict(msg.retractNotSubmitted);
  if (record.openedAt) throw conflict(msg.retractOpened);
  const now = new Date();
  await db.transaction(async (tx) => {
    // The adviser may open or review it meanwhile.
    const taken = await tx
      .update(internshipRecord)
      .set({ status: 'draft', submittedAt: null, receivedAt: null, submitTimeFlag: null, updatedAt: now })
      .where(and(eq(internshipRecord.id, id), eq(internshipRecord.status, 'submitted'), isNull(internshipRecord.openedAt)))
      .returning({ id: internshipRecord.id });
    if (taken.length === 0) throw conflict(msg.retractOpened);
    await tx.insert(internshipRecordVersion).values({ recordId: id, title: record.title, content: record.content, submittedAt: record.submittedAt, withdrawnAt: now });
  });
}

/** A submitted record opened by someone other than its student can no longer be taken back. */
export async function markOpened(db: Database, record: { id: string; enrolmentId: string }, viewerId: string): Promise<void> {
  const othersPlacement = db
    .select({ id: internshipEnrolment.id })
    .from(internshipEnrolment)
    .where(and(eq(internshipEnrolment.id, record.enrolmentId), ne(internshipEnrolment.studentUserId, viewerId)));
  await db
    .update(internshipRecord)
    .set({ openedAt: new Date() })
    .where(and(eq(internshipRecord.id, record.id), eq(internshipRecord.status, 'submitted'), isNull(internshipRecord.openedAt), inArray(internshipRecord.enrolmentId, othersPlacement)));
}
