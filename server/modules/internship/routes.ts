import multipart from '@fastify/multipart';
import { and, eq, notInArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  ATTACHMENT_MAX_BYTES,
  RECORD_MSG,
  RECORD_PERMISSIONS,
  attachmentIdParams,
  batchReviewSchema,
  isIsoDate,
  schoolToday,
  weeklyCorrectionSchema,
  weeklyReviewQuery,
  weeklyReviewSchema,
} from '@contract/internship.ts';
import {
  COLUMN_FIELDS,
  approvedActionOf,
  countRecordChars,
  dayPartName,
  messagesOf,
  missingAttachment,
  noticesOf,
  overlapping,
  periodBegins,
  processOf,
  recordIdParams,
  recordKinds,
  recordWriteSchema,
  schoolTime,
  slotOf,
  startsPeriod,
  valuesOf,
  WORKPLACE_MSG,
  enrolmentIdParams,
  type RecordKindCode,
  type RecordKindDeclaration,
  type RecordReviewRow,
  type RecordValues,
  type RecordWriteInput,
} from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import { SIMILARITY_MSG, dismissSimilaritySchema, similarityFlagParams } from '@contract/similarity.ts';
import type { Database } from '../../db/database.ts';
import { internshipAttachment, internshipProgram, internshipEnrolment, internshipRecord, internshipReviewLog } from '../../db/schema.ts';
import { deviceTimeOf } from '../../lib/device-time.ts';
import { HttpError, badRequest, forbidden, isUniqueViolation, notFound, ok } from '../../lib/http.ts';
import { claimIdempotency } from '../../plugins/app/idempotency.ts';
import { requireAuth, type App } from '../../types.ts';
import { submitApplication } from '../workflow/engine.ts';
import { contentOf, keepContent, moveContentsToStore, releaseContents } from './attachment-contents.ts';
import { changeRefusal, changeUnitOptions, registerRecordProcesses, timeHoldingRecords } from './processes.ts';
import { sealCheckinPhotos, photoUsedBefore } from './photo-seal.ts';
import { checkinFlags, dailyList } from './daily.ts';
import { confirmWorkplace, workplaceProposals } from './workplace.ts';
import { makeupRefusal } from './makeup.ts';
import { registerVisitRoutes } from './visits.ts';
import { registerSeasonRoutes } from './season.ts';
import { tellOfRecord } from './notices.ts';
import { applyReview, markOpened, nameOf, programScoreProblem, retractSubmission, reviewBatch, type ReviewDecision } from './review.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { doneAnswer, emptyBody } from '../../lib/answers.ts';
import { readAttachmentUpload } from './files.ts';
import {
  ATTACHMENT_FILE_TYPES,
  attachmentAnswer,
  attachmentUpload,
  batchReviewAnswer,
  dailyListAnswer,
  myRecordsAnswer,
  overlapAnswer,
  recordDetailAnswer,
  recordWriteAnswer,
  reviewPageAnswer,
  similarityFlagsAnswer,
  unitOptionsAnswer,
  workplaceProposalsAnswer,
} from './schemas.ts';
import { nextStatusOf, periodStartOf, submitTimesOf } from './record-write.ts';
import { compareSubmitted, dismissSimilarityFlag, similarityFlagsOf } from './similarity-store.ts';
import {
  anyRecordWithEnrolment,
  attachmentAndHeld,
  attachmentById,
  attachmentsByIds,
  attachmentsOf,
  recordForWrite,
  myPlacementRecords,
  otherRecordOfPeriod,
  ownEnrolment,
  recordDetail,
  recordWithEnrolment,
  reviewPage,
  slotOfRecord,
  toAttachmentMeta,
  valueLabelsOf,
  valuesOfRow,
  visibleRecord,
  type AttachmentRow,
} from './queries.ts';
import { requestViewer } from '../relation/model.ts';

const conflict = (message: string) => new HttpError(409, message);
const ENROLMENT_NOT_FOUND = '实习不存在或无权查看';
const CLOSED_ENROLMENTS = new Set(['pending', 'terminated']);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
/** States in which a record's content may not change: reviewed, or decided by its approvers. */
const LOCKED_STATUSES = new Set(['reviewed', 'approved', 'rejected', 'back', 'recorded']);
const dailyQuery = z.object({ date: z.optional(z.string().check(z.refine(isIsoDate, '日期格式有误'))) });
const unitOptionsQuery = z.object({
  name: z.optional(z.string().check(z.maxLength(100, '单位名称不能超过100字'))),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});
