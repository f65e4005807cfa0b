import { and, asc, count, desc, eq, ilike, inArray, isNotNull, like, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import {
  REVIEW_OVERDUE_DAYS,
  WARNING_KINDS,
  percent,
  type AdviserStats,
  type AdviserStatsRow,
  type ClassPlacementCounts,
  type DepartPlacementCounts,
  type PlacementCounts,
  type StatsProgram,
  type WarningKind,
  type WarningRow,
  type WarningStats,
  type WarningStatus,
  type WeeklyStatsWeek,
} from '@contract/internship-warning.ts';
import type { PageResult } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipRecord, internshipWarning, sysDepart, sysUser, sysUserDepart } from '../../db/schema.ts';
import { monthOf } from '@contract/season.ts';
import { placementContacts } from '../internship/contacts.ts';
import { likePattern } from '../../lib/resource/search.ts';
import { PLACED } from '../internship-placement/placed.ts';

const student = alias(sysUser, 'student');
const adviser = alias(sysUser, 'adviser');
const handler = alias(sysUser, 'handler');

/** Text search: LIKE for text without letters (汉字), ILIKE otherwise, as the resource lists do. */
const contains = (column: Parameters<typeof like>[0], text: string) => (text.toLowerCase() === text.toUpperCase() ? like : ilike)(column, likePattern(text));

// ---- the warnings list ------------------------------------------------------------------------

export interface WarningFilters {
  kind?: string;
  status?: string;
  programId?: string;
  departId?: string;
  classId?: string;
  adviserUserId?: string;
  studentName?: string;
}

const warningColumns = {
  id: internshipWarning.id,
  kind: internshipWarning.kind,
  period: internshipWarning.period,
  message: internshipWarning.message,
  status: internshipWarning.status,
  enrolmentId: internshipWarning.enrolmentId,
  createdAt: internshipWarning.createdAt,
  handledNote: internshipWarning.handledNote,
  handledAt: internshipWarning.handledAt,
  handledByName: handler.realname,
  studentName: student.realname,
  studentNo: sql<string | null>`coalesce(${basicStudent.studentNo}, ${student.username})`,
  programId: internshipEnrolment.programId,
  programName: internshipProgram.name,
  departId: basicMajor.departId,
  departName: sysDepart.departName,
  classId: basicClass.id,
  className: basicClass.name,
  adviserUserId: internshipEnrolment.adviserUserId,
  adviserName: adviser.realname,
};

function selectWarnings(db: Database) {
  return db
    .select(warningColumns)
    .from(internshipWarning)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWarning.enrolmentId))
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .leftJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .leftJoin(handler, eq(handler.id, internshipWarning.handledBy))
    .$dynamic();
}

type WarningSelect = Awaited<ReturnType<ReturnType<typeof selectWarnings>['execute']>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toWarningRow(row: WarningSelect): WarningRow {
  return {
    id: row.id,
    kind: row.kind as WarningKind,
    period: row.period,
    message: row.message,
    status: row.status as WarningStatus,
    enrolmentId: row.enrolmentId,
    studentName: row.studentName,
    studentNo: row.studentNo,
    programId: row.programId,
    programId_dictText: row.programName,
    departId: row.departId,
    departId_dictText: row.departName,
    classId: row.classId,
    classId_dictText: row.className,
    adviserUserId: row.adviserUserId,
    adviserUserId_dictText: row.adviserName,
    createdAt: row.createdAt.toISOString(),
    handledNote: row.handledNote,
    handledByName: row.handledByName,
    handledAt: iso(row.handledAt),
  };
}

function warningConditions(filters: WarningFilters, reach: SQL): SQL | undefined {
  const text = filters.studentName?.trim();
  return and(
    filters.kind ? eq(internshipWarning.kind, filters.kind) : undefined,
    filters.status ? eq(internshipWarning.status, filters.status) : undefined,
    filters.programId ? eq(internshipEnrolment.programId, filters.programId) : undefined,
    filters.departId ? eq(basicMajor.departId, filters.departId) : undefined,
    filters.classId ? eq(basicClass.id, filters.classId) : undefined,
    filters.adviserUserId ? eq(internshipEnrolment.adviserUserId, filters.adviserUserId) : undefined,
    text ? contains(student.realname, text) : undefined,
    reach,
  );
}

