import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { PageResult } from '@contract/resource.ts';
import { VISIT_ACCESS, VISIT_LIST_PERMISSION, VISIT_MAX_PHOTOS, VISIT_MSG, VISIT_PERMISSION, VISIT_URL, visitWriteSchema, type VisitDetail, type VisitMode, type VisitRow, type VisitStudent } from '@contract/visits.ts';
import { workflowPageQuery } from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import { basicStudent, internshipAttachment, internshipEnrolment, internshipUnit, internshipVisit, internshipVisitStudent, sysUser } from '../../db/schema.ts';
import { HttpError, badRequest, notFound, ok } from '../../lib/http.ts';
import { claimIdempotency } from '../../plugins/app/idempotency.ts';
import { requireAuth, type App } from '../../types.ts';
import { personalViewer, placementReach, requestViewer, type Viewer } from '../relation/model.ts';
import { keepContent, releaseContents } from './attachment-contents.ts';
import { readAttachmentUpload } from './files.ts';
import { toAttachmentMeta } from './queries.ts';
import { attachmentAnswer, attachmentUpload, visitDetailAnswer, visitPageAnswer, visitSavedAnswer, visitStudentsAnswer } from './schemas.ts';

const idParams = z.object({ id: z.string({ error: VISIT_MSG.notFound }).check(z.minLength(1, VISIT_MSG.notFound), z.maxLength(64, VISIT_MSG.notFound)) });
const conflict = (message: string) => new HttpError(409, message);

type VisitRowDb = typeof internshipVisit.$inferSelect;

/** A visit is its adviser's; the whole school's reader (the office, the administrator) reads everyone's. */
const visitsOf = (viewer: Viewer): SQL | undefined => (viewer.school ? undefined : eq(internshipVisit.adviserUserId, viewer.userId));
/** The placements an adviser may record a visit to (VISIT_ACCESS). */
const visitable = (userId: string): SQL => placementReach(personalViewer(userId), VISIT_ACCESS.review);

/** A visit in the viewer's reach; 404 otherwise. */
async function visibleVisit(db: Database, id: string, viewer: Viewer): Promise<VisitRowDb> {
  const [row] = await db
    .select()
    .from(internshipVisit)
    .where(and(eq(internshipVisit.id, id), visitsOf(viewer)))
    .limit(1);
  if (!row) throw notFound(VISIT_MSG.notFound);
  return row;
}

const studentColumns = { enrolmentId: internshipEnrolment.id, studentName: basicStudent.name, studentNo: basicStudent.studentNo, unitName: internshipUnit.name };
const studentsQuery = (db: Database) =>
  db
    .select(studentColumns)
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId));

async function rowsOf(db: Database, visits: VisitRowDb[]): Promise<VisitRow[]> {
  if (visits.length === 0) return [];
  const ids = visits.map((v) => v.id);
  const [students, photos, advisers] = await Promise.all([
    db
      .select({ visitId: internshipVisitStudent.visitId, name: basicStudent.name })
      .from(internshipVisitStudent)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipVisitStudent.enrolmentId))
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(inArray(internshipVisitStudent.visitId, ids))
      .orderBy(basicStudent.studentNo),
    db.select({ visitId: internshipAttachment.recordId, n: count() }).from(internshipAttachment).where(inArray(internshipAttachment.recordId, ids)).groupBy(internshipAttachment.recordId),
    db.select({ id: sysUser.id, name: sysUser.realname }).from(sysUser).where(inArray(sysUser.id, [...new Set(visits.map((v) => v.adviserUserId))])),
  ]);
  return visits.map((v) => ({
    id: v.id,
    visitDate: v.visitDate,
    mode: v.mode as VisitMode,
    adviserName: advisers.find((a) => a.id === v.adviserUserId)?.name ?? '',
    students: students.filter((s) => s.visitId === v.id).map((s) => s.name),
    notes: v.notes,
    photoCount: photos.find((p) => p.visitId === v.id)?.n ?? 0,
    createdAt: v.createdAt.toISOString(),
  }));
}

async function visitDetail(db: Database, visit: VisitRowDb): Promise<VisitDetail> {
  const [[row], studentList, attachments] = await Promise.all([
    rowsOf(db, [visit]),
    studentsQuery(db)
      .innerJoin(internshipVisitStudent, eq(internshipVisitStudent.enrolmentId, internshipEnrolment.id))
      .where(eq(internshipVisitStudent.visitId, visit.id))
      .orderBy(basicStudent.studentNo),
    db.select().from(internshipAttachment).where(eq(internshipAttachment.recordId, visit.id)).orderBy(internshipAttachment.createdAt),
  ]);
  return { ...row!, studentList: studentList as VisitStudent[], attachments: attachments.map(toAttachmentMeta) };
}

/**
 * 走访/巡查 (contract/visits.ts): the adviser files a visit to their students from the phone's outbox (photos
 * first, each by its own id, then the visit by its id); lists and reads their own, the office everyone's.
 */
