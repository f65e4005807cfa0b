import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  WEEKLY_MSG,
  WEEKLY_PERMISSIONS,
  addDays,
  enrolmentWeeks,
  schoolToday,
  type AttachmentMeta,
  type EnrolmentStatus,
  type MyEnrolment,
  type ProgramType,
  type ReviewLogAction,
  type ReviewLogEntry,
  type ScorePrecision,
  type WeeklyBrief,
  type WeeklyReviewRow,
  type WeeklyStatus,
  type WeeklySummary,
} from '@contract/internship.ts';
import type { DeviceTimeFlag } from '@contract/device-time.ts';
import { isActionAllowed } from '@contract/permissions.ts';
import type { Database } from '../../db/database.ts';
import { internshipAttachment, internshipEnrolment, internshipProgram, internshipReviewLog, internshipUnit, internshipWeekly, sysDepart, sysUser } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import type { AuthContext } from '../../types.ts';
import { roleButtonRules, systemButtonRules } from '../permission/queries.ts';

/** Who is asking: the user, and whether the active role may see every student's summaries (administrators). */
export interface Viewer {
  userId: string;
  all: boolean;
}

export async function viewerOf(db: Database, auth: AuthContext): Promise<Viewer> {
  const [auth_, allAuth] = await Promise.all([roleButtonRules(db, auth.activeRoleId), systemButtonRules(db)]);
  return { userId: auth.userId, all: isActionAllowed(WEEKLY_PERMISSIONS.all, auth_, allAuth) };
}

const student = alias(sysUser, 'student');
const adviser = alias(sysUser, 'adviser');
const mentor = alias(sysUser, 'mentor');
const reviewer = alias(sysUser, 'reviewer');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A student sees all their own summaries; adviser, mentor and administrators see those that are not drafts. */
function readableBy(viewer: Viewer): SQL {
  const others = and(
    ne(internshipWeekly.status, 'draft'),
    viewer.all ? sql`true` : or(eq(internshipEnrolment.adviserUserId, viewer.userId), eq(internshipEnrolment.mentorUserId, viewer.userId)),
  )!;
  return or(eq(internshipEnrolment.studentUserId, viewer.userId), others)!;
}

/** Review is for the enrolment's adviser (or every summary with the all scope). */
function reviewableBy(viewer: Viewer): SQL {
  return and(ne(internshipWeekly.status, 'draft'), viewer.all ? sql`true` : eq(internshipEnrolment.adviserUserId, viewer.userId))!;
}

export type WeeklyRow = typeof internshipWeekly.$inferSelect;
export type EnrolmentRow = typeof internshipEnrolment.$inferSelect;
export type ProgramRow = typeof internshipProgram.$inferSelect;

/** A summary with its enrolment, whoever owns it (the caller decides what the caller may do). */
export async function weeklyWithEnrolment(db: Database, id: string): Promise<{ weekly: WeeklyRow; enrolment: EnrolmentRow } | null> {
  const [row] = await db
    .select({ weekly: internshipWeekly, enrolment: internshipEnrolment })
    .from(internshipWeekly)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWeekly.enrolmentId))
    .where(eq(internshipWeekly.id, id))
    .limit(1);
  return row ?? null;
}

/** The student's own enrolment with its program; null when it is not theirs (or does not exist). */
export async function ownEnrolment(db: Database, enrolmentId: string, studentUserId: string): Promise<{ enrolment: EnrolmentRow; program: ProgramRow } | null> {
  const [row] = await db
    .select({ enrolment: internshipEnrolment, program: internshipProgram })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .where(and(eq(internshipEnrolment.id, enrolmentId), eq(internshipEnrolment.studentUserId, studentUserId)))
    .limit(1);
  return row ?? null;
}

/** Checks the summary is readable (or, with review, reviewable) by the viewer: the same 404 whether it exists or not. */
export async function visibleWeekly(db: Database, id: string, viewer: Viewer, purpose: 'read' | 'review' = 'read'): Promise<WeeklyRow> {
  const [row] = await db
    .select({ weekly: internshipWeekly })
    .from(internshipWeekly)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWeekly.enrolmentId))
    .where(and(eq(internshipWeekly.id, id), purpose === 'review' ? reviewableBy(viewer) : readableBy(viewer)))
    .limit(1);
  if (!row) throw notFound(WEEKLY_MSG.notFound);
  return row.weekly;
}

