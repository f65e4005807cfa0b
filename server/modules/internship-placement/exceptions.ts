import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  EXCEPTION_FILE_OWNER,
  EXCEPTION_MSG,
  EXCEPTION_RULE_LABELS,
  EXCEPTION_URL,
  OPEN_EXCEPTION_STATUSES,
  exceptionFileQuery,
  exceptionSchema,
  isExceptionRule,
  type ExceptionRule,
  type ExceptionStatus,
} from '@contract/internship-exception.ts';
import { PLACEMENT_PERMISSIONS } from '@contract/internship-placement.ts';
import { INTERNSHIP_RULES } from '@contract/internship-rules.ts';
import type { Database } from '../../db/database.ts';
import { basicStudent, internshipAttachment, internshipEnrolment, internshipProgram, internshipRuleException, internshipUnit, internshipUnitPost, sysUser } from '../../db/schema.ts';
import { departScopeOf, inDeparts } from '../../lib/data-scope.ts';
import { HttpError, badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { STUDENT_SCOPE } from '../basic/bindings.ts';
import { ownedFiles, registerOfficeFileUpload, sendOfficeFile } from '../documents/files.ts';
import { registerProcess, submitApplication, type Tx } from '../workflow/engine.ts';
import { OFFICE_FILE_TYPES, exceptionAddedAnswer } from './schemas.ts';

/**
 * 例外备案 (contract/internship-exception.ts): asked by whoever arranges placements, for a student in their reach,
 * decided by the internship office through the workflow; the placement's checklist (rules.ts loadFacts) lets an
 * approved one through.
 */

/** Whether the caller reaches the student (a department's administrator only their departments' students). */
export async function studentInReach(db: Database, request: FastifyRequest, studentUserId: string): Promise<boolean> {
  const departIds = await departScopeOf(db, request.auth);
  const [row] = await db
    .select({ id: basicStudent.id })
    .from(basicStudent)
    .where(and(eq(basicStudent.userId, studentUserId), departIds ? inDeparts(STUDENT_SCOPE, departIds) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The approved exceptions each placement stands on (its unit's, and its post's), by placement id: 合规检查, 实习上报. */
export async function approvedExceptionRules(db: Database, enrolmentIds: readonly string[]): Promise<Map<string, ExceptionRule[]>> {
  if (enrolmentIds.length === 0) return new Map();
  const rows = await db
    .select({ enrolmentId: internshipEnrolment.id, rule: internshipRuleException.rule })
    .from(internshipEnrolment)
    .innerJoin(
      internshipRuleException,
      and(
        eq(internshipRuleException.programId, internshipEnrolment.programId),
        eq(internshipRuleException.studentUserId, internshipEnrolment.studentUserId),
        eq(internshipRuleException.unitId, internshipEnrolment.unitId),
        eq(internshipRuleException.status, 'approved'),
        sql`(${internshipRuleException.rule} = 'unitRatio' or ${internshipRuleException.postId} is not distinct from ${internshipEnrolment.postId})`,
      ),
    )
    .where(inArray(internshipEnrolment.id, [...enrolmentIds]))
    .orderBy(internshipRuleException.rule);
  const rules = new Map<string, ExceptionRule[]>();
  for (const row of rows) if (isExceptionRule(row.rule)) rules.set(row.enrolmentId, [...(rules.get(row.enrolmentId) ?? []), row.rule]);
  return rules;
}

type InstanceRow = Parameters<Parameters<typeof registerProcess>[1]['onApproved']>[1];

/** The exception follows its application. */
const follow = (status: ExceptionStatus) => async (tx: Tx, instance: InstanceRow) => {
  const decided = status === 'approved' || status === 'rejected' ? { decidedAt: new Date() } : {};
  await tx.update(internshipRuleException).set({ status, ...decided, updatedAt: new Date() }).where(eq(internshipRuleException.id, instance.businessId));
};

/** The exception with the names an approver reads. */
function exceptionQuery(db: Database | Tx) {
  return db
    .select({
      exception: internshipRuleException,
      studentName: basicStudent.name,
      studentNo: basicStudent.studentNo,
      programName: internshipProgram.name,
      unitName: internshipUnit.name,
      employeeCount: internshipUnit.employeeCount,
      postName: internshipUnitPost.name,
      headcount: internshipUnitPost.headcount,
      wage: internshipUnitPost.probationWage,
      fileName: internshipAttachment.fileName,
    })
    .from(internshipRuleException)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipRuleException.studentUserId))
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipRuleException.programId))
    .innerJoin(internshipUnit, eq(internshipUnit.id, internshipRuleException.unitId))
    .leftJoin(internshipUnitPost, eq(internshipUnitPost.id, internshipRuleException.postId))
    .leftJoin(internshipAttachment, eq(internshipAttachment.id, internshipRuleException.attachmentId));
}

