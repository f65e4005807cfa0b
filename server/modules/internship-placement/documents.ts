import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TEMPLATE_MSG, type TemplateKind, type TemplatePlaceholder } from '@contract/documents.ts';
import { schoolToday } from '@contract/internship.ts';
import { needsConsent } from '@contract/internship-rules.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipUnit, internshipUnitPost, sysDepart, sysUser } from '../../db/schema.ts';
import { badRequest } from '../../lib/http.ts';
import { schoolName } from '../documents/issue.ts';
import { templateDocument } from '../documents/templates.ts';

const adviser = alias(sysUser, 'document_adviser');
const mentor = alias(sysUser, 'document_mentor');

/** 2026-10-05 → 2026年10月5日. */
const chineseDate = (day: string) => `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/**
 * 三方协议 or 知情同意书 of one placement (in the caller's reach, found by the route): the school's template
 * (contract/documents.ts) filled from the placement, its student, unit and program. A guardian's consent is
 * for a student under 18 at the start (or of unknown age); for an adult it is refused.
 */
export async function placementDocument(db: Database, placement: typeof internshipEnrolment.$inferSelect, kind: TemplateKind, issuedBy: string) {
  const [row] = await db
    .select({
      student: basicStudent,
      className: basicClass.name,
      majorName: basicMajor.name,
      departName: sysDepart.departName,
      programName: internshipProgram.name,
      unit: internshipUnit,
      postName: internshipUnitPost.name,
      adviserName: adviser.realname,
      mentorName: mentor.realname,
    })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .leftJoin(sysDepart, eq(sysDepart.id, basicMajor.departId))
    .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .leftJoin(internshipUnitPost, eq(internshipUnitPost.id, internshipEnrolment.postId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .leftJoin(mentor, eq(mentor.id, internshipEnrolment.mentorUserId))
    .where(eq(internshipEnrolment.id, placement.id));
  if (kind === 'consent' && !needsConsent(row?.student?.birthday, placement.startDate)) throw badRequest(TEMPLATE_MSG.adult);
  const values: Record<TemplatePlaceholder, string | null> = {
    学校名称: await schoolName(db),
    学生姓名: row?.student?.name ?? null,
    学号: row?.student?.studentNo ?? null,
    班级: row?.className ?? null,
    专业: row?.majorName ?? null,
    院系: row?.departName ?? null,
    实习计划: row?.programName ?? null,
    实习单位: row?.unit?.name ?? null,
    统一社会信用代码: row?.unit?.creditCode ?? null,
    单位地址: row?.unit?.address ?? null,
    单位联系人: row?.unit?.contact ?? null,
    单位电话: row?.unit?.phone ?? null,
    岗位: placement.post ?? row?.postName ?? null,
    工作地点: placement.workAddress ?? row?.unit?.address ?? null,
    起止日期: `${chineseDate(placement.startDate)}至${chineseDate(placement.endDate)}`,
    开始日期: chineseDate(placement.startDate),
    结束日期: chineseDate(placement.endDate),
    实习报酬: placement.monthlyPay === null ? null : String(placement.monthlyPay),
    保险单号: placement.insurancePolicyNo,
    指导教师: row?.adviserName ?? null,
    企业导师: row?.mentorName ?? null,
    今天: chineseDate(schoolToday()),
  };
  return { document: await templateDocument(db, kind, values, issuedBy), studentName: values.学生姓名 ?? '' };
}
