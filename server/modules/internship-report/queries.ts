import { and, asc, count, countDistinct, eq, gte, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, schoolClock } from '@contract/internship.ts';
import { exceptionNote } from '@contract/internship-exception.ts';
import { PLACEMENT_ACCESS } from '@contract/internship-placement.ts';
import { termLabelOf } from '@contract/internship-program.ts';
import {
  CONCENTRATED_MIN,
  mergeCodes,
  readColumnMaps,
  REPORT_SETTING_KEYS,
  type ReportProgram,
  type ReportSettings,
  type SettingSaved,
} from '@contract/internship-report.ts';
import type { Database } from '../../db/database.ts';
import {
  basicClass,
  basicMajor,
  basicStudent,
  internshipEnrolment,
  internshipProgram,
  internshipRecord,
  internshipUnit,
  internshipVisit,
  internshipVisitStudent,
  reportSetting,
  sysDepart,
  sysDict,
  sysDictItem,
  sysUser,
} from '../../db/schema.ts';
import { approvedExceptionRules } from '../internship-placement/exceptions.ts';
import { managedPrograms } from '../internship-placement/managed-programs.ts';
import { placementReach, type Viewer } from '../relation/model.ts';

const adviser = alias(sysUser, 'report_adviser');
const mentor = alias(sysUser, 'report_mentor');

type Program = typeof internshipProgram.$inferSelect;

/** The programs of the placements the viewer manages (managedPrograms), as the export's choice. */
export async function programsInReach(db: Database, viewer: Viewer): Promise<(ReportProgram & { status: string })[]> {
  return (await managedPrograms(db, viewer)).map(({ id, name, ...rest }) => ({ value: id, label: name, ...rest }));
}

export async function programById(db: Database, id: string): Promise<Program | undefined> {
  const [program] = await db.select().from(internshipProgram).where(eq(internshipProgram.id, id));
  return program;
}

// ---- settings ---------------------------------------------------------------------------------------------------

/** The codes and column maps in force (saved over the contract's defaults), and who saved each. */
export async function readSettings(db: Database): Promise<ReportSettings> {
  const rows = await db
    .select({ key: reportSetting.key, value: reportSetting.value, updatedAt: reportSetting.updatedAt, updatedByName: sysUser.realname })
    .from(reportSetting)
    .leftJoin(sysUser, eq(sysUser.id, reportSetting.updatedBy))
    .where(inArray(reportSetting.key, Object.values(REPORT_SETTING_KEYS)));
  const row = (key: string) => rows.find((r) => r.key === key);
  const saved = (key: string): SettingSaved | null => {
    const found = row(key);
    return found ? { updatedAt: found.updatedAt.toISOString(), updatedByName: found.updatedByName } : null;
  };
  return {
    codes: mergeCodes(row(REPORT_SETTING_KEYS.codes)?.value),
    columnMaps: readColumnMaps(row(REPORT_SETTING_KEYS.columnMaps)?.value),
    saved: { codes: saved(REPORT_SETTING_KEYS.codes), columnMaps: saved(REPORT_SETTING_KEYS.columnMaps) },
  };
}

export async function saveSetting(db: Database, key: string, value: unknown, userId: string): Promise<void> {
  const values = { value, updatedBy: userId, updatedAt: new Date() };
  await db.insert(reportSetting).values({ key, ...values }).onConflictDoUpdate({ target: reportSetting.key, set: values });
}

// ---- the placements ---------------------------------------------------------------------------------------------

/** A placement as the exports see it: what the school holds, and the categories derived from it. */
export interface PlacementFacts {
  enrolmentId: string;
  programType: string;
  programName: string;
  term: string;
  departName: string | null;
  majorCode: string | null;
  majorName: string | null;
  className: string | null;
  studentUserId: string;
  studentNo: string | null;
  studentName: string;
  sex: string | null;
  unitId: string | null;
  unitName: string | null;
  creditCode: string | null;
  unitRegion: string | null;
  unitIndustry: string | null;
  post: string | null;
  majorMatch: string | null;
  startDate: string;
  endDate: string;
  adviserName: string | null;
  mentorName: string | null;
  pay: number | null;
  insured: boolean;
  policyNo: string | null;
  status: string;
  /** At least CONCENTRATED_MIN of the program's students at the unit. */
  concentrated: boolean;
  /** Moved to this unit by the student's approved 单位变更. */
  selfFound: boolean;
  /** 例外备案's text of each approved exception. */
  exceptions: string[];
}

/** A dictionary's labels by value (所属行业, 所在地区). */
async function dictLabels(db: Database, dictCode: string): Promise<Map<string, string>> {
  const items = await db.select({ value: sysDictItem.itemValue, text: sysDictItem.itemText }).from(sysDictItem).innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId)).where(eq(sysDict.dictCode, dictCode));
  return new Map(items.map((i) => [i.value, i.text]));
}

