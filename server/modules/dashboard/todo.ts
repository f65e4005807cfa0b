import { and, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { RECENT_DAYS, type MyTodo, type TodoCount } from '@contract/dashboard.ts';
import { RECORD_PERMISSIONS } from '@contract/internship.ts';
import { PLACEMENT_ACCESS, PLACEMENT_PERMISSIONS } from '@contract/internship-placement.ts';
import { SCORE_ACCESS, SCORE_PERMISSIONS } from '@contract/internship-score.ts';
import { WARNING_ACCESS, WARNING_KIND_LABELS, WARNING_KINDS, WARNING_PERMISSIONS, type WarningKind } from '@contract/internship-warning.ts';
import { reviewKinds, type RecordKindCode, type RecordKindDeclaration } from '@contract/records.ts';
import type { Relation } from '@contract/relations.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram, internshipRecord, internshipScore, internshipWarning, wfInstance, wfProcessModel, wfTask, wfTaskCandidate } from '../../db/schema.ts';
import { rolesOf, type AuthContext } from '../../types.ts';
import { actionAllowed } from '../permission/queries.ts';
import { placementReach, recordReach, type Viewer } from '../relation/model.ts';

const DAY_MS = 86_400_000;
/** Those who answer for many placements: the work of the whole (a department's, the school's) waits for them. */
const WIDE: readonly Relation[] = ['department', 'office', 'admin'];
const wide = (relations: readonly Relation[]) => relations.filter((r) => WIDE.includes(r));

/** 实习记录批阅 reads the kind from its address; its status filter starts at 已提交 and is not read from the address. */
const reviewPath = (kind: RecordKindCode) => `/internship/review?kind=${kind}`;
/** 我的待办 lists every open task; it has no filter by process. */
const TODO_LIST_PATH = '/todo-list';

/** Records of the reviewed kinds, counted by kind, under a condition each declaration gives (recordReach: never a draft). */
async function recordCounts(db: Database, kinds: RecordKindDeclaration[], condition: (d: RecordKindDeclaration) => SQL, extra: SQL) {
  if (kinds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ kind: internshipRecord.kind, n: count() })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(and(extra, or(...kinds.map((d) => and(eq(internshipRecord.kind, d.kind), condition(d))))))
    .groupBy(internshipRecord.kind);
  return new Map(rows.map((r) => [r.kind, r.n]));
}

/** 待批阅: each reviewed kind's 已提交 records that the viewer reviews (the kind's access.review, as its review list answers). */
async function reviews(db: Database, viewer: Viewer): Promise<TodoCount[]> {
  const kinds = reviewKinds();
  const counts = await recordCounts(db, kinds, (d) => recordReach(viewer, d.access, 'review'), eq(internshipRecord.status, 'submitted'));
  return kinds.map((d) => ({ key: `review:${d.kind}`, kind: 'review' as const, label: `待批阅${d.label}`, count: counts.get(d.kind) ?? 0, unit: d.unit, path: reviewPath(d.kind) }));
}

/** 新提交: what the mentor's students filed (reached the server) in the last RECENT_DAYS days, per kind the mentor reads (nothing records who has read what). */
async function recentForMentor(db: Database, viewer: Viewer, now: Date): Promise<TodoCount[]> {
  const kinds = reviewKinds().filter((d) => d.access.read.includes('mentor'));
  const since = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  const counts = await recordCounts(db, kinds, () => recordReach(viewer, { read: ['mentor'], review: [] }, 'read'), sql`coalesce(${internshipRecord.receivedAt}, ${internshipRecord.submittedAt}) >= ${since.toISOString()}::timestamptz`);
  return kinds.map((d) => ({ key: `recent:${d.kind}`, kind: 'recent' as const, label: `学生近${RECENT_DAYS}天提交的${d.label}`, count: counts.get(d.kind) ?? 0, unit: d.unit, path: reviewPath(d.kind) }));
}

/** 待审批: the viewer's open workflow tasks (they are a candidate of the task), by process. */
async function approvals(db: Database, userId: string): Promise<TodoCount[]> {
  const rows = await db
    .select({ key: wfInstance.processKey, name: wfProcessModel.name, n: count() })
    .from(wfTask)
    .innerJoin(wfInstance, eq(wfInstance.id, wfTask.instanceId))
    .innerJoin(wfProcessModel, eq(wfProcessModel.key, wfInstance.processKey))
    .where(and(eq(wfTask.status, 'open'), sql`exists (select 1 from ${wfTaskCandidate} where ${wfTaskCandidate.taskId} = ${wfTask.id} and ${wfTaskCandidate.userId} = ${userId})`))
    .groupBy(wfInstance.processKey, wfProcessModel.name)
    .orderBy(wfInstance.processKey);
  return rows.map((r) => ({ key: `approval:${r.key}`, kind: 'approval' as const, label: `待审批${r.name}`, count: r.n, unit: '项', path: TODO_LIST_PATH }));
}

