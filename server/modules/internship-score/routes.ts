import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  APPRAISAL_MAX,
  APPRAISAL_URL,
  SCORE_REGISTER_URL,
  SCORE_COMPONENT_LABELS,
  SCORE_MSG,
  SCORE_PERMISSIONS,
  SCORE_RESOURCE,
  SCORE_STATUSES,
  adviserScoreRule,
  adviserScoreSchema,
  mentorEvaluationSchema,
  mentorScoreOf,
  publishSchema,
  reopenSchema,
  scoreIdParams,
  type ScoreLogAction,
  type ScoreLogDetail,
  type ScoreRow,
} from '@contract/internship-score.ts';
import { isUuid, type ScorePrecision } from '@contract/internship.ts';
import { exportFields, pageQuerySchema, refTextKey, type PageResult } from '@contract/resource.ts';
import { scoreRuleProblem } from '@contract/score-rule.ts';
import { internshipEnrolment, internshipScore, internshipScoreLog } from '../../db/schema.ts';
import { EXCEL, PDF, doneAnswer } from '../../lib/answers.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { HttpError, badRequest, notFound, ok } from '../../lib/http.ts';
import type { Tx } from '../../lib/resource/binding.ts';
import { requireAuth, type App } from '../../types.ts';
import { requestViewer } from '../relation/model.ts';
import { registerFormat } from '@contract/documents.ts';
import { registerCounts } from '@contract/practice-score.ts';
import { sendGradeRegister } from '../documents/grade-register.ts';
import { sendPdf } from '../documents/issue.ts';
import { appraisalDocument, appraisalFileName } from './appraisal.ts';
import { scoreDetailAnswer, scorePageAnswer, scorePickAnswer } from './schemas.ts';
import { matchingSelected, scoreClasses, scoreDetail, scoreOf, scorePage, scorePrograms, scoreRows, scoreViewerOf, selectedRows, visibleScore, type ScoreFilter } from './queries.ts';

const conflict = (message: string) => new HttpError(409, message);
const text = z.optional(z.string().check(z.maxLength(100)));
const filterShape = {
  studentName: text,
  studentNo: text,
  classId: text,
  programId: text,
  status: z.optional(z.union([z.literal(''), z.enum(SCORE_STATUSES, { error: '状态应为待评、待发布或已发布' })])),
};
const listQuery = z.extend(pageQuerySchema, filterShape);
const exportQuery = z.object(filterShape);
const pickerQuery = z.extend(pageQuerySchema, { name: text });
const classId = z.string({ error: SCORE_MSG.registerClass }).check(z.minLength(1, SCORE_MSG.registerClass), z.maxLength(64, SCORE_MSG.registerClass));
const registerQuery = z.object({ programId: classId, classId, format: registerFormat });
/** The chosen placements (ids, a trailing comma allowed), or else the list's search. */
const appraisalQuery = z.extend(exportQuery, { ids: z.optional(z.string().check(z.maxLength(APPRAISAL_MAX * 40, SCORE_MSG.appraisalTooMany))) });

const filterOf = (query: z.infer<typeof exportQuery>): ScoreFilter => ({ ...query, status: query.status || undefined });

async function writeLog(tx: Tx, enrolmentId: string, action: ScoreLogAction, actorId: string, detail: ScoreLogDetail | null, reason: string | null = null) {
  await tx.insert(internshipScoreLog).values({ enrolmentId, action, actorId, detail, reason });
}

/**
 * 实习成绩: the list in the caller's reach (and its Excel), a score's detail with its log, the mentor's
 * evaluation and the adviser's score (each only for their own students), and publication by the office.
 * A score outside the caller's reach answers 404 whether it exists or not; a published one refuses every
 * change (409) until the office reopens it with a reason. Each write is logged with what it replaced.
 */