export async function warningPage(
  db: Database,
  reach: SQL,
  filters: WarningFilters,
  page: { pageNo: number; pageSize: number; order?: 'asc' | 'desc' },
): Promise<PageResult<WarningRow>> {
  const where = warningConditions(filters, reach);
  const order = page.order === 'asc' ? asc(internshipWarning.createdAt) : desc(internshipWarning.createdAt);
  const [rows, [total]] = await Promise.all([
    selectWarnings(db)
      .where(where)
      .orderBy(order, asc(internshipWarning.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(internshipWarning)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWarning.enrolmentId))
      .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .where(where),
  ]);
  return { records: rows.map(toWarningRow), total: total?.n ?? 0, current: page.pageNo, size: page.pageSize };
}

/** Every warning the filters find, newest first (the export). */
export async function allWarnings(db: Database, reach: SQL, filters: WarningFilters): Promise<WarningRow[]> {
  const rows = await selectWarnings(db).where(warningConditions(filters, reach)).orderBy(desc(internshipWarning.createdAt), asc(internshipWarning.id));
  return rows.map(toWarningRow);
}

export async function warningInReach(db: Database, reach: SQL, id: string): Promise<WarningRow | null> {
  const [row] = await selectWarnings(db)
    .where(and(eq(internshipWarning.id, id), reach))
    .limit(1);
  return row ? toWarningRow(row) : null;
}

/** Marks an open warning handled; false when it was handled meanwhile. */
export async function markHandled(db: Database, id: string, userId: string, note: string): Promise<boolean> {
  const updated = await db
    .update(internshipWarning)
    .set({ status: 'handled', handledBy: userId, handledAt: new Date(), handledNote: note })
    .where(and(eq(internshipWarning.id, id), eq(internshipWarning.status, 'open')))
    .returning({ id: internshipWarning.id });
  return updated.length > 0;
}

// ---- the filters' choices -----------------------------------------------------------------------

export type OptionKind = 'depart' | 'class' | 'major' | 'adviser' | 'program';
const OPTION_COLUMNS = {
  depart: { id: sysDepart.id, name: sysDepart.departName },
  class: { id: basicClass.id, name: basicClass.name },
  major: { id: basicMajor.id, name: basicMajor.name },
  adviser: { id: adviser.id, name: adviser.realname },
  program: { id: internshipProgram.id, name: internshipProgram.name },
} as const;

/** The departments, classes, majors, advisers or programs of the placements in reach, matching a name: the filters' pickers. */
export async function optionPage(db: Database, reach: SQL, kind: OptionKind, name: string | undefined, pageSize: number): Promise<PageResult<{ id: string; name: string }>> {
  const columns = OPTION_COLUMNS[kind];
  const text = name?.trim();
  const rows = await db
    .selectDistinct({ id: sql<string>`${columns.id}`, name: sql<string>`${columns.name}` })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .leftJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .where(and(sql`${columns.id} is not null`, text ? contains(columns.name, text) : undefined, reach))
    .orderBy(sql`2`, sql`1`);
  const records = rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
  return { records: records.slice(0, pageSize), total: records.length, current: 1, size: pageSize };
}

// ---- statistics -------------------------------------------------------------------------------

const toProgram = (row: typeof internshipProgram.$inferSelect): StatsProgram => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  startDate: row.startDate,
  endDate: row.endDate,
});

/** Programs with placements in reach (every program for the whole school's reach), newest first. */
export async function programsInReach(db: Database, reach: SQL): Promise<StatsProgram[]> {
  const reached = reach;
  const rows = await db
    .select()
    .from(internshipProgram)
    .where(
      reached
        ? sql`exists (select 1 from ${internshipEnrolment}
            left join ${basicStudent} on ${basicStudent.userId} = ${internshipEnrolment.studentUserId}
            left join ${basicClass} on ${basicClass.id} = ${basicStudent.classId}
            left join ${basicMajor} on ${basicMajor.id} = ${basicClass.majorId}
            where ${internshipEnrolment.programId} = ${internshipProgram.id} and ${reached})`
        : undefined,
    )
    .orderBy(desc(internshipProgram.startDate), asc(internshipProgram.name));
  return rows.map(toProgram);
}

export async function programInReach(db: Database, reach: SQL, id: string): Promise<StatsProgram | null> {
  return (await programsInReach(db, reach)).find((p) => p.id === id) ?? null;
}

const counted = (condition: SQL) => sql<number>`cast(count(*) filter (where ${condition}) as int)`;
const placementCounts = {
  total: sql<number>`cast(count(*) as int)`,
  placed: counted(PLACED.placed),
  unplaced: counted(PLACED.unplaced),
  active: counted(sql`${internshipEnrolment.status} = 'active'`),
  ended: counted(sql`${internshipEnrolment.status} = 'ended'`),
};