export function registerExceptionProcess() {
  registerProcess('rule_exception', {
    onApproved: follow('approved'),
    onRejected: follow('rejected'),
    onReturned: follow('returned'),
    onWithdrawn: follow('withdrawn'),
    summary: async (db, instance) => {
      const [row] = await exceptionQuery(db).where(eq(internshipRuleException.id, instance.businessId));
      if (!row) return [];
      const rule = row.exception.rule as ExceptionRule;
      const figures = {
        unitRatio: row.employeeCount === null ? '未登记' : `在岗职工 ${row.employeeCount} 人`,
        postRatio: row.headcount === null ? '' : `岗位在岗职工 ${row.headcount} 人`,
        pay: row.wage === null ? '' : `岗位试用期工资 ${row.wage} 元/月`,
      }[rule];
      return [
        `学生：${row.studentName}（${row.studentNo}）`,
        `实习计划：${row.programName}`,
        `实习单位：${row.unitName}${row.postName ? ` · ${row.postName}` : ''}${figures ? `（${figures}）` : ''}`,
        `例外事项：${EXCEPTION_RULE_LABELS[rule]}（${INTERNSHIP_RULES[rule].text}）`,
        `申请理由：${row.exception.reason}`,
        `证明材料：${row.fileName ?? '无'}（可在实习安排中该学生的核对清单查看）`,
      ];
    },
  });
}

export async function registerExceptionRoutes(app: App) {
  const { db } = app;
  const arrange = { permission: PLACEMENT_PERMISSIONS.add, scope: 'placement' } as const;
  registerExceptionProcess();
  await registerOfficeFileUpload(app, { url: EXCEPTION_URL.upload, owner: EXCEPTION_FILE_OWNER, access: arrange });

  /** 申请例外备案: checked, stored and sent to the office in one transaction. */
  app.post(EXCEPTION_URL.add, { config: { access: arrange }, schema: { body: exceptionSchema, response: { 200: exceptionAddedAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const input = request.body;
    if (!(await studentInReach(db, request, input.studentUserId))) throw badRequest(EXCEPTION_MSG.studentOutside);
    const postId = input.postId || null;
    if (input.rule !== 'unitRatio' && !postId) throw badRequest(EXCEPTION_MSG.postRequired);
    const [[program], [unit], [post], files] = await Promise.all([
      db.select({ id: internshipProgram.id }).from(internshipProgram).where(eq(internshipProgram.id, input.programId)).limit(1),
      db.select({ id: internshipUnit.id }).from(internshipUnit).where(eq(internshipUnit.id, input.unitId)).limit(1),
      postId ? db.select({ unitId: internshipUnitPost.unitId }).from(internshipUnitPost).where(eq(internshipUnitPost.id, postId)).limit(1) : Promise.resolve([{ unitId: input.unitId }]),
      ownedFiles(db, [input.attachmentId], EXCEPTION_FILE_OWNER),
    ]);
    if (!program) throw badRequest(EXCEPTION_MSG.programNotFound);
    if (!unit) throw badRequest(EXCEPTION_MSG.unitNotFound);
    if (post?.unitId !== input.unitId) throw badRequest(EXCEPTION_MSG.postNotFound);
    if (!files.has(input.attachmentId)) throw badRequest(EXCEPTION_MSG.fileMissing);

    const id = await db.transaction(async (tx) => {
      // One open exception per rule, unit and post: the transaction's lock on the student's enrolments keeps two racing asks apart.
      const [enrolment] = await tx
        .select({ id: internshipEnrolment.id })
        .from(internshipEnrolment)
        .where(and(eq(internshipEnrolment.programId, input.programId), eq(internshipEnrolment.studentUserId, input.studentUserId)))
        .orderBy(sql`${internshipEnrolment.status} in ('pending', 'active') desc`)
        .limit(1)
        .for('update');
      const [open] = await tx
        .select({ status: internshipRuleException.status })
        .from(internshipRuleException)
        .where(
          and(
            eq(internshipRuleException.programId, input.programId),
            eq(internshipRuleException.studentUserId, input.studentUserId),
            eq(internshipRuleException.unitId, input.unitId),
            eq(internshipRuleException.rule, input.rule),
            input.rule === 'unitRatio' ? undefined : eq(internshipRuleException.postId, postId!),
            inArray(internshipRuleException.status, OPEN_EXCEPTION_STATUSES),
          ),
        )
        .limit(1);
      if (open) throw new HttpError(409, EXCEPTION_MSG.open(input.rule, open.status as ExceptionStatus));
      const [created] = await tx
        .insert(internshipRuleException)
        .values({ programId: input.programId, studentUserId: input.studentUserId, unitId: input.unitId, postId, rule: input.rule, reason: input.reason, attachmentId: input.attachmentId, requestedBy: userId })
        .returning({ id: internshipRuleException.id });
      const [student] = await tx.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, input.studentUserId)).limit(1);
      await submitApplication(tx, {
        processKey: 'rule_exception',
        businessId: created!.id,
        title: `例外备案：${student?.name ?? ''} ${EXCEPTION_RULE_LABELS[input.rule]}`,
        applicantId: userId,
        enrolmentId: enrolment?.id ?? null,
      });
      return created!.id;
    });
    return ok({ id }, EXCEPTION_MSG.submitted);
  });

  /** The supporting file, to whoever may see placements and reaches the student (the office deciding it among them). */
  app.get(EXCEPTION_URL.file, { config: { access: { permission: PLACEMENT_PERMISSIONS.list, scope: 'placement' }, fileAnswer: OFFICE_FILE_TYPES }, schema: { querystring: exceptionFileQuery } }, async (request, reply) => {
    const [row] = await db.select().from(internshipRuleException).where(eq(internshipRuleException.id, request.query.id)).limit(1);
    if (!row || !(await studentInReach(db, request, row.studentUserId))) throw notFound(EXCEPTION_MSG.notFound);
    return sendOfficeFile(db, app.files, reply, row.attachmentId, EXCEPTION_MSG.noFile);
  });
}
