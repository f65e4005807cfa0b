import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_MODELS, WORKFLOW_MSG, WORKFLOW_NOTICES, WORKFLOW_PAGES, type Decision, type HistoryAction, type ProcessKey, type ProcessStep } from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, sysDepart, sysUser, sysUserDepart, sysUserRole, wfHistory, wfInstance, wfProcessModel, wfTask, wfTaskCandidate } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http.ts';
import { notify } from '../announcement/notify.ts';

/**
 * The approval engine (contract/workflow.ts): an application runs through the steps of its process model as
 * they were when it was submitted; each step it reaches opens one task for the people the step resolves to,
 * and the first of them to decide moves it on. Every decision is checked against the task's candidates.
 * What an outcome means for the record applied for is the business's own (registerProcess).
 */

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type InstanceRow = typeof wfInstance.$inferSelect;

/** What a process does with its record when an application ends one way or another (inside the decision's transaction). */
export interface ProcessHandlers {
  onApproved(tx: Tx, instance: InstanceRow): Promise<void>;
  onRejected(tx: Tx, instance: InstanceRow): Promise<void>;
  onReturned(tx: Tx, instance: InstanceRow): Promise<void>;
  onWithdrawn(tx: Tx, instance: InstanceRow): Promise<void>;
  /** The lines an approver reads (请假类型, 时间…), from the record. */
  summary(db: Database, instance: InstanceRow): Promise<string[]>;
  /**
   * What the messages call the application (12-03 ~ 12-04; its title when left out) and the applicant's page
   * that opens the record (我的申请 when left out).
   */
  notice?: { subject(db: Database | Tx, instance: InstanceRow): Promise<string>; page: string };
  /**
   * Whether the applicant may still take back an approved application (a leave not yet begun): null when they
   * may, else why not. Without it, an approved application stays approved.
   */
  withdrawApproved?(db: Database | Tx, instance: InstanceRow): Promise<string | null>;
}

const handlers = new Map<ProcessKey, ProcessHandlers>();
export function registerProcess(key: ProcessKey, process: ProcessHandlers): void {
  handlers.set(key, process);
}
export const handlersOf = (key: ProcessKey): ProcessHandlers => {
  const found = handlers.get(key);
  if (!found) throw new Error(`no handlers registered for process ${key}`);
  return found;
};

const conflict = (message: string) => new HttpError(409, message);

/** The departments a placement's student belongs to: their class's major's, and the ones above it. */
async function studentDeparts(db: Database | Tx, enrolmentId: string): Promise<string[]> {
  const [row] = await db
    .select({ departId: basicMajor.departId })
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .innerJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
    .where(eq(internshipEnrolment.id, enrolmentId))
    .limit(1);
  if (!row?.departId) return [];
  const departs = await db.select({ id: sysDepart.id, parentId: sysDepart.parentId }).from(sysDepart);
  const parentOf = new Map(departs.map((d) => [d.id, d.parentId]));
  const chain: string[] = [];
  for (let id: string | null | undefined = row.departId; id && !chain.includes(id); id = parentOf.get(id)) chain.push(id);
  return chain;
}

/** The live accounts a step goes to, for the placement the application is about. */
export async function resolveStep(db: Database | Tx, step: ProcessStep, enrolmentId: string | null): Promise<string[]> {
  const live = and(eq(sysUser.status, 1), eq(sysUser.delFlag, 0));
  const { assignee } = step;
  if (assignee.type === 'role') {
    const rows = await db.select({ id: sysUser.id }).from(sysUserRole).innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId)).where(and(eq(sysUserRole.roleId, assignee.roleId), live));
    return rows.map((r) => r.id);
  }
  if (!enrolmentId) return [];
  if (assignee.relation === 'adviser') {
    const [row] = await db.select({ id: sysUser.id }).from(internshipEnrolment).innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.adviserUserId)).where(and(eq(internshipEnrolment.id, enrolmentId), live));
    return row ? [row.id] : [];
  }
  const departs = await studentDeparts(db, enrolmentId);
  if (departs.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: sysUser.id })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
    .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
    .where(and(eq(sysUserRole.roleId, 'role-depart-admin'), inArray(sysUserDepart.departId, departs), live));
  return rows.map((r) => r.id);
}

async function record(tx: Tx, instanceId: string, action: HistoryAction, actorId: string | null, stepName: string | null, comment: string | null) {
  await tx.insert(wfHistory).values({ instanceId, action, actorId, stepName, comment });
}

