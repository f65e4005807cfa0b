import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, count, eq, ne, notInArray } from 'drizzle-orm';
import {
  ATTACHMENT_ID_HEADER,
  ATTACHMENT_MAX_BYTES,
  WEEKLY_MAX_ATTACHMENTS,
  WEEKLY_MSG,
  WEEKLY_PERMISSIONS,
  attachmentIdParams,
  countWeeklyChars,
  isMonday,
  isUuid,
  mondayOf,
  addDays,
  schoolToday,
  scoreProblem,
  weeklyCorrectionSchema,
  weeklyIdParams,
  weeklyReviewQuery,
  weeklyReviewSchema,
  weeklyWriteSchema,
  type ScorePrecision,
  type WeeklyReviewRow,
  type WeeklyStatus,
} from '@contract/internship.ts';
import type { PageResult } from '@contract/resource.ts';
import { internshipAttachment, internshipEnrolment, internshipProgram, internshipReviewLog, internshipWeekly } from '../../db/schema.ts';
import { deviceTimeOf } from '../../lib/device-time.ts';
import { HttpError, badRequest, forbidden, notFound, ok } from '../../lib/http.ts';
import { claimIdempotency } from '../../plugins/app/idempotency.ts';
import { sendSystemMessage } from '../announcement/system-message.ts';
import { findUserById } from '../user/queries.ts';
import { requireAuth, type App } from '../../types.ts';
import { contentOf, keepContent, moveContentsToStore, releaseContents } from './attachment-contents.ts';
import { cleanFileName, contentDisposition, sniffAttachmentType } from './files.ts';
import {
  attachmentById,
  attachmentsByIds,
  attachmentsOf,
  myEnrolments,
  otherSummaryOfWeek,
  ownEnrolment,
  reviewPage,
  toAttachmentMeta,
  viewerOf,
  visibleWeekly,
  weeklyDetail,
  weeklyWithEnrolment,
} from './queries.ts';

const conflict = (message: string) => new HttpError(409, message);
const ENROLMENT_NOT_FOUND = '实习不存在或无权查看';
const CLOSED_ENROLMENTS = new Set(['pending', 'terminated']);

const savedMessage = (submit: boolean) => (submit ? '周记已提交' : '草稿已保存');
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The weekly summary (周记): the student's weeks, writing and files; the adviser's review list and review.
 * Scope: a summary someone may not see answers 404, whether it exists or not.
 */
