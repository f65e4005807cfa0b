import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { addDays, schoolToday } from '@contract/internship.ts';
import { RECORD_KINDS, messagesOf, type RecordValues } from '@contract/records.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram, internshipRecord } from '../../db/schema.ts';
import { HttpError, isUniqueViolation } from '../../lib/http.ts';
import type { Tx } from '../workflow/engine.ts';

/**
 * 补卡: a student asks for a day they missed checking in, with the reason; once their adviser approves, the day
 * has a check-in that says 补卡 wherever check-ins are shown. At most the program's number a month.
 */

const { makeup, checkin } = RECORD_KINDS;
const msg = messagesOf(makeup);
/** A 补卡 that still counts: waiting or approved. */
const LIVE = ['pending', 'approved'];

/** The first and last day of a day's month. */
function monthOf(day: string) {
  const first = `${day.slice(0, 8)}01`;
  return { first, last: addDays(`${addDays(first, 32).slice(0, 8)}01`, -1) };
}

/** Why a 补卡 for this day cannot be asked for, or null: a past day of the placement, not checked in, not asked for yet, within the month's number. */
export async function makeupRefusal(
  db: Database,
  values: RecordValues,
  enrolment: typeof internshipEnrolment.$inferSelect,
  program: typeof internshipProgram.$inferSelect,
  selfId: string,
): Promise<string | null> {
  const day = values.day ?? '';
  if (day < enrolment.startDate || day > enrolment.endDate || day >= schoolToday()) return msg.makeupDay;
  const ofPlacement = (kind: string) => and(eq(internshipRecord.enrolmentId, enrolment.id), eq(internshipRecord.kind, kind), ne(internshipRecord.id, selfId));
  const [checkedIn] = await db.select({ id: internshipRecord.id }).from(internshipRecord).where(and(ofPlacement(checkin.kind), eq(internshipRecord.periodStart, day))).limit(1);
  if (checkedIn) return msg.makeupCheckedIn(day);
  const { first, last } = monthOf(day);
  const asked = await db
    .select({ day: internshipRecord.periodStart })
    .from(internshipRecord)
    .where(and(ofPlacement(makeup.kind), inArray(internshipRecord.status, LIVE), gte(internshipRecord.periodStart, first), lte(internshipRecord.periodStart, last)));
  if (asked.some((a) => a.day === day)) return msg.makeupTaken(day);
  if (asked.length >= program.makeupPerMonth) return msg.makeupLimit(program.makeupPerMonth);
  return null;
}

/** The approved 补卡's check-in: the day's one, without a time or a place of its own, flagged 补卡. */
export async function recordMakeup(tx: Tx, recordId: string): Promise<void> {
  const [request] = await tx.select().from(internshipRecord).where(eq(internshipRecord.id, recordId));
  if (!request) throw new Error(`补卡 ${recordId} is gone`);
  const now = new Date();
  try {
    await tx.insert(internshipRecord).values({
      id: randomUUID(),
      kind: checkin.kind,
      enrolmentId: request.enrolmentId,
      periodStart: request.periodStart,
      title: `补卡 ${request.periodStart}`,
      content: request.content,
      status: 'recorded',
      data: { makeupOf: request.id, flags: ['makeup'] },
      submittedAt: now,
      receivedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'internship_record_period_uq')) throw new HttpError(409, msg.makeupCheckedIn(request.periodStart));
    throw error;
  }
}

