import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeFileMeta } from '@contract/documents.ts';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import { COMPLIANCE_URL, type ComplianceList } from '@contract/compliance.ts';
import { EXCEPTION_MSG, EXCEPTION_RULE_LABELS, EXCEPTION_URL, exceptionNote } from '@contract/internship-exception.ts';
import { ASSIGN_MSG, PLACEMENT_API, PLACEMENT_OPTIONS, TERMINATE_REASON_REQUIRED, type AdviserAssignmentRow, type PlacementFacts } from '@contract/internship-placement.ts';
import { INTERNSHIP_RULES, ruleMessage } from '@contract/internship-rules.ts';
import type { PageResult } from '@contract/resource.ts';
import type { InstanceView, TaskRow } from '@contract/workflow.ts';
import { basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipRuleException, internshipUnit, internshipUnitPost, sysUser } from '../../server/db/schema.ts';
import { PDF, officeFileRequest } from './attachment-support.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// 实习安排: each of the 2021 rules refuses with its message (the figures that broke it quoted), the start of a
// 岗位实习 needs its records, who sees which placements (404 outside), ti03 bulk assignment, and Excel import.
let t: TestApp;
let office: string;
const API = '/api/internship/placement';
const START = '2026-03-02';
const END = '2026-06-30';

type Placement = { id: string; status: string; studentUserId: string; adviserUserId: string | null; post: string | null; postId: string | null; studentNo: string };
type Student = { userId: string; name: string; studentNo: string };

let program: { id: string; name: string };
/** Students of 信息工程学院's grade 2024 (not in the demo programs), taken one by one by the tests. */
let pool: Student[];
let otherDepartStudent: Student;
const take = () => pool.shift()!;

const unit = async (values: { employeeCount?: number | null; status?: string; posts?: { name: string; headcount: number; probationWage?: number | null }[] } = {}) => {
  const [row] = await t.db
    .insert(internshipUnit)
    .values({ name: uniqueName('单位'), status: values.status ?? 'active', employeeCount: values.employeeCount === undefined ? 1000 : values.employeeCount })
    .returning();
  const posts = values.posts ?? [{ name: '软件测试', headcount: 100, probationWage: 4000 }];
  const inserted = posts.length ? await t.db.insert(internshipUnitPost).values(posts.map((p) => ({ unitId: row!.id, name: p.name, headcount: p.headcount, probationWage: p.probationWage ?? null }))).returning() : [];
  return { id: row!.id, name: row!.name, posts: inserted };
};

const placementInput = (student: Student, placedAt: { id: string; posts: { id: string }[] } | null, overrides: Record<string, unknown> = {}) => ({
  programId: program.id,
  studentUserId: student.userId,
  unitId: placedAt?.id ?? null,
  postId: placedAt?.posts[0]?.id ?? null,
  startDate: START,
  endDate: END,
  monthlyPay: 3500,
  noFeeConfirmed: true,
  workTermsConfirmed: true,
  ...overrides,
});
const add = (body: object, token = office) => t.post<Placement>(`${API}/add`, body, token);
const setStatus = (id: string, action: string, reason?: string, token = office) => t.post<null>(`/api${PLACEMENT_API.status}`, { id, action, reason }, token);

async function upload(content: Buffer, fileName: string, token = office) {
  const response = await t.app.inject(officeFileRequest(PLACEMENT_API.upload, { name: fileName, type: 'application/octet-stream', content }, token));
  return { status: response.statusCode, body: response.json<ApiEnvelope<OfficeFileMeta>>(), headers: response.headers };
}