const attachmentMeta = {
  id: internshipAttachment.id,
  summaryId: internshipAttachment.summaryId,
  uploaderId: internshipAttachment.uploaderId,
  fileName: internshipAttachment.fileName,
  mimeType: internshipAttachment.mimeType,
  size: internshipAttachment.size,
  sha256: internshipAttachment.sha256,
  createdAt: internshipAttachment.createdAt,
};
export type AttachmentRow = { [K in keyof typeof attachmentMeta]: (typeof internshipAttachment.$inferSelect)[K] };

export const toAttachmentMeta = (row: AttachmentRow): AttachmentMeta => ({
  id: row.id,
  summaryId: row.summaryId,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

/** Files of a summary uploaded by its student (nobody else's upload can join someone's summary). */
export async function attachmentsOf(db: Database, summaryId: string, uploaderId: string): Promise<AttachmentRow[]> {
  return db
    .select(attachmentMeta)
    .from(internshipAttachment)
    .where(and(eq(internshipAttachment.summaryId, summaryId), eq(internshipAttachment.uploaderId, uploaderId)))
    .orderBy(asc(internshipAttachment.createdAt), asc(internshipAttachment.id));
}

export async function attachmentById(db: Database, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select(attachmentMeta).from(internshipAttachment).where(eq(internshipAttachment.id, id)).limit(1);
  return row ?? null;
}

export async function attachmentsByIds(db: Database, ids: string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db.select(attachmentMeta).from(internshipAttachment).where(inArray(internshipAttachment.id, ids));
}

/** The full summary as GET /internship/weekly/{id} answers it. */
export async function weeklyDetail(db: Database, id: string): Promise<WeeklySummary> {
  const [row] = await db
    .select({ weekly: internshipWeekly, enrolment: internshipEnrolment, program: internshipProgram, studentName: student.realname, reviewerName: reviewer.realname })
    .from(internshipWeekly)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWeekly.enrolmentId))
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
    .leftJoin(reviewer, eq(reviewer.id, internshipWeekly.reviewerId))
    .where(eq(internshipWeekly.id, id))
    .limit(1);
  if (!row) throw notFound(WEEKLY_MSG.notFound);
  const { weekly, enrolment, program } = row;
  const [attachments, reviewHistory] = await Promise.all([attachmentsOf(db, weekly.id, enrolment.studentUserId), reviewHistoryOf(db, weekly.id)]);
  return {
    id: weekly.id,
    enrolmentId: weekly.enrolmentId,
    weekStart: weekly.weekStart,
    weekEnd: addDays(weekly.weekStart, 6),
    title: weekly.title,
    content: weekly.content,
    status: weekly.status as WeeklyStatus,
    adviserComment: weekly.adviserComment,
    score: weekly.score,
    ...submitTimes(weekly),
    reviewedAt: iso(weekly.reviewedAt),
    reviewerId: weekly.reviewerId,
    reviewerName: row.reviewerName,
    createdAt: weekly.createdAt.toISOString(),
    updatedAt: weekly.updatedAt.toISOString(),
    studentName: row.studentName,
    programName: program.name,
    minWeeklyLength: program.minWeeklyLength,
    scorePrecision: program.scorePrecision as ScorePrecision,
    attachments: attachments.map(toAttachmentMeta),
    reviewHistory,
  };
}

const submitTimes = (weekly: WeeklyRow) => ({
  submittedAt: iso(weekly.submittedAt),
  receivedAt: iso(weekly.receivedAt),
  submitTimeFlag: weekly.submitTimeFlag as DeviceTimeFlag | null,
});

/** The reviews and corrections of a summary, oldest first. */
export async function reviewHistoryOf(db: Database, summaryId: string): Promise<ReviewLogEntry[]> {
  const rows = await db
    .select({ log: internshipReviewLog, reviewerName: reviewer.realname })
    .from(internshipReviewLog)
    .leftJoin(reviewer, eq(reviewer.id, internshipReviewLog.reviewerId))
    .where(eq(internshipReviewLog.summaryId, summaryId))
    .orderBy(asc(internshipReviewLog.createdAt), asc(internshipReviewLog.id));
  return rows.map(({ log, reviewerName }) => ({
    id: log.id,
    action: log.action as ReviewLogAction,
    score: log.score,
    comment: log.comment,
    previousScore: log.previousScore,
    previousComment: log.previousComment,
    reason: log.reason,
    reviewerName,
    createdAt: log.createdAt.toISOString(),
  }));
}