export function registerVisitRoutes(app: App) {
  const { db, files } = app;
  const file = { permission: VISIT_PERMISSION, scope: 'placement' } as const;
  const read = { permission: VISIT_LIST_PERMISSION, scope: 'placement' } as const;

  /** The students I may record a visit to: those I advise on a placement not yet ended. */
  app.get(VISIT_URL.students, { config: { access: file }, schema: { response: { 200: visitStudentsAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const rows = await studentsQuery(db)
      .where(and(visitable(userId), inArray(internshipEnrolment.status, ['pending', 'active'])))
      .orderBy(basicStudent.studentNo)
      .limit(500);
    return ok(rows as VisitStudent[]);
  });

  app.get(VISIT_URL.list, { config: { access: read }, schema: { querystring: workflowPageQuery, response: { 200: visitPageAnswer } } }, async (request) => {
    const { page, pageSize } = request.query;
    const where = visitsOf(await requestViewer(request));
    const [visits, [total]] = await Promise.all([
      db
        .select()
        .from(internshipVisit)
        .where(where)
        .orderBy(desc(internshipVisit.visitDate), desc(internshipVisit.createdAt), internshipVisit.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(internshipVisit).where(where),
    ]);
    const result: PageResult<VisitRow> = { records: await rowsOf(db, visits), total: total?.n ?? 0, current: page, size: pageSize };
    return ok(result);
  });

  app.get('/internship/visit/:id', { config: { access: read }, schema: { params: idParams, response: { 200: visitDetailAnswer } } }, async (request) => ok(await visitDetail(db, await visibleVisit(db, request.params.id, await requestViewer(request)))));

  app.put('/internship/visit/:id', { config: { access: file, idempotency: true }, schema: { params: idParams, body: visitWriteSchema, response: { 200: visitSavedAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params;
    const input = request.body;
    const enrolmentIds = [...new Set(input.enrolmentIds)];
    const [[existing], mine] = await Promise.all([
      db.select({ adviserUserId: internshipVisit.adviserUserId }).from(internshipVisit).where(eq(internshipVisit.id, id)),
      db
        .select({ id: internshipEnrolment.id })
        .from(internshipEnrolment)
        .where(and(inArray(internshipEnrolment.id, enrolmentIds), visitable(userId))),
    ]);
    if (existing && existing.adviserUserId !== userId) throw conflict(VISIT_MSG.idTaken);
    if (mine.length !== enrolmentIds.length) throw badRequest(VISIT_MSG.notYourStudents);
    const photos = input.attachmentIds.length
      ? await db.select({ id: internshipAttachment.id }).from(internshipAttachment).where(and(inArray(internshipAttachment.id, input.attachmentIds), eq(internshipAttachment.recordId, id), eq(internshipAttachment.uploaderId, userId)))
      : [];
    if (photos.length !== new Set(input.attachmentIds).size) throw badRequest('照片尚未上传完成，请稍后重试');
    const dropped = await db.transaction(async (tx) => {
      await tx
        .insert(internshipVisit)
        .values({ id, adviserUserId: userId, visitDate: input.visitDate, mode: input.mode, notes: input.notes })
        .onConflictDoUpdate({ target: internshipVisit.id, set: { visitDate: input.visitDate, mode: input.mode, notes: input.notes, updatedAt: new Date() } });
      await tx.delete(internshipVisitStudent).where(eq(internshipVisitStudent.visitId, id));
      await tx.insert(internshipVisitStudent).values(enrolmentIds.map((enrolmentId) => ({ visitId: id, enrolmentId })));
      // Photos taken out of the visit go; their contents once nothing else holds them.
      return tx
        .delete(internshipAttachment)
        .where(and(eq(internshipAttachment.recordId, id), input.attachmentIds.length ? notInArray(internshipAttachment.id, input.attachmentIds) : sql`true`))
        .returning({ sha256: internshipAttachment.sha256 });
    });
    if (dropped.length) await releaseContents(db, files, dropped.map((d) => d.sha256));
    return ok({ id }, '走访记录已保存');
  });

  app.post('/internship/visit/:id/attachments', { config: { access: file, upload: attachmentUpload }, schema: { params: idParams, response: { 200: attachmentAnswer } } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params;
    const { attachmentId, content, fileName, mimeType, sha256 } = await readAttachmentUpload(request);
    if (await claimIdempotency(request, reply, { params: request.params, attachmentId, fileName, sha256 })) return reply;
    const [[visit], [same], [held]] = await Promise.all([
      db.select({ adviserUserId: internshipVisit.adviserUserId }).from(internshipVisit).where(eq(internshipVisit.id, id)),
      db.select().from(internshipAttachment).where(eq(internshipAttachment.id, attachmentId)),
      db.select({ n: count() }).from(internshipAttachment).where(and(eq(internshipAttachment.recordId, id), eq(internshipAttachment.uploaderId, userId))),
    ]);
    if (visit && visit.adviserUserId !== userId) throw notFound(VISIT_MSG.notFound);
    if (same) {
      if (same.uploaderId === userId && same.recordId === id && same.sha256 === sha256) return ok(toAttachmentMeta(same), '上传成功');
      throw conflict('附件编号已被使用');
    }
    if ((held?.n ?? 0) >= VISIT_MAX_PHOTOS) throw badRequest(VISIT_MSG.tooManyPhotos);
    const [row] = await keepContent(db, files, { sha256, content, mimeType }, (tx) =>
      tx.insert(internshipAttachment).values({ id: attachmentId, recordId: id, uploaderId: userId, fileName, mimeType, size: content.length, sha256 }).returning(),
    );
    return ok(toAttachmentMeta(row!), '上传成功');
  });
}
