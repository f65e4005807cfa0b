import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_ITEM_KEYS, COMPLIANCE_MSG, COMPLIANCE_URL, type ComplianceList } from '@contract/compliance.ts';
import { addDays } from '@contract/internship.ts';
import { basicStudent, internshipEnrolment, internshipUnit, sysAnnouncement, sysAnnouncementSend } from '../../server/db/schema.ts';
import { readExport } from './basic-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 合规检查 (issue 36): a program's placements with what each lacks before it may run (the rule 开始实习 enforces,
 * and the unit's site assessment), exported, and 一键提醒 to the students and advisers concerned.
 */

let t: TestApp;
let office: string;
/** The demo's 2026届岗位实习: its placements still to start lack their papers. */
let programId: string;

beforeAll(async () => {
  t = await startTestApp();
  office = await t.login('office01');
  programId = expectOk(await t.get<ComplianceList>(`/api${COMPLIANCE_URL.list}`, office)).programs.find((p) => p.label === '2026届岗位实习')!.value;
});
afterAll(() => t.close());

const listOf = (query: Record<string, string> = {}, token = office) => t.get<ComplianceList>(`/api${COMPLIANCE_URL.list}`, token, { pageSize: '200', programId, ...query });

describe('合规检查', () => {
  it('lists what each placement lacks, counted per item, and drops a placement once it lacks nothing', async () => {
    const first = expectOk(await listOf());
    expect(first.programId).toBe(programId);
    expect(first.lacking).toBeGreaterThan(0);
    expect(first.total).toBe(first.lacking);
    for (const key of COMPLIANCE_ITEM_KEYS) expect(first.byItem[key], key).toBe(first.rows.filter((r) => r.missing.includes(key)).length);
    const row = first.rows.find((r) => r.status === 'pending' && r.missing.includes('agreement'))!;
    expect(row.notes.join('；')).toContain('未上传三方协议');

    // Everything the rule asks, recorded: an adult student, the files, the training, the insurance, the unit's site report.
    const [placement] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, row.enrolmentId));
    await t.db.update(basicStudent).set({ birthday: addDays(placement!.startDate, -20 * 366) }).where(eq(basicStudent.userId, placement!.studentUserId));
    await t.db
      .update(internshipEnrolment)
      .set({ agreementAttachmentId: 'agreement-file', preTrainingDate: placement!.startDate, insured: true, insurancePolicyNo: 'PICC2026-0001', insuranceStart: placement!.startDate, insuranceEnd: placement!.endDate })
      .where(eq(internshipEnrolment.id, row.enrolmentId));
    if (placement!.unitId) await t.db.update(internshipUnit).set({ siteVisitDate: addDays(placement!.startDate, -30), siteVisitBy: '周老师' }).where(eq(internshipUnit.id, placement!.unitId));
    const after = expectOk(await listOf({ programId: first.programId! }));
    expect(after.rows.map((r) => r.enrolmentId)).not.toContain(row.enrolmentId);
    const all = expectOk(await listOf({ programId: first.programId!, all: '1' }));
    expect(all.rows.find((r) => r.enrolmentId === row.enrolmentId)?.missing).toEqual([]);
    expect(all.total).toBe(all.checked);

    const file = await t.app.inject({ method: 'GET', url: `/api${COMPLIANCE_URL.exportXls}`, query: { programId: first.programId! }, headers: { 'x-access-token': office } });
    const rows = await readExport(file.rawPayload);
    expect(rows[0]).toEqual(['学号', '学生', '班级', '实习单位', '指导教师', '状态', '开始日期', '三方协议', '知情同意书', '岗前培训', '实习责任保险', '单位实地考察', '说明', '例外备案']);
    expect(rows.length - 1).toBe(all.checked);
  });

  it('reminds each student lacking something and each of their advisers once, and says how many', async () => {
    const list = expectOk(await listOf());
    const answer = await t.post<{ students: number; advisers: number }>(`/api${COMPLIANCE_URL.remind}`, { programId: list.programId }, office);
    const result = expectOk(answer);
    expect(result.students).toBe(list.lacking);
    expect(answer.body.message).toBe(COMPLIANCE_MSG.reminded(result.students, result.advisers));
    const [placement] = await t.db.select({ studentUserId: internshipEnrolment.studentUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, list.rows[0]!.enrolmentId));
    const told = await t.db
      .select({ title: sysAnnouncement.titile })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(and(eq(sysAnnouncementSend.userId, placement!.studentUserId), like(sysAnnouncement.titile, '实习开始前的材料尚缺%')));
    expect(told).toHaveLength(1);
  });

  it('is the office’s and the departments’: a teacher is refused, a program outside one’s reach is not found', async () => {
    expectError(await listOf({}, await t.login('teacher01')), 403, /权限/);
    expectError(await listOf({ programId: 'no-such-program' }), 404, COMPLIANCE_MSG.programNotFound);
    // A program with nothing to check against the 2021 rules (a 认识实习 without units) has nobody to remind.
    const cognition = expectOk(await listOf()).programs.find((p) => p.label.includes('认识实习'))!.value;
    expectError(await t.post(`/api${COMPLIANCE_URL.remind}`, { programId: cognition }, office), 400, COMPLIANCE_MSG.nobody);
    expectError(await t.post(`/api${COMPLIANCE_URL.remind}`, {}, office), 400, COMPLIANCE_MSG.programNotFound);
  });
});
