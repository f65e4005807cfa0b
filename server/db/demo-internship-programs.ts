import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { addDays } from '@contract/internship.ts';
import { termLabelOf } from '@contract/internship-program.ts';
import { postPlacementRefusals } from '@contract/internship-rules.ts';
import type { Tx } from '../lib/resource/binding.ts';
import { basicStudent, internshipEnrolment, internshipProgram, internshipProgramClass } from './schema.ts';

/** The 2026届岗位实习's classes: 信息工程学院's grade 2023 (student01's 软件技术2023级1班 among them). */
export const DEMO_POST_CLASSES = ['class-20230101', 'class-20230201'] as const;
/** The running 认识实习 of 信息工程学院: its first-year 软件技术2025级1班. */
export const DEMO_COGNITION_CLASS = 'class-20250101';
/** The draft 2027届岗位实习 has its classes chosen (信息工程学院's grade 2024) and none enrolled yet. */
export const DEMO_DRAFT_CLASSES = ['class-20240101', 'class-20240201'] as const;

/**
 * DOMAIN.md's three programs with enrolments, after the demo 2026届岗位实习 with student01's placement
 * (which stays as it is: the 周记 depend on it): that program gets its classes and a placement per student
 * still to be given a unit (未开始); a running 认识实习 of a grade-2025 class; a draft 2027届岗位实习.
 * Each student is enrolled as 按班级报名 would: 在读 only, and none the 2021 rules keep out of a 岗位实习.
 */
export async function seedDemoPrograms(tx: Tx, post: { id: string; startDate: string; endDate: string }): Promise<void> {
  const enrol = async (program: { id: string; type: string; startDate: string; endDate: string }, classIds: readonly string[]) => {
    const taken = (await tx.select({ id: internshipEnrolment.studentUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.programId, program.id))).map((r) => r.id);
    const students = await tx
      .select({ userId: basicStudent.userId, name: basicStudent.name, grade: basicStudent.grade, birthday: basicStudent.birthday })
      .from(basicStudent)
      .where(and(inArray(basicStudent.classId, [...classIds]), eq(basicStudent.status, '1'), taken.length > 0 ? notInArray(basicStudent.userId, taken) : undefined))
      .orderBy(asc(basicStudent.studentNo));
    const placed = students.filter((s) => program.type !== 'post' || postPlacementRefusals(s, program.startDate).length === 0);
    if (placed.length === 0) return;
    await tx.insert(internshipEnrolment).values(
      placed.map((s) => ({ programId: program.id, studentUserId: s.userId, startDate: program.startDate, endDate: program.endDate, status: 'pending' })),
    );
  };
  const link = (programId: string, classIds: readonly string[]) => tx.insert(internshipProgramClass).values(classIds.map((classId) => ({ programId, classId })));

  await link(post.id, DEMO_POST_CLASSES);
  await enrol({ ...post, type: 'post' }, DEMO_POST_CLASSES);

  // Four weeks of visits to companies, begun a fortnight ago (the 岗位实习 began nine weeks ago).
  const cognitionStart = addDays(post.startDate, 49);
  const [cognition] = await tx
    .insert(internshipProgram)
    .values({
      name: '软件技术2025级认识实习',
      type: 'cognition',
      term: termLabelOf(cognitionStart),
      departId: 'dep-info',
      startDate: cognitionStart,
      endDate: addDays(cognitionStart, 27),
      minWeeklyCount: 4,
      minWeeklyLength: 200,
      minMonthlyCount: 1,
      // Four weeks of visits, each day written up: the demo's program that asks for 日报.
      dailyLog: true,
      minDailyCount: 15,
      minDailyLength: 50,
      reportRequired: true,
      minReportLength: 800,
      weightMentor: 30,
      weightAdviser: 40,
      weightSummary: 20,
      weightReport: 10,
      status: 'running',
    })
    .returning();
  await link(cognition!.id, [DEMO_COGNITION_CLASS]);
  await enrol(cognition!, [DEMO_COGNITION_CLASS]);

  const [draft] = await tx
    .insert(internshipProgram)
    .values({ name: '2027届岗位实习', type: 'post', term: '2026-2027学年第二学期', startDate: '2027-03-01', endDate: '2027-08-27', minWeeklyCount: 20, minMonthlyCount: 6, scorePrecision: 1, status: 'draft' })
    .returning({ id: internshipProgram.id });
  await link(draft!.id, DEMO_DRAFT_CLASSES);
}
