import { and, asc, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { RECORD_KINDS, RECORD_STATUS_TEXT, STATUS_OF_INSTANCE, TIME_HOLDING_STATUSES, approvedActionOf, recordSubject, schoolTime, type RecordKindDeclaration, type RecordStatus, type RecordValues } from '@contract/records.ts';
import { addDays } from '@contract/internship.ts';
import type { InstanceStatus } from '@contract/workflow.ts';
import type { Database } from '../../db/database.ts';
import { internshipAttachment, internshipEnrolment, internshipRecord, internshipUnit, wfHistory } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';
import { forbiddenIndustryRefusal } from '../internship-unit/rules.ts';
import { registerProcess, type ProcessHandlers, type Tx } from '../workflow/engine.ts';
import { recordMakeup } from './makeup.ts';
import { valuesOfRow } from './queries.ts';

/**
 * What the workflow's outcomes mean for the records of the kinds with a process (contract/records.ts):
 * a leave takes the application's status; a company change approved at its last step moves the placement; an
 * approved 补卡 gives its day a check-in.
 */

const conflict = (message: string) => new HttpError(409, message);
type InstanceRow = Parameters<ProcessHandlers['onApproved']>[1];

async function recordOf(db: Database | Tx, id: string) {
  const [row] = await db.select().from(internshipRecord).where(eq(internshipRecord.id, id));
  if (!row) throw new Error(`record ${id} of an application is gone`);
  return row;
}

/**
 * The record follows its application: 审批中 while running, then 已批准, 已驳回, 已退回 or 已撤回, with the
 * last approver's comment in view of the student (why it was returned or rejected).
 */
async function follow(tx: Tx, instance: InstanceRow) {
  const [last] = await tx
    .select({ comment: wfHistory.comment, action: wfHistory.action })
    .from(wfHistory)
    .where(eq(wfHistory.instanceId, instance.id))
    .orderBy(desc(wfHistory.createdAt), desc(wfHistory.id))
    .limit(1);
  const decided = last && ['approve', 'reject', 'return'].includes(last.action);
  await tx
    .update(internshipRecord)
    .set({ status: STATUS_OF_INSTANCE[instance.status as InstanceStatus], adviserComment: decided ? last.comment : null, updatedAt: new Date() })
    .where(eq(internshipRecord.id, instance.businessId));
}

/** The lines an approver reads, from the declaration's fields. */
async function summaryOf(db: Database, declaration: RecordKindDeclaration, instance: InstanceRow): Promise<string[]> {
  const record = await recordOf(db, instance.businessId);
  const values = valuesOfRow(declaration, record);
  const lines: string[] = [];
  for (const field of declaration.fields) {
    const value = field.name === 'content' ? record.content : values[field.name];
    if (!value) continue;
    let shown = value;
    if (field.kind === 'select') shown = field.options?.find((o) => o.value === value)?.label ?? value;
    if (field.kind === 'datetime') shown = schoolTime(value, true);
    if (field.kind === 'unit') shown = (await db.select({ name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.id, value)))[0]?.name ?? value;
    lines.push(`${field.label}：${shown}`);
  }
  const span = declaration.durationOf?.(values);
  if (span) lines.push(`时长：${span}`);
  const after = declaration.afterApproval;
  const doneAt = after ? (record.data as Record<string, unknown>)[`${after.action}At`] : null;
  if (after && typeof doneAt === 'string') lines.push(`${after.label}时间：${schoolTime(doneAt, true)}`);
  return lines;
}

/** Units a company change may move to: 合作中 and of no forbidden industry (the refusal is checked again on submit). */
export async function changeUnitOptions(db: Database, name: string, pageSize: number) {
  const rows = await db
    .select({ id: internshipUnit.id, name: internshipUnit.name })
    .from(internshipUnit)
    .where(and(eq(internshipUnit.status, 'active'), name ? ilike(internshipUnit.name, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined))
    .orderBy(asc(internshipUnit.name))
    .limit(pageSize);
  return { records: rows, total: rows.length, current: 1, size: pageSize };
}

/**
 * Why a company change cannot go to its unit, or null: the unit must be 合作中, not of a forbidden industry
 * (the 2021 rules), and another than the current one; the date inside the placement, after its start.
 */
export async function changeRefusal(db: Database | Tx, values: RecordValues, enrolment: typeof internshipEnrolment.$inferSelect): Promise<string | null> {
  const changeDate = values.changeDate ?? '';
  if (changeDate <= enrolment.startDate || changeDate > enrolment.endDate) return `变更日期应在实习期内（${addDays(enrolment.startDate, 1)} 至 ${enrolment.endDate}）`;
  if (!values.toUnitId) return null;
  const [unit] = await db.select().from(internshipUnit).where(eq(internshipUnit.id, values.toUnitId));
  if (!unit) return '所选实习单位不存在';
  if (unit.id === enrolment.unitId) return '新单位与当前实习单位相同';
  const forbidden = await forbiddenIndustryRefusal(db as Database, unit.name, unit.industry, '不能接收实习');
  if (forbidden) return forbidden;
  if (unit.status !== 'active') return `“${unit.name}”不是合作中的单位，不能接收实习`;
  return null;
}

/**
 * The approved change moves the placement: the old one ends on the day before the change, a new one in
 * the same program starts at the new unit on that day, with the same adviser, the student's consent,
 * training and insurance, and the change's new agreement as its 三方协议.
 */
async function movePlacement(tx: Tx, instance: InstanceRow) {
  const record = await recordOf(tx, instance.businessId);
  const values = valuesOfRow(RECORD_KINDS.change, record);
  if (!values.toUnitId) throw conflict(`新单位“${values.proposedUnitName ?? ''}”尚未在实习单位中建档并审核通过：请先添加并审核该单位，再退回申请让学生选择它`);
  const [old] = await tx.select().from(internshipEnrolment).where(eq(internshipEnrolment.id, record.enrolmentId)).for('update');
  if (!old || old.status !== 'active') throw conflict('原实习不在进行中，不能变更单位');
  const refusal = await changeRefusal(tx, values, old);
  if (refusal) throw conflict(refusal);
  const [agreement] = await tx.select({ id: internshipAttachment.id }).from(internshipAttachment).where(eq(internshipAttachment.recordId, record.id)).orderBy(asc(internshipAttachment.createdAt)).limit(1);
  const changeDate = values.changeDate!;
  await tx.update(internshipEnrolment).set({ status: 'ended', endDate: addDays(changeDate, -1), updatedAt: new Date() }).where(eq(internshipEnrolment.id, old.id));
  const { id: _id, createdAt: _created, updatedAt: _updated, ...kept } = old;
  await tx.insert(internshipEnrolment).values({
    ...kept,
    unitId: values.toUnitId,
    post: null,
    postId: null,
    mentorUserId: null,
    startDate: changeDate,
    agreementAttachmentId: agreement?.id ?? null,
    monthlyPay: null,
    status: 'active',
    terminateReason: null,
  });
}

/** The student's other records of a kind that hold their time, for the overlap rule. */
export async function timeHoldingRecords(db: Database | Tx, declaration: RecordKindDeclaration, studentUserId: string, exceptId: string) {
  const rows = await db
    .select({ id: internshipRecord.id, title: internshipRecord.title, startsAt: internshipRecord.startsAt, endsAt: internshipRecord.endsAt })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(
      and(
        eq(internshipEnrolment.studentUserId, studentUserId),
        eq(internshipRecord.kind, declaration.kind),
        inArray(internshipRecord.status, [...TIME_HOLDING_STATUSES]),
        ne(internshipRecord.id, exceptId),
        sql`${internshipRecord.startsAt} is not null and ${internshipRecord.endsAt} is not null`,
      ),
    );
  return rows.map((r) => ({ id: r.id, title: r.title, startsAt: r.startsAt!.toISOString(), endsAt: r.endsAt!.toISOString() }));
}

const followOnly = (declaration: RecordKindDeclaration): ProcessHandlers => ({
  onApproved: follow,
  onRejected: follow,
  onReturned: follow,
  onWithdrawn: follow,
  summary: (db, instance) => summaryOf(db, declaration, instance),
  notice: {
    subject: async (db, instance) => {
      const record = await recordOf(db, instance.businessId);
      return recordSubject(declaration, { periodStart: record.periodStart, periodEnd: record.periodStart, periodNo: 0 }, valuesOfRow(declaration, record));
    },
    page: declaration.pages.mine.path,
  },
  // An approved record with an after-approval action (a leave) may be taken back until its time begins.
  ...(declaration.afterApproval
    ? {
        withdrawApproved: async (db: Database | Tx, instance: InstanceRow) => {
          const record = await recordOf(db, instance.businessId);
          if (record.status !== 'approved') return `${RECORD_STATUS_TEXT[record.status as RecordStatus]}的${declaration.label}不能撤回`;
          return approvedActionOf(declaration, valuesOfRow(declaration, record)) === 'withdraw' ? null : declaration.afterApproval!.begun;
        },
      }
    : {}),
});

/** Registers the processes of the record kinds; the app calls it once. */
export function registerRecordProcesses() {
  registerProcess('leave', followOnly(RECORD_KINDS.leave));
  registerProcess('makeup', {
    ...followOnly(RECORD_KINDS.makeup),
    onApproved: async (tx, instance) => {
      await recordMakeup(tx, instance.businessId);
      await follow(tx, instance);
    },
  });
  registerProcess('company_change', {
    ...followOnly(RECORD_KINDS.change),
    onApproved: async (tx, instance) => {
      await movePlacement(tx, instance);
      await follow(tx, instance);
    },
  });
}

