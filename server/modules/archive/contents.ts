import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ARCHIVE_RECORD_KINDS } from '@contract/archive.ts';
import { INTERACTION_ACCESS } from '@contract/interactions.ts';
import type { ReviewLogEntry } from '@contract/internship.ts';
import { RECORD_KINDS } from '@contract/records.ts';
import type { HistoryAction } from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import {
  internshipAttachment,
  internshipEnrolment,
  internshipMessage,
  internshipRecord,
  internshipThread,
  internshipVisit,
  internshipVisitStudent,
  sysUser,
  wfHistory,
  wfInstance,
} from '../../db/schema.ts';
import type { ScoreSelected } from '../internship-score/queries.ts';
import { placementReach, type Viewer } from '../relation/model.ts';
import { attachmentMeta, attachmentsByIds, reviewLogRows, toReviewLogEntry, valueLabelsOf, valuesOfRow, type AttachmentRow, type RecordRow } from '../internship/queries.ts';

/**
 * What one student's archive holds, read from the database (the bytes of the files are read one at a time as
 * they are written): the placements of the program, every record filed on them (never a draft) with its
 * reviews or its application's history and its files, the 互动 threads, the adviser's 走访 and the agreements.
 */

export interface ApprovalStep {
  action: HistoryAction;
  stepName: string | null;
  actorName: string | null;
  comment: string | null;
  createdAt: Date;
}

export interface ArchivedRecord {
  record: RecordRow;
  placement: ScoreSelected;
  reviewerName: string | null;
  /** The names of the rows its values point at (a company change's new unit). */
  labels: Record<string, string>;
  reviews: ReviewLogEntry[];
  approvals: ApprovalStep[];
  files: AttachmentRow[];
}

export interface ArchivedThread {
  title: string;
  recordTitle: string | null;
  messages: { authorName: string | null; content: string; createdAt: Date }[];
}

export interface ArchivedVisit {
  visitDate: string;
  mode: string;
  adviserName: string | null;
  notes: string;
  files: AttachmentRow[];
}

export interface StudentContents {
  /** The student's placements in the program, by start. */
  placements: ScoreSelected[];
  records: ArchivedRecord[];
  threads: ArchivedThread[];
  visits: ArchivedVisit[];
  /** 三方协议 and 知情同意书 of each placement, as uploaded. */
  agreements: { label: string; placement: ScoreSelected; file: AttachmentRow }[];
}

const person = alias(sysUser, 'archive_person');
const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};
const kindOrder = (kind: string) => (ARCHIVE_RECORD_KINDS as readonly string[]).indexOf(kind);

/** The records filed on the placements, in the archive's order of kinds, each kind by its period and time. */
async function filedRecords(db: Database, placements: readonly ScoreSelected[]) {
  const rows = await db
    .select({ record: internshipRecord, reviewerName: person.realname })
    .from(internshipRecord)
    .leftJoin(person, eq(person.id, internshipRecord.reviewerId))
    .where(and(inArray(internshipRecord.enrolmentId, placements.map((p) => p.enrolment.id)), inArray(internshipRecord.kind, [...ARCHIVE_RECORD_KINDS]), ne(internshipRecord.status, 'draft')))
    .orderBy(asc(internshipRecord.periodStart), asc(internshipRecord.startsAt), asc(internshipRecord.createdAt), asc(internshipRecord.id));
  return rows.sort((a, b) => kindOrder(a.record.kind) - kindOrder(b.record.kind));
}

async function reviewsOf(db: Database, recordIds: string[]): Promise<Map<string, ReviewLogEntry[]>> {
  const rows = await reviewLogRows(db, recordIds);
  return new Map([...groupBy(rows, (r) => r.log.recordId)].map(([id, list]) => [id, list.map(toReviewLogEntry)]));
}

/** The history of the applications deciding records (请假, 单位变更, 补卡), by record. */
async function approvalsOf(db: Database, recordIds: string[]): Promise<Map<string, ApprovalStep[]>> {
  const rows = await db
    .select({ recordId: wfInstance.businessId, action: wfHistory.action, stepName: wfHistory.stepName, actorName: person.realname, comment: wfHistory.comment, createdAt: wfHistory.createdAt })
    .from(wfHistory)
    .innerJoin(wfInstance, eq(wfInstance.id, wfHistory.instanceId))
    .leftJoin(person, eq(person.id, wfHistory.actorId))
    .where(inArray(wfInstance.businessId, recordIds))
    .orderBy(asc(wfHistory.createdAt), asc(wfHistory.id));
  return groupBy(
    rows.map((r) => ({ ...r, action: r.action as HistoryAction })),
    (r) => r.recordId,
  );
}

/** Files under owners (records or visits) uploaded by their owner's author, in upload order. */
async function filesOf(db: Database, ownerIds: string[], uploaderOf: (ownerId: string) => string | undefined): Promise<Map<string, AttachmentRow[]>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select(attachmentMeta).from(internshipAttachment).where(inArray(internshipAttachment.recordId, ownerIds)).orderBy(asc(internshipAttachment.createdAt), asc(internshipAttachment.id));
  // Nobody else's upload can join someone's record (as attachmentsOf reads them).
  return groupBy(
    rows.filter((r) => r.uploaderId === uploaderOf(r.recordId)),
    (r) => r.recordId,
  );
}

