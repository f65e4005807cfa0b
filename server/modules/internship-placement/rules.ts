import { and, eq, inArray, or } from 'drizzle-orm';
import { OPEN_EXCEPTION_STATUSES, type ExceptionRule, type PlacementException } from '@contract/internship-exception.ts';
import { PLACEMENT_FILE_OWNER, placementChecklist, type PlacementFacts, type PlacementValues } from '@contract/internship-placement.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus, type ProgramType } from '@contract/internship.ts';
import type { InternshipRuleCode } from '@contract/internship-rules.ts';
import type { Database } from '../../db/database.ts';
import { basicStudent, internshipEnrolment, internshipProgram, internshipRuleException, internshipUnit, internshipUnitPost } from '../../db/schema.ts';
import type { RowIssue } from '../../lib/import-rows.ts';
import { ownedFiles } from '../documents/files.ts';

/**
 * The 2021 rules and the school's on placements, for add, edit, import and the status change: the facts
 * every candidate touches (programs, students, units with their posts, the 岗位实习 already placed there,
 * existing placements of the same student and program) are read in a few set queries, then each candidate
 * is judged by the contract's placementChecklist, the same function the form's checklist runs.
 */

type Row = Record<string, unknown>;
/** Statuses that occupy a place at a unit (the 10 % and 20 % limits count them). */
export const PLACED_STATUSES: EnrolmentStatus[] = ['pending', 'active'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

/** Which field a rule's refusal belongs to (an import report names them in column order). */
const RULE_FIELD: Partial<Record<InternshipRuleCode, string>> = {
  unitActive: 'unitId',
  withinProgram: 'startDate',
  firstYear: 'studentUserId',
  under16: 'studentUserId',
  unitRatio: 'unitId',
  postRatio: 'postId',
  pay: 'monthlyPay',
  noFee: 'noFeeConfirmed',
  workTerms: 'workTermsConfirmed',
};

type PostRow = { id: string; unitId: string; name: string; headcount: number; probationWage: number | null };

/** The facts of many placements at once; `placed` lists the occupied places by unit and post, by placement id. */
export async function loadFacts(db: Database, rows: readonly Row[]) {
  const programIds = unique(rows.map((r) => text(r.programId)));
  const studentIds = unique(rows.map((r) => text(r.studentUserId)));
  const unitIds = unique(rows.map((r) => text(r.unitId)));
  const postIds = unique(rows.map((r) => text(r.postId)));
  const none = <T>() => Promise.resolve([] as T[]);
  const [programs, students, units, posts, placed, pairs, exceptions] = await Promise.all([
    programIds.length
      ? db.select({ id: internshipProgram.id, name: internshipProgram.name, type: internshipProgram.type, startDate: internshipProgram.startDate, endDate: internshipProgram.endDate }).from(internshipProgram).where(inArray(internshipProgram.id, programIds))
      : none<{ id: string; name: string; type: string; startDate: string; endDate: string }>(),
    studentIds.length
      ? db.select({ userId: basicStudent.userId, name: basicStudent.name, grade: basicStudent.grade, birthday: basicStudent.birthday }).from(basicStudent).where(inArray(basicStudent.userId, studentIds))
      : none<{ userId: string; name: string; grade: number; birthday: string | null }>(),
    unitIds.length
      ? db.select({ id: internshipUnit.id, name: internshipUnit.name, status: internshipUnit.status, employeeCount: internshipUnit.employeeCount }).from(internshipUnit).where(inArray(internshipUnit.id, unitIds))
      : none<{ id: string; name: string; status: string; employeeCount: number | null }>(),
    unitIds.length || postIds.length
      ? db
          .select({ id: internshipUnitPost.id, unitId: internshipUnitPost.unitId, name: internshipUnitPost.name, headcount: internshipUnitPost.headcount, probationWage: internshipUnitPost.probationWage })
          .from(internshipUnitPost)
          .where(or(unitIds.length ? inArray(internshipUnitPost.unitId, unitIds) : undefined, postIds.length ? inArray(internshipUnitPost.id, postIds) : undefined))
      : none<PostRow>(),
    unitIds.length
      ? db
          .select({ id: internshipEnrolment.id, unitId: internshipEnrolment.unitId, postId: internshipEnrolment.postId })
          .from(internshipEnrolment)
          .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
          .where(and(inArray(internshipEnrolment.unitId, unitIds), inArray(internshipEnrolment.status, PLACED_STATUSES), eq(internshipProgram.type, 'post')))
      : none<{ id: string; unitId: string | null; postId: string | null }>(),
    programIds.length && studentIds.length
      ? db
          .select({ id: internshipEnrolment.id, programId: internshipEnrolment.programId, studentUserId: internshipEnrolment.studentUserId, status: internshipEnrolment.status })
          .from(internshipEnrolment)
          .where(and(inArray(internshipEnrolment.programId, programIds), inArray(internshipEnrolment.studentUserId, studentIds)))
      : none<{ id: string; programId: string; studentUserId: string; status: string }>(),
    programIds.length && studentIds.length
      ? db
          .select({ id: internshipRuleException.id, programId: internshipRuleException.programId, studentUserId: internshipRuleException.studentUserId, rule: internshipRuleException.rule, status: internshipRuleException.status, unitId: internshipRuleException.unitId, postId: internshipRuleException.postId })
          .from(internshipRuleException)
          .where(and(inArray(internshipRuleException.programId, programIds), inArray(internshipRuleException.studentUserId, studentIds), inArray(internshipRuleException.status, OPEN_EXCEPTION_STATUSES)))
      : none<{ id: string; programId: string; studentUserId: string; rule: string; status: string; unitId: string; postId: string | null }>(),
  ]);
  return {
    programs: new Map(programs.map((p) => [p.id, { name: p.name, type: p.type as ProgramType, startDate: p.startDate, endDate: p.endDate }])),
    students: new Map(students.map((s) => [s.userId, { name: s.name, grade: s.grade, birthday: s.birthday }])),
    units: new Map(units.map((u) => [u.id, u])),
    posts: posts as PostRow[],
    placed,
    pairs: new Map(pairs.map((p) => [`${p.programId}\u0000${p.studentUserId}`, p])),
    exceptions,
  };
}
export type LoadedFacts = Awaited<ReturnType<typeof loadFacts>>;

/** The unit's post a row names: by its id, or (an import) by its name among the unit's posts. */
export function postOf(facts: LoadedFacts, row: Row): PostRow | null {
  const postId = text(row.postId);
  if (postId) return facts.posts.find((p) => p.id === postId) ?? null;
  const name = text(row.post)?.trim();
  const unitId = text(row.unitId);
  return name && unitId ? (facts.posts.find((p) => p.unitId === unitId && p.name === name) ?? null) : null;
}

/** The existing placement of the row's student in its program (an enrolment to place), if any. */
export const existingOf = (facts: LoadedFacts, row: Row) => facts.pairs.get(`${text(row.programId)}\u0000${text(row.studentUserId)}`) ?? null;

/** A row's facts; the places taken leave out the row's own placement and count those in `extra` (earlier rows of a file). */
export function factsOf(facts: LoadedFacts, row: Row, selfId: string | null, extra: readonly { unitId: string; postId: string | null }[] = []): PlacementFacts {
  const unit = facts.units.get(text(row.unitId) ?? '') ?? null;
  const post = postOf(facts, row);
  const others = facts.placed.filter((p) => p.id !== selfId);
  return {
    program: facts.programs.get(text(row.programId) ?? '') ?? null,
    student: facts.students.get(text(row.studentUserId) ?? '') ?? null,
    unit: unit && {
      name: unit.name,
      status: unit.status,
      employeeCount: unit.employeeCount,
      placed: others.filter((p) => p.unitId === unit.id).length + extra.filter((e) => e.unitId === unit.id).length,
    },
    post: post && { ...post, placed: others.filter((p) => p.postId === post.id).length + extra.filter((e) => e.postId === post.id).length },
    exceptions: facts.exceptions
      .filter((e) => e.programId === text(row.programId) && e.studentUserId === text(row.studentUserId))
      .map((e) => ({ id: e.id, rule: e.rule as ExceptionRule, status: e.status as PlacementException['status'], unitId: e.unitId, postId: e.postId })),
  };
}

/** The values the checklist reads, from a row whose post may be named rather than chosen. */
export const valuesOf = (row: Row, post: PostRow | null): PlacementValues => ({ ...(row as PlacementValues), postId: post?.id ?? text(row.postId) });

/**
 * ResourceBinding.checkRows: the refusals of each candidate (add, edit, or every row of an import, judged in
 * the file's order so its rows count against the limits as they are placed). An edit is judged as the row
 * it would leave (the stored row with the changes).
 */
export async function placementChecks(db: Database, candidates: Row[], selfId: string | null): Promise<(input: Row) => RowIssue[]> {
  const [current] = selfId ? await db.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, selfId)).limit(1) : [];
  // A form's edit chooses the post by id: the stored name then says nothing about the new choice.
  const whole = (input: Row): Row =>
    current ? { ...current, ...input, post: 'postId' in input ? null : current.post, studentUserId: current.studentUserId, programId: current.programId } : input;
  const rows = candidates.map(whole);
  const facts = await loadFacts(db, rows);
  const attachmentIds = unique(rows.flatMap((r) => [text(r.agreementAttachmentId), text(r.consentAttachmentId)]));
  const files = await ownedFiles(db, attachmentIds, PLACEMENT_FILE_OWNER);
  const placedInFile: { unitId: string; postId: string | null }[] = [];
  const seenPairs = new Set<string>();

  return (input: Row) => {
    const row = whole(input);
    const issues: RowIssue[] = [];
    const existing = selfId ? null : existingOf(facts, row);
    const pair = `${text(row.programId)}\u0000${text(row.studentUserId)}`;
    if (!selfId && seenPairs.has(pair)) issues.push({ field: 'studentUserId', message: '该学生在此实习计划中的安排在文件中重复' });
    seenPairs.add(pair);
    if (existing && existing.status !== 'pending') {
      issues.push({ field: 'studentUserId', message: `该学生在此实习计划中已有实习安排（${ENROLMENT_STATUS_LABELS[existing.status as EnrolmentStatus] ?? existing.status}），请在列表中编辑` });
    }
    const start = text(row.startDate);
    const end = text(row.endDate);
    if (start && end && end < start) issues.push({ field: 'endDate', message: '结束日期不能早于开始日期' });

    const unitId = text(row.unitId);
    const post = postOf(facts, row);
    if (text(row.postId) && post && unitId && post.unitId !== unitId) issues.push({ field: 'postId', message: '所选岗位不属于该实习单位' });
    if (!text(row.postId) && text(row.post) && unitId && !post) issues.push({ field: 'post', message: `岗位“${text(row.post)}”不是该实习单位的岗位` });
    for (const name of ['agreementAttachmentId', 'consentAttachmentId'] as const) {
      const id = text(row[name]);
      if (id && !files.has(id)) issues.push({ field: name, message: `所选${name === 'agreementAttachmentId' ? '三方协议' : '知情同意书'}文件不存在，请重新上传` });
    }

    const rowFacts = factsOf(facts, row, selfId ?? existing?.id ?? null, placedInFile);
    // A post named but not found is said once, not again as the limits and pay it leaves unchecked.
    const unknownPost = !post && (text(row.postId) || text(row.post));
    for (const item of placementChecklist(valuesOf(row, post), rowFacts)) {
      if (item.met === false && !(unknownPost && (item.code === 'postRatio' || item.code === 'pay'))) issues.push({ field: RULE_FIELD[item.code], message: item.message! });
    }
    if (issues.length === 0 && unitId && rowFacts.program?.type === 'post') placedInFile.push({ unitId, postId: post?.id ?? null });
    return issues;
  };
}

