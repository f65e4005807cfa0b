import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  SCORE_COMPONENT_LABELS,
  SCORE_MSG,
  SCORE_ACCESS,
  SCORE_PERMISSIONS,
  computeScore,
  summaryScoreOf,
  type Grade,
  type MentorItems,
  type ScoreDetail,
  type ScoreLogAction,
  type ScoreLogDetail,
  type ScoreLogEntry,
  type ScoreRow,
  type ScoreStatus,
  type ScoreWeights,
} from '@contract/internship-score.ts';
import type { ScorePrecision } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipScore, internshipScoreLog, internshipRecord, internshipUnit, sysDepart, sysUser } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { likePattern } from '../../lib/resource/search.ts';
import { rolesOf, type AuthContext } from '../../types.ts';
import { placementReach, type Viewer } from '../relation/model.ts';
import { actionAllowed } from '../permission/queries.ts';

/**
 * Who is asking, by relation (SCORE_ACCESS: the adviser, the mentor, the 班主任, the department and the
 * office read a placement's score; the student their own once it is published), and what their role lets
 * them do with the rows they reach.
 */
export interface ScoreViewer extends Viewer {
  mayEvaluate: boolean;
  mayScore: boolean;
}

export async function scoreViewerOf(db: Database, viewer: Viewer, auth: AuthContext): Promise<ScoreViewer> {
  const [mayEvaluate, mayScore] = await Promise.all([actionAllowed(db, SCORE_PERMISSIONS.evaluate, rolesOf(auth)), actionAllowed(db, SCORE_PERMISSIONS.adviser, rolesOf(auth))]);
  return { ...viewer, mayEvaluate, mayScore };
}

export function reachOf(viewer: ScoreViewer): SQL {
  return or(placementReach(viewer, SCORE_ACCESS.read), and(eq(internshipEnrolment.studentUserId, viewer.userId), isNotNull(internshipScore.publishedAt)))!;
}

const student = alias(sysUser, 'score_student');
const mentor = alias(sysUser, 'score_mentor');
const adviser = alias(sysUser, 'score_adviser');
const publisher = alias(sysUser, 'score_publisher');
const actor = alias(sysUser, 'score_actor');

const reviewedWeekly = sql`from ${internshipRecord} where ${internshipRecord.enrolmentId} = ${internshipEnrolment.id} and ${internshipRecord.kind} = 'weekly' and ${internshipRecord.status} = 'reviewed' and ${internshipRecord.score} is not null`;
/** The reviewed 周记 scores of the placement (the summary component is their average: summaryScoreOf). */
const reviewedScores = sql<number[] | string>`(select coalesce(json_agg(${internshipRecord.score}::float8), '[]'::json) ${reviewedWeekly})`;
const hasReviewed = sql`exists (select 1 ${reviewedWeekly})`;
const present = (weight: PgColumn, has: SQL) => sql`(${weight} = 0 or ${has})`;
/** Mirrors computeScore's "nothing weighted is missing", so the list can be filtered by status. */
const complete = and(
  present(internshipProgram.weightMentor, sql`${internshipScore.mentorScore} is not null`),
  present(internshipProgram.weightAdviser, sql`${internshipScore.adviserScore} is not null`),
  present(internshipProgram.weightSummary, hasReviewed),
  present(internshipProgram.weightReport, sql`${internshipScore.reportScore} is not null`),
)!;

export function statusCondition(status: ScoreStatus): SQL {
  if (status === 'published') return isNotNull(internshipScore.publishedAt);
  return and(isNull(internshipScore.publishedAt), status === 'ready' ? complete : sql`not ${complete}`)!;
}

export interface ScoreFilter {
  studentName?: string;
  studentNo?: string;
  classId?: string;
  programId?: string;
  status?: ScoreStatus;
}