/**
 * The placements' 互动 threads that the one making the archive may read by relation (INTERACTION_ACCESS: the student,
 * adviser and mentor): an archive never shows more than its maker sees day to day, so the office's leaves them out.
 */
async function threadsOf(db: Database, enrolmentIds: string[], viewer: Viewer): Promise<ArchivedThread[]> {
  const threads = await db
    .select({ id: internshipThread.id, title: internshipThread.title, recordTitle: internshipRecord.title })
    .from(internshipThread)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipThread.enrolmentId))
    .leftJoin(internshipRecord, eq(internshipRecord.id, internshipThread.recordId))
    .where(and(inArray(internshipThread.enrolmentId, enrolmentIds), placementReach(viewer, INTERACTION_ACCESS.read)))
    .orderBy(asc(internshipThread.createdAt), asc(internshipThread.id));
  if (threads.length === 0) return [];
  const messages = await db
    .select({ threadId: internshipMessage.threadId, authorName: person.realname, content: internshipMessage.content, createdAt: internshipMessage.createdAt })
    .from(internshipMessage)
    .leftJoin(person, eq(person.id, internshipMessage.authorId))
    .where(inArray(internshipMessage.threadId, threads.map((t) => t.id)))
    .orderBy(asc(internshipMessage.createdAt), asc(internshipMessage.id));
  const byThread = groupBy(messages, (m) => m.threadId);
  return threads.map((t) => ({ title: t.title, recordTitle: t.recordTitle, messages: byThread.get(t.id) ?? [] }));
}

async function visitsOf(db: Database, enrolmentIds: string[]): Promise<ArchivedVisit[]> {
  const visits = await db
    .selectDistinct({ id: internshipVisit.id, adviserUserId: internshipVisit.adviserUserId, visitDate: internshipVisit.visitDate, mode: internshipVisit.mode, notes: internshipVisit.notes, adviserName: person.realname, createdAt: internshipVisit.createdAt })
    .from(internshipVisit)
    .innerJoin(internshipVisitStudent, eq(internshipVisitStudent.visitId, internshipVisit.id))
    .leftJoin(person, eq(person.id, internshipVisit.adviserUserId))
    .where(inArray(internshipVisitStudent.enrolmentId, enrolmentIds))
    .orderBy(asc(internshipVisit.visitDate), asc(internshipVisit.createdAt), asc(internshipVisit.id));
  const author = new Map(visits.map((v) => [v.id, v.adviserUserId]));
  const files = await filesOf(db, [...author.keys()], (id) => author.get(id));
  return visits.map((v) => ({ visitDate: v.visitDate, mode: v.mode, adviserName: v.adviserName, notes: v.notes, files: files.get(v.id) ?? [] }));
}

async function agreementsOf(db: Database, placements: readonly ScoreSelected[]): Promise<StudentContents['agreements']> {
  const wanted = placements.flatMap((placement) =>
    (
      [
        ['三方协议', placement.enrolment.agreementAttachmentId],
        ['知情同意书', placement.enrolment.consentAttachmentId],
      ] as const
    ).flatMap(([label, id]) => (id ? [{ label, placement, id }] : [])),
  );
  const files = new Map((await attachmentsByIds(db, wanted.map((w) => w.id))).map((f) => [f.id, f]));
  return wanted.flatMap(({ label, placement, id }) => {
    const file = files.get(id);
    return file ? [{ label, placement, file }] : [];
  });
}

/** Everything of one student's placements (rows of one student and one program, in the caller's reach). */
export async function studentContents(db: Database, rows: readonly ScoreSelected[], viewer: Viewer): Promise<StudentContents> {
  const placements = [...rows].sort((a, b) => a.enrolment.startDate.localeCompare(b.enrolment.startDate) || a.enrolment.id.localeCompare(b.enrolment.id));
  const byId = new Map(placements.map((p) => [p.enrolment.id, p]));
  const enrolmentIds = [...byId.keys()];
  const studentId = placements[0]!.enrolment.studentUserId;
  const records = await filedRecords(db, placements);
  const recordIds = records.map((r) => r.record.id);
  const [reviews, approvals, files, threads, visits, agreements] = await Promise.all([
    recordIds.length ? reviewsOf(db, recordIds) : new Map<string, ReviewLogEntry[]>(),
    recordIds.length ? approvalsOf(db, recordIds) : new Map<string, ApprovalStep[]>(),
    filesOf(db, recordIds, () => studentId),
    threadsOf(db, enrolmentIds, viewer),
    visitsOf(db, enrolmentIds),
    agreementsOf(db, placements),
  ]);
  const labels = await Promise.all(
    records.map(({ record }) => {
      const declaration = RECORD_KINDS[record.kind as (typeof ARCHIVE_RECORD_KINDS)[number]];
      return valueLabelsOf(db, declaration, valuesOfRow(declaration, record));
    }),
  );
  return {
    placements,
    records: records.map(({ record, reviewerName }, i) => ({
      record,
      placement: byId.get(record.enrolmentId)!,
      reviewerName,
      labels: labels[i]!,
      reviews: reviews.get(record.id) ?? [],
      approvals: approvals.get(record.id) ?? [],
      files: files.get(record.id) ?? [],
    })),
    threads,
    visits,
    agreements,
  };
}
