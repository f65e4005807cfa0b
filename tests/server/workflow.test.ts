import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import { addDays, schoolToday } from '@contract/internship.ts';
import { RECORD_KINDS, messagesOf, schoolTime, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import { WORKFLOW_MSG, WORKFLOW_NOTICES, type ApplicationRow, type InstanceView, type ProcessModel, type TaskRow } from '@contract/workflow.ts';
import { internshipEnrolment, internshipUnit, sysAnnouncement, sysUser, wfInstance } from '../../server/db/schema.ts';
import { resolveStep } from '../../server/modules/workflow/engine.ts';
import { PNG, uploadRequest } from './attachment-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * The approval workflow (server/modules/workflow) with the two record kinds that go through it: 请假 (one
 * step, the adviser) and 单位变更 (the adviser, then the internship office), and the process model editor.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let placement: MyPlacementRecords;
const { leave, change } = RECORD_KINDS;

const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();
const today = schoolToday();
function put(base: string, id: string, body: object, token = tokens.student01!, key?: string) {
  return t.app
    .inject({ method: 'PUT', url: `/api${base}/${id}`, payload: body, headers: { [ACCESS_TOKEN_HEADER]: token, ...(key ? { 'idempotency-key': key } : {}) } })
    .then((r) => ({ status: r.statusCode, body: r.json<ApiEnvelope<RecordDetail>>(), headers: r.headers }));
}
const leaveBody = (day: string, from = '09:00', to = '17:00', extra: object = {}) => ({
  enrolmentId: placement.id,
  leaveType: 'sick',
  startsAt: at(day, from),
  endsAt: at(day, to),
  content: '发烧，去医院就诊，联系电话13800000000。',
  submit: true,
  ...extra,
});
const todo = async (token: string) => expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', token, { pageSize: '100' })).records;
const done = async (token: string) => expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/done', token, { pageSize: '100' })).records;
const decide = (taskId: string, body: object, token: string) => t.post<InstanceView>(`/api/workflow/task/${taskId}/decide`, body, token);
const instanceOfRecord = async (recordId: string) => (await t.db.select().from(wfInstance).where(eq(wfInstance.businessId, recordId)))[0]!;

async function openTask(token: string, recordId: string): Promise<TaskRow> {
  const instance = await instanceOfRecord(recordId);
  const task = (await todo(token)).find((r) => r.instanceId === instance.id);
  expect(task, `no task for ${recordId}`).toBeTruthy();
  return task!;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01', 'office01', 'dept01']) tokens[username] = await t.login(username);
  for (const username of ['student01', 'teacher01', 'dept01', 'office01']) ids[username] = (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
  [placement] = expectOk(await t.get<MyPlacementRecords[]>(`/api${leave.base}/mine`, tokens.student01));
});
afterAll(() => t.close());

describe('steps resolve to people', () => {
  it('by relation to the student (their adviser, their department’s administrators) and by role', async () => {
    expect(await resolveStep(t.db, { name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } }, placement.id)).toEqual([ids.teacher01]);
    expect(await resolveStep(t.db, { name: '院系审批', assignee: { type: 'relation', relation: 'departAdmin' } }, placement.id)).toEqual([ids.dept01]);
    expect(await resolveStep(t.db, { name: '实习办审批', assignee: { type: 'role', roleId: 'role-office' } }, placement.id)).toEqual([ids.office01]);
  });
});