const emptyCounts = (): PlacementCounts => ({ total: 0, placed: 0, unplaced: 0, active: 0, ended: 0 });
const COUNT_KEYS = Object.keys(emptyCounts()) as (keyof PlacementCounts)[];
const addCounts = (into: PlacementCounts, from: PlacementCounts) => {
  for (const key of COUNT_KEYS) into[key] += from[key];
};

/** A program's placements in reach counted by class (with open warnings) and by department. */
export async function placementStats(db: Database, reach: SQL, programId: string) {
  const [byClassRows, warningRows] = await Promise.all([
    db
      .select({ classId: basicClass.id, className: basicClass.name, departId: sysDepart.id, departName: sysDepart.departName, ...placementCounts })
      .from(internshipEnrolment)
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .leftJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
      .where(and(eq(internshipEnrolment.programId, programId), reach))
      .groupBy(basicClass.id, basicClass.name, sysDepart.id, sysDepart.departName)
      .orderBy(asc(sysDepart.departName), asc(basicClass.name)),
    db
      .select({ classId: basicClass.id, n: sql<number>`cast(count(*) as int)` })
      .from(internshipWarning)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWarning.enrolmentId))
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .where(and(eq(internshipEnrolment.programId, programId), eq(internshipWarning.status, 'open'), reach))
      .groupBy(basicClass.id),
  ]);
  const warnings = new Map(warningRows.map((w) => [w.classId, w.n]));
  const byClass: ClassPlacementCounts[] = byClassRows.map((r) => ({ ...r, openWarnings: warnings.get(r.classId) ?? 0 }));
  const departs = new Map<string | null, DepartPlacementCounts>();
  const total = emptyCounts();
  for (const row of byClass) {
    const depart = departs.get(row.departId) ?? { departId: row.departId, departName: row.departName, ...emptyCounts() };
    departs.set(row.departId, depart);
    addCounts(depart, row);
    addCounts(total, row);
  }
  return { total, byDepart: [...departs.values()], byClass };
}

/** The placements that write records: under way or ended. */
export const WRITING = ['active', 'ended'];

/** A 周记 the adviser has dealt with: 批阅 or 退回. */
const REVIEWED = sql`${internshipRecord.status} in ('reviewed', 'returned')`;
const SUBMITTED_AND_REVIEWED = { submitted: sql<number>`cast(count(*) as int)`, reviewed: counted(REVIEWED) };

/**
 * The records of some kinds (周记 unless told) submitted (not drafts) on placements matching a condition over the placement,
 * its student's class and major: counted, and reviewed, by the columns asked for.
 */
export const submittedRecords = <T extends SelectedFields>(db: Database, columns: T, placements: SQL | undefined, kinds: readonly string[] = ['weekly']) =>
  db
    .select({ ...SUBMITTED_AND_REVIEWED, ...columns })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .where(and(placements, inArray(internshipRecord.kind, [...kinds]), ne(internshipRecord.status, 'draft')))
    .$dynamic();

/**
 * A program's weeks from its first to the current one (or its last): how many placements in reach were
 * to write a 周记 for it, how many did, and how many of those the adviser reviewed (批阅 or 退回).
 */
export async function weeklyStats(db: Database, reach: SQL, program: StatsProgram, today: string = schoolToday()): Promise<WeeklyStatsWeek[]> {
  const inProgram = and(eq(internshipEnrolment.programId, program.id), inArray(internshipEnrolment.status, WRITING), reach);
  const [spans, written] = await Promise.all([
    db
      // A few distinct spans, counted, rather than every placement's row (2,000 of them cost 24 ms on PGlite).
      .select({ startDate: internshipEnrolment.startDate, endDate: internshipEnrolment.endDate, n: sql<number>`cast(count(*) as int)` })
      .from(internshipEnrolment)
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .where(inProgram)
      .groupBy(internshipEnrolment.startDate, internshipEnrolment.endDate),
    submittedRecords(db, { weekStart: internshipRecord.periodStart }, inProgram).groupBy(internshipRecord.periodStart),
  ]);
  const byWeek = new Map(written.map((w) => [w.weekStart, w]));
  const first = mondayOf(program.startDate);
  const last = mondayOf(program.endDate < today ? program.endDate : today);
  const weeks: WeeklyStatsWeek[] = [];
  for (let monday = first, weekNo = 1; monday <= last; monday = addDays(monday, 7), weekNo++) {
    const sunday = addDays(monday, 6);
    const expected = spans.reduce((sum, s) => (s.startDate <= sunday && s.endDate >= monday ? sum + s.n : sum), 0);
    const { submitted = 0, reviewed = 0 } = byWeek.get(monday) ?? {};
    weeks.push({ weekStart: monday, weekEnd: sunday, weekNo, expected, submitted, reviewed, submitRate: percent(submitted, expected), reviewRate: percent(reviewed, submitted) });
  }
  return weeks;
}

