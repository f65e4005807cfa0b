import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COMPLIANCE_ITEMS,
  COMPLIANCE_ITEM_KEYS,
  COMPLIANCE_MSG,
  COMPLIANCE_PAGE,
  COMPLIANCE_PERMISSIONS,
  COMPLIANCE_URL,
  complianceQuerySchema,
  complianceRemindSchema,
  studentReminder,
  type ComplianceItem,
  type ComplianceList,
  type ComplianceRemindResult,
  type ComplianceRow,
} from '@contract/compliance.ts';
import { exceptionNote } from '@contract/internship-exception.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus, type ProgramType } from '@contract/internship.ts';
import { PLACEMENT_ACCESS, startChecklist } from '@contract/internship-placement.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicStudent, internshipEnrolment, internshipProgram, internshipUnit, sysUser } from '../../db/schema.ts';
import { EXCEL } from '../../lib/answers.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { notify } from '../announcement/notify.ts';
import { approvedExceptionRules } from './exceptions.ts';
import { managedPrograms } from './managed-programs.ts';
import { complianceListAnswer, complianceRemindAnswer } from './schemas.ts';
import { placementReach, requestViewer, type Viewer } from '../relation/model.ts';

const adviser = alias(sysUser, 'compliance_adviser');

/** The placements checked: those still to start and those under way. */
const CHECKED: EnrolmentStatus[] = ['pending', 'active'];

interface Checked extends ComplianceRow {
  studentUserId: string;
  adviserUserId: string | null;
}

/** Every placement of the program in the viewer's reach with what it lacks, by class and 学号. */
async function checkedPlacements(db: Database, viewer: Viewer, programId: string): Promise<{ programName: string; rows: Checked[] }> {
  const rows = await db
    .select({
      enrolment: internshipEnrolment,
      program: { name: internshipProgram.name, type: internshipProgram.type, startDate: internshipProgram.startDate, endDate: internshipProgram.endDate },
      studentName: sysUser.realname,
      studentNo: basicStudent.studentNo,
      grade: basicStudent.grade,
      birthday: basicStudent.birthday,
      className: basicClass.name,
      unitName: internshipUnit.name,
      siteReport: internshipUnit.siteReportAttachmentId,
      siteVisitDate: internshipUnit.siteVisitDate,
      adviserName: adviser.realname,
    })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .leftJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .where(and(eq(internshipEnrolment.programId, programId), inArray(internshipEnrolment.status, CHECKED), placementReach(viewer, PLACEMENT_ACCESS.review)))
    .orderBy(asc(basicClass.name), asc(basicStudent.studentNo), asc(internshipEnrolment.id));
  const exceptions = await approvedExceptionRules(db, rows.map((r) => r.enrolment.id));
  return {
    programName: rows[0]?.program.name ?? '',
    rows: rows.map((r) => {
      const student = r.grade === null ? null : { name: r.studentName, grade: r.grade, birthday: r.birthday };
      const lacking = startChecklist(r.enrolment, { program: { ...r.program, type: r.program.type as ProgramType }, student, unit: null, post: null }).filter((i) => !i.met);
      const missing = lacking.map((i) => i.code as ComplianceItem);
      const notes = lacking.map((i) => i.message ?? COMPLIANCE_ITEMS[i.code as ComplianceItem]);
      if (r.enrolment.unitId && !r.siteReport && !r.siteVisitDate) {
        missing.push('siteVisit');
        notes.push(`实习单位“${r.unitName ?? ''}”尚未登记实地考察`);
      }
      return {
        enrolmentId: r.enrolment.id,
        studentUserId: r.enrolment.studentUserId,
        adviserUserId: r.enrolment.adviserUserId,
        studentName: r.studentName,
        studentNo: r.studentNo,
        className: r.className,
        unitName: r.unitName,
        adviserName: r.adviserName,
        status: r.enrolment.status,
        startDate: r.enrolment.startDate,
        missing,
        notes,
        exception: exceptions.has(r.enrolment.id) ? exceptionNote(exceptions.get(r.enrolment.id)!) : null,
      };
    }),
  };
}

const publicRow = ({ studentUserId: _s, adviserUserId: _a, ...row }: Checked): ComplianceRow => row;

/**
 * 合规检查 (contract/compliance.ts): a program's placements with what each lacks before it may run, in the reach
 * of whoever manages placements (the office, a department for its students); the list as Excel; 一键提醒.
 */