/**
 * 待评价: the mentor's placements (实习中 or 已结束) of a program that weighs the mentor's evaluation, not yet
 * evaluated and not published. 实习成绩's 待评 filter is the nearest it offers (any weighted part missing).
 */
async function evaluations(db: Database, viewer: Viewer): Promise<TodoCount[]> {
  const [row] = await db
    .select({ n: count() })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .leftJoin(internshipScore, eq(internshipScore.enrolmentId, internshipEnrolment.id))
    .where(
      and(
        placementReach(viewer, SCORE_ACCESS.review.filter((r) => r === 'mentor')),
        inArray(internshipEnrolment.status, ['active', 'ended']),
        gt(internshipProgram.weightMentor, 0),
        isNull(internshipScore.mentorScore),
        isNull(internshipScore.publishedAt),
      ),
    );
  return [{ key: 'evaluate', kind: 'evaluate', label: '待评价实习成绩', count: row?.n ?? 0, unit: '人', path: '/internship/score?status=pending' }];
}

/** 未落实单位: per running program, its open placements (未开始 or 实习中) without a unit, within the viewer's wide reach. */
async function unplaced(db: Database, viewer: Viewer): Promise<TodoCount[]> {
  const rows = await db
    .select({ programId: internshipProgram.id, name: internshipProgram.name, n: count() })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .where(and(placementReach(viewer, wide(PLACEMENT_ACCESS.review)), eq(internshipProgram.status, 'running'), isNull(internshipEnrolment.unitId), inArray(internshipEnrolment.status, ['pending', 'active'])))
    .groupBy(internshipProgram.id, internshipProgram.name, internshipProgram.startDate)
    .orderBy(internshipProgram.startDate, internshipProgram.id);
  // The placements list reads programId; placed=0 is the key 实习统计's links use, which the list does not filter by yet.
  return rows.map((r) => ({ key: `unplaced:${r.programId}`, kind: 'unplaced' as const, label: `未落实单位（${r.name}）`, count: r.n, unit: '人', path: `/internship/placement?programId=${encodeURIComponent(r.programId)}&placed=0` }));
}

/** 实习预警: open warnings by kind, within the viewer's wide reach of those who handle them. */
async function openWarnings(db: Database, viewer: Viewer): Promise<TodoCount[]> {
  const rows = await db
    .select({ kind: internshipWarning.kind, n: count() })
    .from(internshipWarning)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipWarning.enrolmentId))
    .where(and(eq(internshipWarning.status, 'open'), placementReach(viewer, wide(WARNING_ACCESS.review))))
    .groupBy(internshipWarning.kind);
  const counts = new Map(rows.map((r) => [r.kind, r.n]));
  return WARNING_KINDS.map((kind: WarningKind) => ({ key: `warning:${kind}`, kind: 'warning' as const, label: `待处理预警：${WARNING_KIND_LABELS[kind]}`, count: counts.get(kind) ?? 0, unit: '条', path: `/internship/warning?status=open&kind=${kind}` }));
}

/**
 * GET /dashboard/todo: everything waiting for the caller, by the relation model (who reviews, mentors, or
 * answers for many placements) and the caller's pages (a count is given only with the permission of its list).
 */
export async function myTodo(db: Database, viewer: Viewer, auth: AuthContext, now: Date = new Date()): Promise<MyTodo> {
  const roles = rolesOf(auth);
  const may = (code: string) => actionAllowed(db, code, roles);
  const [review, read, evaluate, placements, warnings] = await Promise.all([may(RECORD_PERMISSIONS.review), may(RECORD_PERMISSIONS.read), may(SCORE_PERMISSIONS.evaluate), may(PLACEMENT_PERMISSIONS.list), may(WARNING_PERMISSIONS.list)]);
  const parts = await Promise.all([
    review ? reviews(db, viewer) : [],
    approvals(db, viewer.userId),
    evaluate ? evaluations(db, viewer) : [],
    read ? recentForMentor(db, viewer, now) : [],
    placements ? unplaced(db, viewer) : [],
    warnings ? openWarnings(db, viewer) : [],
  ]);
  return { items: parts.flat().filter((item) => item.count > 0) };
}