/** Opens the task of a step for the people it resolves to (refused when there is nobody to decide it) and tells them. */
async function openStep(tx: Tx, instance: InstanceRow, stepIndex: number): Promise<void> {
  const step = (instance.steps as ProcessStep[])[stepIndex]!;
  const candidates = await resolveStep(tx, step, instance.enrolmentId);
  if (candidates.length === 0) throw conflict(WORKFLOW_MSG.noAssignee(step.name));
  const [task] = await tx.insert(wfTask).values({ instanceId: instance.id, stepIndex, stepName: step.name }).returning({ id: wfTask.id });
  await tx.insert(wfTaskCandidate).values(candidates.map((userId) => ({ taskId: task!.id, userId })));
  const [applicant] = await tx.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, instance.applicantId));
  const key = instance.processKey as ProcessKey;
  const notice = handlersOf(key).notice;
  const subject = notice ? await notice.subject(tx, instance) : instance.title;
  await notify(tx, {
    title: WORKFLOW_NOTICES.todoTitle(DEFAULT_MODELS[key].name, applicant?.name ?? '', subject),
    text: WORKFLOW_NOTICES.todoText(applicant?.name ?? '', instance.title, step.name),
    sender: applicant?.name ?? null,
    recipients: candidates,
    link: { page: WORKFLOW_PAGES.todo },
  });
}

/**
 * Submits an application for a record (or submits it again after it was returned or withdrawn): the steps
 * are copied from the process model now, and the first one opens.
 */
export async function submitApplication(
  tx: Tx,
  input: { processKey: ProcessKey; businessId: string; title: string; applicantId: string; enrolmentId: string | null },
): Promise<InstanceRow> {
  const [model] = await tx.select().from(wfProcessModel).where(eq(wfProcessModel.key, input.processKey));
  if (!model) throw new Error(`no process model ${input.processKey}`);
  const [existing] = await tx.select().from(wfInstance).where(and(eq(wfInstance.processKey, input.processKey), eq(wfInstance.businessId, input.businessId))).for('update');
  let instance: InstanceRow;
  if (existing) {
    if (existing.status === 'running') return existing;
    if (existing.status === 'approved' || existing.status === 'rejected') throw conflict('申请已结束，不能再次提交');
    [instance] = (await tx
      .update(wfInstance)
      .set({ status: 'running', stepIndex: 0, steps: model.steps, title: input.title, enrolmentId: input.enrolmentId, endedAt: null, updatedAt: new Date() })
      .where(eq(wfInstance.id, existing.id))
      .returning()) as [InstanceRow];
    await record(tx, instance.id, 'resubmit', input.applicantId, null, null);
  } else {
    [instance] = (await tx.insert(wfInstance).values({ ...input, steps: model.steps }).returning()) as [InstanceRow];
    await record(tx, instance.id, 'submit', input.applicantId, null, null);
  }
  await openStep(tx, instance, 0);
  return instance;
}

/** The open task of an application with its candidates, locked for the decision. */
async function openTaskFor(tx: Tx, taskId: string, userId: string) {
  const [task] = await tx
    .select({ task: wfTask })
    .from(wfTask)
    .innerJoin(wfTaskCandidate, and(eq(wfTaskCandidate.taskId, wfTask.id), eq(wfTaskCandidate.userId, userId)))
    .where(eq(wfTask.id, taskId))
    .for('update', { of: wfTask });
  if (!task) throw notFound(WORKFLOW_MSG.taskNotFound);
  if (task.task.status !== 'open') throw conflict(WORKFLOW_MSG.taskDone);
  return task.task;
}

/**
 * A candidate's decision on their task: 同意 moves to the next step (or approves the application at the
 * last), 驳回 ends it, 退回修改 gives it back to the applicant. Anyone else is told the task is not theirs.
 */
export async function decide(db: Database, input: { taskId: string; userId: string; decision: Decision; comment: string | null }): Promise<InstanceRow> {
  const outcome = await db.transaction(async (tx) => {
    const task = await openTaskFor(tx, input.taskId, input.userId);
    const [instance] = await tx.select().from(wfInstance).where(eq(wfInstance.id, task.instanceId)).for('update');
    if (!instance || instance.status !== 'running') throw conflict(WORKFLOW_MSG.taskDone);
    const now = new Date();
    await tx.update(wfTask).set({ status: 'done', decision: input.decision, comment: input.comment, decidedBy: input.userId, decidedAt: now }).where(eq(wfTask.id, task.id));
    await record(tx, instance.id, input.decision, input.userId, task.stepName, input.comment);
    const steps = instance.steps as ProcessStep[];
    const process = handlersOf(instance.processKey as ProcessKey);
    const end = async (status: 'approved' | 'rejected' | 'returned') => {
      const [ended] = (await tx
        .update(wfInstance)
        .set({ status, endedAt: status === 'returned' ? null : now, updatedAt: now })
        .where(eq(wfInstance.id, instance.id))
        .returning()) as [InstanceRow];
      return ended;
    };
    if (input.decision === 'approve' && task.stepIndex + 1 < steps.length) {
      const [moved] = (await tx.update(wfInstance).set({ stepIndex: task.stepIndex + 1, updatedAt: now }).where(eq(wfInstance.id, instance.id)).returning()) as [InstanceRow];
      await openStep(tx, moved, task.stepIndex + 1);
      return { instance: moved, told: null };
    }
    if (input.decision === 'approve') {
      const approved = await end('approved');
      await process.onApproved(tx, approved);
      return { instance: approved, told: '已通过' };
    }
    if (input.decision === 'reject') {
      const rejected = await end('rejected');
      await process.onRejected(tx, rejected);
      return { instance: rejected, told: '被驳回' };
    }
    const returned = await end('returned');
    await process.onReturned(tx, returned);
    return { instance: returned, told: '被退回修改' };
  });
  if (outcome.told) {
    const { instance } = outcome;
    const page = handlersOf(instance.processKey as ProcessKey).notice?.page;
    await notify(db, {
      title: WORKFLOW_NOTICES.resultTitle(outcome.told),
      text: WORKFLOW_NOTICES.resultText(instance.title, outcome.told, input.comment),
      sender: null,
      recipients: [instance.applicantId],
      link: page ? { page, id: instance.businessId } : { page: WORKFLOW_PAGES.mine },
    });
  }
  return outcome.instance;
}

