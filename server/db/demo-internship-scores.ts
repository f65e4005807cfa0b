import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { MENTOR_ITEMS, type MentorItems } from '@contract/internship-score.ts';
import type { Tx } from '../lib/resource/binding.ts';
import { internshipEnrolment, internshipProgram, internshipScore, internshipScoreLog, sysUser } from './schema.ts';

const DEMO_EVALUATIONS = [
  { items: [17, 18, 16, 17, 18], comment: '工作踏实，能按时完成任务。', adviser: 86 },
  { items: [15, 16, 14, 16, 17], comment: '态度认真，专业技能仍需加强。', adviser: 78 },
  { items: [19, 18, 18, 19, 19], comment: '表现突出，能独立承担测试任务。', adviser: null },
] as const;

const itemsOf = (scores: readonly number[]): MentorItems =>
  Object.fromEntries(MENTOR_ITEMS.map((item, index) => [item.key, { score: scores[index]!, comment: null }])) as MentorItems;

/**
 * 实习成绩 of the demo, after the placements (server/db/seed.ts). The running 2026届岗位实习 weighs 企业导师 50,
 * 指导教师 30, 周记 20 and 实习报告 0: reports arrive with issue 13, and a weighted component that cannot exist
 * would keep every total waiting. teacher01 has scored student01 (mentor01's evaluation is left to do on the
 * phone); three other placed students have their mentor's evaluation, two also their adviser's score, and
 * wait (待评) for their 周记.
 */
export async function seedDemoScores(tx: Tx, programId: string): Promise<void> {
  await tx.update(internshipProgram).set({ weightMentor: 50, weightAdviser: 30, weightSummary: 20, weightReport: 0 }).where(eq(internshipProgram.id, programId));
  const [student01] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'student01')).limit(1);
  if (!student01) return;
  const placements = await tx
    .select({ id: internshipEnrolment.id, studentUserId: internshipEnrolment.studentUserId, mentorUserId: internshipEnrolment.mentorUserId, adviserUserId: internshipEnrolment.adviserUserId })
    .from(internshipEnrolment)
    .where(and(eq(internshipEnrolment.programId, programId), isNotNull(internshipEnrolment.mentorUserId), isNotNull(internshipEnrolment.adviserUserId)))
    .orderBy(asc(internshipEnrolment.createdAt), asc(internshipEnrolment.id));
  const own = placements.find((p) => p.studentUserId === student01.id);
  const now = new Date();
  if (own) {
    const comment = '周记认真，能结合岗位反思，继续保持。';
    await tx.insert(internshipScore).values({ enrolmentId: own.id, adviserScore: 90, adviserComment: comment, adviserUserId: own.adviserUserId, adviserAt: now });
    await tx.insert(internshipScoreLog).values({ enrolmentId: own.id, action: 'score', actorId: own.adviserUserId, detail: { previous: null, next: { score: 90, comment } } });
  }
  const others = placements.filter((p) => p.studentUserId !== student01.id).slice(0, DEMO_EVALUATIONS.length);
  for (const [index, placement] of others.entries()) {
    const demo = DEMO_EVALUATIONS[index]!;
    const mentorScore = demo.items.reduce((sum, s) => sum + s, 0);
    await tx.insert(internshipScore).values({
      enrolmentId: placement.id,
      mentorItems: itemsOf(demo.items),
      mentorScore,
      mentorComment: demo.comment,
      mentorUserId: placement.mentorUserId,
      mentorAt: now,
      ...(demo.adviser === null ? {} : { adviserScore: demo.adviser, adviserUserId: placement.adviserUserId, adviserAt: now }),
    });
    await tx.insert(internshipScoreLog).values({ enrolmentId: placement.id, action: 'evaluate', actorId: placement.mentorUserId, detail: { previous: null, next: { score: mentorScore, comment: demo.comment } } });
    if (demo.adviser !== null) {
      await tx.insert(internshipScoreLog).values({ enrolmentId: placement.id, action: 'score', actorId: placement.adviserUserId, detail: { previous: null, next: { score: demo.adviser, comment: null } } });
    }
  }
}