/** Students of the program per unit, whoever's reach they are in: the category is the placement's, not the viewer's. */
async function studentsPerUnit(db: Database, programId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ unitId: internshipEnrolment.unitId, students: countDistinct(internshipEnrolment.studentUserId) })
    .from(internshipEnrolment)
    .where(and(eq(internshipEnrolment.programId, programId), isNotNull(internshipEnrolment.unitId)))
    .groupBy(internshipEnrolment.unitId);
  return new Map(rows.map((r) => [r.unitId!, r.students]));
}

/** student|unit|day of each approved 单位变更 in the program: the placement it opened began at that unit that day. */
async function changesApproved(db: Database, programId: string): Promise<Set<string>> {
  const rows = await db
    .select({ studentUserId: internshipEnrolment.studentUserId, data: internshipRecord.data })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(and(eq(internshipEnrolment.programId, programId), eq(internshipRecord.kind, 'change'), eq(internshipRecord.status, 'approved')));
  return new Set(rows.map((r) => {
    const data = r.data as { toUnitId?: string; changeDate?: string };
    return `${r.studentUserId}|${data.toUnitId ?? ''}|${data.changeDate ?? ''}`;
  }));
}

export interface PlacementScope {
  /** Only placements with a unit, under way (实习中, 已结束, 终止) at some time between these days. */
  between?: { from: string; to: string };
}

/** The program's placements in the viewer's reach, by class, 学号 and start, with the derived categories. */
export async function placementFacts(db: Database, viewer: Viewer, program: Program, scope: PlacementScope = {}): Promise<PlacementFacts[]> {
  const { between } = scope;
  const [rows, perUnit, changes, industries, regions] = await Promise.all([
    db
      .select({
        enrolment: internshipEnrolment,
        studentName: sysUser.realname,
        studentNo: basicStudent.studentNo,
        sex: basicStudent.sex,
        className: basicClass.name,
        majorCode: basicMajor.code,
        majorName: basicMajor.name,
        departName: sysDepart.departName,
        unitName: internshipUnit.name,
        creditCode: internshipUnit.creditCode,
        industry: internshipUnit.industry,
        region: internshipUnit.region,
        adviserName: adviser.realname,
        mentorName: mentor.realname,
      })
      .from(internshipEnrolment)
      .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .leftJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
      .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
      .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
      .leftJoin(mentor, eq(mentor.id, internshipEnrolment.mentorUserId))
      .where(
        and(
          eq(internshipEnrolment.programId, program.id),
          placementReach(viewer, PLACEMENT_ACCESS.review),
          between ? isNotNull(internshipEnrolment.unitId) : undefined,
          between ? inArray(internshipEnrolment.status, ['active', 'ended', 'terminated']) : undefined,
          between ? lte(internshipEnrolment.startDate, between.to) : undefined,
          between ? gte(internshipEnrolment.endDate, between.from) : undefined,
        ),
      )
      .orderBy(asc(basicClass.name), asc(basicStudent.studentNo), asc(internshipEnrolment.startDate), asc(internshipEnrolment.id)),
    studentsPerUnit(db, program.id),
    changesApproved(db, program.id),
    dictLabels(db, 'internship_industry'),
    dictLabels(db, 'internship_region'),
  ]);
  const exceptions = await approvedExceptionRules(db, rows.map((r) => r.enrolment.id));
  const term = program.term?.trim() || termLabelOf(program.startDate);
  return rows.map(({ enrolment: e, ...r }) => ({
    enrolmentId: e.id,
    programType: program.type,
    programName: program.name,
    term,
    departName: r.departName,
    majorCode: r.majorCode,
    majorName: r.majorName,
    className: r.className,
    studentUserId: e.studentUserId,
    studentNo: r.studentNo,
    studentName: r.studentName,
    sex: r.sex,
    unitId: e.unitId,
    unitName: r.unitName,
    creditCode: r.creditCode,
    unitRegion: r.region ? (regions.get(r.region) ?? r.region) : null,
    unitIndustry: r.industry ? (industries.get(r.industry) ?? r.industry) : null,
    post: e.post,
    majorMatch: e.majorMatch,
    startDate: e.startDate,
    endDate: e.endDate,
    adviserName: r.adviserName,
    mentorName: r.mentorName,
    pay: e.monthlyPay,
    insured: e.insured,
    policyNo: e.insurancePolicyNo,
    status: e.status,
    concentrated: e.unitId !== null && (perUnit.get(e.unitId) ?? 0) >= CONCENTRATED_MIN,
    selfFound: e.unitId !== null && changes.has(`${e.studentUserId}|${e.unitId}|${e.startDate}`),
    exceptions: (exceptions.get(e.id) ?? []).map((rule) => exceptionNote([rule])),
  }));
}

// ---- a month's records ------------------------------------------------------------------------------------------

/** What a placement did in a month. */
export interface MonthActivity {
  checkinDays: number;
  leaveDays: number;
  weeklyCount: number;
  monthlyFiled: boolean;
  visits: number;
}

export interface MonthActivities {
  byPlacement: Map<string, MonthActivity>;
  /** The records counted, for the provenance sheet. */
  sources: { checkins: number; leaves: number; weekly: number; monthly: number; visits: number };
}

