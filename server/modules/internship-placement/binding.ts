import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EXCEPTION_RULES, exceptionNote } from '@contract/internship-exception.ts';
import { PLACEMENT_ACCESS, PLACEMENT_RESOURCE } from '@contract/internship-placement.ts';
import type { Database } from '../../db/database.ts';
import { basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipRuleException, internshipUnit, internshipRecord, internshipUnitPost, sysUser } from '../../db/schema.ts';
import type { ResourceBinding, Tx } from '../../lib/resource/binding.ts';
import { STUDENT_SCOPE } from '../basic/bindings.ts';
import { raiseWarnings } from '../internship-warning/job.ts';
import { PLACEMENT_SEARCH, STUDENT_PLACE_COLUMNS } from './placed.ts';
import { placementChecks } from './rules.ts';
import { PLACEMENT_SCOPE, placementReach, requestViewer } from '../relation/model.ts';

type Row = Record<string, unknown>;

/** The placements the caller reaches by relation (PLACEMENT_ACCESS): the resource's rows, its pickers, its bulk calls. */
async function placementRowReach(request: FastifyRequest): Promise<SQL> {
  return placementReach(await requestViewer(request), PLACEMENT_ACCESS.read);
}

function placementRow(row: Row): object {
  const { createdAt, updatedAt, monthlyPay, ...fields } = row;
  return { ...fields, monthlyPay: monthlyPay ?? null, createTime: (createdAt as Date).toISOString(), updateTime: (updatedAt as Date).toISOString() };
}

// Each exception rule's words as SQL literals (constants of the contract, not input), so a list can say and search them.
const EXCEPTION_WORDS = sql`case ${internshipRuleException.rule} ${sql.raw(EXCEPTION_RULES.map((rule) => `when '${rule}' then '${exceptionNote([rule])}'`).join(' '))} end`;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The post a row names (by id from a form, by name within its unit from a file): its id and name, both stored. */
async function withPosts(tx: Tx, rows: Row[]): Promise<Row[]> {
  const postIds = rows.map((r) => text(r.postId)).filter((v): v is string => v !== null);
  const unitIds = rows.filter((r) => !text(r.postId) && text(r.post)).map((r) => text(r.unitId)).filter((v): v is string => v !== null);
  if (postIds.length === 0 && unitIds.length === 0) return rows;
  const posts = await tx
    .select({ id: internshipUnitPost.id, unitId: internshipUnitPost.unitId, name: internshipUnitPost.name })
    .from(internshipUnitPost)
    .where(or(postIds.length ? inArray(internshipUnitPost.id, postIds) : undefined, unitIds.length ? inArray(internshipUnitPost.unitId, unitIds) : undefined));
  return rows.map((r) => {
    const byId = text(r.postId) ? posts.find((p) => p.id === r.postId) : undefined;
    if (byId) return { ...r, post: byId.name };
    const byName = text(r.post) ? posts.find((p) => p.unitId === r.unitId && p.name === String(r.post).trim()) : undefined;
    return byName ? { ...r, postId: byName.id, post: byName.name } : r;
  });
}

/** The columns an import or a form's add writes on a student's existing (未开始) enrolment in the program. */
const PLACEMENT_COLUMNS = [
  'unitId',
  'postId',
  'post',
  'mentorUserId',
  'adviserUserId',
  'startDate',
  'endDate',
  'agreementAttachmentId',
  'consentAttachmentId',
  'preTrainingDate',
  'insured',
  'insurancePolicyNo',
  'insuranceStart',
  'insuranceEnd',
  'majorMatch',
  'monthlyPay',
  'noFeeConfirmed',
  'workTermsConfirmed',
] as const;

/** After a placement file: 实习预警 checks the programs it placed students in (the same job, kept to each program). */
async function checkImportedPrograms(db: Database, ids: string[]): Promise<void> {
  const programs = await db.selectDistinct({ id: internshipEnrolment.programId }).from(internshipEnrolment).where(inArray(internshipEnrolment.id, ids));
  for (const program of programs) await raiseWarnings(db, new Date(), { programId: program.id });
}