describe('请假 through its one step', () => {
  const leaveId = randomUUID();
  const day = addDays(today, 1);

  it('goes to the adviser’s 待办 only; someone else deciding it is told it is not theirs', async () => {
    const saved = expectOk(await put(leave.base, leaveId, leaveBody(day)), '请假已提交，等待审批');
    expect(saved).toMatchObject({ status: 'pending', title: `病假 ${day.slice(5)} 09:00 ~ ${day.slice(5)} 17:00`, values: { leaveType: 'sick', startsAt: at(day, '09:00') } });
    expect(saved.instanceId).toBeTruthy();
    const task = await openTask(tokens.teacher01!, leaveId);
    expect(task).toMatchObject({ processName: '请假', applicantName: '李明', stepName: '指导教师审批' });
    for (const other of ['office01', 'mentor01', 'dept01']) expect((await todo(tokens[other]!)).map((r) => r.id)).not.toContain(task.id);
    expectError(await decide(task.id, { decision: 'approve' }, tokens.office01!), 404, WORKFLOW_MSG.taskNotFound);
    // While it waits it cannot change.
    expectError(await put(leave.base, leaveId, leaveBody(day, '10:00')), 409, messagesOf(leave).pendingLocked);
  });

  it('asks for a comment to reject or return, then the adviser approves; the record follows, the student is told', async () => {
    const task = await openTask(tokens.teacher01!, leaveId);
    expectError(await decide(task.id, { decision: 'reject' }, tokens.teacher01!), 400, WORKFLOW_MSG.commentRequired('reject'));
    const view = expectOk(await decide(task.id, { decision: 'approve', comment: '注意休息' }, tokens.teacher01!), '审批完成');
    expect(view).toMatchObject({ status: 'approved', currentStep: null, history: [{ action: 'submit' }, { action: 'approve', stepName: '指导教师审批', comment: '注意休息' }] });
    expectError(await decide(task.id, { decision: 'approve' }, tokens.teacher01!), 409, WORKFLOW_MSG.taskDone);
    expect(expectOk(await t.get<RecordDetail>(`/api${leave.base}/${leaveId}`, tokens.student01))).toMatchObject({ status: 'approved' });
    expect((await done(tokens.teacher01!)).find((r) => r.id === task.id)).toMatchObject({ decision: 'approve', comment: '注意休息', instanceStatus: 'approved' });
    const mine = expectOk(await t.get<PageResult<ApplicationRow>>('/api/workflow/mine', tokens.student01)).records;
    expect(mine.find((r) => r.id === view.id)).toMatchObject({ status: 'approved', processName: '请假' });
  });

  it('is not 销假 before it begins: the student may 撤回 it instead', async () => {
    expectError(await t.post<RecordDetail>(`/api${leave.base}/${leaveId}/back`, {}, tokens.student01), 409, leave.afterApproval!.notBegun);
    const record = expectOk(await t.get<RecordDetail>(`/api${leave.base}/${leaveId}`, tokens.student01));
    expect(record).toMatchObject({ status: 'approved', afterApprovalAt: null });
    expect(expectOk(await t.get<InstanceView>(`/api/workflow/instance/${record.instanceId}`, tokens.student01)).canWithdraw).toBe(true);
  });

  it('is 销假 once it has begun, with the return time recorded; then it stays locked and cannot be withdrawn', async () => {
    const id = randomUUID();
    // Begun at midnight today: the student is back now.
    expectOk(await put(leave.base, id, leaveBody(today, '00:00', '00:30')));
    expectOk(await decide((await openTask(tokens.teacher01!, id)).id, { decision: 'approve' }, tokens.teacher01!));
    const before = Date.now();
    const answer = await t.post<RecordDetail>(`/api${leave.base}/${id}/back`, {}, tokens.student01);
    const back = expectOk(answer);
    expect(back.status).toBe('back');
    expect(Date.parse(back.afterApprovalAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.body.message).toBe(`已销假，返回时间 ${schoolTime(back.afterApprovalAt)}`);
    expectError(await put(leave.base, id, leaveBody(today, '00:00', '00:40')), 409, messagesOf(leave).decidedLocked);
    const instance = await instanceOfRecord(id);
    expectError(await t.post(`/api/workflow/instance/${instance.id}/withdraw`, {}, tokens.student01), 409, '已销假的请假不能撤回');
    const view = expectOk(await t.get<InstanceView>(`/api/workflow/instance/${instance.id}`, tokens.teacher01));
    expect(view.summary).toEqual(expect.arrayContaining(['时长：共30分', `销假时间：${schoolTime(back.afterApprovalAt, true)}`]));
  });

  it('an approved leave not yet begun is withdrawn: its time is free again and the adviser who approved it is told', async () => {
    const id = randomUUID();
    const later = addDays(today, 5);
    expectOk(await put(leave.base, id, leaveBody(later)));
    expectOk(await decide((await openTask(tokens.teacher01!, id)).id, { decision: 'approve' }, tokens.teacher01!));
    const instance = await instanceOfRecord(id);
    expectOk(await t.post<InstanceView>(`/api/workflow/instance/${instance.id}/withdraw`, {}, tokens.student01), '申请已撤回');
    expect(expectOk(await t.get<RecordDetail>(`/api${leave.base}/${id}`, tokens.student01)).status).toBe('withdrawn');
    const view = expectOk(await t.get<InstanceView>(`/api/workflow/instance/${instance.id}`, tokens.student01));
    expect(view.history.map((h) => h.action)).toEqual(['submit', 'approve', 'withdraw']);
    const told = await t.db.select({ text: sysAnnouncement.msgContent, to: sysAnnouncement.userIds }).from(sysAnnouncement).where(eq(sysAnnouncement.titile, WORKFLOW_NOTICES.withdrawnTitle('李明')));
    expect(told).toEqual([{ text: expect.stringContaining(instance.title), to: expect.stringContaining(ids.teacher01!) }]);
    expectOk(await put(leave.base, randomUUID(), leaveBody(later, '10:00', '12:00')));
  });

  it('refuses a leave overlapping another, naming it; the overlap check says so too', async () => {
    const first = expectOk(await t.get<RecordDetail>(`/api${leave.base}/${leaveId}`, tokens.student01));
    const message = `与已有请假“${first.title}”的时间重叠`;
    expectError(await put(leave.base, randomUUID(), leaveBody(day, '16:00', '18:00')), 409, message);
    const check = await t.get<{ id: string } | null>(`/api${leave.base}/overlapDateCheck`, tokens.student01, { startTime: at(day, '16:00'), endTime: at(day, '18:00') });
    expect(check.body).toMatchObject({ success: true, message, result: { id: leaveId } });
    const free = await t.get(`/api${leave.base}/overlapDateCheck`, tokens.student01, { startTime: at(day, '17:00'), endTime: at(day, '18:00') });
    expect(free.body).toMatchObject({ success: true, result: null });
    expectError(await put(leave.base, randomUUID(), leaveBody(day, '18:00', '17:00')), 400, '结束时间应晚于开始时间');
  });

  it('may be withdrawn before anyone decides, and submitted again; a replay creates one application', async () => {
    const id = randomUUID();
    const later = addDays(today, 3);
    const key = `${id}:1`;
    const first = await put(leave.base, id, leaveBody(later), tokens.student01, key);
    const again = await put(leave.base, id, leaveBody(later), tokens.student01, key);
    expect([first.status, again.status, again.headers['idempotent-replay']]).toEqual([200, 200, 'true']);
    const instance = await instanceOfRecord(id);
    expect((await t.db.select().from(wfInstance).where(eq(wfInstance.businessId, id))).length).toBe(1);

    expectError(await t.post(`/api/workflow/instance/${instance.id}/withdraw`, {}, tokens.teacher01), 404, WORKFLOW_MSG.instanceNotFound);
    expectOk(await t.post<InstanceView>(`/api/workflow/instance/${instance.id}/withdraw`, {}, tokens.student01), '申请已撤回');
    expect((await todo(tokens.teacher01!)).map((r) => r.instanceId)).not.toContain(instance.id);
    expect(expectOk(await t.get<RecordDetail>(`/api${leave.base}/${id}`, tokens.student01)).status).toBe('withdrawn');

    expectOk(await put(leave.base, id, leaveBody(later, '08:00')));
    const task = await openTask(tokens.teacher01!, id);
    expectOk(await decide(task.id, { decision: 'return', comment: '请补充医院证明' }, tokens.teacher01!));
    expectError(await t.post(`/api/workflow/instance/${instance.id}/withdraw`, {}, tokens.student01), 409, WORKFLOW_MSG.withdrawEnded);
    const view = expectOk(await t.get<InstanceView>(`/api/workflow/instance/${instance.id}`, tokens.student01));
    expect(view.history.map((h) => h.action)).toEqual(['submit', 'withdraw', 'resubmit', 'return']);
    expect(expectOk(await t.get<RecordDetail>(`/api${leave.base}/${id}`, tokens.student01)).status).toBe('returned');
    expectError(await t.get(`/api/workflow/instance/${instance.id}`, tokens.mentor01), 404, WORKFLOW_MSG.instanceNotFound);
  });
});

describe('单位变更 through the adviser and the office', () => {
  let target: { id: string; name: string };
  const changeId = randomUUID();
  const changeDate = addDays(today, 7);
  const changeBody = (extra: object = {}) => ({ enrolmentId: placement.id, toUnitId: target.id, changeDate, content: '原岗位调整，转到新单位从事测试工作。', submit: true, ...extra });

  beforeAll(async () => {
    const options = expectOk(await t.get<PageResult<{ id: string; name: string }>>(`/api${change.base}/unitOptions`, tokens.student01, { name: '云启' }));
    target = options.records[0]!;
  });

  it('offers only 合作中 units and refuses one that cannot take students, a missing agreement, a date outside the placement', async () => {
    const pending = (await t.db.select().from(internshipUnit).where(eq(internshipUnit.status, 'pending')))[0]!;
    expect(expectOk(await t.get<PageResult<{ id: string }>>(`/api${change.base}/unitOptions`, tokens.student01, { name: pending.name })).records).toEqual([]);
    expectError(await put(change.base, randomUUID(), changeBody({ toUnitId: pending.id, attachmentIds: [] })), 400, '请上传新三方协议');
    expectError(await put(change.base, randomUUID(), changeBody({ toUnitId: null })), 400, '请选择新实习单位，或填写不在单位库中的单位名称（二选一）');
  });

  it('moves the placement once the office approves: the old one ends the day before, a new one starts at the new unit', async () => {
    const photo = randomUUID();
    const upload = uploadRequest(changeId, photo, { name: '新三方协议.png', type: 'image/png', content: PNG }, change.base);
    const uploaded = await t.app.inject({ ...upload, headers: { ...upload.headers, [ACCESS_TOKEN_HEADER]: tokens.student01! } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expectError(await put(change.base, changeId, changeBody({ attachmentIds: [photo], changeDate: addDays(placement.startDate, -1) })), 400, `日期应在实习期内（${placement.startDate} 至 ${placement.endDate}）`);
    expectError(await put(change.base, changeId, changeBody({ attachmentIds: [photo], changeDate: placement.startDate })), 400, `变更日期应在实习期内（${addDays(placement.startDate, 1)} 至 ${placement.endDate}）`);
    const filed = expectOk(await put(change.base, changeId, changeBody({ attachmentIds: [photo] })), '单位变更已提交，等待审批');
    // The student's list names the new unit.
    expect(filed.title).toBe(`单位变更：${target.name}（${changeDate}起）`);

    const first = await openTask(tokens.teacher01!, changeId);
    expect(first.stepName).toBe('指导教师审批');
    const afterAdviser = expectOk(await decide(first.id, { decision: 'approve' }, tokens.teacher01!));
    expect(afterAdviser).toMatchObject({ status: 'running', currentStep: '实习办审批', currentAssignees: ['周老师'] });
    expect(afterAdviser.summary).toEqual(expect.arrayContaining([`新实习单位：${target.name}`, `变更日期：${changeDate}`]));
    const second = await openTask(tokens.office01!, changeId);
    expectOk(await decide(second.id, { decision: 'approve', comment: '同意变更' }, tokens.office01!));

    const placements = await t.db.select().from(internshipEnrolment).where(and(eq(internshipEnrolment.programId, placement.programId), eq(internshipEnrolment.studentUserId, ids.student01!)));
    const old = placements.find((p) => p.id === placement.id)!;
    const moved = placements.find((p) => p.id !== placement.id)!;
    expect(old).toMatchObject({ status: 'ended', endDate: addDays(changeDate, -1) });
    expect(moved).toMatchObject({ status: 'active', unitId: target.id, startDate: changeDate, endDate: placement.endDate, adviserUserId: ids.teacher01 });
    expect(moved.agreementAttachmentId).toBe(photo);
    expect(expectOk(await t.get<RecordDetail>(`/api${change.base}/${changeId}`, tokens.student01))).toMatchObject({ status: 'approved', valueLabels: { toUnitId: target.name } });
    const weekly = expectOk(await t.get<MyPlacementRecords[]>(`/api/internship/weekly/mine`, tokens.student01));
    expect(weekly.map((p) => p.unitName)).toEqual([target.name, '星辰软件科技有限公司']);
  });
});

describe('流程模型', () => {
  it('the administrator changes a process’s steps; new applications follow them, running ones keep theirs', async () => {
    const running = randomUUID();
    // The company change above moved student01's placement: leaves go with the current one.
    const [current] = expectOk(await t.get<MyPlacementRecords[]>(`/api${leave.base}/mine`, tokens.student01));
    const body = (day: string) => ({ ...leaveBody(day), enrolmentId: current!.id });
    expectOk(await put(leave.base, running, body(addDays(today, 10))));

    expectError(await t.put('/api/workflow/models/leave', { steps: [] }, tokens.admin), 400, WORKFLOW_MSG.stepsRequired);
    expectError(await t.put('/api/workflow/models/leave', { steps: [{ name: '审批', assignee: { type: 'role', roleId: 'role-none' } }] }, tokens.admin), 400, WORKFLOW_MSG.unknownRole);
    expectError(await t.put('/api/workflow/models/leave', { steps: [{ name: '审批', assignee: { type: 'relation', relation: 'adviser' } }] }, tokens.teacher01), 403, '没有权限执行此操作');
    const steps = [
      { name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } },
      { name: '院系审批', assignee: { type: 'relation', relation: 'departAdmin' } },
    ];
    const saved = expectOk(await t.put<ProcessModel>('/api/workflow/models/leave', { steps }, tokens.admin));
    expect(saved).toMatchObject({ key: 'leave', steps, updatedByName: '系统管理员' });

    const fresh = randomUUID();
    expectOk(await put(leave.base, fresh, body(addDays(today, 12))));
    const oldTask = await openTask(tokens.teacher01!, running);
    expect((await decide(oldTask.id, { decision: 'approve' }, tokens.teacher01!)).body.result.status).toBe('approved');
    const newTask = await openTask(tokens.teacher01!, fresh);
    expect((await decide(newTask.id, { decision: 'approve' }, tokens.teacher01!)).body.result).toMatchObject({ status: 'running', currentStep: '院系审批' });
    const deptTask = await openTask(tokens.dept01!, fresh);
    expect((await decide(deptTask.id, { decision: 'approve' }, tokens.dept01!)).body.result.status).toBe('approved');
  });
});
