import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { addDays } from '@contract/internship.ts';
import type { Tx } from '../lib/resource-routes.ts';
import { basicStudent, basicTeacher, internshipEnrolment, internshipUnit, internshipUnitContact, internshipUnitPost, sysUser } from './schema.ts';

/** Of every five enrolments of the running 岗位实习, three are placed; the rest wait for a unit (and an adviser). */
const PLACED_OF_FIVE = 3;

/**
 * 实习安排 of the demo school, after the units and programs (server/db/seed.ts): student01's placement keeps
 * its unit, post, mentor, adviser and dates (the 周记 depend on them) and gets the 2021 rules' records; three
 * in five of the other 未开始 students of the running 岗位实习 get a 合作中 unit and one of its posts within
 * the 10 % and 20 % limits, the contact's mentor account where there is one, an adviser of 信息工程学院
 * (teacher01 keeps only student01), the agreed pay and terms; the others stay unplaced.
 */
export async function seedDemoPlacements(tx: Tx, program: { id: string; startDate: string; endDate: string }): Promise<void> {
  const [student01] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'student01')).limit(1);
  const [teacher01] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01')).limit(1);
  if (!student01) return;
  const records = (index: number, pay: number) => ({
    monthlyPay: pay,
    noFeeConfirmed: true,
    workTermsConfirmed: true,
    preTrainingDate: addDays(program.startDate, -3),
    insured: index % 4 !== 3,
    insurancePolicyNo: index % 4 !== 3 ? `PICC2026${String(100000 + index)}` : null,
  });
  const [own] = await tx
    .select({ id: internshipEnrolment.id, postId: internshipEnrolment.postId })
    .from(internshipEnrolment)
    .where(and(eq(internshipEnrolment.programId, program.id), eq(internshipEnrolment.studentUserId, student01.id)));
  if (own) {
    const [post] = own.postId ? await tx.select({ wage: internshipUnitPost.probationWage }).from(internshipUnitPost).where(eq(internshipUnitPost.id, own.postId)) : [];
    await tx.update(internshipEnrolment).set(records(0, Math.max(4000, Math.ceil((post?.wage ?? 0) * 0.8)))).where(eq(internshipEnrolment.id, own.id));
  }

  const units = await tx
    .select({ id: internshipUnit.id, employees: internshipUnit.employeeCount })
    .from(internshipUnit)
    .where(and(eq(internshipUnit.status, 'active'), isNotNull(internshipUnit.employeeCount)))
    .orderBy(asc(internshipUnit.name));
  const posts = await tx
    .select({ id: internshipUnitPost.id, unitId: internshipUnitPost.unitId, name: internshipUnitPost.name, headcount: internshipUnitPost.headcount, wage: internshipUnitPost.probationWage })
    .from(internshipUnitPost)
    .where(inArray(internshipUnitPost.unitId, units.length ? units.map((u) => u.id) : ['']))
    .orderBy(asc(internshipUnitPost.name));
  const mentors = await tx.select({ unitId: internshipUnitContact.unitId, userId: internshipUnitContact.userId }).from(internshipUnitContact).where(isNotNull(internshipUnitContact.userId));
  const advisers = (
    await tx
      .select({ userId: basicTeacher.userId })
      .from(basicTeacher)
      .where(and(eq(basicTeacher.departId, 'dep-info'), teacher01 ? ne(basicTeacher.userId, teacher01.id) : undefined))
      .orderBy(asc(basicTeacher.workNo))
      .limit(6)
  ).map((t) => t.userId);
  const waiting = await tx
    .select({ id: internshipEnrolment.id })
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .where(and(eq(internshipEnrolment.programId, program.id), eq(internshipEnrolment.status, 'pending'), isNull(internshipEnrolment.unitId)))
    .orderBy(asc(basicStudent.studentNo));

  // Places taken so far, so no unit passes 10 % of its employees and no post 20 % of its headcount.
  const taken = new Map<string, number>();
  const fits = (unit: { id: string; employees: number | null }, post: { id: string; headcount: number }) =>
    (taken.get(unit.id) ?? 0) + 1 <= Math.floor((unit.employees ?? 0) / 10) && (taken.get(post.id) ?? 0) + 1 <= Math.floor(post.headcount / 5);
  let next = 0;
  for (const [index, enrolment] of waiting.entries()) {
    if (index % 5 >= PLACED_OF_FIVE || units.length === 0) continue;
    let choice: { unit: (typeof units)[number]; post: (typeof posts)[number] } | null = null;
    for (let tries = 0; tries < units.length && !choice; tries++) {
      const unit = units[(next + tries) % units.length]!;
      const post = posts.filter((p) => p.unitId === unit.id).find((p) => fits(unit, p));
      if (post) {
        choice = { unit, post };
        next = (next + tries + 1) % units.length;
      }
    }
    if (!choice) break;
    taken.set(choice.unit.id, (taken.get(choice.unit.id) ?? 0) + 1);
    taken.set(choice.post.id, (taken.get(choice.post.id) ?? 0) + 1);
    await tx
      .update(internshipEnrolment)
      .set({
        unitId: choice.unit.id,
        postId: choice.post.id,
        post: choice.post.name,
        mentorUserId: mentors.find((m) => m.unitId === choice.unit.id)?.userId ?? null,
        adviserUserId: advisers.length ? advisers[index % advisers.length]! : null,
        ...records(index + 1, Math.ceil(((choice.post.wage ?? 3000) * 0.9) / 100) * 100),
      })
      .where(eq(internshipEnrolment.id, enrolment.id));
  }

}