/**
 * Why the applicant may not take an application back, or null: a running one until someone decided on it, an
 * approved one only where its process allows (a leave before it begins).
 */
export async function withdrawRefusal(db: Database | Tx, instance: InstanceRow): Promise<string | null> {
  if (instance.status === 'approved') {
    const check = handlersOf(instance.processKey as ProcessKey).withdrawApproved;
    return check ? check(db, instance) : WORKFLOW_MSG.withdrawEnded;
  }
  if (instance.status !== 'running') return WORKFLOW_MSG.withdrawEnded;
  return (await decidedSinceSubmission(db, instance.id)) ? WORKFLOW_MSG.withdrawDecided : null;
}

/**
 * The applicant takes back a running application nobody has decided on yet, or an approved one its process
 * still allows; those who approved it are told, since they counted on it.
 */
export async function withdraw(db: Database, input: { instanceId: string; userId: string }): Promise<InstanceRow> {
  const outcome = await db.transaction(async (tx) => {
    const [instance] = await tx.select().from(wfInstance).where(eq(wfInstance.id, input.instanceId)).for('update');
    if (!instance) throw notFound(WORKFLOW_MSG.instanceNotFound);
    if (instance.applicantId !== input.userId) throw notFound(WORKFLOW_MSG.instanceNotFound);
    const refusal = await withdrawRefusal(tx, instance);
    if (refusal) throw conflict(refusal);
    const now = new Date();
    await tx.update(wfTask).set({ status: 'cancelled' }).where(and(eq(wfTask.instanceId, instance.id), eq(wfTask.status, 'open')));
    const [withdrawn] = (await tx.update(wfInstance).set({ status: 'withdrawn', endedAt: now, updatedAt: now }).where(eq(wfInstance.id, instance.id)).returning()) as [InstanceRow];
    await record(tx, instance.id, 'withdraw', input.userId, null, null);
    await handlersOf(instance.processKey as ProcessKey).onWithdrawn(tx, withdrawn);
    const approvers = instance.status === 'approved' ? await tx.selectDistinct({ id: wfHistory.actorId }).from(wfHistory).where(and(eq(wfHistory.instanceId, instance.id), eq(wfHistory.action, 'approve'))) : [];
    return { withdrawn, approvers: approvers.flatMap((a) => (a.id ? [a.id] : [])) };
  });
  const { withdrawn, approvers } = outcome;
  if (approvers.length > 0) {
    const [applicant] = await db.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, withdrawn.applicantId));
    await notify(db, {
      title: WORKFLOW_NOTICES.withdrawnTitle(applicant?.name ?? ''),
      text: WORKFLOW_NOTICES.withdrawnText(applicant?.name ?? '', withdrawn.title),
      sender: applicant?.name ?? null,
      recipients: approvers,
      link: { page: WORKFLOW_PAGES.done },
    });
  }
  return withdrawn;
}

/** Whether an approver has decided anything since the application was last submitted. */
export async function decidedSinceSubmission(db: Database | Tx, instanceId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wfHistory)
    .where(
      and(
        eq(wfHistory.instanceId, instanceId),
        inArray(wfHistory.action, ['approve', 'reject', 'return']),
        sql`${wfHistory.createdAt} >= (select max(${wfHistory.createdAt}) from ${wfHistory} where ${wfHistory.instanceId} = ${instanceId} and ${wfHistory.action} in ('submit', 'resubmit'))`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The instance of a record, if it was ever submitted. */
export async function instanceOfBusiness(db: Database | Tx, processKey: ProcessKey, businessId: string): Promise<InstanceRow | null> {
  const [row] = await db.select().from(wfInstance).where(and(eq(wfInstance.processKey, processKey), eq(wfInstance.businessId, businessId)));
  return row ?? null;
}