const overlapQuery = z.object({
  startTime: z.string({ error: '请填写开始时间' }).check(z.refine((v) => !Number.isNaN(Date.parse(v)), '开始时间格式有误')),
  endTime: z.string({ error: '请填写结束时间' }).check(z.refine((v) => !Number.isNaN(Date.parse(v)), '结束时间格式有误')),
  id: z.optional(z.string().check(z.maxLength(64))),
});

/**
 * The records a student files on a placement (contract/records.ts): each declared kind gets its routes
 * at its base, the same for every kind. A record someone may not see answers 404, whether it exists or not.
 */
export default async function internshipRoutes(app: App) {
  await moveContentsToStore(app.db, app.files, app.log);
  registerRecordProcesses();
  // Only this module takes record uploads: one file per request, 10 MB at most.
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } });
  for (const declaration of recordKinds()) registerRecordKind(app, declaration);
  registerVisitRoutes(app);
  registerSeasonRoutes(app);

  /** The file itself, to its uploader and to whoever may read the record it belongs to. */
  app.get('/internship/attachments/:attachmentId', { config: { access: { permission: null, scope: 'placement' }, fileAnswer: ATTACHMENT_FILE_TYPES }, schema: { params: attachmentIdParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const meta = await attachmentById(app.db, request.params.attachmentId);
    if (!meta) throw notFound(RECORD_MSG.attachmentNotFound);
    if (meta.uploaderId !== auth.userId) {
      const owner = await anyRecordWithEnrolment(app.db, meta.recordId);
      if (!owner || owner.enrolment.studentUserId !== meta.uploaderId) throw notFound(RECORD_MSG.attachmentNotFound);
      await visibleRecord(app.db, null, owner.record.id, await requestViewer(request)).catch(() => {
        throw notFound(RECORD_MSG.attachmentNotFound);
      });
    }
    const content = await contentOf(app.db, app.files, meta.id);
    if (!content) throw notFound(RECORD_MSG.attachmentNotFound);
    return reply
      .header('Content-Type', meta.mimeType)
      .header('Content-Disposition', contentDisposition(meta.fileName))
      .header('Cache-Control', 'private, max-age=86400')
      .send(content);
  });
}

/** What the routes of one record kind share: the app, the declaration, its messages and its id's schema. */
interface KindRoutes {
  app: App;
  declaration: RecordKindDeclaration;
  msg: ReturnType<typeof messagesOf>;
  idParams: ReturnType<typeof recordIdParams>;
}
/** The student's own records. */
const MINE = { permission: RECORD_PERMISSIONS.mine, scope: 'self' } as const;

/** A declared record kind's routes at its base: each piece below registers one of them, where the kind has it. */
function registerRecordKind(app: App, declaration: RecordKindDeclaration) {
  const kind: KindRoutes = { app, declaration, msg: messagesOf(declaration), idParams: recordIdParams(declaration) };
  registerRecordReads(kind);
  registerRecordWrite(kind);
  if (declaration.fields.some((f) => f.kind === 'unit')) registerUnitOptions(kind);
  if (declaration.noOverlap) registerOverlapCheck(kind, declaration.noOverlap);
  if (declaration.afterApproval) registerAfterApproval(kind, declaration.afterApproval);
  registerAttachmentUpload(kind);
  if (declaration.oncePerDate) registerDailyList(kind);
  if (declaration.lifecycle.type === 'review') registerReviewRoutes(kind);
  if (declaration.compared) registerSimilarityRoutes(kind);
}

