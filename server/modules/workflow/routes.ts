import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import type { PageResult } from '@contract/resource.ts';
import {
  PROCESS_KEYS,
  WORKFLOW_MSG,
  WORKFLOW_PERMISSIONS,
  decisionSchema,
  processModelSchema,
  workflowPageQuery,
  type ApplicationRow,
  type Decision,
  type HistoryAction,
  type InstanceStatus,
  type InstanceView,
  type ProcessKey,
  type ProcessModel,
  type ProcessStep,
  type TaskRow,
} from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import { sysRole, sysUser, wfHistory, wfInstance, wfProcessModel, wfTask, wfTaskCandidate } from '../../db/schema.ts';
import { emptyBody } from '../../lib/answers.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, rolesOf, type App, type AuthContext } from '../../types.ts';
import { actionAllowed } from '../permission/queries.ts';
import { decide, handlersOf, withdraw, withdrawRefusal } from './engine.ts';
import { applicationPageAnswer, instanceAnswer, processModelAnswer, processModelsAnswer, taskPageAnswer } from './schemas.ts';

const applicant = alias(sysUser, 'applicant');
const actor = alias(sysUser, 'actor');
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const taskIdParams = z.object({ id: z.string({ error: WORKFLOW_MSG.taskNotFound }).check(z.minLength(1, WORKFLOW_MSG.taskNotFound), z.maxLength(64, WORKFLOW_MSG.taskNotFound)) });
const instanceIdParams = z.object({ id: z.string({ error: WORKFLOW_MSG.instanceNotFound }).check(z.minLength(1, WORKFLOW_MSG.instanceNotFound), z.maxLength(64, WORKFLOW_MSG.instanceNotFound)) });
const modelKeyParams = z.object({ key: z.enum(PROCESS_KEYS, { error: '流程不存在' }) });

/** An application a caller may read: their own, one they have (had) a task on, or any with the all rule. */
function readableInstance(userId: string, all: boolean): SQL | undefined {
  if (all) return undefined;
  return or(
    eq(wfInstance.applicantId, userId),
    sql`exists (select 1 from ${wfTask} join ${wfTaskCandidate} on ${wfTaskCandidate.taskId} = ${wfTask.id} where ${wfTask.instanceId} = ${wfInstance.id} and ${wfTaskCandidate.userId} = ${userId})`,
  );
}

async function instanceView(db: Database, id: string, auth: AuthContext): Promise<InstanceView> {
  const all = await actionAllowed(db, WORKFLOW_PERMISSIONS.all, rolesOf(auth));
  const [row] = await db
    .select({ instance: wfInstance, applicantName: applicant.realname, processName: wfProcessModel.name })
    .from(wfInstance)
    .innerJoin(applicant, eq(applicant.id, wfInstance.applicantId))
    .innerJoin(wfProcessModel, eq(wfProcessModel.key, wfInstance.processKey))
    .where(and(eq(wfInstance.id, id), readableInstance(auth.userId, all)))
    .limit(1);
  if (!row) throw notFound(WORKFLOW_MSG.instanceNotFound);
  const { instance } = row;
  const [history, open, refusal] = await Promise.all([
    db
      .select({ entry: wfHistory, actorName: actor.realname })
      .from(wfHistory)
      .leftJoin(actor, eq(actor.id, wfHistory.actorId))
      .where(eq(wfHistory.instanceId, id))
      .orderBy(wfHistory.createdAt, wfHistory.id),
    db
      .select({ taskId: wfTask.id, userId: wfTaskCandidate.userId, name: sysUser.realname })
      .from(wfTask)
      .innerJoin(wfTaskCandidate, eq(wfTaskCandidate.taskId, wfTask.id))
      .innerJoin(sysUser, eq(sysUser.id, wfTaskCandidate.userId))
      .where(and(eq(wfTask.instanceId, id), eq(wfTask.status, 'open'))),
    withdrawRefusal(db, row.instance),
  ]);
  const steps = instance.steps as ProcessStep[];
  const running = instance.status === 'running';
  return {
    id: instance.id,
    processKey: instance.processKey as ProcessKey,
    processName: row.processName,
    businessId: instance.businessId,
    title: instance.title,
    summary: await handlersOf(instance.processKey as ProcessKey).summary(db, instance),
    applicantName: row.applicantName,
    status: instance.status as InstanceStatus,
    currentStep: running ? (steps[instance.stepIndex]?.name ?? null) : null,
    currentAssignees: open.map((c) => c.name),
    steps,
    stepIndex: instance.stepIndex,
    createdAt: instance.createdAt.toISOString(),
    endedAt: iso(instance.endedAt),
    history: history.map(({ entry, actorName }) => ({
      id: entry.id,
      action: entry.action as HistoryAction,
      stepName: entry.stepName,
      actorName,
      comment: entry.comment,
      createdAt: entry.createdAt.toISOString(),
    })),
    canWithdraw: instance.applicantId === auth.userId && !refusal,
    myTaskId: open.find((c) => c.userId === auth.userId)?.taskId ?? null,
  };
}