export default async function internshipRoutes(app: App) {
  const { db, files } = app;
  await moveContentsToStore(db, files, app.log);
  const mine = { permission: WEEKLY_PERMISSIONS.mine, scope: 'self' } as const;
  const review = { permission: WEEKLY_PERMISSIONS.review, scope: 'self' } as const;
  /** Student, adviser, mentor or administrator: the query decides (visibleWeekly). */
  const reader = { permission: null, scope: 'self' } as const;

  // Only this module takes uploads: one file per request, 10 MB at most.
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } });

  app.get('/internship/weekly/mine', { config: { access: mine } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    return ok(await myEnrolments(db, userId));
  });

  app.get('/internship/weekly/review', { config: { access: review }, schema: { querystring: weeklyReviewQuery } }, async (request) => {
    const viewer = await viewerOf(db, requireAuth(request.auth));
    const { status, page, pageSize } = request.query;
    const { records, total } = await reviewPage(db, viewer, { status, page, pageSize });
    const result: PageResult<WeeklyReviewRow> = { records, total, current: page, size: pageSize };
    return ok(result);
  });

  app.get('/internship/weekly/:id', { config: { access: reader }, schema: { params: weeklyIdParams } }, async (request) => {
    const viewer = await viewerOf(db, requireAuth(request.auth));
    const weekly = await visibleWeekly(db, request.params.id, viewer);
    return ok(await weeklyDetail(db, weekly.id));
  });

  /**
   * Create or update by the client's UUID. Saving again what is already stored changes nothing and
   * answers the summary as it is (so a resent request is harmless even without Idempotency-Key).
   */
  app.put(
    '/internship/weekly/:id',
    { config: { access: mine, idempotency: true }, schema: { params: weeklyIdParams, body: weeklyWriteSchema } },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { id } = request.params;
      const input = request.body;

      const existing = await weeklyWithEnrolment(db, id);
      if (existing && existing.enrolment.studentUserId !== userId) throw notFound(WEEKLY_MSG.notFound);
      const own = await ownEnrolment(db, input.enrolmentId, userId);
      if (!own) throw notFound(ENROLMENT_NOT_FOUND);
      const { enrolment, program } = own;
      if (existing && (existing.weekly.enrolmentId !== input.enrolmentId || existing.weekly.weekStart !== input.weekStart)) {
        throw conflict('不能更改周记所属的实习或周次');
      }
      const attachments = await attachmentsByIds(db, input.attachmentIds);
      if (attachments.length !== new Set(input.attachmentIds).size || attachments.some((a) => a.summaryId !== id || a.uploaderId !== userId)) {
        throw badRequest(WEEKLY_MSG.attachmentMissing);
      }

      // Saving as a draft keeps a returned summary 已退回 (its comment stays in view) until it is resubmitted.
      const nextStatus: WeeklyStatus = input.submit ? 'submitted' : existing?.weekly.status === 'returned' ? 'returned' : 'draft';
      if (existing) {
        const current = existing.weekly;
        const currentFiles = (await attachmentsOf(db, id, userId)).map((a) => a.id);
        const unchanged = current.title === input.title && current.content === input.content && sameSet(currentFiles, input.attachmentIds);
        if (unchanged && (nextStatus === current.status || current.status === 'reviewed')) {
          return ok(await weeklyDetail(db, id), current.status === 'reviewed' ? '周记已批阅' : savedMessage(input.submit));
        }
        if (current.status === 'reviewed') throw conflict(WEEKLY_MSG.reviewedLocked);
      }

      if (CLOSED_ENROLMENTS.has(enrolment.status)) throw conflict(WEEKLY_MSG.enrolmentClosed);
      if (!isMonday(input.weekStart)) throw badRequest(WEEKLY_MSG.weekNotMonday);
      if (input.weekStart < mondayOf(enrolment.startDate) || input.weekStart > enrolment.endDate) throw badRequest(WEEKLY_MSG.weekOutOfPeriod);
      if (input.weekStart > schoolToday()) throw badRequest(WEEKLY_MSG.weekInFuture);
      if (input.submit && countWeeklyChars(input.content) < program.minWeeklyLength) throw badRequest(WEEKLY_MSG.contentTooShort(program.minWeeklyLength));
      if (await otherSummaryOfWeek(db, input.enrolmentId, input.weekStart, id)) throw conflict(WEEKLY_MSG.weekTaken);

      const now = new Date();
      // The device's time of 提交 (an outbox may send it days later), never before the week began.
      const submitted = input.submit ? deviceTimeOf(request, weekBegins(input.weekStart)) : null;
      const submitTimes = submitted
        ? { submittedAt: submitted.actedAt, receivedAt: submitted.receivedAt, submitTimeFlag: submitted.flag }
        : nextStatus === 'draft'
          ? { submittedAt: null, receivedAt: null, submitTimeFlag: null }
          : {};
      const droppedFiles = await db.transaction(async (tx) => {
        if (existing) {
          const updated = await tx
            .update(internshipWeekly)
            .set({
              title: input.title,
              content: input.content,
              status: nextStatus,
              ...submitTimes,
              score: null,
              updatedAt: now,
            })
            // The adviser may have reviewed it meanwhile.
            .where(and(eq(internshipWeekly.id, id), ne(internshipWeekly.status, 'reviewed')))
            .returning({ id: internshipWeekly.id });
          if (updated.length === 0) throw conflict(WEEKLY_MSG.reviewedLocked);
        } else {
          await tx.insert(internshipWeekly).values({
            id,
            enrolmentId: input.enrolmentId,
            weekStart: input.weekStart,
            title: input.title,
            content: input.content,
            status: nextStatus,
            ...submitTimes,
            createdAt: now,
            updatedAt: now,
          });
        }
        const dropped = and(eq(internshipAttachment.summaryId, id), eq(internshipAttachment.uploaderId, userId));
        return tx
          .delete(internshipAttachment)
          .where(input.attachmentIds.length > 0 ? and(dropped, notInArray(internshipAttachment.id, input.attachmentIds)) : dropped)
          .returning({ sha256: internshipAttachment.sha256 });
      });
      await releaseContents(db, files, droppedFiles.map((f) => f.sha256));
      return ok(await weeklyDetail(db, id), savedMessage(input.submit));
    },
  );

  /**
   * One file per request (multipart field "file"), its client-generated id in the X-Attachment-Id header.
   * The summary need not exist yet: an offline outbox may send the photos before the summary itself.
   * The same id with the same file again answers the stored file; with another file, 409.
   */
  app.post('/internship/weekly/:id/attachments', { config: { access: mine }, schema: { params: weeklyIdParams } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params;
    const attachmentId = request.headers[ATTACHMENT_ID_HEADER.toLowerCase()];
    if (typeof attachmentId !== 'string' || !isUuid(attachmentId)) throw badRequest(WEEKLY_MSG.attachmentIdFormat);
    if (!request.isMultipart()) throw badRequest(WEEKLY_MSG.attachmentNotMultipart);

    let file;
    let content: Buffer;
    try {
      file = await request.file();
      if (!file) throw badRequest(WEEKLY_MSG.attachmentRequired);
      content = await file.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, WEEKLY_MSG.attachmentTooLarge);
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(WEEKLY_MSG.attachmentNotMultipart);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('每次只能上传一个文件');
      throw error;
    }
    if (content.length === 0) throw badRequest(WEEKLY_MSG.attachmentEmpty);
    const mimeType = sniffAttachmentType(content);
    if (!mimeType) throw badRequest(WEEKLY_MSG.attachmentType);
    const fileName = cleanFileName(file.filename, mimeType);
    const sha256 = createHash('sha256').update(content).digest('hex');

    if (await claimIdempotency(request, reply, { params: request.params, attachmentId, fileName, sha256 })) return reply;

    const summary = await weeklyWithEnrolment(db, id);
    if (summary && summary.enrolment.studentUserId !== userId) throw notFound(WEEKLY_MSG.notFound);

    const existing = await attachmentById(db, attachmentId);
    if (existing) {
      if (existing.uploaderId === userId && existing.summaryId === id && existing.sha256 === sha256) return ok(toAttachmentMeta(existing), '上传成功');
      throw conflict(WEEKLY_MSG.attachmentIdTaken);
    }
    if (summary?.weekly.status === 'reviewed') throw conflict(WEEKLY_MSG.reviewedLocked);
    const [held] = await db
      .select({ n: count() })
      .from(internshipAttachment)
      .where(and(eq(internshipAttachment.summaryId, id), eq(internshipAttachment.uploaderId, userId)));
    if ((held?.n ?? 0) >= WEEKLY_MAX_ATTACHMENTS) throw badRequest(WEEKLY_MSG.tooManyAttachments);

    const [row] = await keepContent(db, files, { sha256, content, mimeType }, (tx) =>
      tx
        .insert(internshipAttachment)
        .values({ id: attachmentId, summaryId: id, uploaderId: userId, fileName, mimeType, size: content.length, sha256 })
        .returning({ createdAt: internshipAttachment.createdAt }),
    );
    return ok(
      toAttachmentMeta({ id: attachmentId, summaryId: id, uploaderId: userId, fileName, mimeType, size: content.length, sha256, createdAt: row!.createdAt }),
      '上传成功',
    );
  });

  /** The file itself, to its uploader and to whoever may read the summary it belongs to. */
  app.get('/internship/attachments/:attachmentId', { config: { access: reader }, schema: { params: attachmentIdParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const meta = await attachmentById(db, request.params.attachmentId);
    if (!meta) throw notFound(WEEKLY_MSG.attachmentNotFound);
    if (meta.uploaderId !== auth.userId) {
      const summary = await weeklyWithEnrolment(db, meta.summaryId);
      if (!summary || summary.enrolment.studentUserId !== meta.uploaderId) throw notFound(WEEKLY_MSG.attachmentNotFound);
      await visibleWeekly(db, summary.weekly.id, await viewerOf(db, auth)).catch(() => {
        throw notFound(WEEKLY_MSG.attachmentNotFound);
      });
    }
    const content = await contentOf(db, files, meta.id);
    if (!content) throw notFound(WEEKLY_MSG.attachmentNotFound);
    return reply
      .header('Content-Type', meta.mimeType)
      .header('Content-Disposition', contentDisposition(meta.fileName))
      .header('Cache-Control', 'private, max-age=86400')
      .send(content);
  });

  app.post(
    '/internship/weekly/:id/review',
    { config: { access: review, idempotency: true }, schema: { params: weeklyIdParams, body: weeklyReviewSchema } },
    async (request) => {
      const viewer = await viewerOf(db, requireAuth(request.auth));
      const { id } = request.params;
      const { action, comment, score } = request.body;
      const weekly = await visibleWeekly(db, id, viewer, 'review');
      if (weekly.status !== 'submitted') throw conflict(WEEKLY_MSG.reviewNotSubmitted);
      const finalScore = action === 'approve' ? score! : null;
      if (finalScore !== null) await checkScore(id, finalScore);
      const text = comment?.trim() || null;
      const now = new Date();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(internshipWeekly)
          .set({ status: action === 'approve' ? 'reviewed' : 'returned', adviserComment: text, score: finalScore, reviewedAt: now, reviewerId: viewer.userId, updatedAt: now })
          .where(and(eq(internshipWeekly.id, id), eq(internshipWeekly.status, 'submitted')))
          .returning({ id: internshipWeekly.id });
        if (updated.length === 0) throw conflict(WEEKLY_MSG.reviewNotSubmitted);
        await tx.insert(internshipReviewLog).values({ summaryId: id, action, score: finalScore, comment: text, reviewerId: viewer.userId, createdAt: now });
      });
      return ok(await weeklyDetail(db, id), action === 'approve' ? '批阅完成' : '已退回，等待学生修改后重新提交');
    },
  );

  /**
   * Correcting a 已批阅 summary's score and comment afterwards: by its reviewer, or by whoever sees
   * every summary (the internship office). Logged with what it replaced and why; the student is told.
   */
  app.post(
    '/internship/weekly/:id/review/correct',
    { config: { access: review, idempotency: true }, schema: { params: weeklyIdParams, body: weeklyCorrectionSchema } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const viewer = await viewerOf(db, auth);
      const { id } = request.params;
      const { score, reason } = request.body;
      const comment = request.body.comment?.trim() || null;
      const weekly = await visibleWeekly(db, id, viewer, 'review');
      if (weekly.status !== 'reviewed') throw conflict(WEEKLY_MSG.correctionNotReviewed);
      if (weekly.reviewerId !== viewer.userId && !viewer.all) throw forbidden(WEEKLY_MSG.correctionNotReviewer);
      await checkScore(id, score);
      if (weekly.score === score && weekly.adviserComment === comment) throw badRequest(WEEKLY_MSG.correctionUnchanged);

      const [owner, corrector] = await Promise.all([weeklyWithEnrolment(db, id), findUserById(db, viewer.userId).then((u) => u?.realname ?? null)]);
      const now = new Date();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(internshipWeekly)
          .set({ score, adviserComment: comment, updatedAt: now })
          // Unchanged meanwhile: two corrections at once must not each log the other's value as "before".
          .where(and(eq(internshipWeekly.id, id), eq(internshipWeekly.status, 'reviewed'), eq(internshipWeekly.updatedAt, weekly.updatedAt)))
          .returning({ id: internshipWeekly.id });
        if (updated.length === 0) throw conflict('该周记刚被修改过，请刷新后再更正');
        await tx.insert(internshipReviewLog).values({
          summaryId: id,
          action: 'correct',
          score,
          comment,
          previousScore: weekly.score,
          previousComment: weekly.adviserComment,
          reason,
          reviewerId: viewer.userId,
          createdAt: now,
        });
        await sendSystemMessage(tx, {
          title: '周记批阅已更正',
          text: `你的周记（${weekly.weekStart} ~ ${addDays(weekly.weekStart, 6)}）的批阅已由${corrector ?? '老师'}更正：分数 ${weekly.score ?? '—'} → ${score}。更正原因：${reason}`,
          sender: corrector,
          recipients: [owner!.enrolment.studentUserId],
        });
      });
      return ok(await weeklyDetail(db, id), '批阅已更正，已通知学生');
    },
  );

  /** The program's precision for a summary's score, checked after the schema's range. */
  async function checkScore(summaryId: string, score: number) {
    const [row] = await db
      .select({ precision: internshipProgram.scorePrecision })
      .from(internshipWeekly)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWeekly.enrolmentId))
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .where(eq(internshipWeekly.id, summaryId))
      .limit(1);
    const problem = scoreProblem(score, (row?.precision ?? 0) as ScorePrecision);
    if (problem) throw badRequest(problem);
  }
}

/** Monday 00:00 of a week on the school's clock (China has no daylight saving). */
const weekBegins = (weekStart: string) => new Date(`${weekStart}T00:00:00+08:00`);

