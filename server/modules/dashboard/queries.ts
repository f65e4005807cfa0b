import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countWeeks, type MyDashboard, type PlacementFigures } from '@contract/dashboard.ts';
import { schoolToday, type EnrolmentStatus, type ProgramType, type WeeklyStatus } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram, internshipUnit, internshipRecord, sysUser } from '../../db/schema.ts';
import { placementReach, type Viewer } from '../relation/model.ts';

const student = alias(sysUser, 'student');
const adviser = alias(sysUser, 'adviser');
const mentor = alias(sysUser, 'mentor');

const RUNNING_FIRST: Record<EnrolmentStatus, number> = { active: 0, pending: 1, ended: 2, terminated: 3 };

/** Running placements first; then those with more waiting or missing; newest start, then name. */
const byAttention = (a: PlacementFigures, b: PlacementFigures) =>
  RUNNING_FIRST[a.status] - RUNNING_FIRST[b.status] ||
  b.waiting + b.missed + b.returned - (a.waiting + a.missed + a.returned) ||
  b.startDate.localeCompare(a.startDate) ||
  a.studentName.localeCompare(b.studentName, 'zh-CN') ||
  a.enrolmentId.localeCompare(b.enrolmentId);

/** The parts of the answer, by the relation the viewer holds to the placement. */
const PARTS = ['self', 'adviser', 'mentor'] as const;

/**
 * GET /dashboard/mine: every placement the viewer is part of (as student, adviser or mentor, by the relation
 * model) with how its weekly summaries stand today on the school's clock. Drafts are counted as nothing
 * handed in and never shown to adviser or mentor.
 */
export async function myDashboard(db: Database, viewer: Viewer, today: string = schoolToday()): Promise<MyDashboard> {
  const rows = await db
    .select({
      enrolment: internshipEnrolment,
      programName: internshipProgram.name,
      programType: internshipProgram.type,
      requiredCount: internshipProgram.minWeeklyCount,
      unitName: internshipUnit.name,
      studentName: student.realname,
      studentNo: student.workNo,
      adviserName: adviser.realname,
      mentorName: mentor.realname,
      asSelf: sql<boolean>`(${placementReach(viewer, ['self'])})`,
      asAdviser: sql<boolean>`(${placementReach(viewer, ['adviser'])})`,
      asMentor: sql<boolean>`(${placementReach(viewer, ['mentor'])})`,
    })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(student, eq(student.id, internshipEnrolment.studentUserId))
    .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .leftJoin(mentor, eq(mentor.id, internshipEnrolment.mentorUserId))
    .where(placementReach(viewer, PARTS));
  const answer: MyDashboard = { mine: [], advised: [], mentored: [] };
  if (rows.length === 0) return answer;

  const summaries = await db
    .select({ enrolmentId: internshipRecord.enrolmentId, weekStart: internshipRecord.periodStart, status: internshipRecord.status, score: internshipRecord.score, submittedAt: internshipRecord.submittedAt })
    .from(internshipRecord)
    .where(and(eq(internshipRecord.kind, 'weekly'), inArray(internshipRecord.enrolmentId, rows.map((r) => r.enrolment.id))))
    .orderBy(asc(internshipRecord.periodStart));
  const weeksOf = new Map<string, { weekStart: string; status: WeeklyStatus; score: number | null; submittedAt: string | null }[]>();
  for (const s of summaries) {
    const list = weeksOf.get(s.enrolmentId) ?? [];
    list.push({ weekStart: s.weekStart, status: s.status as WeeklyStatus, score: s.score, submittedAt: s.submittedAt ? s.submittedAt.toISOString() : null });
    weeksOf.set(s.enrolmentId, list);
  }

  for (const row of rows) {
    const { enrolment } = row;
    const status = enrolment.status as EnrolmentStatus;
    const figures: PlacementFigures = {
      enrolmentId: enrolment.id,
      studentName: row.studentName,
      studentNo: row.studentNo,
      programName: row.programName,
      programType: row.programType as ProgramType,
      status,
      unitName: row.unitName,
      post: enrolment.post,
      adviserName: row.adviserName,
      mentorName: row.mentorName,
      startDate: enrolment.startDate,
      endDate: enrolment.endDate,
      requiredCount: row.requiredCount,
      ...countWeeks({ startDate: enrolment.startDate, endDate: enrolment.endDate, status }, weeksOf.get(enrolment.id) ?? [], today),
    };
    if (row.asSelf) answer.mine.push(figures);
    if (row.asAdviser) answer.advised.push(figures);
    if (row.asMentor) answer.mentored.push(figures);
  }
  answer.mine.sort(byAttention);
  answer.advised.sort(byAttention);
  answer.mentored.sort(byAttention);
  return answer;
}