const FILED = ['submitted', 'reviewed'];

/** Each placement's check-in days, leave days, 周记 and 月报 filed and adviser visits in the month from..to. */
export async function monthActivities(db: Database, enrolmentIds: readonly string[], from: string, to: string): Promise<MonthActivities> {
  const byPlacement = new Map<string, MonthActivity>(enrolmentIds.map((id) => [id, { checkinDays: 0, leaveDays: 0, weeklyCount: 0, monthlyFiled: false, visits: 0 }]));
  const sources = { checkins: 0, leaves: 0, weekly: 0, monthly: 0, visits: 0 };
  if (enrolmentIds.length === 0) return { byPlacement, sources };
  const ids = [...enrolmentIds];
  const inMonth = and(gte(internshipRecord.periodStart, from), lte(internshipRecord.periodStart, to));
  const [checkins, weekly, monthly, leaves, visits] = await Promise.all([
    db
      .select({ enrolmentId: internshipRecord.enrolmentId, days: countDistinct(internshipRecord.periodStart), records: count() })
      .from(internshipRecord)
      .where(and(inArray(internshipRecord.enrolmentId, ids), eq(internshipRecord.kind, 'checkin'), eq(internshipRecord.status, 'recorded'), inMonth))
      .groupBy(internshipRecord.enrolmentId),
    db
      .select({ enrolmentId: internshipRecord.enrolmentId, records: count() })
      .from(internshipRecord)
      .where(and(inArray(internshipRecord.enrolmentId, ids), eq(internshipRecord.kind, 'weekly'), inArray(internshipRecord.status, FILED), inMonth))
      .groupBy(internshipRecord.enrolmentId),
    db
      .select({ enrolmentId: internshipRecord.enrolmentId })
      .from(internshipRecord)
      .where(and(inArray(internshipRecord.enrolmentId, ids), eq(internshipRecord.kind, 'monthly'), inArray(internshipRecord.status, FILED), eq(internshipRecord.periodStart, from))),
    // Approved leaves (and those already back) whose time touches the month, on the school's clock.
    db
      .select({ enrolmentId: internshipRecord.enrolmentId, startsAt: internshipRecord.startsAt, endsAt: internshipRecord.endsAt })
      .from(internshipRecord)
      .where(
        and(
          inArray(internshipRecord.enrolmentId, ids),
          eq(internshipRecord.kind, 'leave'),
          inArray(internshipRecord.status, ['approved', 'back']),
          lt(internshipRecord.startsAt, schoolMidnight(addDays(to, 1))),
          gte(internshipRecord.endsAt, schoolMidnight(from)),
        ),
      ),
    db
      .select({ enrolmentId: internshipVisitStudent.enrolmentId, visits: count() })
      .from(internshipVisitStudent)
      .innerJoin(internshipVisit, eq(internshipVisit.id, internshipVisitStudent.visitId))
      .where(and(inArray(internshipVisitStudent.enrolmentId, ids), gte(internshipVisit.visitDate, from), lte(internshipVisit.visitDate, to)))
      .groupBy(internshipVisitStudent.enrolmentId),
  ]);
  for (const r of checkins) {
    byPlacement.get(r.enrolmentId)!.checkinDays = r.days;
    sources.checkins += r.records;
  }
  for (const r of weekly) {
    byPlacement.get(r.enrolmentId)!.weeklyCount = r.records;
    sources.weekly += r.records;
  }
  for (const r of monthly) byPlacement.get(r.enrolmentId)!.monthlyFiled = true;
  sources.monthly = monthly.length;
  const leaveDays = new Map<string, Set<string>>();
  for (const leave of leaves) {
    const days = leaveDays.get(leave.enrolmentId) ?? new Set<string>();
    const first = schoolClock(leave.startsAt!).slice(0, 10);
    const last = schoolClock(leave.endsAt!).slice(0, 10);
    for (let day = first > from ? first : from; day <= last && day <= to; day = addDays(day, 1)) days.add(day);
    leaveDays.set(leave.enrolmentId, days);
  }
  for (const [id, days] of leaveDays) byPlacement.get(id)!.leaveDays = days.size;
  sources.leaves = leaves.length;
  for (const r of visits) {
    byPlacement.get(r.enrolmentId)!.visits = r.visits;
    sources.visits += r.visits;
  }
  return { byPlacement, sources };
}

/** A day's first moment on the school's clock (Beijing time, UTC+8 all year). */
const schoolMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** Who is exporting, as the provenance sheet names them. */
export async function personName(db: Database, userId: string): Promise<string> {
  const [user] = await db.select({ realname: sysUser.realname, username: sysUser.username }).from(sysUser).where(eq(sysUser.id, userId));
  return user ? `${user.realname}（${user.username}）` : userId;
}

/** The departments a department administrator's reach covers, by name. */
export async function departNames(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ name: sysDepart.departName }).from(sysDepart).where(inArray(sysDepart.id, [...ids])).orderBy(asc(sysDepart.sortNo), asc(sysDepart.departName));
  return rows.map((r) => r.name);
}