export const PLACEMENT_BINDING: ResourceBinding = {
  resource: PLACEMENT_RESOURCE,
  table: internshipEnrolment,
  idColumn: internshipEnrolment.id,
  toRow: placementRow,
  refs: {
    programId: { table: internshipProgram, id: internshipProgram.id, label: internshipProgram.name },
    studentUserId: { table: basicStudent, id: basicStudent.userId, label: basicStudent.name, code: basicStudent.studentNo, codeLabel: '学号', scope: STUDENT_SCOPE },
    unitId: { table: internshipUnit, id: internshipUnit.id, label: internshipUnit.name, code: internshipUnit.creditCode, codeLabel: '统一社会信用代码' },
    postId: { table: internshipUnitPost, id: internshipUnitPost.id, label: internshipUnitPost.name },
    mentorUserId: { table: sysUser, id: sysUser.id, label: sysUser.realname, code: sysUser.username, codeLabel: '账号', where: eq(sysUser.yhlx, '2') },
    adviserUserId: { table: basicTeacher, id: basicTeacher.userId, label: basicTeacher.name, code: basicTeacher.workNo, codeLabel: '工号' },
  },
  scope: PLACEMENT_SCOPE,
  rowReach: placementRowReach,
  related: {
    table: basicStudent,
    on: basicStudent.userId,
    by: internshipEnrolment.studentUserId,
    columns: {
      studentNo: basicStudent.studentNo,
      ...STUDENT_PLACE_COLUMNS,
      programType: sql<string | null>`(select ${internshipProgram.type} from ${internshipProgram} where ${internshipProgram.id} = ${internshipEnrolment.programId})`,
      // 例外备案: the approved exceptions covering the placement's unit (and post), in words.
      ruleExceptions: sql<string | null>`(select string_agg(${EXCEPTION_WORDS}, '、' order by ${internshipRuleException.rule}) from ${internshipRuleException}
        where ${internshipRuleException.programId} = ${internshipEnrolment.programId} and ${internshipRuleException.studentUserId} = ${internshipEnrolment.studentUserId}
          and ${internshipRuleException.unitId} = ${internshipEnrolment.unitId} and ${internshipRuleException.status} = 'approved'
          and (${internshipRuleException.rule} = 'unitRatio' or ${internshipRuleException.postId} is not distinct from ${internshipEnrolment.postId}))`,
    },
    answers: Object.fromEntries(['classId', 'classId_dictText', 'departId', 'departId_dictText', 'programType', 'ruleExceptions'].map((key) => [key, z.string().nullable()])),
  },
  computedSearch: PLACEMENT_SEARCH,
  checkRows: placementChecks,
  afterImport: checkImportedPrograms,
  usedBy: [{ table: internshipRecord, column: internshipRecord.enrolmentId, message: (subject, n) => `${subject}已有 ${n} 份实习记录，不能删除` }],
  write: {
    // A student the program enrolled without a unit is placed by the same add or import: their row is filled in.
    insert: async (tx, inputs) => {
      const rows = await withPosts(tx, inputs);
      const ids: string[] = [];
      for (const row of rows) {
        const [inserted] = await tx
          .insert(internshipEnrolment)
          .values(row as typeof internshipEnrolment.$inferInsert)
          .onConflictDoUpdate({
            target: [internshipEnrolment.programId, internshipEnrolment.studentUserId],
            // The unique index covers the open placements only (a company change ends one and opens another).
            targetWhere: sql`${internshipEnrolment.status} in ('pending', 'active')`,
            set: { ...Object.fromEntries(PLACEMENT_COLUMNS.filter((c) => c in row).map((c) => [c, row[c]])), updatedAt: new Date() },
            setWhere: eq(internshipEnrolment.status, 'pending'),
          })
          .returning({ id: internshipEnrolment.id });
        ids.push(inserted!.id);
      }
      return ids;
    },
    update: async (tx, current, changes) => {
      const [row] = await withPosts(tx, [{ ...changes, unitId: changes.unitId ?? current.unitId, post: 'postId' in changes && !changes.postId ? null : changes.post }]);
      await tx.update(internshipEnrolment).set(row!).where(eq(internshipEnrolment.id, String(current.id)));
    },
  },
};

/** The placements among ids in the caller's reach (the bulk calls answer 404 for any other). */
export async function reachableIds(db: Database, ids: string[], reach: SQL | undefined): Promise<Set<string>> {
  const found = await db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(and(inArray(internshipEnrolment.id, ids), reach));
  return new Set(found.map((f) => f.id));
}