/** Open warnings of a program's placements in reach, by kind (every kind, zeros included). */
export async function warningStats(db: Database, reach: SQL, programId: string): Promise<WarningStats> {
  const rows = await db
    .select({ kind: internshipWarning.kind, n: sql<number>`cast(count(*) as int)` })
    .from(internshipWarning)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWarning.enrolmentId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .where(and(eq(internshipEnrolment.programId, programId), eq(internshipWarning.status, 'open'), reach))
    .groupBy(internshipWarning.kind);
  const byKind = WARNING_KINDS.map((kind) => ({ kind, open: rows.find((r) => r.kind === kind)?.n ?? 0 }));
  return { byKind, open: byKind.reduce((sum, k) => sum + k.open, 0) };
}

/**
 * 按指导教师统计: each adviser of a program's placements in reach, with their department, this month's coverage of
 * the program's contact minimum and their 周记 reviews (contract/internship-warning.ts AdviserStatsRow).
 */
export async function adviserStats(db: Database, reach: SQL, programId: string, today: string = schoolToday()): Promise<AdviserStats> {
  const month = monthOf(today);
  const inProgram = and(eq(internshipEnrolment.programId, programId), inArray(internshipEnrolment.status, WRITING), isNotNull(internshipEnrolment.adviserUserId), reach);
  const [[program], placements, reviews] = await Promise.all([
    db.select({ required: internshipProgram.minAdviserContacts }).from(internshipProgram).where(eq(internshipProgram.id, programId)),
    db
      .select({ enrolmentId: internshipEnrolment.id, adviserUserId: internshipEnrolment.adviserUserId, status: internshipEnrolment.status })
      .from(internshipEnrolment)
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .where(inProgram),
    submittedRecords(
      db,
      {
        adviserUserId: internshipEnrolment.adviserUserId,
        timely: counted(
          sql`${REVIEWED} and ${internshipRecord.reviewedAt} <= coalesce(${internshipRecord.receivedAt}, ${internshipRecord.submittedAt}) + make_interval(days => ${REVIEW_OVERDUE_DAYS})`,
        ),
      },
      inProgram,
    ).groupBy(internshipEnrolment.adviserUserId),
  ]);
  const required = program?.required ?? 0;
  const active = placements.filter((p) => p.status === 'active');
  const contacts = await placementContacts(db, active.map((p) => p.enrolmentId), month);
  const adviserIds = [...new Set(placements.map((p) => p.adviserUserId!))];
  const people =
    adviserIds.length === 0
      ? []
      : await db
          .select({ id: sysUser.id, name: sysUser.realname, departName: sql<string | null>`min(${sysDepart.departName})` })
          .from(sysUser)
          .leftJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
          .leftJoin(sysDepart, eq(sysDepart.id, sysUserDepart.departId))
          .where(inArray(sysUser.id, adviserIds))
          .groupBy(sysUser.id, sysUser.realname);
  const byAdviser = new Map(reviews.map((r) => [r.adviserUserId, r]));
  const advisers = people.map((person): AdviserStatsRow => {
    const theirs = placements.filter((p) => p.adviserUserId === person.id);
    const theirActive = theirs.filter((p) => p.status === 'active');
    const contacted = theirActive.filter((p) => (contacts.get(p.enrolmentId)?.adviser ?? 0) >= required).length;
    const { submitted = 0, reviewed = 0, timely = 0 } = byAdviser.get(person.id) ?? {};
    return {
      adviserUserId: person.id,
      adviserName: person.name,
      departName: person.departName,
      students: theirs.length,
      active: theirActive.length,
      contacted,
      coverage: percent(contacted, theirActive.length),
      submitted,
      reviewed,
      reviewRate: percent(reviewed, submitted),
      timely,
      timelyRate: percent(timely, reviewed),
    };
  });
  advisers.sort((a, b) => (a.departName ?? '').localeCompare(b.departName ?? '', 'zh-CN') || a.adviserName.localeCompare(b.adviserName, 'zh-CN'));
  return { month: month.name, required, advisers };
}