/** GET /internship/weekly/mine: the student's enrolments, newest first, each with its weeks so far. */
export async function myEnrolments(db: Database, studentUserId: string, today: string = schoolToday()): Promise<MyEnrolment[]> {
  const enrolments = await db
    .select({
      enrolment: internshipEnrolment,
      program: internshipProgram,
      unitName: internshipUnit.name,
      adviserName: adviser.realname,
      mentorName: mentor.realname,
    })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .leftJoin(mentor, eq(mentor.id, internshipEnrolment.mentorUserId))
    .where(eq(internshipEnrolment.studentUserId, studentUserId))
    .orderBy(desc(internshipEnrolment.startDate), asc(internshipEnrolment.id));
  if (enrolments.length === 0) return [];

  const ids = enrolments.map((e) => e.enrolment.id);
  const attachmentCount = db
    .select({ summaryId: internshipAttachment.summaryId, n: count().as('n') })
    .from(internshipAttachment)
    .where(eq(internshipAttachment.uploaderId, studentUserId))
    .groupBy(internshipAttachment.summaryId)
    .as('attachment_count');
  const summaries = await db
    .select({ weekly: internshipWeekly, attachments: attachmentCount.n })
    .from(internshipWeekly)
    .leftJoin(attachmentCount, eq(attachmentCount.summaryId, internshipWeekly.id))
    .where(inArray(internshipWeekly.enrolmentId, ids));
  const byWeek = new Map<string, WeeklyBrief>();
  for (const { weekly, attachments } of summaries) {
    byWeek.set(`${weekly.enrolmentId}/${weekly.weekStart}`, {
      id: weekly.id,
      title: weekly.title,
      status: weekly.status as WeeklyStatus,
      score: weekly.score,
      adviserComment: weekly.adviserComment,
      submittedAt: iso(weekly.submittedAt),
      reviewedAt: iso(weekly.reviewedAt),
      updatedAt: weekly.updatedAt.toISOString(),
      attachmentCount: Number(attachments ?? 0),
    });
  }

  return enrolments.map(({ enrolment, program, unitName, adviserName, mentorName }) => {
    const status = enrolment.status as EnrolmentStatus;
    const weeks = status === 'pending' ? [] : enrolmentWeeks(enrolment.startDate, enrolment.endDate, today);
    return {
      id: enrolment.id,
      programId: program.id,
      programName: program.name,
      programType: program.type as ProgramType,
      term: program.term,
      unitName: unitName ?? '',
      post: enrolment.post,
      adviserName,
      mentorName,
      startDate: enrolment.startDate,
      endDate: enrolment.endDate,
      status,
      minWeeklyLength: program.minWeeklyLength,
      minWeeklyCount: program.minWeeklyCount,
      weeks: weeks.map((week) => ({ ...week, summary: byWeek.get(`${enrolment.id}/${week.weekStart}`) ?? null })),
    };
  });
}

/** GET /internship/weekly/review: summaries (not drafts) of the viewer's advisees, waiting ones first. */
export async function reviewPage(
  db: Database,
  viewer: Viewer,
  { status, page, pageSize }: { status?: WeeklyStatus | ''; page: number; pageSize: number },
): Promise<{ records: WeeklyReviewRow[]; total: number }> {
  const where = and(reviewableBy(viewer), status ? eq(internshipWeekly.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        weekly: internshipWeekly,
        studentName: student.realname,
        studentNo: student.workNo,
        departName: sysDepart.departName,
        programName: internshipProgram.name,
      })
      .from(internshipWeekly)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWeekly.enrolmentId))
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
      .leftJoin(sysDepart, eq(sysDepart.id, student.currentDepartId))
      .where(where)
      .orderBy(
        sql`case when ${internshipWeekly.status} = 'submitted' then 0 else 1 end`,
        desc(internshipWeekly.submittedAt),
        desc(internshipWeekly.weekStart),
        asc(internshipWeekly.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(internshipWeekly)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWeekly.enrolmentId))
      .where(where),
  ]);
  const records = rows.map(({ weekly, studentName, studentNo, departName, programName }) => ({
    id: weekly.id,
    enrolmentId: weekly.enrolmentId,
    studentName,
    studentNo,
    departName,
    programName,
    weekStart: weekly.weekStart,
    weekEnd: addDays(weekly.weekStart, 6),
    title: weekly.title,
    status: weekly.status as WeeklyStatus,
    score: weekly.score,
    ...submitTimes(weekly),
    reviewedAt: iso(weekly.reviewedAt),
  }));
  return { records, total: total?.n ?? 0 };
}

/** Another summary of the same week of the same enrolment. */
export async function otherSummaryOfWeek(db: Database, enrolmentId: string, weekStart: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: internshipWeekly.id })
    .from(internshipWeekly)
    .where(and(eq(internshipWeekly.enrolmentId, enrolmentId), eq(internshipWeekly.weekStart, weekStart), ne(internshipWeekly.id, id)))
    .limit(1);
  return Boolean(row);
}
