import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  PRACTICE_SCORE_MSG,
  PRACTICE_SCORE_PERMISSIONS,
  type ScoreMode,
  type SheetDetail,
  type SheetLogEntry,
  type SheetRow,
  type SheetStatus,
  type SheetStudent,
  sheetSummary,
} from '@contract/practice-score.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicCourse, basicMajor, basicStudent, practiceScoreEntry, practiceScoreLog, practiceScoreSheet, sysDepart, sysUser } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { likePattern } from '../../lib/resource/search.ts';
import { rolesOf, type AuthContext } from '../../types.ts';
import { actionAllowed } from '../permission/queries.ts';

/** Who asks: a teacher reaches the sheets they created; holders of practice:score:all every sheet. */
export interface SheetViewer {
  userId: string;
  all: boolean;
  mayReopen: boolean;
}

export async function sheetViewerOf(db: Database, auth: AuthContext): Promise<SheetViewer> {
  const [all, mayReopen] = await Promise.all([actionAllowed(db, PRACTICE_SCORE_PERMISSIONS.all, rolesOf(auth)), actionAllowed(db, PRACTICE_SCORE_PERMISSIONS.reopen, rolesOf(auth))]);
  return { userId: auth.userId, all, mayReopen };
}

const reachOf = (viewer: SheetViewer): SQL => (viewer.all ? sql`true` : eq(practiceScoreSheet.teacherUserId, viewer.userId));

const studentCount = sql<number>`(select count(*)::int from ${practiceScoreEntry} where ${practiceScoreEntry.sheetId} = ${practiceScoreSheet.id})`;
const filledCount = sql<number>`(select count(*)::int from ${practiceScoreEntry} where ${practiceScoreEntry.sheetId} = ${practiceScoreSheet.id} and ${practiceScoreEntry.value} is not null)`;

const rowColumns = {
  id: practiceScoreSheet.id,
  courseId: practiceScoreSheet.courseId,
  courseName: basicCourse.name,
  courseCode: basicCourse.code,
  classId: practiceScoreSheet.classId,
  className: basicClass.name,
  term: practiceScoreSheet.term,
  scoreMode: basicCourse.scoreMode,
  status: practiceScoreSheet.status,
  teacherUserId: practiceScoreSheet.teacherUserId,
  teacherName: sysUser.realname,
  studentCount,
  filledCount,
  updatedAt: practiceScoreSheet.updatedAt,
  submittedAt: practiceScoreSheet.submittedAt,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown } & { teacherUserId: string };

function toRow(raw: RawRow, viewer: SheetViewer): SheetRow {
  return {
    id: String(raw.id),
    courseId: String(raw.courseId),
    courseName: String(raw.courseName),
    courseCode: String(raw.courseCode),
    classId: String(raw.classId),
    className: String(raw.className),
    term: String(raw.term),
    scoreMode: raw.scoreMode as ScoreMode,
    status: raw.status as SheetStatus,
    teacherName: String(raw.teacherName ?? ''),
    mine: raw.teacherUserId === viewer.userId,
    studentCount: Number(raw.studentCount),
    filledCount: Number(raw.filledCount),
    updatedAt: (raw.updatedAt as Date).toISOString(),
    submittedAt: raw.submittedAt ? (raw.submittedAt as Date).toISOString() : null,
  };
}

const sheetQuery = (db: Database) =>
  db
    .select(rowColumns)
    .from(practiceScoreSheet)
    .innerJoin(basicCourse, eq(basicCourse.id, practiceScoreSheet.courseId))
    .innerJoin(basicClass, eq(basicClass.id, practiceScoreSheet.classId))
    .leftJoin(sysUser, eq(sysUser.id, practiceScoreSheet.teacherUserId));

export interface SheetFilter {
  term?: string;
  status?: SheetStatus;
  /** Part of the course's or the class's name. */
  keyword?: string;
}

