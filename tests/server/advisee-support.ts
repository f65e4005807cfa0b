import { eq } from 'drizzle-orm';
import { RECORD_KINDS, type MyPlacementRecords } from '@contract/records.ts';
import { basicStudent, internshipEnrolment, internshipProgram, sysUser } from '../../server/db/schema.ts';
import { expectOk, type TestApp } from './harness.ts';

export interface Advisee {
  token: string;
  enrolmentId: string;
  name: string;
}

/**
 * Students of their own in student01's program, each placed like student01 under one new adviser, and the weeks
 * student01 has not filed (the open ones, newest first), with the program's 周记 minimum lowered to `minWeeklyLength`
 * so the tests' short texts go through.
 */
export async function newAdvisees(t: TestApp, names: readonly string[], minWeeklyLength: number) {
  const [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${RECORD_KINDS.weekly.base}/mine`, await t.login('student01')));
  const weeks = placement!.slots.filter((slot) => !slot.record && !slot.closedReason).map((slot) => slot.periodStart);
  await t.db.update(internshipProgram).set({ minWeeklyLength }).where(eq(internshipProgram.id, placement!.programId));
  const adviser = await t.createUser({ roles: ['role-teacher'] });
  // In student01's class, as the school's own students are (the season's grid lists students by their 学籍).
  const [classmate] = await t.db.select({ classId: basicStudent.classId, grade: basicStudent.grade }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).where(eq(sysUser.username, 'student01'));
  const advisees: Advisee[] = [];
  for (const name of names) {
    const user = await t.createUser({ roles: ['role-student'] });
    await t.db.update(sysUser).set({ realname: name }).where(eq(sysUser.id, user.id));
    await t.db.insert(basicStudent).values({ userId: user.id, name, studentNo: `T${Date.now()}${advisees.length}`, classId: classmate!.classId, grade: classmate!.grade });
    const [row] = await t.db
      .insert(internshipEnrolment)
      .values({ programId: placement!.programId, studentUserId: user.id, adviserUserId: adviser.id, startDate: placement!.startDate, endDate: placement!.endDate, status: 'active' })
      .returning({ id: internshipEnrolment.id });
    advisees.push({ token: await t.login(user.username, user.password), enrolmentId: row!.id, name });
  }
  return { placement: placement!, weeks, adviserToken: await t.login(adviser.username, adviser.password), advisees };
}
