import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeviceTimeFlag } from '@contract/device-time.ts';
import { type AttachmentMeta, type EnrolmentStatus, type ProgramType, type ReviewLogAction, type ReviewLogEntry, type ScorePrecision } from '@contract/internship.ts';
import type { RelationAccess } from '@contract/relations.ts';
import {
  COLUMN_FIELDS,
  flagTexts,
  namesPeriod,
  recordKinds,
  recordMessages,
  recordSlots,
  slotLabel,
  slotOf,
  type CheckinMode,
  type MyPlacementRecords,
  type MySlot,
  type RecordBrief,
  type RecordDetail,
  type RecordKindDeclaration,
  type RecordReviewRow,
  type RecordSlot,
  type RecordStatus,
  type RecordValues,
  type RepeatedFile,
  type WithdrawnVersion,
} from '@contract/records.ts';
import { schoolToday } from '@contract/internship.ts';
import { lateDays, periodEndOf } from '@contract/season.ts';
import type { Database } from '../../db/database.ts';
import { internshipAttachment, internshipEnrolment, internshipProgram, internshipRecord, internshipRecordVersion, internshipReviewLog, internshipUnit, sysDepart, sysUser, wfInstance } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { recordReach, type Viewer } from '../relation/model.ts';

const student = alias(sysUser, 'student');
const reviewer = alias(sysUser, 'reviewer');
const adviser = alias(sysUser, 'adviser');
const mentor = alias(sysUser, 'mentor');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Records of the kind (or, without one, of any kind) within the viewer's reach for the action. */
function kindReach(viewer: Viewer, declaration: RecordKindDeclaration | null, action: keyof RelationAccess): SQL {
  if (declaration) return and(eq(internshipRecord.kind, declaration.kind), recordReach(viewer, declaration.access, action))!;
  return or(...recordKinds().map((d) => and(eq(internshipRecord.kind, d.kind), recordReach(viewer, d.access, action))))!;
}

export type RecordRow = typeof internshipRecord.$inferSelect;
export type EnrolmentRow = typeof internshipEnrolment.$inferSelect;
export type ProgramRow = typeof internshipProgram.$inferSelect;

/** The slot of a stored record (its period, numbered from the placement's start). */
export function slotOfRecord(declaration: RecordKindDeclaration, record: Pick<RecordRow, 'periodStart'>, enrolment: Pick<EnrolmentRow, 'startDate' | 'endDate'>): RecordSlot {
  if (declaration.period === 'once') return { periodStart: record.periodStart, periodEnd: enrolment.endDate, periodNo: 1 };
  if (declaration.period === 'free') return { periodStart: record.periodStart, periodEnd: record.periodStart, periodNo: 0 };
  return (
    slotOf(declaration.period, record.periodStart, enrolment.startDate, enrolment.endDate) ?? {
      periodStart: record.periodStart,
      periodEnd: record.periodStart,
      periodNo: 0,
    }
  );
}

/** A record of the kind with its placement, whoever owns it (the caller decides what the caller may do). */
export async function recordWithEnrolment(db: Database, declaration: RecordKindDeclaration, id: string): Promise<{ record: RecordRow; enrolment: EnrolmentRow } | null> {
  const [row] = await db
    .select({ record: internshipRecord, enrolment: internshipEnrolment })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(and(eq(internshipRecord.id, id), eq(internshipRecord.kind, declaration.kind)))
    .limit(1);
  return row ?? null;
}