/**
 * The approval workflow: 我的待办 (tasks waiting for me), 我的已办 (what I decided), 我的申请 (my applications),
 * an application with its history, deciding a task, withdrawing, and the administrator's process models.
 * Every list and decision is the caller's own: a task that is not theirs answers 404.
 */
export default async function workflowRoutes(app: App) {
  const { db } = app;
  const session = { permission: null, scope: 'self' } as const;

  const taskColumns = {
    task: wfTask,
    instanceId: wfInstance.id,
    processKey: wfInstance.processKey,
    processName: wfProcessModel.name,
    title: wfInstance.title,
    instanceStatus: wfInstance.status,
    applicantName: applicant.realname,
  };
  const taskRow = (r: { task: typeof wfTask.$inferSelect; instanceId: string; processKey: string; processName: string; title: string; instanceStatus: string; applicantName: string }): TaskRow => ({
    id: r.task.id,
    instanceId: r.instanceId,
    processKey: r.processKey as ProcessKey,
    processName: r.processName,
    title: r.title,
    applicantName: r.applicantName,
    stepName: r.task.stepName,
    createdAt: r.task.createdAt.toISOString(),
    decision: r.task.decision as Decision | null,
    comment: r.task.comment,
    decidedAt: iso(r.task.decidedAt),
    instanceStatus: r.instanceStatus as InstanceStatus,
  });
  const taskPage = async (where: SQL, order: SQL, page: number, pageSize: number): Promise<PageResult<TaskRow>> => {
    const from = () =>
      db
        .select(taskColumns)
        .from(wfTask)
        .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
        .innerJoin(wfProcessModel, eq(wfProcessModel.key, wfInstance.processKey))
        .innerJoin(applicant, eq(applicant.id, wfInstance.applicantId));
    const [rows, [total]] = await Promise.all([
      from().where(where).orderBy(order, wfTask.id).limit(pageSize).offset((page - 1) * pageSize),
      db.select({ n: count() }).from(wfTask).where(where),
    ]);
    return { records: rows.map(taskRow), total: total?.n ?? 0, current: page, size: pageSize };
  };

  app.get('/workflow/todo', { config: { access: session }, schema: { querystring: workflowPageQuery, response: { 200: taskPageAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { page, pageSize } = request.query;
    const mine = sql`exists (select 1 from ${wfTaskCandidate} where ${wfTaskCandidate.taskId} = ${wfTask.id} and ${wfTaskCandidate.userId} = ${userId})`;
    return ok(await taskPage(and(eq(wfTask.status, 'open'), mine)!, sql`${wfTask.createdAt} asc`, page, pageSize));
  });

  app.get('/workflow/done', { config: { access: session }, schema: { querystring: workflowPageQuery, response: { 200: taskPageAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { page, pageSize } = request.query;
    return ok(await taskPage(and(eq(wfTask.status, 'done'), eq(wfTask.decidedBy, userId))!, sql`${wfTask.decidedAt} desc`, page, pageSize));
  });

  app.get('/workflow/mine', { config: { access: session }, schema: { querystring: workflowPageQuery, response: { 200: applicationPageAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { page, pageSize } = request.query;
    const where = eq(wfInstance.applicantId, userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ instance: wfInstance, processName: wfProcessModel.name })
        .from(wfInstance)
        .innerJoin(wfProcessModel, eq(wfProcessModel.key, wfInstance.processKey))
        .where(where)
        .orderBy(desc(wfInstance.updatedAt), wfInstance.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(wfInstance).where(where),
    ]);
    const records: ApplicationRow[] = rows.map(({ instance, processName }) => ({
      id: instance.id,
      processKey: instance.processKey as ProcessKey,
      processName,
      title: instance.title,
      status: instance.status as InstanceStatus,
      currentStep: instance.status === 'running' ? ((instance.steps as ProcessStep[])[instance.stepIndex]?.name ?? null) : null,
      createdAt: instance.createdAt.toISOString(),
      endedAt: iso(instance.endedAt),
    }));
    const result: PageResult<ApplicationRow> = { records, total: total?.n ?? 0, current: page, size: pageSize };
    return ok(result);
  });

  app.get('/workflow/instance/:id', { config: { access: session }, schema: { params: instanceIdParams, response: { 200: instanceAnswer } } }, async (request) =>
    ok(await instanceView(db, request.params.id, requireAuth(request.auth))),
  );

  app.post('/workflow/task/:id/decide', { config: { access: session, idempotency: true }, schema: { params: taskIdParams, body: decisionSchema, response: { 200: instanceAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { decision, comment } = request.body;
    const instance = await decide(db, { taskId: request.params.id, userId: auth.userId, decision, comment: comment?.trim() || null });
    return ok(await instanceView(db, instance.id, auth), '审批完成');
  });

  app.post('/workflow/instance/:id/withdraw', { config: { access: session, idempotency: true }, schema: { params: instanceIdParams, body: emptyBody, response: { 200: instanceAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const instance = await withdraw(db, { instanceId: request.params.id, userId: auth.userId });
    return ok(await instanceView(db, instance.id, auth), '申请已撤回');
  });

  const editor = { permission: WORKFLOW_PERMISSIONS.model, scope: 'all' } as const;
  const updater = alias(sysUser, 'updater');
  const models = async (): Promise<ProcessModel[]> => {
    const rows = await db.select({ model: wfProcessModel, updatedByName: updater.realname }).from(wfProcessModel).leftJoin(updater, eq(updater.id, wfProcessModel.updatedBy)).orderBy(wfProcessModel.key);
    return rows.map(({ model, updatedByName }) => ({ key: model.key as ProcessKey, name: model.name, steps: model.steps as ProcessStep[], updatedAt: model.updatedAt.toISOString(), updatedByName }));
  };

  app.get('/workflow/models', { config: { access: editor }, schema: { response: { 200: processModelsAnswer } } }, async () => ok(await models()));

  /** A new list of steps for a process: applications submitted from now on follow it, running ones keep theirs. */
  app.put('/workflow/models/:key', { config: { access: editor }, schema: { params: modelKeyParams, body: processModelSchema, response: { 200: processModelAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { steps } = request.body;
    const roleIds = steps.flatMap((s) => (s.assignee.type === 'role' ? [s.assignee.roleId] : []));
    if (roleIds.length > 0) {
      const known = await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, roleIds));
      if (known.length !== new Set(roleIds).size) throw badRequest(WORKFLOW_MSG.unknownRole);
    }
    const updated = await db.update(wfProcessModel).set({ steps, updatedBy: userId, updatedAt: new Date() }).where(eq(wfProcessModel.key, request.params.key)).returning({ key: wfProcessModel.key });
    if (updated.length === 0) throw notFound('流程不存在');
    // The row was just updated, so the model is there.
    return ok((await models()).find((m) => m.key === request.params.key)!, '流程已保存，之后提交的申请按新流程审批');
  });
}
