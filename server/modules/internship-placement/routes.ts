import { and, asc, count, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { DOCUMENT_KINDS, TEMPLATE_URL, templateKindParams } from '@contract/documents.ts';
import type { RelationAccess } from '@contract/relations.ts';
import {
  PLACEMENT_API,
  PLACEMENT_FILE_KINDS,
  PLACEMENT_FILE_OWNER,
  PLACEMENT_OPTIONS,
  PLACEMENT_ACCESS,
  PLACEMENT_PERMISSIONS,
  STATUS_ACTIONS,
  TERMINATE_REASON_REQUIRED,
  adviserListQuery,
  ASSIGN_MAX,
  ASSIGN_MSG,
  assignSchema,
  placementFileQuery,
  placementStatusSchema,
  startRefusal,
  type AdviserAssignmentRow,
  type PlacementFacts,
  type PlacementOption,
  type PlacementValues,
} from '@contract/internship-placement.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus } from '@contract/internship.ts';
import { pageQuerySchema, type PageResult } from '@contract/resource.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipUnit, internshipUnitContact, internshipUnitPost, sysUser } from '../../db/schema.ts';
import { PDF, doneAnswer } from '../../lib/answers.ts';
import { SCOPE_MSG, inDeparts } from '../../lib/data-scope.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { likePattern } from '../../lib/resource/search.ts';
import { requireAuth, type App } from '../../types.ts';
import { STUDENT_SCOPE, TEACHER_SCOPE } from '../basic/bindings.ts';
import { registerOfficeFileUpload, sendOfficeFile } from '../documents/files.ts';
import { sendPdf } from '../documents/issue.ts';
import { PLACEMENT_BINDING, reachableIds } from './binding.ts';
import { registerComplianceRoutes } from './compliance.ts';
import { registerExceptionRoutes, studentInReach } from './exceptions.ts';
import { placementDocument } from './documents.ts';
import { optionPage as placementOptionPage } from '../internship-warning/queries.ts';
import { placementReach, requestViewer } from '../relation/model.ts';
import { factsOf, loadFacts, postOf, valuesOf } from './rules.ts';
import { OFFICE_FILE_TYPES, adviserAssignmentAnswer, placementFactsAnswer, placementOptionsAnswer } from './schemas.ts';
import { namedOptionsAnswer } from '../internship-warning/schemas.ts';

const NOT_FOUND = '实习安排不存在';
const optionQuery = z.extend(pageQuerySchema, { name: z.optional(z.string().check(z.maxLength(100))), unitId: z.optional(z.string().check(z.maxLength(64))) });
const factsQuery = z.object({
  id: z.optional(z.string().check(z.maxLength(64))),
  programId: z.optional(z.string().check(z.maxLength(64))),
  studentUserId: z.optional(z.string().check(z.maxLength(64))),
  unitId: z.optional(z.string().check(z.maxLength(64))),
  postId: z.optional(z.string().check(z.maxLength(64))),
});

/** Which placement, and which of its documents. */
const placementDocumentQuery = z.extend(templateKindParams, { id: z.string({ error: NOT_FOUND }).check(z.minLength(1, NOT_FOUND), z.maxLength(64, NOT_FOUND)) });

/**
 * 实习安排: the resource routes (list, add, edit, delete, import, export, with the 2021 rules in rules.ts),
 * the pickers' option lists, the facts the form's checklist reads, the status change, the 三方协议 and
 * 知情同意书 files, and ti03, the bulk assignment of advisers. A placement outside the caller's reach
 * answers 404.
 */
export default async function placementRoutes(app: App) {
  const { db, files } = app;
  const placements = await registerResourceRoutes(app, PLACEMENT_BINDING);
  registerComplianceRoutes(app);
  await registerExceptionRoutes(app);
  const list = { permission: PLACEMENT_PERMISSIONS.list, scope: 'placement' } as const;
  const manage = (permission: string) => ({ permission, scope: 'placement' }) as const;

  /** The caller's placements by relation (PLACEMENT_ACCESS): those they read, or those they manage. */
  const reachOf = async (request: FastifyRequest, action: keyof RelationAccess = 'read'): Promise<SQL> => placementReach(await requestViewer(request), PLACEMENT_ACCESS[action]);
  const findPlacement = async (id: string, request: FastifyRequest, action: keyof RelationAccess = 'read') => {
    const [row] = await db
      .select()
      .from(internshipEnrolment)
      .where(and(eq(internshipEnrolment.id, id), await reachOf(request, action)))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  };

  /** One page of options, by a part of the name (or the code from its start). */
  const optionPage = async (query: { pageNo: number; pageSize: number }, rows: (limit: number, offset: number) => Promise<PlacementOption[]>, total: () => Promise<number>) => {
    const [records, n] = await Promise.all([rows(query.pageSize, (query.pageNo - 1) * query.pageSize), total()]);
    const result: PageResult<PlacementOption> = { records, total: n, current: query.pageNo, size: query.pageSize };
    return ok(result);
  };
  /** A part of the name, or the code (学号, 工号, 信用代码) from its start. */
  const named = (name: PgColumn, code: PgColumn | null, word: string | undefined): SQL | undefined => {
    const w = word?.trim();
    if (!w) return undefined;
    return code ? or(ilike(name, likePattern(w)), like(code, `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : ilike(name, likePattern(w));
  };

  app.get(PLACEMENT_OPTIONS.program, { config: { access: list }, schema: { querystring: optionQuery, response: { 200: placementOptionsAnswer } } }, async (request) => {
    const where = named(internshipProgram.name, null, request.query.name);
    return optionPage(
      request.query,
      (limit, offset) =>
        db.select({ id: internshipProgram.id, name: internshipProgram.name, code: internshipProgram.term }).from(internshipProgram).where(where).orderBy(asc(internshipProgram.startDate), asc(internshipProgram.name)).limit(limit).offset(offset),
      async () => (await db.select({ n: count() }).from(internshipProgram).where(where))[0]?.n ?? 0,
    );
  });

  // Students: the whole school's for the office; a department's for its administrator; for anyone else the students of the placements they read.
  app.get(PLACEMENT_OPTIONS.student, { config: { access: list }, schema: { querystring: optionQuery, response: { 200: placementOptionsAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const where = and(
      named(basicStudent.name, basicStudent.studentNo, request.query.name),
      viewer.school
        ? undefined
        : or(
            viewer.departIds ? inDeparts(STUDENT_SCOPE, viewer.departIds) : undefined,
            inArray(basicStudent.userId, db.select({ id: internshipEnrolment.studentUserId }).from(internshipEnrolment).where(placementReach(viewer, PLACEMENT_ACCESS.read))),
          ),
    );
    return optionPage(
      request.query,
      (limit, offset) => db.select({ id: basicStudent.userId, name: basicStudent.name, code: basicStudent.studentNo }).from(basicStudent).where(where).orderBy(asc(basicStudent.studentNo)).limit(limit).offset(offset),
      async () => (await db.select({ n: count() }).from(basicStudent).where(where))[0]?.n ?? 0,
    );
  });

  // 院系, 班级 and 专业 of the placements in reach: the list's searches, as 实习预警 offers them.
  for (const kind of ['depart', 'class', 'major'] as const) {
    app.get(PLACEMENT_OPTIONS[kind], { config: { access: list }, schema: { querystring: optionQuery, response: { 200: namedOptionsAnswer } } }, async (request) =>
      ok(await placementOptionPage(db, await reachOf(request), kind, request.query.name, request.query.pageSize)),
    );
  }

  // Units: only those 合作中 can take placements.
  app.get(PLACEMENT_OPTIONS.unit, { config: { access: list }, schema: { querystring: optionQuery, response: { 200: placementOptionsAnswer } } }, async (request) => {
    const where = and(eq(internshipUnit.status, 'active'), named(internshipUnit.name, internshipUnit.creditCode, request.query.name));
    return optionPage(
      request.query,
      (limit, offset) => db.select({ id: internshipUnit.id, name: internshipUnit.name, code: internshipUnit.creditCode }).from(internshipUnit).where(where).orderBy(asc(internshipUnit.name)).limit(limit).offset(offset),
      async () => (await db.select({ n: count() }).from(internshipUnit).where(where))[0]?.n ?? 0,
    );
  });

  // A unit's posts (none before a unit is chosen), with their headcount as the code.
  app.get(PLACEMENT_OPTIONS.post, { config: { access: list }, schema: { querystring: optionQuery, response: { 200: placementOptionsAnswer } } }, async (request) => {
    const { unitId } = request.query;
    const where = and(unitId ? eq(internshipUnitPost.unitId, unitId) : sql`false`, named(internshipUnitPost.name, null, request.query.name));
    return optionPage(
      request.query,
      (limit, offset) =>
        db
          .select({ id: internshipUnitPost.id, name: internshipUnitPost.name, code: sql<string>`'在岗 ' || ${internshipUnitPost.headcount} || ' 人'` })
          .from(internshipUnitPost)
          .where(where)
          .orderBy(asc(internshipUnitPost.name))
          .limit(limit)
          .offset(offset),
      async () => (await db.select({ n: count() }).from(internshipUnitPost).where(where))[0]?.n ?? 0,
    );
  });

  // Enterprise mentors (企业导师 accounts): the chosen unit's contacts who have one, else all of them.
  // Only for those who arrange placements: a mentor's account name is often their phone number.
  app.get(PLACEMENT_OPTIONS.mentor, { config: { access: manage(PLACEMENT_PERMISSIONS.add) }, schema: { querystring: optionQuery, response: { 200: placementOptionsAnswer } } }, async (request) => {
    const { unitId } = request.query;
    const where = and(
      eq(sysUser.yhlx, '2'),
      eq(sysUser.delFlag, 0),
      unitId ? inArray(sysUser.id, db.select({ id: sql<string>`${internshipUnitContact.userId}` }).from(internshipUnitContact).where(eq(internshipUnitContact.unitId, unitId))) : undefined,
      named(sysUser.realname, sysUser.username, request.query.name),
    );
    return optionPage(
      request.query,
      (limit, offset) => db.select({ id: sysUser.id, name: sysUser.realname, code: sysUser.username }).from(sysUser).where(where).orderBy(asc(sysUser.username)).limit(limit).offset(offset),
      async () => (await db.select({ n: count() }).from(sysUser).where(where))[0]?.n ?? 0,
    );
  });

  // Advisers: a department's administrator chooses among the department's teachers, the office among the school's;
  // anyone else (the list's search) among the advisers of the placements they read, never the school's staff list.
  app.get(PLACEMENT_OPTIONS.adviser, { config: { access: list }, schema: { querystring: optionQuery, response: { 200: placementOptionsAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const reach = viewer.departIds
      ? inDeparts(TEACHER_SCOPE, viewer.departIds)
      : viewer.school
        ? undefined
        : inArray(basicTeacher.userId, db.select({ id: sql<string>`${internshipEnrolment.adviserUserId}` }).from(internshipEnrolment).where(placementReach(viewer, PLACEMENT_ACCESS.read)));
    const where = and(named(basicTeacher.name, basicTeacher.workNo, request.query.name), reach);
    return optionPage(
      request.query,
      (limit, offset) => db.select({ id: basicTeacher.userId, name: basicTeacher.name, code: basicTeacher.workNo }).from(basicTeacher).where(where).orderBy(asc(basicTeacher.workNo)).limit(limit).offset(offset),
      async () => (await db.select({ n: count() }).from(basicTeacher).where(where))[0]?.n ?? 0,
    );
  });

  /** What the form's checklist reads (contract placementChecklist), for the values chosen so far. */
  app.get(PLACEMENT_API.facts, { config: { access: manage(PLACEMENT_PERMISSIONS.add) }, schema: { querystring: factsQuery, response: { 200: placementFactsAnswer } } }, async (request) => {
    const { id, ...chosen } = request.query;
    let selfId: string | null = null;
    let base: Record<string, unknown> = {};
    if (id) {
      const current = await findPlacement(id, request, 'review');
      selfId = current.id;
      base = { programId: current.programId, studentUserId: current.studentUserId };
    }
    const row = { ...chosen, ...base };
    if (row.studentUserId && !(await studentInReach(db, request, String(row.studentUserId)))) delete row.studentUserId;
    const facts = await loadFacts(db, [row]);
    const existing = selfId ?? [...facts.pairs.values()][0]?.id ?? null;
    const result: PlacementFacts = factsOf(facts, row, existing);
    return ok(result);
  });

  app.post(PLACEMENT_API.status, { config: { access: manage(PLACEMENT_PERMISSIONS.status) }, schema: { body: placementStatusSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { id, action, reason } = request.body;
    const placement = await findPlacement(id, request, 'review');
    const step = STATUS_ACTIONS[action];
    if (!(step.from as readonly string[]).includes(placement.status)) {
      throw badRequest(`当前状态为“${ENROLMENT_STATUS_LABELS[placement.status as EnrolmentStatus] ?? placement.status}”，不能${step.label}`);
    }
    const changes: Partial<typeof internshipEnrolment.$inferInsert> = { status: step.to, updatedAt: new Date() };
    if (action === 'start') {
      if (!placement.unitId) throw badRequest('尚未安排实习单位，不能开始实习');
      const facts = await loadFacts(db, [placement]);
      const refusal = startRefusal(valuesOf(placement, postOf(facts, placement)) as PlacementValues, factsOf(facts, placement, placement.id));
      if (refusal) throw badRequest(refusal);
    }
    if (action === 'terminate') {
      if (!reason?.trim()) throw badRequest(TERMINATE_REASON_REQUIRED);
      changes.terminateReason = reason.trim();
    }
    await db.update(internshipEnrolment).set(changes).where(eq(internshipEnrolment.id, id));
    return ok(null, `${step.label}成功`);
  });

  /** ti03: the placements with their advisers, by program, class, adviser or without one. */
  const adviser = alias(basicTeacher, 'adviser');
  app.get(PLACEMENT_API.adviserList, { config: { access: list }, schema: { querystring: adviserListQuery, response: { 200: adviserAssignmentAnswer } } }, async (request) => {
    const { pageNo, pageSize, programId, classId, adviserUserId, unassigned, keyword } = request.query;
    const word = keyword?.trim();
    const where = and(
      await reachOf(request),
      programId ? eq(internshipEnrolment.programId, programId) : undefined,
      classId ? eq(basicStudent.classId, classId) : undefined,
      adviserUserId ? eq(internshipEnrolment.adviserUserId, adviserUserId) : undefined,
      unassigned === '1' ? isNull(internshipEnrolment.adviserUserId) : undefined,
      word ? or(ilike(basicStudent.name, likePattern(word)), like(basicStudent.studentNo, `${word}%`)) : undefined,
    );
    const base = db
      .select({
        id: internshipEnrolment.id,
        studentNo: basicStudent.studentNo,
        studentName: basicStudent.name,
        className: basicClass.name,
        programName: internshipProgram.name,
        unitName: internshipUnit.name,
        adviserUserId: internshipEnrolment.adviserUserId,
        adviserName: adviser.name,
        status: internshipEnrolment.status,
      })
      .from(internshipEnrolment)
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
      .leftJoin(adviser, eq(adviser.userId, internshipEnrolment.adviserUserId))
      .where(where);
    const [records, [total]] = await Promise.all([
      base.orderBy(asc(basicStudent.studentNo), asc(internshipEnrolment.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
      db
        .select({ n: count() })
        .from(internshipEnrolment)
        .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
        .where(where),
    ]);
    const result: PageResult<AdviserAssignmentRow> = { records: records as AdviserAssignmentRow[], total: total?.n ?? 0, current: pageNo, size: pageSize };
    return ok(result);
  });

  app.put(PLACEMENT_API.assign, { config: { access: manage(PLACEMENT_PERMISSIONS.assign) }, schema: { body: assignSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { search } = request.body;
    const ids = search ? await placements.matchingIds(request, search) : [...new Set(request.body.ids)];
    if (ids.length === 0) throw badRequest(ASSIGN_MSG.noneMatching);
    if (ids.length > ASSIGN_MAX) throw badRequest(ASSIGN_MSG.tooMany);
    const reachable = await reachableIds(db, ids, await reachOf(request, 'review'));
    if (reachable.size !== ids.length) throw notFound(NOT_FOUND);
    const { departIds } = await requestViewer(request);
    const [teacher] = await db
      .select({ name: basicTeacher.name, inReach: departIds ? sql<boolean>`(${inDeparts(TEACHER_SCOPE, departIds)})` : sql<boolean>`true` })
      .from(basicTeacher)
      .where(eq(basicTeacher.userId, request.body.adviserUserId))
      .limit(1);
    if (!teacher) throw badRequest('所选指导教师不存在');
    if (!teacher.inReach) throw badRequest(SCOPE_MSG.outside('指导教师'));
    await db.update(internshipEnrolment).set({ adviserUserId: request.body.adviserUserId, updatedAt: new Date() }).where(inArray(internshipEnrolment.id, ids));
    return ok(null, `已为 ${ids.length} 名学生分配指导教师：${teacher.name}`);
  });

  /** A 三方协议 or 知情同意书 (PDF or image) before the placement's save names it. */
  await registerOfficeFileUpload(app, { url: PLACEMENT_API.upload, owner: PLACEMENT_FILE_OWNER, access: manage(PLACEMENT_PERMISSIONS.edit) });

  /** 三方协议 or 知情同意书 filled from the placement, as a PDF with its verification code. */
  app.get(TEMPLATE_URL.print, { config: { access: manage(PLACEMENT_PERMISSIONS.print), fileAnswer: [PDF] }, schema: { querystring: placementDocumentQuery } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const { kind } = request.query;
    const { document, studentName } = await placementDocument(db, await findPlacement(request.query.id, request), kind, userId);
    return sendPdf(reply, `${DOCUMENT_KINDS[kind]}-${studentName}`, document);
  });

  /** A placement's file, to whoever may see the placement. */
  app.get(PLACEMENT_API.file, { config: { access: list, fileAnswer: OFFICE_FILE_TYPES }, schema: { querystring: placementFileQuery } }, async (request, reply) => {
    const placement = await findPlacement(request.query.id, request);
    const attachmentId = request.query.kind === 'agreement' ? placement.agreementAttachmentId : placement.consentAttachmentId;
    return sendOfficeFile(db, files, reply, attachmentId, `${PLACEMENT_FILE_KINDS[request.query.kind]}未上传`);
  });
}