export async function sheetPage(db: Database, viewer: SheetViewer, filter: SheetFilter, pageNo: number, pageSize: number) {
  const word = filter.keyword?.trim();
  const where = and(
    reachOf(viewer),
    filter.term ? eq(practiceScoreSheet.term, filter.term) : undefined,
    filter.status ? eq(practiceScoreSheet.status, filter.status) : undefined,
    word ? or(ilike(basicCourse.name, likePattern(word)), ilike(basicClass.name, likePattern(word))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    sheetQuery(db)
      .where(where)
      .orderBy(desc(practiceScoreSheet.updatedAt), asc(practiceScoreSheet.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ n: count() })
      .from(practiceScoreSheet)
      .innerJoin(basicCourse, eq(basicCourse.id, practiceScoreSheet.courseId))
      .innerJoin(basicClass, eq(basicClass.id, practiceScoreSheet.classId))
      .where(where),
  ]);
  return { records: rows.map((r) => toRow(r as RawRow, viewer)), total: total?.n ?? 0 };
}

/** A sheet in the viewer's reach with its owner, or 404 whether it exists or not. */
export async function visibleSheet(db: Database, viewer: SheetViewer, id: string): Promise<SheetRow & { teacherUserId: string }> {
  const [raw] = await sheetQuery(db)
    .where(and(eq(practiceScoreSheet.id, id), reachOf(viewer)))
    .limit(1);
  if (!raw) throw notFound(PRACTICE_SCORE_MSG.notFound);
  return { ...toRow(raw as RawRow, viewer), teacherUserId: raw.teacherUserId };
}

export async function sheetStudents(db: Database, sheetId: string): Promise<SheetStudent[]> {
  return db
    .select({ studentId: practiceScoreEntry.studentId, studentNo: basicStudent.studentNo, name: basicStudent.name, value: practiceScoreEntry.value })
    .from(practiceScoreEntry)
    .innerJoin(basicStudent, eq(basicStudent.id, practiceScoreEntry.studentId))
    .where(eq(practiceScoreEntry.sheetId, sheetId))
    .orderBy(asc(basicStudent.studentNo));
}

export async function sheetDetail(db: Database, viewer: SheetViewer, id: string): Promise<SheetDetail> {
  const { teacherUserId: _owner, ...row } = await visibleSheet(db, viewer, id);
  const [students, log] = await Promise.all([
    sheetStudents(db, id),
    db
      .select({ action: practiceScoreLog.action, actorName: sysUser.realname, at: practiceScoreLog.createdAt, reason: practiceScoreLog.reason })
      .from(practiceScoreLog)
      .leftJoin(sysUser, eq(sysUser.id, practiceScoreLog.actorId))
      .where(eq(practiceScoreLog.sheetId, id))
      .orderBy(desc(practiceScoreLog.createdAt)),
  ]);
  return {
    ...row,
    editable: row.status === 'draft' && row.mine,
    students,
    summary: sheetSummary(
      students.map((s) => s.value),
      row.scoreMode,
    ),
    log: log.map((l): SheetLogEntry => ({ action: l.action as SheetLogEntry['action'], actorName: l.actorName ?? '', at: l.at.toISOString(), reason: l.reason })),
  };
}

/** The department of a sheet's class (the export names it on every row). */
export async function classDepartName(db: Database, classId: string): Promise<string> {
  const [row] = await db
    .select({ name: sysDepart.departName })
    .from(basicClass)
    .innerJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .innerJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
    .where(eq(basicClass.id, classId));
  return row?.name ?? '';
}

/** A picker's page of courses or classes matching a part of the name (or the code's start). */
export async function pickCourses(db: Database, name: string | undefined, pageSize: number) {
  const word = name?.trim();
  const where = word ? or(ilike(basicCourse.name, likePattern(word)), ilike(basicCourse.code, `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: basicCourse.id, name: basicCourse.name, code: basicCourse.code, scoreMode: basicCourse.scoreMode })
      .from(basicCourse)
      .where(where)
      .orderBy(asc(basicCourse.code))
      .limit(pageSize),
    db.select({ n: count() }).from(basicCourse).where(where),
  ]);
  return { records: rows.map((r) => ({ ...r, scoreMode: r.scoreMode as ScoreMode })), total: total?.n ?? 0 };
}

export async function pickClasses(db: Database, name: string | undefined, pageSize: number) {
  const word = name?.trim();
  const where = word ? or(ilike(basicClass.name, likePattern(word)), ilike(basicClass.code, `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select({ id: basicClass.id, name: basicClass.name, code: basicClass.code }).from(basicClass).where(where).orderBy(desc(basicClass.grade), asc(basicClass.code)).limit(pageSize),
    db.select({ n: count() }).from(basicClass).where(where),
  ]);
  return { records: rows, total: total?.n ?? 0 };
}