export default async function internshipScoreRoutes(app: App) {
  const { db } = app;
  const access = (permission: string) => ({ permission, scope: 'placement' }) as const;
  const viewerOf = async (request: FastifyRequest) => scoreViewerOf(db, await requestViewer(request), requireAuth(request.auth));

  app.get('/internship/score/list', { config: { access: access(SCORE_PERMISSIONS.list) }, schema: { querystring: listQuery, response: { 200: scorePageAnswer } } }, async (request) => {
    const { pageNo, pageSize, column: _column, order: _order, ...filter } = request.query;
    const { records, total } = await scorePage(db, await viewerOf(request), filterOf(filter), pageNo, pageSize);
    const result: PageResult<ScoreRow> = { records, total, current: pageNo, size: pageSize };
    return ok(result);
  });

  app.get('/internship/score/exportXls', { config: { access: access(SCORE_PERMISSIONS.export), fileAnswer: [EXCEL] }, schema: { querystring: exportQuery } }, async (request, reply) => {
    const rows = await scoreRows(db, await viewerOf(request), filterOf(request.query));
    const columns = exportFields(SCORE_RESOURCE);
    const cells = rows.map((row) =>
      columns.map((f) => {
        const value = (row as unknown as Record<string, unknown>)[f.kind === 'ref' ? refTextKey(f.name) : f.name];
        if (f.name === 'total' && value === null) return '待评';
        if (f.kind === 'select') return f.options?.find((o) => o.value === value)?.label ?? '';
        return value ?? '';
      }),
    );
    return sendWorkbook(reply, SCORE_RESOURCE.title, await buildWorkbook(SCORE_RESOURCE.title, columns.map((f) => ({ header: f.label })), cells));
  });

  app.get(APPRAISAL_URL, { config: { access: access(SCORE_PERMISSIONS.print), fileAnswer: [PDF] }, schema: { querystring: appraisalQuery } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const viewer = await viewerOf(request);
    const { ids, ...filter } = request.query;
    const chosen = ids?.split(',').map((id) => id.trim()).filter(Boolean);
    if (chosen?.some((id) => !isUuid(id))) throw badRequest(SCORE_MSG.idFormat);
    if (chosen && chosen.length > APPRAISAL_MAX) throw badRequest(SCORE_MSG.appraisalTooMany);
    const rows = chosen?.length ? await selectedRows(db, viewer, chosen) : await matchingSelected(db, viewer, filterOf(filter), APPRAISAL_MAX + 1);
    if (rows.length === 0) throw notFound(SCORE_MSG.appraisalNone);
    if (rows.length > APPRAISAL_MAX) throw badRequest(SCORE_MSG.appraisalTooMany);
    return sendPdf(reply, appraisalFileName(rows), await appraisalDocument(db, rows, userId));
  });

  /** 成绩登记表 of a program's 实习成绩 for one class: each student's total (or 待评), the count per grade, the signature lines. */
  app.get(SCORE_REGISTER_URL, { config: { access: access(SCORE_PERMISSIONS.print), fileAnswer: [PDF, EXCEL] }, schema: { querystring: registerQuery } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const { programId, classId, format } = request.query;
    const rows = (await scoreRows(db, await viewerOf(request), { programId, classId }, APPRAISAL_MAX)).sort((a, b) => (a.studentNo ?? '').localeCompare(b.studentNo ?? ''));
    const [first] = rows;
    if (!first) throw notFound(SCORE_MSG.registerNone);
    const published = rows.filter((r) => r.status === 'published').length;
    const register = {
      subtitle: `${first.programId_dictText} · ${first.classId_dictText ?? ''}`,
      facts: [
        ['实习计划', first.programId_dictText],
        ['班级', first.classId_dictText ?? '—'],
        ['院系', first.departName ?? '—'],
        ['指导教师', [...new Set(rows.map((r) => r.adviserName).filter(Boolean))].join('、') || '—'],
        ['成绩状态', `已发布 ${published} 人，共 ${rows.length} 人`],
        ['等级划分', '优秀≥90，良好≥80，中等≥70，及格≥60'],
      ] as const,
      students: rows.map((r) => ({ no: r.studentNo ?? '', name: r.studentName, value: r.total === null ? '待评' : `${r.total}（${r.grade}）` })),
      counts: registerCounts(
        rows.map((r) => (r.total === null ? null : String(r.total))),
        'percent',
        '待评',
      ),
      signatures: ['指导教师（签字）', '院系审核（签字）', '实习办（盖章）'],
    };
    return sendGradeRegister(reply, db, register, { fileName: `${first.classId_dictText ?? ''}${first.programId_dictText}成绩登记表`, format, issuedBy: userId });
  });

  for (const [path, pick] of [
    ['/internship/score/programs', scorePrograms],
    ['/internship/score/classes', scoreClasses],
  ] as const) {
    app.get(path, { config: { access: access(SCORE_PERMISSIONS.list) }, schema: { querystring: pickerQuery, response: { 200: scorePickAnswer } } }, async (request) => {
      const { pageSize, name } = request.query;
      const rows = await pick(db, await viewerOf(request), name, pageSize);
      const result: PageResult<{ id: string; name: string }> = { records: rows.slice(0, pageSize), total: rows.length, current: 1, size: pageSize };
      return ok(result);
    });
  }

  app.get('/internship/score/:enrolmentId', { config: { access: access(SCORE_PERMISSIONS.list) }, schema: { params: scoreIdParams, response: { 200: scoreDetailAnswer } } }, async (request) => {
    return ok(await scoreDetail(db, await viewerOf(request), request.params.enrolmentId));
  });

  /** Writes one side's part of an unpublished score; refused as published when the office published it meanwhile. */
  const writePart = async (
    enrolmentId: string,
    userId: string,
    action: 'evaluate' | 'score',
    values: Partial<typeof internshipScore.$inferInsert>,
    previous: { score: number | null; comment: string | null },
    next: { score: number; comment: string | null },
  ) => {
    await db.transaction(async (tx) => {
      const written = await tx
        .insert(internshipScore)
        .values({ enrolmentId, ...values })
        .onConflictDoUpdate({ target: internshipScore.enrolmentId, set: { ...values, updatedAt: new Date() }, setWhere: isNull(internshipScore.publishedAt) })
        .returning({ id: internshipScore.enrolmentId });
      if (written.length === 0) throw conflict(SCORE_MSG.published);
      await writeLog(tx, enrolmentId, action, userId, { previous, next });
    });
  };

  app.put(
    '/internship/score/:enrolmentId/mentor',
    { config: { access: access(SCORE_PERMISSIONS.evaluate) }, schema: { params: scoreIdParams, body: mentorEvaluationSchema, response: { 200: scoreDetailAnswer } } },
    async (request) => {
      const viewer = await viewerOf(request);
      const { enrolmentId } = request.params;
      // Only the placement's own mentor, whoever else may see it.
      const row = await visibleScore(db, viewer, enrolmentId, eq(internshipEnrolment.mentorUserId, viewer.userId));
      if (row.score?.publishedAt) throw conflict(SCORE_MSG.published);
      const { items, comment } = request.body;
      const score = mentorScoreOf(items);
      const kept = comment?.trim() ? comment.trim() : null;
      const cleanItems = Object.fromEntries(Object.entries(items).map(([key, item]) => [key, { score: item.score, comment: item.comment?.trim() || null }]));
      await writePart(
        enrolmentId,
        viewer.userId,
        'evaluate',
        { mentorItems: cleanItems, mentorScore: score, mentorComment: kept, mentorUserId: viewer.userId, mentorAt: new Date() },
        { score: row.score?.mentorScore ?? null, comment: row.score?.mentorComment ?? null },
        { score, comment: kept },
      );
      return ok(await scoreDetail(db, viewer, enrolmentId), '评价已提交');
    },
  );

  app.put(
    '/internship/score/:enrolmentId/adviser',
    { config: { access: access(SCORE_PERMISSIONS.adviser) }, schema: { params: scoreIdParams, body: adviserScoreSchema, response: { 200: scoreDetailAnswer } } },
    async (request) => {
      const viewer = await viewerOf(request);
      const { enrolmentId } = request.params;
      const row = await visibleScore(db, viewer, enrolmentId, eq(internshipEnrolment.adviserUserId, viewer.userId));
      if (row.score?.publishedAt) throw conflict(SCORE_MSG.published);
      const { score, comment } = request.body;
      const problem = scoreRuleProblem(score, adviserScoreRule(row.scorePrecision as ScorePrecision));
      if (problem) throw badRequest(problem);
      const kept = comment?.trim() ? comment.trim() : null;
      await writePart(
        enrolmentId,
        viewer.userId,
        'score',
        { adviserScore: score, adviserComment: kept, adviserUserId: viewer.userId, adviserAt: new Date() },
        { score: row.score?.adviserScore ?? null, comment: row.score?.adviserComment ?? null },
        { score, comment: kept },
      );
      return ok(await scoreDetail(db, viewer, enrolmentId), '评分已保存');
    },
  );

  /** All or nothing: every chosen score must be complete and unpublished; the total, grade and 周记 average are frozen. */
  app.post('/internship/score/publish', { config: { access: access(SCORE_PERMISSIONS.publish) }, schema: { body: publishSchema, response: { 200: doneAnswer } } }, async (request) => {
    const viewer = await viewerOf(request);
    const ids = [...new Set(request.body.ids)];
    const rows = await selectedRows(db, viewer, ids);
    if (rows.length !== ids.length) throw badRequest(SCORE_MSG.notFound);
    const scored = rows.map((row) => ({ row, ...scoreOf(row) }));
    for (const { row, status, missing } of scored) {
      if (status === 'published') throw conflict(SCORE_MSG.alreadyPublished(row.studentName));
      if (missing.length > 0) throw badRequest(SCORE_MSG.incomplete(row.studentName, missing.map((c) => SCORE_COMPONENT_LABELS[c])));
    }
    const now = new Date();
    await db.transaction(async (tx) => {
      for (const { row, components, total, grade } of scored) {
        const values = { summaryScore: components.summary, total, grade, publishedAt: now, publishedBy: viewer.userId };
        const written = await tx
          .insert(internshipScore)
          .values({ enrolmentId: row.enrolment.id, ...values })
          .onConflictDoUpdate({ target: internshipScore.enrolmentId, set: { ...values, updatedAt: now }, setWhere: isNull(internshipScore.publishedAt) })
          .returning({ id: internshipScore.enrolmentId });
        if (written.length === 0) throw conflict(SCORE_MSG.alreadyPublished(row.studentName));
        await writeLog(tx, row.enrolment.id, 'publish', viewer.userId, { total, grade });
      }
    });
    return ok(null, `已发布${scored.length}条成绩`);
  });

  app.post(
    '/internship/score/:enrolmentId/reopen',
    { config: { access: access(SCORE_PERMISSIONS.publish) }, schema: { params: scoreIdParams, body: reopenSchema, response: { 200: scoreDetailAnswer } } },
    async (request) => {
      const viewer = await viewerOf(request);
      const { enrolmentId } = request.params;
      const row = await visibleScore(db, viewer, enrolmentId);
      if (!row.score?.publishedAt) throw conflict(SCORE_MSG.notPublished);
      await db.transaction(async (tx) => {
        const reopened = await tx
          .update(internshipScore)
          .set({ publishedAt: null, publishedBy: null, total: null, grade: null, summaryScore: null, updatedAt: new Date() })
          .where(and(eq(internshipScore.enrolmentId, enrolmentId), sql`${internshipScore.publishedAt} is not null`))
          .returning({ id: internshipScore.enrolmentId });
        if (reopened.length === 0) throw conflict(SCORE_MSG.notPublished);
        await writeLog(tx, enrolmentId, 'reopen', viewer.userId, { total: row.score?.total ?? null, grade: (row.score?.grade ?? null) as ScoreLogDetail['grade'] }, request.body.reason);
      });
      return ok(await scoreDetail(db, viewer, enrolmentId), '成绩已重新开放');
    },
  );
}