/** A record of any kind with its placement (an attachment's owner). */
export async function anyRecordWithEnrolment(db: Database, id: string): Promise<{ record: RecordRow; enrolment: EnrolmentRow } | null> {
  const [row] = await db
    .select({ record: internshipRecord, enrolment: internshipEnrolment })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(eq(internshipRecord.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The record a write names, with its placement, in one query: null when there is none yet, 'other-kind'
 * when the id is a record of another kind (the same UUID made twice).
 */
export async function recordForWrite(db: Database, declaration: RecordKindDeclaration, id: string): Promise<{ record: RecordRow; enrolment: EnrolmentRow } | 'other-kind' | null> {
  const found = await anyRecordWithEnrolment(db, id);
  if (!found) return null;
  return found.record.kind === declaration.kind ? found : 'other-kind';
}

/** The student's own placement with its program; null when it is not theirs (or does not exist). */
export async function ownEnrolment(db: Database, enrolmentId: string, studentUserId: string): Promise<{ enrolment: EnrolmentRow; program: ProgramRow } | null> {
  const [row] = await db
    .select({ enrolment: internshipEnrolment, program: internshipProgram })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .where(and(eq(internshipEnrolment.id, enrolmentId), eq(internshipEnrolment.studentUserId, studentUserId)))
    .limit(1);
  return row ?? null;
}

/** Checks the record is readable (or, with review, reviewable) by the viewer: the same 404 whether it exists or not. */
export async function visibleRecord(db: Database, declaration: RecordKindDeclaration | null, id: string, viewer: Viewer, purpose: 'read' | 'review' = 'read'): Promise<RecordRow> {
  const [row] = await db
    .select({ record: internshipRecord })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(
      and(
        eq(internshipRecord.id, id),
        kindReach(viewer, declaration, purpose),
      ),
    )
    .limit(1);
  if (!row) throw notFound(recordMessages(declaration?.label ?? '记录').notFound);
  return row.record;
}

export const attachmentMeta = {
  id: internshipAttachment.id,
  recordId: internshipAttachment.recordId,
  uploaderId: internshipAttachment.uploaderId,
  fileName: internshipAttachment.fileName,
  mimeType: internshipAttachment.mimeType,
  size: internshipAttachment.size,
  sha256: internshipAttachment.sha256,
  originalSha256: internshipAttachment.originalSha256,
  createdAt: internshipAttachment.createdAt,
};
export type AttachmentRow = { [K in keyof typeof attachmentMeta]: (typeof internshipAttachment.$inferSelect)[K] };

export const toAttachmentMeta = (row: AttachmentRow): AttachmentMeta => ({
  id: row.id,
  recordId: row.recordId,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

/** Files of a record uploaded by its student (nobody else's upload can join someone's record). */
export async function attachmentsOf(db: Database, recordId: string, uploaderId: string): Promise<AttachmentRow[]> {
  return db
    .select(attachmentMeta)
    .from(internshipAttachment)
    .where(and(eq(internshipAttachment.recordId, recordId), eq(internshipAttachment.uploaderId, uploaderId)))
    .orderBy(asc(internshipAttachment.createdAt), asc(internshipAttachment.id));
}

export async function attachmentById(db: Database, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select(attachmentMeta).from(internshipAttachment).where(eq(internshipAttachment.id, id)).limit(1);
  return row ?? null;
}

/** The attachment with an id (another record's or another person's too), and how many files an uploader gave a record. */
export async function attachmentAndHeld(db: Database, attachmentId: string, recordId: string, uploaderId: string): Promise<{ same: AttachmentRow | null; held: number }> {
  const rows = await db
    .select(attachmentMeta)
    .from(internshipAttachment)
    .where(or(eq(internshipAttachment.id, attachmentId), and(eq(internshipAttachment.recordId, recordId), eq(internshipAttachment.uploaderId, uploaderId))));
  return { same: rows.find((r) => r.id === attachmentId) ?? null, held: rows.filter((r) => r.recordId === recordId && r.uploaderId === uploaderId).length };
}

export async function attachmentsByIds(db: Database, ids: string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db.select(attachmentMeta).from(internshipAttachment).where(inArray(internshipAttachment.id, ids));
}

/** A record's own field values: those kept in its data, and its time range as ISO instants. */
export function valuesOfRow(declaration: RecordKindDeclaration, record: Pick<RecordRow, 'data' | 'startsAt' | 'endsAt'>): RecordValues {
  const data = (record.data ?? {}) as RecordValues;
  const values: RecordValues = {};
  for (const field of declaration.fields) {
    if (field.name === 'startsAt') values.startsAt = iso(record.startsAt);
    else if (field.name === 'endsAt') values.endsAt = iso(record.endsAt);
    else if (!(COLUMN_FIELDS as readonly string[]).includes(field.name)) values[field.name] = data[field.name] ?? null;
  }
  return values;
}

/** The names of the rows a record's values point at (a company change's new unit). */
export async function valueLabelsOf(db: Database, declaration: RecordKindDeclaration, values: RecordValues): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  for (const field of declaration.fields.filter((f) => f.kind === 'unit')) {
    const id = values[field.name];
    if (!id) continue;
    const [unit] = await db.select({ name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.id, id));
    if (unit) labels[field.name] = unit.name;
  }
  return labels;
}

/** The application deciding a record of a kind with a process (its id), if it was ever submitted. */
const instanceOf = (declaration: RecordKindDeclaration) =>
  declaration.lifecycle.type === 'approval'
    ? and(eq(wfInstance.businessId, internshipRecord.id), eq(wfInstance.processKey, declaration.lifecycle.process))
    : sql`false`;

/** When the student did the kind's after-approval action (data.backAt for 销假). */
const afterApprovalAtOf = (declaration: RecordKindDeclaration, record: Pick<RecordRow, 'data'>): string | null => {
  const at = declaration.afterApproval ? (record.data as Record<string, unknown>)[`${declaration.afterApproval.action}At`] : null;
  return typeof at === 'string' ? at : null;
};

const submitTimes = (record: RecordRow) => ({
  submittedAt: iso(record.submittedAt),
  receivedAt: iso(record.receivedAt),
  submitTimeFlag: record.submitTimeFlag as DeviceTimeFlag | null,
});

/** A reviewed kind's records that count as handed in (已交): waiting for review or reviewed, not a draft or a returned one. */
const SUBMITTED_STATUSES = new Set(['submitted', 'reviewed']);

/** Days late of a submitted day's, week's or month's record (contract/season.ts); null for the other kinds, drafts and on time. */
const lateOf = (declaration: RecordKindDeclaration, record: Pick<RecordRow, 'periodStart' | 'status' | 'submittedAt'>): number | null =>
  namesPeriod(declaration.period) && record.status !== 'draft' && record.submittedAt
    ? lateDays(periodEndOf(declaration.period, record.periodStart), record.submittedAt)
    : null;

/** The full record as GET {base}/{id} answers it. */
export async function recordDetail(db: Database, declaration: RecordKindDeclaration, id: string): Promise<RecordDetail> {
  const [row] = await db
    .select({
      record: internshipRecord,
      enrolment: internshipEnrolment,
      program: internshipProgram,
      studentName: student.realname,
      reviewerName: reviewer.realname,
      instanceId: wfInstance.id,
    })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
    .leftJoin(reviewer, eq(reviewer.id, internshipRecord.reviewerId))
    .leftJoin(wfInstance, instanceOf(declaration))
    .where(and(eq(internshipRecord.id, id), eq(internshipRecord.kind, declaration.kind)))
    .limit(1);
  if (!row) throw notFound(recordMessages(declaration.label).notFound);
  const { record, enrolment, program } = row;
  const slot = slotOfRecord(declaration, record, enrolment);
  const values = valuesOfRow(declaration, record);
  const [attachments, reviewHistory, valueLabels, withdrawnVersions, repeatedFiles] = await Promise.all([
    attachmentsOf(db, record.id, enrolment.studentUserId),
    reviewHistoryOf(db, record.id),
    valueLabelsOf(db, declaration, values),
    withdrawnVersionsOf(db, record.id),
    repeatedFilesOf(db, record.id, enrolment.studentUserId),
  ]);
  return {
    id: record.id,
    kind: declaration.kind,
    enrolmentId: record.enrolmentId,
    periodStart: slot.periodStart,
    periodEnd: slot.periodEnd,
    periodLabel: slotLabel(declaration, slot),
    title: record.title,
    content: record.content,
    status: record.status as RecordStatus,
    adviserComment: record.adviserComment,
    score: record.score,
    ...submitTimes(record),
    reviewedAt: iso(record.reviewedAt),
    reviewerId: record.reviewerId,
    reviewerName: row.reviewerName,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    studentName: row.studentName,
    programName: program.name,
    minLength: declaration.minLength(program),
    scorePrecision: program.scorePrecision as ScorePrecision,
    attachments: attachments.map(toAttachmentMeta),
    reviewHistory,
    values,
    valueLabels,
    instanceId: row.instanceId,
    afterApprovalAt: afterApprovalAtOf(declaration, record),
    notes: flagTexts(record.data as { flags?: unknown; distance?: unknown }),
    lateDays: lateOf(declaration, record),
    withdrawnVersions,
    repeatedFiles,
  };
}

/** A record's files that other records hold byte for byte, by the file store's hash: a photo filed twice. */
async function repeatedFilesOf(db: Database, recordId: string, studentUserId: string): Promise<RepeatedFile[]> {
  const other = alias(internshipAttachment, 'other_attachment');
  const holder = alias(sysUser, 'holder');
  const rows = await db
    .selectDistinct({ fileName: internshipAttachment.fileName, recordId: internshipRecord.id, title: internshipRecord.title, studentName: holder.realname, studentUserId: internshipEnrolment.studentUserId })
    .from(internshipAttachment)
    .innerJoin(other, and(eq(other.sha256, internshipAttachment.sha256), ne(other.recordId, internshipAttachment.recordId)))
    .innerJoin(internshipRecord, eq(internshipRecord.id, other.recordId))
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .innerJoin(holder, eq(holder.id, internshipEnrolment.studentUserId))
    .where(eq(internshipAttachment.recordId, recordId))
    .orderBy(asc(internshipAttachment.fileName), asc(internshipRecord.title))
    .limit(20);
  return rows.map((row) => ({ fileName: row.fileName, title: row.title, studentName: row.studentName, own: row.studentUserId === studentUserId }));
}

/** The submissions of a record its student took back, oldest first. */
async function withdrawnVersionsOf(db: Database, recordId: string): Promise<WithdrawnVersion[]> {
  const rows = await db.select().from(internshipRecordVersion).where(eq(internshipRecordVersion.recordId, recordId)).orderBy(asc(internshipRecordVersion.withdrawnAt));
  return rows.map((v) => ({ title: v.title, content: v.content, submittedAt: iso(v.submittedAt), withdrawnAt: v.withdrawnAt.toISOString() }));
}

/** The reviews and corrections of records (one, or many at once for an archive), oldest first, with the reviewer's name. */
export async function reviewLogRows(db: Database, recordIds: string[]) {
  return db
    .select({ log: internshipReviewLog, reviewerName: reviewer.realname })
    .from(internshipReviewLog)
    .leftJoin(reviewer, eq(reviewer.id, internshipReviewLog.reviewerId))
    .where(inArray(internshipReviewLog.recordId, recordIds))
    .orderBy(asc(internshipReviewLog.createdAt), asc(internshipReviewLog.id));
}

export const toReviewLogEntry = ({ log, reviewerName }: Awaited<ReturnType<typeof reviewLogRows>>[number]): ReviewLogEntry => ({
  id: log.id,
  action: log.action as ReviewLogAction,
  score: log.score,
  comment: log.comment,
  previousScore: log.previousScore,
  previousComment: log.previousComment,
  reason: log.reason,
  reviewerName,
  createdAt: log.createdAt.toISOString(),
});

/** The reviews and corrections of a record, oldest first. */
export async function reviewHistoryOf(db: Database, recordId: string): Promise<ReviewLogEntry[]> {
  return (await reviewLogRows(db, [recordId])).map(toReviewLogEntry);
}

/** GET {base}/mine: the student's placements, newest first, each with the kind's slots so far. */
export async function myPlacementRecords(db: Database, declaration: RecordKindDeclaration, studentUserId: string, today: string = schoolToday()): Promise<MyPlacementRecords[]> {
  const placements = await db
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
  if (placements.length === 0) return [];

  const ids = placements.map((p) => p.enrolment.id);
  const attachmentCount = db
    .select({ recordId: internshipAttachment.recordId, n: count().as('n') })
    .from(internshipAttachment)
    .where(eq(internshipAttachment.uploaderId, studentUserId))
    .groupBy(internshipAttachment.recordId)
    .as('attachment_count');
  const records = await db
    .select({ record: internshipRecord, attachments: attachmentCount.n, instanceId: wfInstance.id })
    .from(internshipRecord)
    .leftJoin(attachmentCount, eq(attachmentCount.recordId, internshipRecord.id))
    .leftJoin(wfInstance, instanceOf(declaration))
    .where(and(eq(internshipRecord.kind, declaration.kind), inArray(internshipRecord.enrolmentId, ids)))
    .orderBy(desc(internshipRecord.periodStart), desc(internshipRecord.startsAt), desc(internshipRecord.createdAt));
  const byPeriod = new Map<string, RecordBrief>();
  const freeOf = new Map<string, MySlot[]>();
  const submittedOf = new Map<string, number>();
  for (const { record, attachments, instanceId } of records) {
    if (SUBMITTED_STATUSES.has(record.status)) submittedOf.set(record.enrolmentId, (submittedOf.get(record.enrolmentId) ?? 0) + 1);
    const brief: RecordBrief = {
      id: record.id,
      title: record.title,
      status: record.status as RecordStatus,
      score: record.score,
      adviserComment: record.adviserComment,
      submittedAt: iso(record.submittedAt),
      reviewedAt: iso(record.reviewedAt),
      updatedAt: record.updatedAt.toISOString(),
      attachmentCount: Number(attachments ?? 0),
      values: valuesOfRow(declaration, record),
      instanceId,
      notes: flagTexts(record.data as { flags?: unknown; distance?: unknown }),
      lateDays: lateOf(declaration, record),
      retractable: declaration.lifecycle.type === 'review' && record.status === 'submitted' && !record.openedAt,
    };
    if (declaration.period === 'free') {
      const list = freeOf.get(record.enrolmentId) ?? [];
      list.push({ periodStart: record.periodStart, periodEnd: record.periodStart, periodNo: 0, closedReason: null, record: brief });
      freeOf.set(record.enrolmentId, list);
    }
    // A once-per-placement record is the placement's, whatever start it was filed under.
    else byPeriod.set(declaration.period === 'once' ? record.enrolmentId : `${record.enrolmentId}/${record.periodStart}`, brief);
  }

  return placements.map(({ enrolment, program, unitName, adviserName, mentorName }) => {
    const status = enrolment.status as EnrolmentStatus;
    const placement = {
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
      minLength: declaration.minLength(program),
      checkinMode: program.checkinMode as CheckinMode,
      checkinPhoto: program.checkinPhoto,
      offered: declaration.offeredBy?.(program) ?? true,
      progress: declaration.requiredCount ? { submitted: submittedOf.get(enrolment.id) ?? 0, required: declaration.requiredCount(program) } : null,
    };
    if (declaration.period === 'free') return { ...placement, slots: freeOf.get(enrolment.id) ?? [] };
    const slots = (status === 'pending' && declaration.period !== 'once') || !placement.offered ? [] : recordSlots(declaration.period, enrolment.startDate, enrolment.endDate, today);
    return {
      ...placement,
      slots: slots.map((slot) => ({
        ...slot,
        closedReason: declaration.openOn(slot, enrolment, today),
        record: byPeriod.get(declaration.period === 'once' ? enrolment.id : `${enrolment.id}/${slot.periodStart}`) ?? null,
      })),
    };
  });
}

/**
 * GET {base}/review: the reviewer's queue of the kind, and the mentor's reading of their students' work
 * (read only), waiting ones first, each saying whether the viewer reviews it. Others who read a record
 * (the 班主任, the department) open it from the season's grid, not from a queue of work that is not theirs.
 */
export async function reviewPage(
  db: Database,
  declaration: RecordKindDeclaration,
  viewer: Viewer,
  { status, page, pageSize }: { status?: RecordStatus | ''; page: number; pageSize: number },
): Promise<{ records: RecordReviewRow[]; total: number }> {
  const { access } = declaration;
  const readers = { ...access, read: access.read.filter((r) => access.review.includes(r) || r === 'mentor') };
  const where = and(eq(internshipRecord.kind, declaration.kind), recordReach(viewer, readers, 'read'), status ? eq(internshipRecord.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        record: internshipRecord,
        startDate: internshipEnrolment.startDate,
        endDate: internshipEnrolment.endDate,
        studentName: student.realname,
        studentNo: student.workNo,
        departName: sysDepart.departName,
        programName: internshipProgram.name,
        canReview: sql<boolean>`(${recordReach(viewer, declaration.access, 'review')})`,
      })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
      .leftJoin(sysDepart, eq(sysDepart.id, student.currentDepartId))
      .where(where)
      .orderBy(
        sql`case when ${internshipRecord.status} = 'submitted' then 0 else 1 end`,
        desc(internshipRecord.submittedAt),
        desc(internshipRecord.periodStart),
        asc(internshipRecord.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .where(where),
  ]);
  const records = rows.map(({ record, startDate, endDate, studentName, studentNo, departName, programName, canReview }) => {
    const slot = slotOfRecord(declaration, record, { startDate, endDate });
    return {
      id: record.id,
      kind: declaration.kind,
      enrolmentId: record.enrolmentId,
      studentName,
      studentNo,
      departName,
      programName,
      periodStart: slot.periodStart,
      periodEnd: slot.periodEnd,
      periodLabel: slotLabel(declaration, slot),
      title: record.title,
      status: record.status as RecordStatus,
      score: record.score,
      ...submitTimes(record),
      reviewedAt: iso(record.reviewedAt),
      canReview: Boolean(canReview),
      lateDays: lateOf(declaration, record),
    };
  });
  return { records, total: total?.n ?? 0 };
}

/** Another record of the kind in the same period of the same placement (for a once-per-placement kind: any other). */
export async function otherRecordOfPeriod(
  db: Database,
  declaration: RecordKindDeclaration,
  enrolmentId: string,
  periodStart: string,
  id: string,
  /** Of a kind whose day has parts (上班, 下班): the part, as the unique index reads it. */
  dayPart?: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: internshipRecord.id })
    .from(internshipRecord)
    .where(
      and(
        eq(internshipRecord.enrolmentId, enrolmentId),
        eq(internshipRecord.kind, declaration.kind),
        declaration.period === 'once' ? undefined : eq(internshipRecord.periodStart, periodStart),
        declaration.dayPart && dayPart !== undefined ? sql`coalesce(${internshipRecord.data}->>${declaration.dayPart.field}, '') = ${dayPart ?? ''}` : undefined,
        ne(internshipRecord.id, id),
      ),
    )
    .limit(1);
  return Boolean(row);
}
