import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { addDays } from '@contract/internship.ts';
import { PLACEMENT_FILE_OWNER } from '@contract/internship-placement.ts';
import { needsConsent } from '@contract/internship-rules.ts';
import type { Tx } from '../lib/resource/binding.ts';
import { basicStudent, basicTeacher, internshipAttachment, internshipEnrolment, internshipUnit, internshipUnitContact, internshipUnitPost, sysUser } from './schema.ts';

/** Of every five enrolments of the running 岗位实习, three are placed; the rest wait for a unit (and an adviser). */
const PLACED_OF_FIVE = 3;

/** Plain teachers of 信息工程学院 who advise the placed students, with dept01 (陈主任) among them. */
const ADVISER_COUNT = 5;

/**
 * A small one-page PDF standing for a signed, scanned form (its bytes are kept in the attachment's row, which
 * the server's start moves to the file store, as it does for uploads from before the store).
 */
export function demoPdf(lines: readonly string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 12 Tf 72 ${760 - i * 20} Td (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An internship_attachment row of a demo PDF, with its bytes in the row. */
export function demoPdfAttachment(recordId: string, uploaderId: string, fileName: string, lines: readonly string[], createdAt: Date, id: string = randomUUID()) {
  const content = demoPdf(lines);
  return { id, recordId, uploaderId, fileName, mimeType: 'application/pdf', size: content.length, sha256: createHash('sha256').update(content).digest('hex'), content, createdAt };
}

/**
 * 实习安排 of the demo school, after the units and programs (server/db/seed.ts): student01's placement keeps
 * its unit, post, mentor, adviser and dates (the 周记 depend on them) and gets the 2021 rules' records; three
 * in five of the other 未开始 students of the running 岗位实习 get a 合作中 unit and one of its posts within
 * the 10 % and 20 % limits, the contact's mentor account where there is one, an adviser of 信息工程学院
 * (teacher01 keeps only student01; dept01 陈主任 advises one in six, 2023010107 among them), the agreed pay
 * and terms; the others stay unplaced. Every placed student has what starting a 岗位实习 needs (三方协议,
 * 知情同意书 under 18, 岗前培训, insurance covering the placement; the office uploaded the files) and is 实习中 since
 * the start. Seven in ten posts are 专业对口, two 基本对口, one 不对口.
 */
export async function seedDemoPlacements(tx: Tx, program: { id: string; startDate: string; endDate: string }): Promise<void> {
  const [student01] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'student01')).limit(1);
  const named = await tx.select({ id: sysUser.id, username: sysUser.username }).from(sysUser).where(inArray(sysUser.username, ['teacher01', 'dept01', 'multi01', 'office01']));
  const namedId = (username: string) => named.find((u) => u.username === username)?.id ?? null;
  if (!student01) return;
  const records = (index: number, pay: number) => ({
    monthlyPay: pay,
    noFeeConfirmed: true,
    workTermsConfirmed: true,
    preTrainingDate: addDays(program.startDate, -3),
    insured: true,
    insurancePolicyNo: `PICC2026${String(100000 + index)}`,
    insuranceStart: addDays(program.startDate, -7),
    insuranceEnd: program.endDate,
    // Seven in ten posts fit the major, two partly, one not (统计报表's 岗位对口).
    majorMatch: index % 10 < 7 ? ('yes' as const) : index % 10 < 9 ? ('partly' as const) : ('no' as const),
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
  const others = named.filter((u) => u.username !== 'office01').map((u) => u.id);
  const advisers = (
    await tx
      .select({ userId: basicTeacher.userId })
      .from(basicTeacher)
      .where(and(eq(basicTeacher.departId, 'dep-info'), others.length ? notInArray(basicTeacher.userId, others) : undefined))
      .orderBy(asc(basicTeacher.workNo))
      .limit(ADVISER_COUNT)
  ).map((t): string | null => t.userId);
  // The sixth of every six placed students (2023010107, the sixth waiting student, the first of them) is 陈主任's.
  if (namedId('dept01')) advisers.push(namedId('dept01'));
  const waiting = await tx
    .select({ id: internshipEnrolment.id, studentNo: basicStudent.studentNo, birthday: basicStudent.birthday })
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .where(and(eq(internshipEnrolment.programId, program.id), eq(internshipEnrolment.status, 'pending'), isNull(internshipEnrolment.unitId)))
    .orderBy(asc(basicStudent.studentNo));

  // Places taken so far, so no unit passes 10 % of its employees and no post 20 % of its headcount.
  const taken = new Map<string, number>();
  const fits = (unit: { id: string; employees: number | null }, post: { id: string; headcount: number }) =>
    (taken.get(unit.id) ?? 0) + 1 <= Math.floor((unit.employees ?? 0) / 10) && (taken.get(post.id) ?? 0) + 1 <= Math.floor(post.headcount / 5);
  let next = 0;
  const office = namedId('office01') ?? student01.id;
  const uploaded = new Date(`${addDays(program.startDate, -7)}T10:00:00+08:00`);
  const files: ReturnType<typeof demoPdfAttachment>[] = [];
  const started: { id: string; agreementAttachmentId: string; consentAttachmentId: string | null }[] = [];
  const startChecklist = (id: string, studentNo: string, birthday: string | null) => {
    const agreement = demoPdfAttachment(PLACEMENT_FILE_OWNER, office, `三方协议-${studentNo}.pdf`, ['Tripartite internship agreement', `Student ${studentNo}`, `From ${program.startDate} to ${program.endDate}`], uploaded);
    const consent = needsConsent(birthday, program.startDate)
      ? demoPdfAttachment(PLACEMENT_FILE_OWNER, office, `知情同意书-${studentNo}.pdf`, ['Guardian consent to the internship', `Student ${studentNo}`, 'Signed by the guardian'], uploaded)
      : null;
    files.push(agreement, ...(consent ? [consent] : []));
    started.push({ id, agreementAttachmentId: agreement.id, consentAttachmentId: consent?.id ?? null });
  };
  if (own) startChecklist(own.id, '2023010101', '2006-05-12');
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
        // Numbered in the order placed (1, 2, …), so the policy numbers and the 专业对口 mix run without gaps.
        ...records(started.length, Math.ceil(((choice.post.wage ?? 3000) * 0.9) / 100) * 100),
      })
      .where(eq(internshipEnrolment.id, enrolment.id));
    startChecklist(enrolment.id, enrolment.studentNo, enrolment.birthday);
  }
  // 开始实习: the checklist is complete, so each placement is 实习中.
  if (files.length) await tx.insert(internshipAttachment).values(files);
  for (const placement of started) {
    await tx
      .update(internshipEnrolment)
      .set({ status: 'active', agreementAttachmentId: placement.agreementAttachmentId, consentAttachmentId: placement.consentAttachmentId })
      .where(eq(internshipEnrolment.id, placement.id));
  }

}