async function importRows(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('实习安排');
  sheet.addRow(['学生', '实习计划', '实习单位', '岗位名称', '企业导师', '指导教师', '开始日期', '结束日期', '实习报酬（元/月）', '未向学生收取任何费用', '协议约定不安排夜班、节假日和加班']);
  for (const row of rows) sheet.addRow(row);
  const content = Buffer.from(await book.xlsx.writeBuffer());
  const boundary = `----placement${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="placements.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: `${API}/importExcel`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: office } });
  return { status: response.statusCode, body: response.json<ApiEnvelope<null>>(), headers: response.headers };
}

beforeAll(async () => {
  t = await startTestApp();
  office = await t.login('office01');
  const [row] = await t.db.insert(internshipProgram).values({ name: uniqueName('岗位实习'), type: 'post', term: '2025-2026学年第二学期', startDate: START, endDate: END, status: 'running' }).returning();
  program = { id: row!.id, name: row!.name };
  const select = { userId: basicStudent.userId, name: basicStudent.name, studentNo: basicStudent.studentNo };
  pool = await t.db.select(select).from(basicStudent).where(inArray(basicStudent.classId, ['class-20240101', 'class-20240201'])).orderBy(asc(basicStudent.studentNo));
  // Of age and past the first year on START, so only the rule a test is about can refuse them.
  await t.db.update(basicStudent).set({ birthday: '2006-01-01' }).where(inArray(basicStudent.userId, pool.map((s) => s.userId)));
  [otherDepartStudent] = await t.db.select(select).from(basicStudent).where(eq(basicStudent.classId, 'class-20240301')).orderBy(asc(basicStudent.studentNo)).limit(1);
  await t.db.update(basicStudent).set({ birthday: '2006-01-01' }).where(eq(basicStudent.userId, otherDepartStudent!.userId));
});
afterAll(() => t.close());

describe('the 2021 rules, refused on save with their messages', () => {
  it('refuses a student under 16, and saves nothing', async () => {
    const student = take();
    await t.db.update(basicStudent).set({ birthday: '2010-09-01' }).where(eq(basicStudent.userId, student.userId));
    const placedAt = await unit();
    expectError(await add(placementInput(student, placedAt)), 400, ruleMessage('under16', `${student.name}在${START}时15周岁，未满16周岁`));
    expect(await t.db.select().from(internshipEnrolment).where(and(eq(internshipEnrolment.programId, program.id), eq(internshipEnrolment.studentUserId, student.userId)))).toEqual([]);
  });

  it('refuses a first-year student', async () => {
    const [student] = await t.db.select({ userId: basicStudent.userId, name: basicStudent.name, studentNo: basicStudent.studentNo }).from(basicStudent).where(eq(basicStudent.classId, 'class-20250101')).limit(1);
    await t.db.update(basicStudent).set({ birthday: '2006-01-01' }).where(eq(basicStudent.userId, student!.userId));
    expectError(await add(placementInput(student!, await unit())), 400, ruleMessage('firstYear', `${student!.name}是2025级学生，${START}时仍在一年级`));
  });

  it('refuses a unit that is not 合作中', async () => {
    const pending = await unit({ status: 'pending' });
    expectError(await add(placementInput(take(), pending)), 400, ruleMessage('unitActive', `实习单位“${pending.name}”的状态为“待审核”，不能接收实习学生`));
  });

  it('refuses dates outside the program’s', async () => {
    expectError(
      await add(placementInput(take(), await unit(), { endDate: '2026-07-15' })),
      400,
      ruleMessage('withinProgram', `实习安排的日期 ${START} 至 2026-07-15 超出实习计划“${program.name}”的 ${START} 至 ${END}`),
    );
  });

  it('refuses the unit’s third student when 10 % of its 20 employees is 2', async () => {
    const small = await unit({ employeeCount: 20 });
    expectOk(await add(placementInput(take(), small)));
    expectOk(await add(placementInput(take(), small)));
    expectError(await add(placementInput(take(), small)), 400, ruleMessage('unitRatio', '该单位岗位实习学生将达 3 人，超过在岗职工总数 20 人的 10%（2 人）'));
  });

  it('refuses the post’s second student when 20 % of its 5 employees is 1', async () => {
    const narrow = await unit({ posts: [{ name: '前台', headcount: 5, probationWage: 3000 }] });
    const first = expectOk(await add(placementInput(take(), narrow)));
    expect(first.post).toBe('前台');
    expectError(await add(placementInput(take(), narrow)), 400, ruleMessage('postRatio', '岗位“前台”实习学生将达 2 人，超过该岗位在岗职工 5 人的 20%（1 人）'));
  });

  it('refuses pay below 80 % of the post’s probation wage, naming both', async () => {
    const placedAt = await unit({ posts: [{ name: '装配', headcount: 100, probationWage: 4000 }] });
    expectError(
      await add(placementInput(take(), placedAt, { monthlyPay: 3100 })),
      400,
      ruleMessage('pay', '实习报酬 3100 元/月，低于岗位“装配”试用期工资 4000 元/月的 80%（3200 元/月）'),
    );
    expectOk(await add(placementInput(take(), placedAt, { monthlyPay: 3200 })));
  });

  it('refuses a placement without the no-fee and working-time terms recorded', async () => {
    expectError(await add(placementInput(take(), await unit(), { noFeeConfirmed: false })), 400, ruleMessage('noFee', '未确认“未向学生收取任何费用”'));
    expectError(await add(placementInput(take(), await unit(), { workTermsConfirmed: false })), 400, ruleMessage('workTerms', '未确认“协议约定不安排夜班、节假日和加班”'));
  });

  it('refuses an edit that breaks a rule, as the row it would leave', async () => {
    const placedAt = await unit();
    const saved = expectOk(await add(placementInput(take(), placedAt)));
    expectError(await t.put(`${API}/edit`, { ...placementInput(take(), placedAt, { monthlyPay: 100 }), id: saved.id }, office), 400, /^实习报酬 100 元\/月，低于/);
  });
});

describe('starting, ending and terminating', () => {
  it('refuses to start a 岗位实习 without agreement, consent, pre-training and insurance, listing what is missing', async () => {
    const student = take();
    await t.db.update(basicStudent).set({ birthday: '2009-01-01' }).where(eq(basicStudent.userId, student.userId));
    const saved = expectOk(await add(placementInput(student, await unit())));
    const refused = await setStatus(saved.id, 'start');
    expectError(refused, 400, /^岗位实习开始前尚缺：三方协议、知情同意书、岗前培训日期、实习责任保险（保单号及保险期间）。/);
    expect(refused.body.message).toContain(ruleMessage('consent', '未上传监护人签字的知情同意书'));

    const agreement = expectOk(await upload(PDF, '三方协议.pdf'));
    const consent = expectOk(await upload(PDF, '知情同意书.pdf'));
    expectError(await upload(Buffer.from('not a pdf'), 'x.txt'), 400, '只能上传PDF或图片（JPG、PNG、GIF、WEBP）');
    const { id } = saved;
    const [row] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, id));
    expectOk(
      await t.put(
        `${API}/edit`,
        { id, programId: row!.programId, unitId: row!.unitId, postId: row!.postId, startDate: START, endDate: END, monthlyPay: 3500, noFeeConfirmed: true, workTermsConfirmed: true, agreementAttachmentId: agreement.id, consentAttachmentId: consent.id, preTrainingDate: '2026-02-27', insured: true, insurancePolicyNo: '' },
        office,
      ),
    );
    expectError(await setStatus(id, 'start'), 400, /^岗位实习开始前尚缺：实习责任保险（保单号及保险期间）。.*已投保但未填写保单号/);
    await t.db.update(internshipEnrolment).set({ insurancePolicyNo: 'PICC-2026-001' }).where(eq(internshipEnrolment.id, id));
    expectError(await setStatus(id, 'start'), 400, /未填写保险起止日期/);
    // A policy that ends before the placement does leaves its last days uncovered.
    await t.db.update(internshipEnrolment).set({ insuranceStart: '2026-02-01', insuranceEnd: '2026-06-29' }).where(eq(internshipEnrolment.id, id));
    expectError(await setStatus(id, 'start'), 400, new RegExp(`保险期间（2026-02-01 至 2026-06-29）未覆盖实习期（${START} 至 ${END}）`));
    await t.db.update(internshipEnrolment).set({ insuranceEnd: END }).where(eq(internshipEnrolment.id, id));
    expectOk(await setStatus(id, 'start'), '开始实习成功');
    expectError(await setStatus(id, 'start'), 400, '当前状态为“实习中”，不能开始实习');

    const file = await t.app.inject({ method: 'GET', url: `/api${PLACEMENT_API.file}`, query: { id, kind: 'agreement' }, headers: { [ACCESS_TOKEN_HEADER]: office } });
    expect({ status: file.statusCode, type: file.headers['content-type'], body: file.rawPayload.subarray(0, 5).toString() }).toEqual({ status: 200, type: 'application/pdf', body: '%PDF-' });
    expectOk(await setStatus(id, 'end'), '结束实习成功');
  });

  it('terminates only with a reason', async () => {
    const saved = expectOk(await add(placementInput(take(), await unit())));
    expectError(await setStatus(saved.id, 'terminate', '  '), 400, TERMINATE_REASON_REQUIRED);
    expectOk(await setStatus(saved.id, 'terminate', '学生转学'), '终止实习成功');
    const [row] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, saved.id));
    expect({ status: row!.status, reason: row!.terminateReason }).toEqual({ status: 'terminated', reason: '学生转学' });
  });
});

describe('例外备案: an approved exception to the 10 %, 20 % and 80 % limits', () => {
  const ask = (body: object, token = office) => t.post<{ id: string }>(`/api${EXCEPTION_URL.add}`, body, token);
  const uploadProof = async (token = office) => {
    const sent = await t.app.inject(officeFileRequest(EXCEPTION_URL.upload, { name: '产教融合基地说明.pdf', type: 'application/pdf', content: PDF }, token));
    return sent.json<ApiEnvelope<OfficeFileMeta>>().result.id;
  };
  const officeTask = async (instanceTitle: string) => {
    const rows = expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', office, { pageSize: '100' })).records;
    return rows.find((r) => r.processKey === 'rule_exception' && r.title === instanceTitle)!;
  };

  it('lets a placement over the unit’s 10 % through once the office approved it, and shows it on the placement and in 合规检查', async () => {
    const small = await unit({ employeeCount: 10 });
    expectOk(await add(placementInput(take(), small)));
    const student = take();
    const overLimit = ruleMessage('unitRatio', '该单位岗位实习学生将达 2 人，超过在岗职工总数 10 人的 10%（1 人）');
    expectError(await add(placementInput(student, small)), 400, overLimit);
    const asked = { programId: program.id, studentUserId: student.userId, unitId: small.id, postId: small.posts[0]!.id, rule: 'unitRatio', reason: '该单位为学校产教融合基地，带教力量充足' };

    // Each bad ask is refused and changes nothing.
    expectError(await ask({ ...asked, attachmentId: undefined }), 400, EXCEPTION_MSG.fileRequired);
    expectError(await ask({ ...asked, attachmentId: randomUUID() }), 400, EXCEPTION_MSG.fileMissing);
    expectError(await ask({ ...asked, rule: 'pay', postId: null, attachmentId: await uploadProof() }), 400, EXCEPTION_MSG.postRequired);
    expectError(await ask({ ...asked, rule: 'under16', attachmentId: await uploadProof() }), 400, /只有以下规定可申请例外/);
    expectError(await ask({ ...asked, reason: '短', attachmentId: await uploadProof() }), 400, '申请理由不能少于5个字');
    expect(await t.db.select().from(internshipRuleException).where(eq(internshipRuleException.studentUserId, student.userId))).toEqual([]);

    const { id } = expectOk(await ask({ ...asked, attachmentId: await uploadProof() }), EXCEPTION_MSG.submitted);
    expectError(await ask({ ...asked, attachmentId: await uploadProof() }), 409, EXCEPTION_MSG.open('unitRatio', 'running'));
    // While the office decides, the save is still refused and says so.
    expectError(await add(placementInput(student, small)), 400, /例外备案审批中/);
    const facts = expectOk(await t.get<PlacementFacts>(`/api${PLACEMENT_API.facts}`, office, { programId: program.id, studentUserId: student.userId, unitId: small.id }));
    expect(facts.exceptions?.map((e) => ({ rule: e.rule, status: e.status }))).toEqual([{ rule: 'unitRatio', status: 'running' }]);

    const task = await officeTask(`例外备案：${student.name} ${EXCEPTION_RULE_LABELS.unitRatio}`);
    const view = expectOk(await t.get<InstanceView>(`/api/workflow/instance/${task.instanceId}`, office));
    expect(view.summary).toContain(`例外事项：${EXCEPTION_RULE_LABELS.unitRatio}（${INTERNSHIP_RULES.unitRatio.text}）`);
    expect(view.summary).toContain('证明材料：产教融合基地说明.pdf（可在实习安排中该学生的核对清单查看）');
    const file = await t.app.inject({ method: 'GET', url: `/api${EXCEPTION_URL.file}`, query: { id }, headers: { [ACCESS_TOKEN_HEADER]: office } });
    expect({ status: file.statusCode, head: file.rawPayload.subarray(0, 5).toString() }).toEqual({ status: 200, head: '%PDF-' });
    expectOk(await t.post(`/api/workflow/task/${task.id}/decide`, { decision: 'approve', comment: '同意备案' }, office));

    const placed = expectOk(await add(placementInput(student, small)));
    const [row] = expectOk(await t.get<PageResult<Placement & { ruleExceptions: string | null }>>(`${API}/list`, office, { studentUserId: student.userId, programId: program.id })).records;
    expect(row!.ruleExceptions).toBe(exceptionNote(['unitRatio']));
    const compliance = expectOk(await t.get<ComplianceList>(`/api${COMPLIANCE_URL.list}`, office, { programId: program.id, all: '1', pageSize: '200' }));
    expect(compliance.rows.find((r) => r.enrolmentId === placed.id)?.exception).toBe(exceptionNote(['unitRatio']));
    // The exception is the student's at that unit: another student is refused as before.
    expectError(await add(placementInput(take(), small)), 400, /该单位岗位实习学生将达 3 人/);
  });

  it('keeps the refusal when the office rejects, and refuses a student out of the asker’s reach', async () => {
    const narrow = await unit({ posts: [{ name: '收银', headcount: 5, probationWage: 3000 }] });
    expectOk(await add(placementInput(take(), narrow)));
    const student = take();
    expectOk(await ask({ programId: program.id, studentUserId: student.userId, unitId: narrow.id, postId: narrow.posts[0]!.id, rule: 'postRatio', reason: '门店旺季临时扩编，已报主管部门', attachmentId: await uploadProof() }));
    const task = await officeTask(`例外备案：${student.name} ${EXCEPTION_RULE_LABELS.postRatio}`);
    expectOk(await t.post(`/api/workflow/task/${task.id}/decide`, { decision: 'reject', comment: '比例过高' }, office));
    expectError(await add(placementInput(student, narrow)), 400, /超过该岗位在岗职工 5 人的 20%/);

    const dept = await t.login('dept01');
    const away = { programId: program.id, studentUserId: otherDepartStudent.userId, unitId: narrow.id, postId: narrow.posts[0]!.id, rule: 'postRatio', reason: '跨院系学生的例外申请', attachmentId: await uploadProof(dept) };
    expectError(await ask(away, dept), 400, EXCEPTION_MSG.studentOutside);
  });
});

describe('who sees what', () => {
  it('student, adviser and mentor see their own placements; 院系管理员 their department’s; outside is 404', async () => {
    const [teacher01, mentor01] = await Promise.all(['teacher01', 'mentor01'].map(async (u) => (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, u)))[0]!.id));
    const mine = expectOk(await add(placementInput(take(), await unit(), { adviserUserId: teacher01, mentorUserId: mentor01 })));
    const others = expectOk(await add(placementInput(take(), await unit())));
    const away = expectOk(await add(placementInput(otherDepartStudent, await unit())));
    const [student, teacher, mentor, dept] = await Promise.all(['student01', 'teacher01', 'mentor01', 'dept01'].map((u) => t.login(u)));

    const ids = async (token: string) => expectOk(await t.get<PageResult<Placement>>(`${API}/list`, token, { pageSize: '1000' })).records.map((r) => r.id);
    const [studentSees, teacherSees, mentorSees, deptSees, officeSees] = await Promise.all([student, teacher, mentor, dept, office].map(ids));
    const [own] = await t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId)).where(eq(sysUser.username, 'student01'));
    expect(studentSees).toEqual([own!.id]);
    expect(teacherSees).toContain(mine.id);
    expect(teacherSees).not.toContain(others.id);
    expect(mentorSees).toContain(mine.id);
    expect(mentorSees).not.toContain(others.id);
    expect(deptSees).toEqual(expect.arrayContaining([mine.id, others.id]));
    expect(deptSees).not.toContain(away.id);
    expect(officeSees).toEqual(expect.arrayContaining([mine.id, others.id, away.id]));

    expectError(await t.get(`${API}/queryById`, student, { id: mine.id }), 404, '实习安排不存在');
    expectError(await t.get(`${API}/queryById`, teacher, { id: others.id }), 404, '实习安排不存在');
    expectError(await t.get(`${API}/queryById`, dept, { id: away.id }), 404, '实习安排不存在');
    expectError(await t.get(`${API}/queryById`, dept, { id: randomUUID() }), 404, '实习安排不存在');
    expectError(await setStatus(away.id, 'terminate', '转学', dept), 404, '实习安排不存在');
    expect(expectOk(await t.get<Placement>(`${API}/queryById`, teacher, { id: mine.id })).id).toBe(mine.id);
    const file = await t.app.inject({ method: 'GET', url: `/api${PLACEMENT_API.file}`, query: { id: others.id, kind: 'agreement' }, headers: { [ACCESS_TOKEN_HEADER]: student } });
    expect(file.statusCode).toBe(404);
  });
});

describe('ti03: advisers in bulk', () => {
  it('sets one adviser on many placements, listed by adviser and without one; outside the reach is 404', async () => {
    const placedAt = await unit();
    const rows: Placement[] = [];
    for (let i = 0; i < 3; i++) rows.push(expectOk(await add(placementInput(take(), placedAt))));
    const list = (query: Record<string, string>, token = office) => t.get<PageResult<AdviserAssignmentRow>>(`/api${PLACEMENT_API.adviserList}`, token, { programId: program.id, pageSize: '1000', ...query });
    const unassigned = expectOk(await list({ unassigned: '1' })).records.map((r) => r.id);
    expect(unassigned).toEqual(expect.arrayContaining(rows.map((r) => r.id)));

    const [teacher] = await t.db.select({ userId: basicTeacher.userId, name: basicTeacher.name }).from(basicTeacher).where(eq(basicTeacher.departId, 'dep-info')).orderBy(asc(basicTeacher.workNo)).limit(1);
    expectOk(await t.put(`/api${PLACEMENT_API.assign}`, { ids: rows.map((r) => r.id), adviserUserId: teacher!.userId }, office), `已为 3 名学生分配指导教师：${teacher!.name}`);
    const assigned = expectOk(await list({ adviserUserId: teacher!.userId })).records;
    expect(assigned.filter((r) => rows.some((x) => x.id === r.id)).map((r) => r.adviserName)).toEqual([teacher!.name, teacher!.name, teacher!.name]);
    expect(expectOk(await list({ unassigned: '1' })).records.map((r) => r.id)).not.toContain(rows[0]!.id);

    const [other] = await t.db.insert(internshipProgram).values({ name: uniqueName('认识实习'), type: 'cognition', startDate: START, endDate: END }).returning();
    const [away] = await t.db.insert(internshipEnrolment).values({ programId: other!.id, studentUserId: otherDepartStudent.userId, startDate: START, endDate: END }).returning();
    const dept = await t.login('dept01');
    expectError(await t.put(`/api${PLACEMENT_API.assign}`, { ids: [rows[0]!.id, away.id], adviserUserId: teacher!.userId }, dept), 404, '实习安排不存在');
    expectError(await t.put(`/api${PLACEMENT_API.assign}`, { ids: [rows[0]!.id], adviserUserId: randomUUID() }, office), 400, '所选指导教师不存在');

    // A department's administrator chooses among the department's teachers, and no other is taken.
    const [elsewhere] = await t.db.select({ userId: basicTeacher.userId }).from(basicTeacher).where(eq(basicTeacher.departId, 'dep-mech')).limit(1);
    expectError(await t.put(`/api${PLACEMENT_API.assign}`, { ids: [rows[0]!.id], adviserUserId: elsewhere!.userId }, dept), 400, '所选指导教师不在您管理的院系内');
    const offered = expectOk(await t.get<PageResult<{ id: string }>>(`/api${PLACEMENT_OPTIONS.adviser}`, dept, { pageSize: '100' })).records.map((r) => r.id);
    const departTeachers = (await t.db.select({ userId: basicTeacher.userId }).from(basicTeacher).where(eq(basicTeacher.departId, 'dep-info'))).map((r) => r.userId);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((id) => !departTeachers.includes(id))).toEqual([]);
    expect(expectOk(await t.get<PageResult<{ id: string }>>(`/api${PLACEMENT_OPTIONS.adviser}`, office, { pageSize: '100' })).records.map((r) => r.id)).toContain(elsewhere!.userId);

    // A student reads no staff list: only their own adviser among the options, and no mentors' accounts at all.
    const student = await t.login('student01');
    const [own] = await t.db.select({ adviser: internshipEnrolment.adviserUserId }).from(internshipEnrolment).innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId)).where(eq(sysUser.username, 'student01'));
    expect(expectOk(await t.get<PageResult<{ id: string }>>(`/api${PLACEMENT_OPTIONS.adviser}`, student, { pageSize: '100' })).records.map((r) => r.id)).toEqual([own!.adviser]);
    expect((await t.get(`/api${PLACEMENT_OPTIONS.mentor}`, student)).status).toBe(403);

    // 全部符合条件的记录: the list's search in place of ids, applied by the server within the caller's reach.
    const [, second] = await t.db.select({ userId: basicTeacher.userId, name: basicTeacher.name }).from(basicTeacher).where(eq(basicTeacher.departId, 'dep-info')).orderBy(asc(basicTeacher.workNo)).limit(2);
    expectOk(await t.put(`/api${PLACEMENT_API.assign}`, { search: { programId: program.id, unitId: placedAt.id }, adviserUserId: second!.userId }, office), `已为 3 名学生分配指导教师：${second!.name}`);
    const advisers = await t.db.select({ adviser: internshipEnrolment.adviserUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.unitId, placedAt.id));
    expect(advisers.map((a) => a.adviser)).toEqual([second!.userId, second!.userId, second!.userId]);
    expectError(await t.put(`/api${PLACEMENT_API.assign}`, { search: { programId: other!.id }, adviserUserId: teacher!.userId }, dept), 400, ASSIGN_MSG.noneMatching);
    expect((await t.db.select({ adviser: internshipEnrolment.adviserUserId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, away!.id)))[0]!.adviser).toBeNull();
  });
});

describe('Excel import', () => {
  it('names every bad row’s problems and imports nothing; a good file places the students, filling in an enrolment without a unit', async () => {
    const placedAt = await unit({ posts: [{ name: '运维', headcount: 100, probationWage: 4000 }] });
    const [a, b, c] = [take(), take(), take()];
    await t.db.update(basicStudent).set({ birthday: '2011-01-01' }).where(eq(basicStudent.userId, c.userId));
    const [teacher] = await t.db.select({ workNo: basicTeacher.workNo }).from(basicTeacher).orderBy(asc(basicTeacher.workNo)).limit(1);
    const row = (s: Student, overrides: Partial<Record<number, string | number>> = {}) => {
      const cells: (string | number)[] = [s.studentNo, program.name, placedAt.name, '运维', '', teacher!.workNo, START, END, 3500, '是', '是'];
      for (const [i, v] of Object.entries(overrides)) cells[Number(i)] = v!;
      return cells;
    };
    const refused = await importRows([row(a), row(b, { 3: '保洁', 8: 3000 }), row(c), row(a)]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('第3行：岗位名称：岗位“保洁”不是该实习单位的岗位@');
    expect(refused.body.message).toContain(ruleMessage('under16', `${c.name}在${START}时15周岁，未满16周岁`));
    expect(refused.body.message).toMatch(/第5行：.*该学生在此实习计划中的安排在文件中重复/);
    expect(await t.db.select().from(internshipEnrolment).where(and(eq(internshipEnrolment.programId, program.id), inArray(internshipEnrolment.studentUserId, [a.userId, b.userId])))).toEqual([]);

    // b was enrolled by 按班级报名, without a unit: the import places them.
    await t.db.insert(internshipEnrolment).values({ programId: program.id, studentUserId: b.userId, startDate: START, endDate: END });
    expectOk(await importRows([row(a), row(b)]), '导入成功，共2条');
    const placed = await t.db.select().from(internshipEnrolment).where(and(eq(internshipEnrolment.programId, program.id), inArray(internshipEnrolment.studentUserId, [a.userId, b.userId])));
    expect(placed.map((p) => ({ unit: p.unitId, post: p.post, postId: p.postId, pay: p.monthlyPay, fee: p.noFeeConfirmed, status: p.status })).sort((x, y) => String(x.post).localeCompare(String(y.post)))).toEqual([
      { unit: placedAt.id, post: '运维', postId: placedAt.posts[0]!.id, pay: 3500, fee: true, status: 'pending' },
      { unit: placedAt.id, post: '运维', postId: placedAt.posts[0]!.id, pay: 3500, fee: true, status: 'pending' },
    ]);
  });
});

describe('the figures of 实习统计 and the list they open', () => {
  type Counts = { total: number; placed: number; unplaced: number; active: number; ended: number };
  type Stats = { total: Counts; byDepart: (Counts & { departId: string | null })[]; byClass: (Counts & { classId: string | null; className: string | null })[] };
  const listed = async (query: Record<string, string>) => expectOk(await t.get<PageResult<Record<string, unknown>>>(`${API}/list`, office, { ...query, pageSize: '1000' }));
  const exportedRows = async (query: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/exportXls?${new URLSearchParams(query).toString()}`, headers: { [ACCESS_TOKEN_HEADER]: office } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!.rowCount - 1;
  };

  it('counts as many rows for every 院系, 班级, 已落实/未落实 and 状态 a figure links with, in the list and in its export', async () => {
    const programs = expectOk(await t.get<{ id: string }[]>('/api/internship/stats/programs', office));
    const all = await Promise.all(programs.map(async (p) => ({ id: p.id, stats: expectOk(await t.get<Stats>('/api/internship/stats/placements', office, { programId: p.id })) })));
    const { id: programId, stats } = all.find((p) => p.stats.total.unplaced > 0 && p.stats.total.placed > 0 && p.stats.byClass.length > 1)!;
    const depart = stats.byDepart.find((d) => d.departId && d.unplaced > 0)!;
    const klass = stats.byClass.find((c) => c.classId && c.placed > 0)!;

    const unplaced = await listed({ programId, departId: depart.departId!, placed: '0' });
    expect(unplaced.total).toBe(depart.unplaced);
    expect(unplaced.records.every((r) => r.unitId === null && r.departId === depart.departId)).toBe(true);
    expect((await listed({ programId, classId: klass.classId!, placed: '1' })).total).toBe(klass.placed);
    expect((await listed({ programId, classId: klass.classId!, status: 'active' })).total).toBe(klass.active);
    expect((await listed({ programId, placed: '0' })).total).toBe(stats.total.unplaced);
    // Each row names the class and department it was counted under.
    const inClass = await listed({ programId, classId: klass.classId! });
    expect(inClass.records.every((r) => r.classId === klass.classId && r.classId_dictText === klass.className)).toBe(true);

    expect(await exportedRows({ programId, departId: depart.departId!, placed: '0' })).toBe(depart.unplaced);
  });

  it('offers the 院系 and 班级 of the placements in reach to search by', async () => {
    const [first] = expectOk(await t.get<PageResult<{ id: string; name: string }>>(`/api${PLACEMENT_OPTIONS.class}`, office)).records;
    const classes = expectOk(await t.get<PageResult<{ id: string; name: string }>>(`/api${PLACEMENT_OPTIONS.class}`, office, { name: first!.name }));
    expect(classes.records.map((c) => c.id)).toContain(first!.id);
    expect(classes.records.every((c) => c.name.includes(first!.name))).toBe(true);
    const departs = expectOk(await t.get<PageResult<{ id: string; name: string }>>(`/api${PLACEMENT_OPTIONS.depart}`, office));
    expect(departs.records.map((d) => d.name)).toContain('信息工程学院');
  });
});
