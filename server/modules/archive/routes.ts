import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ARCHIVE_MSG, ARCHIVE_STALE_MINUTES, ARCHIVE_URL, archiveIdParams, archiveRequestSchema, type ArchiveRequest, type ArchiveScope, type ArchiveStatus, type ArchiveStatusCode } from '@contract/archive.ts';
import { APPRAISAL_MAX, SCORE_PERMISSIONS } from '@contract/internship-score.ts';
import { documentArchive, internshipEnrolment } from '../../db/schema.ts';
import { ZIP } from '../../lib/answers.ts';
import { HttpError, notFound, ok } from '../../lib/http.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { requireAuth, type App } from '../../types.ts';
import { matchingSelected, scoreViewerOf, selectedRows, type ScoreSelected, type ScoreViewer } from '../internship-score/queries.ts';
import { requestViewer } from '../relation/model.ts';
import { safeName } from './build.ts';
import './cleanup.ts';
import { ArchiveRunner, type ArchiveJob } from './runner.ts';
import { archiveStatusAnswer } from './schemas.ts';

type ArchiveRow = typeof documentArchive.$inferSelect;

const statusOf = (row: ArchiveRow): ArchiveStatus => ({
  id: row.id,
  scope: row.scope as ArchiveScope,
  status: row.status as ArchiveStatusCode,
  done: row.done,
  total: row.total,
  fileName: row.fileName,
  size: row.size,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** What an archive covers: its subject as the table keeps it, the students' placements, the zip's name. */
interface ArchivePlan {
  subjectId: string;
  programId: string;
  students: ArchiveJob['students'];
  fileName: string;
}

const studentName = (row: ScoreSelected) => `${row.studentNo ?? ''}-${row.studentName}`;

/**
 * 一生一档 (contract/archive.ts): a student's archive from a row of 实习成绩, or a class's of a program; who may is
 * whoever may print the student's 实习鉴定表 (the score's reach: the office, the department, the adviser, the 班主任)
 * and holds internship:score:archive. Made in the background; its status and file are the asker's own.
 */
export default async function archiveRoutes(app: App) {
  const { db } = app;
  const runner = new ArchiveRunner(db, app.files, path.join(app.config.dataDir, 'archives'), app.log);
  app.addHook('onReady', () => runner.sweep());
  app.addHook('onClose', () => runner.stop());

  /** The student of the placement, with all their placements of its program (a company change makes a second). */
  async function studentPlan(viewer: ScoreViewer, placementId: string): Promise<ArchivePlan> {
    const [row] = await selectedRows(db, viewer, [placementId]);
    if (!row) throw notFound(ARCHIVE_MSG.outOfReach);
    const { programId, studentUserId } = row.enrolment;
    const placements = await db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(and(eq(internshipEnrolment.programId, programId), eq(internshipEnrolment.studentUserId, studentUserId)));
    return {
      subjectId: studentUserId,
      programId,
      students: [{ name: studentName(row), placementIds: placements.map((p) => p.id) }],
      fileName: `学生档案-${row.studentName}-${row.studentNo ?? ''}-${row.programName}.zip`,
    };
  }

  /** Every student of the class in the program within reach, by 学号. */
  async function classPlan(viewer: ScoreViewer, classId: string, programId: string): Promise<ArchivePlan> {
    const rows = await matchingSelected(db, viewer, { classId, programId }, APPRAISAL_MAX);
    const [first] = rows;
    if (!first) throw notFound(ARCHIVE_MSG.classNone);
    const students = new Map<string, ArchiveJob['students'][number]>();
    for (const row of rows) {
      const student = students.get(row.enrolment.studentUserId) ?? { name: studentName(row), placementIds: [] };
      student.placementIds.push(row.enrolment.id);
      students.set(row.enrolment.studentUserId, student);
    }
    return { subjectId: classId, programId, students: [...students.values()], fileName: `学生档案-${first.className ?? ''}-${first.programName}（${students.size}人）.zip` };
  }

  const planOf = (viewer: ScoreViewer, body: ArchiveRequest) => (body.scope === 'student' ? studentPlan(viewer, body.placementId) : classPlan(viewer, body.classId, body.programId));

  const ownArchive = async (request: FastifyRequest, id: string) => {
    const [row] = await db
      .select()
      .from(documentArchive)
      .where(and(eq(documentArchive.id, id), eq(documentArchive.requestedBy, requireAuth(request.auth).userId)));
    if (!row) throw notFound(ARCHIVE_MSG.notFound);
    return row;
  };

  app.post(
    ARCHIVE_URL.start,
    { config: { access: { permission: SCORE_PERMISSIONS.archive, scope: 'placement' }, logTitle: '生成学生档案' }, schema: { body: archiveRequestSchema, response: { 200: archiveStatusAnswer } } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const viewer = await scoreViewerOf(db, await requestViewer(request), auth);
      const scope = request.body.scope;
      const plan = await planOf(viewer, request.body);
      // The same archive asked for again while it is being made is that one.
      const [making] = await db
        .select()
        .from(documentArchive)
        .where(
          and(
            eq(documentArchive.requestedBy, auth.userId),
            eq(documentArchive.scope, scope),
            eq(documentArchive.subjectId, plan.subjectId),
            eq(documentArchive.programId, plan.programId),
            inArray(documentArchive.status, ['queued', 'running']),
            gt(documentArchive.createdAt, new Date(Date.now() - ARCHIVE_STALE_MINUTES * 60_000)),
          ),
        )
        .orderBy(desc(documentArchive.createdAt))
        .limit(1);
      if (making) return ok(statusOf(making), '该档案正在生成中');
      const [row] = await db
        .insert(documentArchive)
        .values({ scope, subjectId: plan.subjectId, programId: plan.programId, total: plan.students.length, requestedBy: auth.userId })
        .returning();
      runner.enqueue({ id: row!.id, scope, viewer, requestedBy: auth.userId, students: plan.students, fileName: safeName(plan.fileName) });
      return ok(statusOf(row!), '已开始生成档案');
    },
  );

  const own = { permission: SCORE_PERMISSIONS.archive, scope: 'self' } as const;
  app.get(ARCHIVE_URL.status(':id'), { config: { access: own }, schema: { params: archiveIdParams, response: { 200: archiveStatusAnswer } } }, async (request) => ok(statusOf(await ownArchive(request, request.params.id))));

  app.get(ARCHIVE_URL.file(':id'), { config: { access: own, fileAnswer: [ZIP] }, schema: { params: archiveIdParams } }, async (request, reply) => {
    const row = await ownArchive(request, request.params.id);
    if (row.status === 'failed') throw new HttpError(409, row.error ?? ARCHIVE_MSG.failed);
    if (row.status !== 'done') throw new HttpError(409, ARCHIVE_MSG.notReady);
    const file = runner.fileOf(row.id);
    const found = await stat(file).catch(() => null);
    if (!found) throw notFound(ARCHIVE_MSG.fileGone);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition(row.fileName ?? `${row.id}.zip`, 'attachment'))
      .header('Content-Length', found.size)
      .header('Cache-Control', 'no-store')
      .send(createReadStream(file));
  });
}