export function registerComplianceRoutes(app: App) {
  const { db } = app;
  const view = { permission: COMPLIANCE_PERMISSIONS.view, scope: 'placement' } as const;

  /** The program asked for (in reach, else 404) or the first in reach; null when the viewer manages none. */
  const programOf = async (viewer: Viewer, programId: string | undefined) => {
    const programs = await managedPrograms(db, viewer, CHECKED);
    const program = programId ? programs.find((p) => p.id === programId) : programs[0];
    if (programId && !program) throw notFound(COMPLIANCE_MSG.programNotFound);
    return { programs, program: program ?? null };
  };

  app.get(COMPLIANCE_URL.list, { config: { access: view }, schema: { querystring: complianceQuerySchema, response: { 200: complianceListAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const { pageNo, pageSize, all } = request.query;
    const { programs, program } = await programOf(viewer, request.query.programId);
    const checked = program ? (await checkedPlacements(db, viewer, program.id)).rows : [];
    const lacking = checked.filter((r) => r.missing.length > 0);
    const shown = all === '1' ? checked : lacking;
    const byItem = Object.fromEntries(COMPLIANCE_ITEM_KEYS.map((k) => [k, lacking.filter((r) => r.missing.includes(k)).length])) as Record<ComplianceItem, number>;
    const result: ComplianceList = {
      programId: program?.id ?? null,
      programs: programs.map((p) => ({ value: p.id, label: p.name })),
      rows: shown.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(publicRow),
      checked: checked.length,
      lacking: lacking.length,
      byItem,
      total: shown.length,
      current: pageNo,
      size: pageSize,
    };
    return ok(result);
  });

  app.get(COMPLIANCE_URL.exportXls, { config: { access: view, fileAnswer: [EXCEL] }, schema: { querystring: complianceRemindSchema } }, async (request, reply) => {
    const viewer = await requestViewer(request);
    const { program } = await programOf(viewer, request.query.programId);
    const { programName, rows } = await checkedPlacements(db, viewer, program!.id);
    const columns = ['学号', '学生', '班级', '实习单位', '指导教师', '状态', '开始日期', ...COMPLIANCE_ITEM_KEYS.map((k) => COMPLIANCE_ITEMS[k]), '说明', '例外备案'].map((header) => ({ header }));
    const cells = rows.map((r) => [
      r.studentNo ?? '',
      r.studentName,
      r.className ?? '',
      r.unitName ?? '',
      r.adviserName ?? '',
      ENROLMENT_STATUS_LABELS[r.status as EnrolmentStatus] ?? r.status,
      r.startDate,
      ...COMPLIANCE_ITEM_KEYS.map((k) => (r.missing.includes(k) ? '缺' : '')),
      r.notes.join('；'),
      r.exception ?? '',
    ]);
    return sendWorkbook(reply, `${programName}合规检查`, await buildWorkbook(COMPLIANCE_PAGE.name, columns, cells));
  });

  /** One bell message to each student lacking something, and one to each of their advisers naming them. */
  app.post(COMPLIANCE_URL.remind, { config: { access: { permission: COMPLIANCE_PERMISSIONS.remind, scope: 'placement' }, logTitle: '合规缺项提醒' }, schema: { body: complianceRemindSchema, response: { 200: complianceRemindAnswer } } }, async (request) => {
    requireAuth(request.auth);
    const viewer = await requestViewer(request);
    const { program } = await programOf(viewer, request.body.programId);
    const { programName, rows } = await checkedPlacements(db, viewer, program!.id);
    const lacking = rows.filter((r) => r.missing.length > 0);
    if (lacking.length === 0) throw badRequest(COMPLIANCE_MSG.nobody);
    const byAdviser = new Map<string, Checked[]>();
    for (const row of lacking) if (row.adviserUserId) byAdviser.set(row.adviserUserId, [...(byAdviser.get(row.adviserUserId) ?? []), row]);
    await db.transaction(async (tx) => {
      for (const row of lacking) await notify(tx, { ...studentReminder(programName, row.notes), sender: '实习办', recipients: [row.studentUserId] });
      for (const [adviserUserId, students] of byAdviser) {
        const lines = students.map((s) => `${s.studentName}（${s.studentNo ?? '—'}）：缺${s.missing.map((k) => COMPLIANCE_ITEMS[k]).join('、')}`);
        await notify(tx, { title: `您指导的${students.length}名学生实习材料不全`, text: `“${programName}”开始前尚缺：\n${lines.join('\n')}\n请督促学生补齐，并在“实习安排”中登记。`, sender: '实习办', recipients: [adviserUserId] });
      }
    });
    const result: ComplianceRemindResult = { students: lacking.length, advisers: byAdviser.size };
    return ok(result, COMPLIANCE_MSG.reminded(result.students, result.advisers));
  });
}