/** The student's records of the kind, and one record to whoever may see it. */
function registerRecordReads({ app, declaration, idParams }: KindRoutes) {
  const { db } = app;
  const { base } = declaration;
  /** Whoever the kind's access names by relation (visibleRecord). */
  const reader = { permission: null, scope: 'placement' } as const;
  app.get(`${base}/mine`, { config: { access: MINE }, schema: { response: { 200: myRecordsAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    return ok(await myPlacementRecords(db, declaration, userId));
  });

  app.get(`${base}/:id`, { config: { access: reader }, schema: { params: idParams, response: { 200: recordDetailAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const record = await visibleRecord(db, declaration, request.params.id, viewer);
    if (record.status === 'submitted' && !record.openedAt) await markOpened(db, record, viewer.userId);
    return ok(await recordDetail(db, declaration, record.id));
  });
}

/** PUT base/:id: the student saves or submits a record by its client UUID. */
function registerRecordWrite({ app, declaration, msg, idParams }: KindRoutes) {
  const { db, files } = app;
  const { base, label } = declaration;
  const writeSchema = recordWriteSchema(declaration);

  /**
   * Create or update by the client's UUID. Saving again what is already stored changes nothing and
   * answers the record as it is (so a resent request is harmless even without Idempotency-Key). A kind
   * with a process goes to its approvers when submitted; a reviewed kind to the adviser's list.
   */
  app.put(`${base}/:id`, { config: { access: MINE, idempotency: true }, schema: { params: idParams, body: writeSchema, response: { 200: recordWriteAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params;
    const input = request.body as RecordWriteInput;
    const attachmentIds = input.attachmentIds ?? [];
    const values = valuesOf(declaration, input);

    const existing = await recordForWrite(db, declaration, id);
    if (existing === 'other-kind') throw conflict(msg.idTaken);
    if (existing && existing.enrolment.studentUserId !== userId) throw notFound(msg.notFound);
    const own = await ownEnrolment(db, input.enrolmentId, userId);
    if (!own) throw notFound(ENROLMENT_NOT_FOUND);
    const { enrolment, program } = own;
    // 上班 or 下班 as the program asks for them (nothing where it asks for one check-in a day).
    if (declaration.dayPart) values[declaration.dayPart.field] = declaration.dayPart.valueFor(values[declaration.dayPart.field], program);
    const dayPart = declaration.dayPart ? (values[declaration.dayPart.field] ?? null) : undefined;
    // A once-per-placement record belongs to the placement, whatever start it names; a free one is filed under its own date.
    const periodStart = periodStartOf(declaration, values, { periodStart: input.periodStart, storedStart: existing?.record.periodStart, placementStart: enrolment.startDate });
    const periodFixed = declaration.period !== 'free';
    if (existing && (existing.record.enrolmentId !== input.enrolmentId || (periodFixed && existing.record.periodStart !== periodStart))) throw conflict(msg.moved);
    const attachments = await attachmentsByIds(db, attachmentIds);
    if (attachments.length !== new Set(attachmentIds).size || attachments.some((a) => a.recordId !== id || a.uploaderId !== userId)) {
      throw badRequest(RECORD_MSG.attachmentMissing);
    }

    // A title made of the values names the rows they point at (a change's new unit), as the student's list shows it.
    const title = declaration.fields.some((f) => f.name === 'title') ? values.title! : declaration.titleOf!(values, await valueLabelsOf(db, declaration, values));
    const content = values.content ?? '';
    const startsAt = values.startsAt ? new Date(values.startsAt) : null;
    const endsAt = values.endsAt ? new Date(values.endsAt) : null;
    const data: Record<string, unknown> = Object.fromEntries(Object.entries(values).filter(([name]) => !(COLUMN_FIELDS as readonly string[]).includes(name)));
    const approval = declaration.lifecycle.type === 'approval';
    const current = existing?.record;
    const nextStatus = nextStatusOf(declaration, Boolean(input.submit), current?.status);
    if (current) {
      const currentFiles = (await attachmentsOf(db, id, userId)).map((a) => a.id);
      const sameValues = JSON.stringify(valuesOfRow(declaration, current)) === JSON.stringify(valuesOfRow(declaration, { data, startsAt, endsAt }));
      const unchanged = current.title === title && current.content === content && sameValues && sameSet(currentFiles, attachmentIds);
      const locked = LOCKED_STATUSES.has(current.status);
      if (unchanged && (nextStatus === current.status || locked)) {
        return ok(await recordDetail(db, declaration, id), current.status === 'reviewed' ? msg.reviewed : msg.saved(input.submit));
      }
      if (current.status === 'reviewed') throw conflict(msg.reviewedLocked);
      if (current.status === 'pending') throw conflict(msg.pendingLocked);
      if (locked) throw conflict(msg.decidedLocked);
    }

    if (CLOSED_ENROLMENTS.has(enrolment.status) && !(declaration.period === 'once' && enrolment.status === 'pending')) throw conflict(msg.placementClosed);
    if (declaration.offeredBy && !declaration.offeredBy(program)) throw conflict(msg.notOffered);
    if (declaration.period === 'free') {
      if (periodStart < enrolment.startDate || periodStart > enrolment.endDate) throw badRequest(msg.outsidePlacement(enrolment.startDate, enrolment.endDate));
    } else {
      if (declaration.period !== 'once' && !startsPeriod(declaration.period, periodStart, enrolment.startDate)) throw badRequest(msg.periodStart);
      const slot = declaration.period === 'once' ? slotOfRecord(declaration, { periodStart }, enrolment) : slotOf(declaration.period, periodStart, enrolment.startDate, enrolment.endDate);
      if (!slot) throw badRequest(msg.periodOutside);
      const closed = declaration.openOn(slot, enrolment, schoolToday());
      if (closed) throw badRequest(closed);
      // A new record's period is checked by the unique index as it is inserted (below).
      if (current && (await otherRecordOfPeriod(db, declaration, input.enrolmentId, periodStart, id))) throw conflict(msg.periodTaken);
    }
    const minLength = declaration.minLength(program);
    if (input.submit && countRecordChars(content) < minLength) throw badRequest(msg.contentTooShort(minLength));
    const missingFile = input.submit ? missingAttachment(declaration, attachmentIds.length) : null;
    if (missingFile) throw badRequest(missingFile);
    if (declaration.noOverlap && startsAt && endsAt) {
      const other = overlapping({ id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }, await timeHoldingRecords(db, declaration, userId, id));
      if (other) throw conflict(declaration.noOverlap.message(other));
    }
    if (declaration.oncePerDate && current && (await otherRecordOfPeriod(db, declaration, input.enrolmentId, periodStart, id, dayPart))) throw conflict(msg.takenToday(periodStart, dayPartName(declaration, values)));
    const refusal = await KIND_REFUSALS[declaration.kind]?.({ db, values, enrolment, program, id, submit: Boolean(input.submit) });
    if (refusal) throw badRequest(refusal);
    const now = new Date();
    if (declaration.kind === 'checkin') {
      const { flags, distance } = await checkinFlags(db, declaration, values, { recordId: id, studentUserId: userId, workplace: enrolment });
      // Its photo sealed as it arrives: the band names who, when the server had it, and how far from the workplace.
      const photos = await sealCheckinPhotos(db, files, attachments, { studentUserId: userId, receivedAt: now, distance });
      if (photos.length > 0) {
        data.photos = photos.map(({ sha256, originalSha256 }) => ({ sha256, originalSha256 }));
        if (await photoUsedBefore(db, id, photos.map((p) => p.originalSha256))) flags.push('reusedPhoto');
      } else if (program.checkinPhoto) flags.push('noPhoto');
      data.flags = flags;
      if (distance !== null) data.distance = distance;
    }

    // The device's time of 提交 (an outbox may send it days later), never before the period began.
    const submitted = input.submit ? deviceTimeOf(request, periodBegins(declaration.period === 'free' ? enrolment.startDate : periodStart)) : null;
    const submitTimes = submitTimesOf(submitted, nextStatus);
    const startsApplication = approval && Boolean(input.submit);
    // An application submitted again starts afresh: the last approver's comment is in its history.
    // A new submission has been opened by no one yet.
    const row = { title, content, startsAt, endsAt, data, status: nextStatus, ...submitTimes, ...(startsApplication ? { adviserComment: null } : {}), ...(input.submit ? { openedAt: null } : {}) };
    const insertNew = async (executor: Database) => {
      try {
        await executor.insert(internshipRecord).values({ id, kind: declaration.kind, enrolmentId: input.enrolmentId, periodStart, ...row, createdAt: now, updatedAt: now });
      } catch (error) {
        if (isUniqueViolation(error, 'internship_record_period_uq')) throw conflict(declaration.oncePerDate ? msg.takenToday(periodStart, dayPartName(declaration, values)) : msg.periodTaken);
        throw error;
      }
    };
    // What the save writes beside its row, each named once for the transaction below and for `alone`.
    const tellsOfSubmission = Boolean(input.submit && noticesOf(declaration).submitted);
    // Files uploaded for the record and left out go (a draft's photo taken away before it was first saved). A new
    // check-in without a photo has none: the phone uploads a check-in's photo only with the check-in that lists it,
    // and the morning peak keeps its one-statement save.
    const dropsFiles = declaration.maxAttachments > 0 && (Boolean(current) || attachmentIds.length > 0 || !declaration.oncePerDate);
    // A first save that writes one row and nothing else (a check-in: no process, no notice, no files) needs no
    // transaction; at the morning peak its BEGIN and COMMIT would be two of the request's round trips.
    const alone = !current && !startsApplication && !tellsOfSubmission && !dropsFiles;
    const droppedFiles = alone ? await insertNew(db).then(() => []) : await db.transaction(async (tx) => {
      if (current) {
        const updated = await tx
          .update(internshipRecord)
          .set({ ...row, periodStart, score: null, updatedAt: now })
          // The adviser may have reviewed it (or an approver decided it) meanwhile.
          .where(and(eq(internshipRecord.id, id), eq(internshipRecord.status, current.status)))
          .returning({ id: internshipRecord.id });
        if (updated.length === 0) throw conflict(current.status === 'submitted' ? msg.reviewedLocked : msg.decidedLocked);
      } else {
        await insertNew(tx);
      }
      if (startsApplication) {
        const process = processOf(declaration)!;
        await submitApplication(tx, { processKey: process, businessId: id, title: `${declaration.label}：${title}`, applicantId: userId, enrolmentId: enrolment.id });
      }
      if (tellsOfSubmission) await tellOfRecord(tx, declaration, 'submitted', id);
      if (!dropsFiles) return [];
      const dropped = and(eq(internshipAttachment.recordId, id), eq(internshipAttachment.uploaderId, userId));
      return tx
        .delete(internshipAttachment)
        .where(attachmentIds.length > 0 ? and(dropped, notInArray(internshipAttachment.id, attachmentIds)) : dropped)
        .returning({ sha256: internshipAttachment.sha256 });
    });
    await releaseContents(db, files, droppedFiles.map((f) => f.sha256));
    if (input.submit && declaration.compared) {
      // Advice for the reviewer: a failure to compare is logged, never the student's problem.
      await compareSubmitted(db, { id, kind: declaration.kind, programId: program.id, content, requirements: program.requirements }).catch((error: unknown) => request.log.warn({ err: error, recordId: id }, 'similarity comparison failed'));
    }
    const message = startsApplication ? `${label}已提交，等待审批` : msg.saved(input.submit);
    // An outbox that needs only to know it got there asks for no record back (RFC 7240).
    if (String(request.headers.prefer ?? '').includes('return=minimal')) return ok({ id, status: nextStatus }, message);
    return ok(await recordDetail(db, declaration, id), message);
  });
}

/** A kind with a unit field: the units a record may name. */
function registerUnitOptions({ app, declaration }: KindRoutes) {
  const { db } = app;
  const { base } = declaration;
  /** The units a record may name (合作中), searched by name, as a picker asks for them. */
  app.get(`${base}/unitOptions`, { config: { access: MINE }, schema: { querystring: unitOptionsQuery, response: { 200: unitOptionsAnswer } } }, async (request) =>
    ok(await changeUnitOptions(db, request.query.name?.trim() ?? '', request.query.pageSize)),
  );
}

/** A kind that may not overlap in time (请假): the check its editor asks before saving. */
function registerOverlapCheck({ app, declaration }: KindRoutes, noOverlap: NonNullable<RecordKindDeclaration['noOverlap']>) {
  const { db } = app;
  const { base } = declaration;
  /** Whether a time range overlaps one of the student's other records of the kind (the leave overlap check). */
  app.get(`${base}/overlapDateCheck`, { config: { access: MINE }, schema: { querystring: overlapQuery, response: { 200: overlapAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { startTime, endTime, id } = request.query;
    const other = overlapping({ id: id ?? '', startsAt: startTime, endsAt: endTime }, await timeHoldingRecords(db, declaration, userId, id ?? ''));
    return ok(other, other ? noOverlap.message(other) : '时间可用');
  });
}

/** A kind with an action after approval (销假). */
function registerAfterApproval({ app, declaration, msg, idParams }: KindRoutes, after: NonNullable<RecordKindDeclaration['afterApproval']>) {
  const { db } = app;
  const { base, label } = declaration;
  /** 销假: the student says they are back, on an approved leave that has begun; the server's clock is the return time. */
  app.post(`${base}/:id/${after.action}`, { config: { access: MINE, idempotency: true }, schema: { params: idParams, body: emptyBody, response: { 200: recordDetailAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params;
    const found = await recordWithEnrolment(db, declaration, id);
    if (!found || found.enrolment.studentUserId !== userId) throw notFound(msg.notFound);
    const doneText = (detail: { afterApprovalAt: string | null }) => `${after.done}，返回时间 ${schoolTime(detail.afterApprovalAt)}`;
    if (found.record.status === after.action) {
      const detail = await recordDetail(db, declaration, id);
      return ok(detail, doneText(detail));
    }
    if (found.record.status !== 'approved') throw conflict(`只有已批准的${label}可以${after.label}`);
    const now = new Date();
    if (approvedActionOf(declaration, valuesOfRow(declaration, found.record), now) !== 'after') throw conflict(after.notBegun);
    const data = { ...(found.record.data as Record<string, unknown>), [`${after.action}At`]: now.toISOString() };
    await db.update(internshipRecord).set({ status: after.action, data, updatedAt: now }).where(and(eq(internshipRecord.id, id), eq(internshipRecord.status, 'approved')));
    const detail = await recordDetail(db, declaration, id);
    return ok(detail, doneText(detail));
  });
}

/** A record's files, each sent on its own. */
function registerAttachmentUpload({ app, declaration, msg, idParams }: KindRoutes) {
  const { db, files } = app;
  const { base } = declaration;

  /**
   * One file per request (multipart field "file"), its client-generated id in the X-Attachment-Id header.
   * The record need not exist yet: an offline outbox may send the photos before the record itself.
   * The same id with the same file again answers the stored file; with another file, 409.
   */
  app.post(`${base}/:id/attachments`, { config: { access: MINE, upload: attachmentUpload }, schema: { params: idParams, response: { 200: attachmentAnswer } } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params;
    const { attachmentId, content, fileName, mimeType, sha256 } = await readAttachmentUpload(request);

    if (await claimIdempotency(request, reply, { params: request.params, attachmentId, fileName, sha256 })) return reply;

    const record = await recordForWrite(db, declaration, id);
    if (record === 'other-kind') throw conflict(msg.idTaken);
    if (record && record.enrolment.studentUserId !== userId) throw notFound(msg.notFound);

    /** The file this id already names: this very upload again answers it, anything else is refused. */
    const answerStored = (same: AttachmentRow) => {
      // A sealed photo is known by the bytes the phone sent.
      if (same.uploaderId === userId && same.recordId === id && (same.originalSha256 ?? same.sha256) === sha256) return ok(toAttachmentMeta(same), '上传成功');
      throw conflict(RECORD_MSG.attachmentIdTaken);
    };
    // This id's file, if it came before, and the files this student already gave the record: one query.
    const { same, held } = await attachmentAndHeld(db, attachmentId, id, userId);
    if (same) return answerStored(same);
    if (record?.record.status && LOCKED_STATUSES.has(record.record.status)) throw conflict(record.record.status === 'reviewed' ? msg.reviewedLocked : msg.decidedLocked);
    if (held >= declaration.maxAttachments) throw badRequest(msg.tooManyAttachments(declaration.maxAttachments));

    let row: { createdAt: Date } | undefined;
    try {
      [row] = await keepContent(db, files, { sha256, content, mimeType }, (tx) =>
        tx
          .insert(internshipAttachment)
          .values({ id: attachmentId, recordId: id, uploaderId: userId, fileName, mimeType, size: content.length, sha256 })
          .returning({ createdAt: internshipAttachment.createdAt }),
      );
    } catch (error) {
      // Two copies of one upload at once (a phone that sent it again before the first answered): the other's row is there now.
      if (!isUniqueViolation(error, 'internship_attachment_pkey')) throw error;
      const stored = (await attachmentAndHeld(db, attachmentId, id, userId)).same;
      if (!stored) throw error;
      return answerStored(stored);
    }
    return ok(toAttachmentMeta({ id: attachmentId, recordId: id, uploaderId: userId, fileName, mimeType, size: content.length, sha256, originalSha256: null, createdAt: row!.createdAt }), '上传成功');
  });
}

/** What a write of a kind must satisfy beyond its declaration, against the database: why not, or null. */
type KindRefusal = (write: { db: Database; values: RecordValues; enrolment: typeof internshipEnrolment.$inferSelect; program: typeof internshipProgram.$inferSelect; id: string; submit: boolean }) => Promise<string | null>;
const KIND_REFUSALS: Partial<Record<RecordKindCode, KindRefusal>> = {
  // 补卡: a past day without a check-in, once, within the month's allowance (a draft is not counted yet).
  makeup: ({ db, values, enrolment, program, id, submit }) => (submit ? makeupRefusal(db, values, enrolment, program, id) : Promise.resolve(null)),
  // 单位变更: a date inside the placement, to another unit that exists, takes students and is not of a forbidden trade.
  change: ({ db, values, enrolment }) => changeRefusal(db, values, enrolment),
};

/** A once-a-day kind (签到): the day's list. */
function registerDailyList({ app, declaration }: KindRoutes) {
  const { db } = app;
  const { base } = declaration;
  /** The day's list for the adviser (the office: everyone's): who has, who has not, and what the server noticed. */
  app.get(`${base}/daily`, { config: { access: { permission: RECORD_PERMISSIONS.read, scope: 'placement' } }, schema: { querystring: dailyQuery, response: { 200: dailyListAnswer } } }, async (request) => {
    return ok(await dailyList(db, declaration, await requestViewer(request), request.query.date ?? schoolToday()));
  });
  /** The workplaces the first located check-ins propose where none was entered, for those who review the kind. */
  const reviewer = { permission: RECORD_PERMISSIONS.review, scope: 'placement' } as const;
  app.get(`${base}/workplaceProposals`, { config: { access: reviewer }, schema: { response: { 200: workplaceProposalsAnswer } } }, async (request) => ok(await workplaceProposals(db, declaration, await requestViewer(request))));
  app.post(`${base}/workplaceProposals/:enrolmentId/confirm`, { config: { access: reviewer }, schema: { params: enrolmentIdParams, body: emptyBody, response: { 200: doneAnswer } } }, async (request) => {
    if (!(await confirmWorkplace(db, declaration, await requestViewer(request), request.params.enrolmentId))) throw conflict(WORKPLACE_MSG.none);
    return ok(null, WORKPLACE_MSG.confirmed);
  });
}

/** A compared kind (周记, 月报, 实习报告): its records' similarity flags for the reviewer, and dismissing one. */
function registerSimilarityRoutes({ app, declaration, idParams }: KindRoutes) {
  const { db } = app;
  const { base } = declaration;

  /** 雷同提示: the record's similarity flags, each with the other record's shared passages (contract/similarity.ts). */
  app.get(`${base}/:id/similarity`, { config: { access: { permission: RECORD_PERMISSIONS.read, scope: 'placement' } }, schema: { params: idParams, response: { 200: similarityFlagsAnswer } } }, async (request) => {
    const record = await visibleRecord(db, declaration, request.params.id, await requestViewer(request));
    const enrolment = await db.select({ studentUserId: internshipEnrolment.studentUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, record.enrolmentId));
    return ok(await similarityFlagsOf(db, record.id, enrolment[0]!.studentUserId));
  });

  /** 忽略: the reviewer judges a flag no copy (a shared template, a group's joint work), with the reason kept. */
  app.post(`${base}/:id/similarity/:flagId/dismiss`, { config: { access: { permission: RECORD_PERMISSIONS.review, scope: 'placement' }, idempotency: true }, schema: { params: similarityFlagParams, body: dismissSimilaritySchema, response: { 200: doneAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const record = await visibleRecord(db, declaration, request.params.id, viewer, 'review');
    if (!(await dismissSimilarityFlag(db, record.id, request.params.flagId, viewer.userId, request.body.reason.trim()))) throw notFound(SIMILARITY_MSG.notFound);
    return ok(null, SIMILARITY_MSG.dismissed);
  });
}

/** The adviser's side of a reviewed kind: the list, 通过 / 退回, and 更正批阅. */
function registerReviewRoutes({ app, declaration, msg, idParams }: KindRoutes) {
  const { db } = app;
  const { base, label } = declaration;
  const review = { permission: RECORD_PERMISSIONS.review, scope: 'placement' } as const;

  app.post(`${base}/:id/retract`, { config: { access: MINE, idempotency: true }, schema: { params: idParams, body: emptyBody, response: { 200: recordDetailAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    await retractSubmission(db, declaration, request.params.id, userId);
    return ok(await recordDetail(db, declaration, request.params.id), msg.retracted);
  });

  app.get(`${base}/review`, { config: { access: { permission: RECORD_PERMISSIONS.read, scope: 'placement' } }, schema: { querystring: weeklyReviewQuery, response: { 200: reviewPageAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const { status, page, pageSize } = request.query;
    const { records, total } = await reviewPage(db, declaration, viewer, { status, page, pageSize });
    const result: PageResult<RecordReviewRow> = { records, total, current: page, size: pageSize };
    return ok(result);
  });

  app.post(`${base}/:id/review`, { config: { access: review, idempotency: true }, schema: { params: idParams, body: weeklyReviewSchema, response: { 200: recordDetailAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const { id } = request.params;
    const { action, comment, score } = request.body;
    const record = await visibleRecord(db, declaration, id, viewer, 'review');
    if (record.status !== 'submitted') throw conflict(msg.reviewNotSubmitted);
    const finalScore = action === 'approve' ? score! : null;
    if (finalScore !== null) await checkScore(id, finalScore);
    const reviewer = { userId: viewer.userId, name: await nameOf(db, viewer.userId) };
    const now = new Date();
    await db.transaction((tx) => applyReview(tx, declaration, { id, action, score: finalScore, comment: comment?.trim() || null }, reviewer, now));
    return ok(await recordDetail(db, declaration, id), action === 'approve' ? '批阅完成' : '已退回，等待学生修改后重新提交');
  });

  /** 批量通过: several submitted records at once, one score for all or each its own; all or none. */
  app.post(`${base}/review/batch`, { config: { access: review, idempotency: true }, schema: { body: batchReviewSchema, response: { 200: batchReviewAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const { ids, items, score } = request.body;
    const comment = request.body.comment?.trim() || null;
    const chosen = items ?? ids!.map((id) => ({ id, score: score! }));
    const decisions = [...new Map(chosen.map((c): [string, ReviewDecision] => [c.id, { id: c.id, action: 'approve', score: c.score, comment }])).values()];
    const count = await reviewBatch(db, declaration, viewer, decisions);
    return ok({ count }, `已批量通过${count}份${label}，已通知学生`);
  });

  /**
   * Correcting a 已批阅 record's score and comment afterwards: by its reviewer, or by whoever sees every
   * record (the internship office). Logged with what it replaced and why; the student is told.
   */
  app.post(`${base}/:id/review/correct`, { config: { access: review, idempotency: true }, schema: { params: idParams, body: weeklyCorrectionSchema, response: { 200: recordDetailAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const { id } = request.params;
    const { score, reason } = request.body;
    const comment = request.body.comment?.trim() || null;
    const record = await visibleRecord(db, declaration, id, viewer, 'review');
    if (record.status !== 'reviewed') throw conflict(msg.correctionNotReviewed);
    if (record.reviewerId !== viewer.userId && !viewer.school) throw forbidden(RECORD_MSG.correctionNotReviewer);
    await checkScore(id, score);
    if (record.score === score && record.adviserComment === comment) throw badRequest(RECORD_MSG.correctionUnchanged);

    const corrector = await nameOf(db, viewer.userId);
    const now = new Date();
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(internshipRecord)
        .set({ score, adviserComment: comment, updatedAt: now })
        // Unchanged meanwhile: two corrections at once must not each log the other's value as "before".
        .where(and(eq(internshipRecord.id, id), eq(internshipRecord.status, 'reviewed'), eq(internshipRecord.updatedAt, record.updatedAt)))
        .returning({ id: internshipRecord.id });
      if (updated.length === 0) throw conflict(msg.changedMeanwhile);
      await tx.insert(internshipReviewLog).values({
        recordId: id,
        action: 'correct',
        score,
        comment,
        previousScore: record.score,
        previousComment: record.adviserComment,
        reason,
        reviewerId: viewer.userId,
        createdAt: now,
      });
      await tellOfRecord(tx, declaration, 'corrected', id, { actorName: corrector, score, comment, previousScore: record.score, reason });
    });
    return ok(await recordDetail(db, declaration, id), '批阅已更正，已通知学生');
  });

  /** The program's precision for a record's score, checked after the schema's range. */
  async function checkScore(recordId: string, score: number) {
    const [row] = await db
      .select({ precision: internshipProgram.scorePrecision })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .where(eq(internshipRecord.id, recordId))
      .limit(1);
    const problem = programScoreProblem(score, row?.precision);
    if (problem) throw badRequest(problem);
  }
}