function filterConditions(filter: ScoreFilter): (SQL | undefined)[] {
  const name = filter.studentName?.trim();
  const no = filter.studentNo?.trim();
  return [
    name ? ilike(student.realname, likePattern(name)) : undefined,
    no ? like(basicStudent.studentNo, `${no.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.classId ? eq(basicStudent.classId, filter.classId) : undefined,
    filter.programId ? eq(internshipEnrolment.programId, filter.programId) : undefined,
    filter.status ? statusCondition(filter.status) : undefined,
  ];
}

const rowColumns = {
  enrolment: internshipEnrolment,
  score: internshipScore,
  programName: internshipProgram.name,
  weightMentor: internshipProgram.weightMentor,
  weightAdviser: internshipProgram.weightAdviser,
  weightSummary: internshipProgram.weightSummary,
  weightReport: internshipProgram.weightReport,
  scorePrecision: internshipProgram.scorePrecision,
  studentName: student.realname,
  studentNo: basicStudent.studentNo,
  classId: basicStudent.classId,
  className: basicClass.name,
  departName: sysDepart.departName,
  unitName: internshipUnit.name,
  mentorName: mentor.realname,
  adviserName: adviser.realname,
  publishedByName: publisher.realname,
  reviewedScores,
};

function selectRows(db: Database) {
  return db
    .select(rowColumns)
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .leftJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
    .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .leftJoin(internshipScore, eq(internshipScore.enrolmentId, internshipEnrolment.id))
    .leftJoin(mentor, eq(mentor.id, internshipEnrolment.mentorUserId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .leftJoin(publisher, eq(publisher.id, internshipScore.publishedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

export const weightsOf = (r: Pick<Selected, 'weightMentor' | 'weightAdviser' | 'weightSummary' | 'weightReport'>): ScoreWeights => ({
  mentor: r.weightMentor,
  adviser: r.weightAdviser,
  summary: r.weightSummary,
  report: r.weightReport,
});

/** The reviewed scores as the driver gives JSON: parsed already, or as text. */
const scoresOf = (value: number[] | string | null): number[] => (typeof value === 'string' ? (JSON.parse(value) as number[]) : (value ?? []));

/** The components, total and grade: as frozen at publication, or computed now from the records. */
export function scoreOf(r: Selected) {
  const published = r.score?.publishedAt ?? null;
  const precision = r.scorePrecision as ScorePrecision;
  const summary = published ? (r.score?.summaryScore ?? null) : summaryScoreOf(scoresOf(r.reviewedScores), precision);
  const components = { mentor: r.score?.mentorScore ?? null, adviser: r.score?.adviserScore ?? null, summary, report: r.score?.reportScore ?? null };
  const computed = computeScore(components, weightsOf(r), precision);
  const status: ScoreStatus = published ? 'published' : computed.missing.length > 0 ? 'pending' : 'ready';
  return published
    ? { components, total: r.score?.total ?? null, grade: (r.score?.grade ?? null) as Grade | null, missing: [], status }
    : { components, total: computed.total, grade: computed.grade, missing: computed.missing, status };
}

function toRow(r: Selected, viewer: ScoreViewer): ScoreRow {
  const { components, total, grade, missing, status } = scoreOf(r);
  const open = status !== 'published';
  return {
    id: r.enrolment.id,
    studentName: r.studentName,
    studentNo: r.studentNo,
    programId: r.enrolment.programId,
    programId_dictText: r.programName,
    classId: r.classId,
    classId_dictText: r.className,
    departName: r.departName,
    unitName: r.unitName,
    mentorName: r.mentorName,
    adviserName: r.adviserName,
    mentorScore: components.mentor,
    adviserScore: components.adviser,
    summaryScore: components.summary,
    reportScore: components.report,
    total,
    grade,
    status,
    missing: missing.map((c) => SCORE_COMPONENT_LABELS[c]),
    publishedAt: r.score?.publishedAt?.toISOString() ?? null,
    canEvaluate: open && viewer.mayEvaluate && r.enrolment.mentorUserId === viewer.userId,
    canScore: open && viewer.mayScore && r.enrolment.adviserUserId === viewer.userId,
  };
}

const listOrder = [desc(internshipProgram.startDate), asc(internshipProgram.id), asc(basicClass.name), asc(basicStudent.studentNo), asc(internshipEnrolment.id)];

export async function scorePage(db: Database, viewer: ScoreViewer, filter: ScoreFilter, pageNo: number, pageSize: number): Promise<{ records: ScoreRow[]; total: number }> {
  const where = and(reachOf(viewer), ...filterConditions(filter));
  const [rows, [counted]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...listOrder)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(internshipEnrolment)
      .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
      .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(internshipScore, eq(internshipScore.enrolmentId, internshipEnrolment.id))
      .where(where),
  ]);
  return { records: rows.map((r) => toRow(r, viewer)), total: counted?.n ?? 0 };
}

/** The placements the search matches in the viewer's reach, in the list's order, as selected. */
export const matchingSelected = (db: Database, viewer: ScoreViewer, filter: ScoreFilter, limit: number): Promise<Selected[]> =>
  selectRows(db)
    .where(and(reachOf(viewer), ...filterConditions(filter)))
    .orderBy(...listOrder)
    .limit(limit);

/** Every row of the search, for the export (a school's year is a few thousand placements). */
export async function scoreRows(db: Database, viewer: ScoreViewer, filter: ScoreFilter, limit = 20_000): Promise<ScoreRow[]> {
  return (await matchingSelected(db, viewer, filter, limit)).map((r) => toRow(r, viewer));
}

/** The placements' rows in the viewer's reach, by id (those outside it are simply absent). */
export async function selectedRows(db: Database, viewer: ScoreViewer, ids: readonly string[], extra?: SQL): Promise<Selected[]> {
  if (ids.length === 0) return [];
  return selectRows(db).where(and(inArray(internshipEnrolment.id, [...ids]), reachOf(viewer), extra));
}

/** One placement's score row in the viewer's reach, or 404 whether it exists or not. */
export async function visibleScore(db: Database, viewer: ScoreViewer, enrolmentId: string, extra?: SQL): Promise<Selected> {
  const [row] = await selectedRows(db, viewer, [enrolmentId], extra);
  if (!row) throw notFound(SCORE_MSG.notFound);
  return row;
}

export async function scoreLogOf(db: Database, enrolmentId: string): Promise<ScoreLogEntry[]> {
  const rows = await db
    .select({ log: internshipScoreLog, actorName: actor.realname })
    .from(internshipScoreLog)
    .leftJoin(actor, eq(actor.id, internshipScoreLog.actorId))
    .where(eq(internshipScoreLog.enrolmentId, enrolmentId))
    .orderBy(asc(internshipScoreLog.createdAt), asc(internshipScoreLog.id));
  return rows.map(({ log, actorName }) => ({
    id: log.id,
    action: log.action as ScoreLogAction,
    detail: (log.detail ?? null) as ScoreLogDetail | null,
    reason: log.reason,
    actorName,
    createdAt: log.createdAt.toISOString(),
  }));
}

export async function scoreDetail(db: Database, viewer: ScoreViewer, enrolmentId: string): Promise<ScoreDetail> {
  const row = await visibleScore(db, viewer, enrolmentId);
  // The student reads the published result, not who changed what.
  const ownOnly = row.enrolment.studentUserId === viewer.userId && !viewer.school && !viewer.departIds;
  return {
    ...toRow(row, viewer),
    weights: weightsOf(row),
    scorePrecision: row.scorePrecision as ScorePrecision,
    mentorItems: (row.score?.mentorItems ?? null) as MentorItems | null,
    mentorComment: row.score?.mentorComment ?? null,
    mentorAt: row.score?.mentorAt?.toISOString() ?? null,
    adviserComment: row.score?.adviserComment ?? null,
    adviserAt: row.score?.adviserAt?.toISOString() ?? null,
    publishedByName: row.publishedByName,
    log: ownOnly ? [] : await scoreLogOf(db, enrolmentId),
  };
}

/** The programs, or the classes, of the scores the viewer sees: the list's pickers. */
export async function scorePrograms(db: Database, viewer: ScoreViewer, name: string | undefined, pageSize: number) {
  const rows = await db
    .selectDistinct({ id: internshipProgram.id, name: internshipProgram.name, startDate: internshipProgram.startDate })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .leftJoin(internshipScore, eq(internshipScore.enrolmentId, internshipEnrolment.id))
    .where(and(reachOf(viewer), name?.trim() ? ilike(internshipProgram.name, likePattern(name.trim())) : undefined))
    .orderBy(desc(internshipProgram.startDate), asc(internshipProgram.id))
    .limit(pageSize + 1);
  return rows.map(({ id, name: programName }) => ({ id, name: programName }));
}

export async function scoreClasses(db: Database, viewer: ScoreViewer, name: string | undefined, pageSize: number) {
  const rows = await db
    .selectDistinct({ id: basicClass.id, name: basicClass.name })
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(internshipScore, eq(internshipScore.enrolmentId, internshipEnrolment.id))
    .where(and(reachOf(viewer), name?.trim() ? ilike(basicClass.name, likePattern(name.trim())) : undefined))
    .orderBy(asc(basicClass.name), asc(basicClass.id))
    .limit(pageSize + 1);
  return rows;
}

export type ScoreSelected = Selected;
