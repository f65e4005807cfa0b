import { and, asc, count, desc, eq, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  PROGRAM_MSG,
  PROGRAM_PERMISSIONS,
  PROGRAM_RESOURCE,
  PROGRAM_URL,
  STATUS_ACTIONS,
  enrolMessage,
  programClassSchema,
  programClassesSchema,
  programIdQuery,
  programStatusLabel,
  programStatusSchema,
  studentListQuery,
  type ClassOptionRow,
  type EnrolResult,
  type EnrolSkip,
  type ProgramClassRow,
  type ProgramStudentRow,
} from '@contract/internship-program.ts';
import { STUDENT_STUDYING } from '@contract/basic-data.ts';
import { postPlacementRefusals } from '@contract/internship-rules.ts';
import { pageQuerySchema, type PageResult } from '@contract/resource.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipProgramClass, internshipUnit, sysDepart, sysUser } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { departScopeOf, inDeparts, type DepartLink } from '../../lib/data-scope.ts';
import { badRequest, forbidden, notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { ResourceBinding, Tx } from '../../lib/resource/binding.ts';
import { likePattern } from '../../lib/resource/search.ts';
import type { App, AuthContext } from '../../types.ts';
import { CLASS_SCOPE, DEPART_CHOOSABLE, DEPART_SCOPE, STUDENT_SCOPE } from '../basic/bindings.ts';
import { raiseWarnings } from '../internship-warning/job.ts';
import { classOptionsAnswer, enrolAnswer, programClassesAnswer, programStudentsAnswer } from './schemas.ts';

type Row = Record<string, unknown>;
type Program = typeof internshipProgram.$inferSelect;

/** A program belongs to its department; one without is the whole school's (the office's), which a 院系管理员 only reads. */
const PROGRAM_SCOPE: DepartLink = { column: internshipProgram.departId };
const NOT_FOUND = '实习计划不存在';
const CLASS_NOT_FOUND = '班级不存在';

/** The API row: score precision as the form's choice ('0', '1'), times as createTime/updateTime. */
function programRow(row: Row): object {
  const { createdAt, updatedAt, scorePrecision, ...fields } = row;
  return { ...fields, scorePrecision: String(scorePrecision), createTime: (createdAt as Date).toISOString(), updateTime: (updatedAt as Date).toISOString() };
}

/** The form's precision choice as the column's number. */
const stored = (input: Row): Row => (input.scorePrecision === undefined ? input : { ...input, scorePrecision: Number(input.scorePrecision) });

const PROGRAM_BINDING: ResourceBinding = {
  resource: PROGRAM_RESOURCE,
  table: internshipProgram,
  idColumn: internshipProgram.id,
  toRow: programRow,
  answers: { scorePrecision: z.string() },
  refs: { departId: { table: sysDepart, id: sysDepart.id, label: sysDepart.departName, code: sysDepart.orgCode, codeLabel: '院系编码', where: DEPART_CHOOSABLE, scope: DEPART_SCOPE } },
  scope: PROGRAM_SCOPE,
  blankScopeShared: true,
  usedBy: [{ table: internshipEnrolment, column: internshipEnrolment.programId, message: PROGRAM_MSG.inUse }],
  check: async (db, _input, id) => {
    if (!id) return null;
    const [current] = await db.select({ status: internshipProgram.status }).from(internshipProgram).where(eq(internshipProgram.id, id)).limit(1);
    return current?.status === 'ended' ? PROGRAM_MSG.ended : null;
  },
  write: {
    insert: async (tx, inputs) => (await tx.insert(internshipProgram).values(inputs.map(stored) as (typeof internshipProgram.$inferInsert)[]).returning({ id: internshipProgram.id })).map((r) => r.id),
    update: async (tx, current, changes) => {
      await tx.update(internshipProgram).set(stored(changes)).where(eq(internshipProgram.id, String(current.id)));
    },
  },
};

const classOptionQuery = z.extend(pageQuerySchema, {
  name: z.optional(z.string().check(z.maxLength(100))),
  programId: z.optional(z.string().check(z.maxLength(64))),
});

/** A class's department: its major's. */
const classDepart = sql<string>`(select ${basicMajor.departId} from ${basicMajor} where ${basicMajor.id} = ${basicClass.majorId})`;

/**
 * 实习计划 (ti01): the resource routes (a 院系管理员 reads their department's programs and the school's, and
 * writes only theirs), the status actions, the program's classes, enrolment by class and the enrolled students.
 */
export default async function internshipProgramRoutes(app: App) {
  const { db } = app;
  await registerResourceRoutes(app, PROGRAM_BINDING);
  const access = (permission: string) => ({ config: { access: { permission, scope: 'all' as const } } });

  /** The program if the caller reaches it (404 otherwise); for a change, a school-wide one is refused to a 院系管理员 (403). */
  const programFor = async (auth: AuthContext | null, id: string, change: boolean) => {
    const departIds = await departScopeOf(db, auth);
    const reach = departIds ? or(inDeparts(PROGRAM_SCOPE, departIds), isNull(internshipProgram.departId)) : undefined;
    const [program] = await db
      .select()
      .from(internshipProgram)
      .where(and(eq(internshipProgram.id, id), reach))
      .limit(1);
    if (!program) throw notFound(NOT_FOUND);
    if (change && departIds && !program.departId) throw forbidden(PROGRAM_MSG.schoolWide);
    return { program, departIds };
  };

  /** The classes named, each in the caller's reach (404 for any that is not) and of the program's department. */
  const classesFor = async (program: Program, departIds: string[] | null, classIds: readonly string[]) => {
    const ids = [...new Set(classIds)];
    const found = await db
      .select({ id: basicClass.id, name: basicClass.name, departId: classDepart })
      .from(basicClass)
      .where(and(inArray(basicClass.id, ids), departIds ? inDeparts(CLASS_SCOPE, departIds) : undefined));
    if (found.length !== ids.length) throw notFound(CLASS_NOT_FOUND);
    const foreign = program.departId ? found.find((c) => c.departId !== program.departId) : undefined;
    if (foreign) throw badRequest(PROGRAM_MSG.classDepart(foreign.name));
    return ids;
  };

  const linkClasses = (tx: Database | Tx, programId: string, classIds: readonly string[]) =>
    tx
      .insert(internshipProgramClass)
      .values(classIds.map((classId) => ({ programId, classId })))
      .onConflictDoNothing();

  app.post(PROGRAM_URL.status, { ...access(PROGRAM_PERMISSIONS.edit), schema: { body: programStatusSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { id, status } = request.body;
    const { program } = await programFor(request.auth, id, true);
    if (!STATUS_ACTIONS.some((a) => a.from === program.status && a.to === status)) throw badRequest(PROGRAM_MSG.badTransition(programStatusLabel(program.status), programStatusLabel(status)));
    if (status === 'draft') {
      const [started] = await db
        .select({ n: count() })
        .from(internshipEnrolment)
        .where(and(eq(internshipEnrolment.programId, id), ne(internshipEnrolment.status, 'pending')));
      if ((started?.n ?? 0) > 0) throw badRequest(PROGRAM_MSG.started(started!.n));
    }
    await db.update(internshipProgram).set({ status, updatedAt: new Date() }).where(eq(internshipProgram.id, id));
    // A season that starts is checked at once (未落实单位 and the rest), not first at the next 06:00 run; the start stands if the check fails (logged; the daily run catches up).
    if (status === 'running') await raiseWarnings(db, new Date(), { programId: id }).catch((error: unknown) => request.log.error({ err: error }, 'internship warnings at program start failed'));
    return ok(null, `实习计划已${STATUS_ACTIONS.find((a) => a.from === program.status && a.to === status)!.label}`);
  });

  /** Classes to choose from: the caller's, of the program's department when it has one; searched by name, twenty at a time. */
  app.get(PROGRAM_URL.classOptions, { ...access(PROGRAM_PERMISSIONS.list), schema: { querystring: classOptionQuery, response: { 200: classOptionsAnswer } } }, async (request) => {
    const { pageNo, pageSize, name, programId } = request.query;
    const departIds = await departScopeOf(db, request.auth);
    const program = programId ? (await programFor(request.auth, programId, false)).program : null;
    const where = and(
      departIds ? inDeparts(CLASS_SCOPE, departIds) : undefined,
      program?.departId ? inDeparts(CLASS_SCOPE, [program.departId]) : undefined,
      name?.trim() ? like(basicClass.name, likePattern(name.trim())) : undefined,
    );
    const [records, [total]] = await Promise.all([
      db
        .select({ id: basicClass.id, code: basicClass.code, name: basicClass.name, grade: basicClass.grade })
        .from(basicClass)
        .where(where)
        .orderBy(desc(basicClass.grade), asc(basicClass.code))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ n: count() }).from(basicClass).where(where),
    ]);
    const result: PageResult<ClassOptionRow> = { records, total: total?.n ?? 0, current: pageNo, size: pageSize };
    return ok(result);
  });

  /** The program's classes (those in the caller's reach), with their students and how many are enrolled. */
  app.get(PROGRAM_URL.classes, { ...access(PROGRAM_PERMISSIONS.list), schema: { querystring: programIdQuery, response: { 200: programClassesAnswer } } }, async (request) => {
    const { program, departIds } = await programFor(request.auth, request.query.programId, false);
    const rows: ProgramClassRow[] = await db
      .select({
        id: basicClass.id,
        code: basicClass.code,
        name: basicClass.name,
        grade: basicClass.grade,
        students: sql<number>`(select count(*)::int from ${basicStudent} where ${basicStudent.classId} = ${basicClass.id})`,
        enrolled: sql<number>`(select count(*)::int from ${internshipEnrolment} join ${basicStudent} on ${basicStudent.userId} = ${internshipEnrolment.studentUserId}
          where ${internshipEnrolment.programId} = ${program.id} and ${basicStudent.classId} = ${basicClass.id})`,
      })
      .from(internshipProgramClass)
      .innerJoin(basicClass, eq(basicClass.id, internshipProgramClass.classId))
      .where(and(eq(internshipProgramClass.programId, program.id), departIds ? inDeparts(CLASS_SCOPE, departIds) : undefined))
      .orderBy(desc(basicClass.grade), asc(basicClass.code));
    return ok(rows);
  });

  app.post(PROGRAM_URL.addClasses, { ...access(PROGRAM_PERMISSIONS.edit), schema: { body: programClassesSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { program, departIds } = await programFor(request.auth, request.body.programId, true);
    if (program.status === 'ended') throw badRequest(PROGRAM_MSG.ended);
    const classIds = await classesFor(program, departIds, request.body.classIds);
    await linkClasses(db, program.id, classIds);
    return ok(null, '班级已添加');
  });

  app.post(PROGRAM_URL.removeClass, { ...access(PROGRAM_PERMISSIONS.edit), schema: { body: programClassSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { program, departIds } = await programFor(request.auth, request.body.programId, true);
    if (program.status === 'ended') throw badRequest(PROGRAM_MSG.ended);
    const [classId] = await classesFor({ ...program, departId: null }, departIds, [request.body.classId]);
    const [enrolled] = await db
      .select({ n: count() })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(and(eq(internshipEnrolment.programId, program.id), eq(basicStudent.classId, classId!)));
    if ((enrolled?.n ?? 0) > 0) throw badRequest(PROGRAM_MSG.classEnrolled(enrolled!.n));
    await db.delete(internshipProgramClass).where(and(eq(internshipProgramClass.programId, program.id), eq(internshipProgramClass.classId, classId!)));
    return ok(null, '班级已移除');
  });

  /**
   * 按班级报名: a placement (未开始, the program's dates, no unit yet) per student of the classes not yet in the
   * program, in one transaction. Left out, with the reason: those already in it, those not 在读, and for a 岗位实习
   * those the 2021 rules keep out (first year, under 16, birthday unknown).
   */
  app.post(PROGRAM_URL.enrol, { ...access(PROGRAM_PERMISSIONS.enrol), schema: { body: programClassesSchema, response: { 200: enrolAnswer } } }, async (request) => {
    const { program, departIds } = await programFor(request.auth, request.body.programId, true);
    if (program.status === 'ended') throw badRequest(PROGRAM_MSG.enrolEnded);
    const classIds = await classesFor(program, departIds, request.body.classIds);
    const result = await db.transaction(async (tx): Promise<EnrolResult> => {
      await linkClasses(tx, program.id, classIds);
      const students = await tx
        .select({
          userId: basicStudent.userId,
          studentNo: basicStudent.studentNo,
          name: basicStudent.name,
          grade: basicStudent.grade,
          birthday: basicStudent.birthday,
          status: basicStudent.status,
          className: basicClass.name,
          enrolled: sql<boolean>`exists (select 1 from ${internshipEnrolment} where ${internshipEnrolment.programId} = ${program.id} and ${internshipEnrolment.studentUserId} = ${basicStudent.userId})`,
        })
        .from(basicStudent)
        .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
        .where(inArray(basicStudent.classId, classIds))
        .orderBy(asc(basicClass.code), asc(basicStudent.studentNo));
      const skipped: EnrolSkip[] = [];
      const fresh: (typeof internshipEnrolment.$inferInsert)[] = [];
      for (const s of students) {
        const skip = (reason: string) => skipped.push({ studentNo: s.studentNo, name: s.name, className: s.className, reason });
        if (s.enrolled) skip(PROGRAM_MSG.alreadyIn);
        else if (s.status !== STUDENT_STUDYING) skip(PROGRAM_MSG.notStudying);
        else {
          const refusals = program.type === 'post' ? postPlacementRefusals({ name: s.name, grade: s.grade, birthday: s.birthday }, program.startDate) : [];
          if (refusals.length > 0) skip(refusals.join('；'));
          else fresh.push({ programId: program.id, studentUserId: s.userId, startDate: program.startDate, endDate: program.endDate, status: 'pending' });
        }
      }
      let enrolled = 0;
      // A few hundred rows a statement; a student enrolled meanwhile by another request is left as it is.
      for (let i = 0; i < fresh.length; i += 500) {
        enrolled += (await tx.insert(internshipEnrolment).values(fresh.slice(i, i + 500)).onConflictDoNothing().returning({ id: internshipEnrolment.id })).length;
      }
      return { enrolled, skipped };
    });
    return ok(result, enrolMessage(result));
  });

  /** getStuList: the program's enrolled students in the caller's reach, paged; keyword: 学号 from its start, or a part of 姓名. */
  app.get(PROGRAM_URL.students, { ...access(PROGRAM_PERMISSIONS.list), schema: { querystring: studentListQuery, response: { 200: programStudentsAnswer } } }, async (request) => {
    const { programId, pageNo, pageSize, keyword } = request.query;
    const { program, departIds } = await programFor(request.auth, programId, false);
    const word = keyword?.trim();
    const where: SQL | undefined = and(
      eq(internshipEnrolment.programId, program.id),
      departIds ? inDeparts(STUDENT_SCOPE, departIds) : undefined,
      word ? or(like(basicStudent.studentNo, `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), like(basicStudent.name, likePattern(word))) : undefined,
    );
    const base = db
      .select({
        id: internshipEnrolment.id,
        studentNo: basicStudent.studentNo,
        name: basicStudent.name,
        className: basicClass.name,
        unitName: internshipUnit.name,
        post: internshipEnrolment.post,
        adviserName: sysUser.realname,
        status: internshipEnrolment.status,
      })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
      .leftJoin(sysUser, eq(sysUser.id, internshipEnrolment.adviserUserId))
      .where(where);
    const [records, [total]] = await Promise.all([
      base
        .orderBy(asc(basicClass.code), asc(basicStudent.studentNo))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db
        .select({ n: count() })
        .from(internshipEnrolment)
        .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
        .where(where),
    ]);
    const result: PageResult<ProgramStudentRow> = { records, total: total?.n ?? 0, current: pageNo, size: pageSize };
    return ok(result);
  });
}
