import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { CHECKIN_FLAGS, isNightCheckin, schoolDateOf, type CheckinFlag, type DailyRow, type RecordKindDeclaration, type RecordValues } from '@contract/records.ts';
import { HOLIDAY_DICT } from '@contract/dict.ts';
import { addDays } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicStudent, internshipEnrolment, internshipRecord, sysDictItem, sysDict, sysUser } from '../../db/schema.ts';
import { placementReach, type Viewer } from '../relation/model.ts';

/**
 * A record a student files once a day (签到): what the server notices about one (flags for the adviser, never
 * a refusal), and the day's list of the adviser's students, checked in or not.
 */

/** Days a location must repeat to the metre before it is flagged. */
const SAME_SPOT_DAYS = 3;
/** How far back another student's use of the same device counts. */
const SHARED_DEVICE_DAYS = 14;
/** A location to the metre (about five decimal places of a degree). */
const spot = (values: RecordValues) => (values.location === 'granted' ? `${Number(values.latitude).toFixed(5)},${Number(values.longitude).toFixed(5)}` : null);

/**
 * What a check-in shows the adviser: a device another student checked in from lately (paid services check in
 * on students' behalf), the same spot to the metre day after day, a time at night (22:00–06:00) or a statutory holiday
 * (the 2021 rules keep night and holiday work out of a placement).
 */
export async function checkinFlags(db: Database, declaration: RecordKindDeclaration, values: RecordValues, self: { recordId: string; studentUserId: string }): Promise<CheckinFlag[]> {
  const checkedAt = values.checkedAt!;
  const day = schoolDateOf(checkedAt);
  const here = spot(values);
  // The kind as a literal: the device index is partial (kind = 'checkin'), and a prepared statement's generic plan
  // can use it only so; with a parameter every check-in would be planned afresh.
  if (!/^[a-z]+$/.test(declaration.kind)) throw new Error(`kind ${declaration.kind}`);
  const ofKind = sql`${internshipRecord.kind} = ${sql.raw(`'${declaration.kind}'`)}`;
  const kindOfDays = (from: string) => and(ofKind, gte(internshipRecord.periodStart, from), lte(internshipRecord.periodStart, day), ne(internshipRecord.id, self.recordId));
  // At the morning peak every check-in asks: one statement, each part by its index (migration 0035 for the device),
  // never the whole school's fortnight.
  const sharedDevice = db
    .select({ id: internshipRecord.id })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(and(sql`${internshipRecord.data}->>'deviceId' = ${values.deviceId ?? null}`, kindOfDays(addDays(day, -SHARED_DEVICE_DAYS)), ne(internshipEnrolment.studentUserId, self.studentUserId)));
  const mine = db
    .select({ spot: sql`json_build_object('periodStart', ${internshipRecord.periodStart}, 'data', ${internshipRecord.data})`.as('spot') })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(and(eq(internshipEnrolment.studentUserId, self.studentUserId), kindOfDays(addDays(day, -(SAME_SPOT_DAYS - 1)))));
  const holiday = db
    .select({ value: sysDictItem.itemValue })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, HOLIDAY_DICT), eq(sysDictItem.itemValue, day), eq(sysDictItem.status, 1)));
  const result = (await db.execute(sql`select exists (${sharedDevice}) as "sharedDevice", exists (${holiday}) as "holiday",
    ${here ? sql`(select coalesce(json_agg(m.spot), '[]'::json) from (${mine}) m)` : sql`'[]'::json`} as "mine"`)) as unknown as {
    rows: { sharedDevice: boolean; holiday: boolean; mine: { periodStart: string; data: RecordValues }[] }[];
  };
  const found = result.rows[0]!;
  const flags: CheckinFlag[] = [];
  if (values.deviceId && found.sharedDevice) flags.push('sharedDevice');
  if (here) {
    const previousDays = Array.from({ length: SAME_SPOT_DAYS - 1 }, (_, i) => addDays(day, -(i + 1)));
    if (previousDays.every((d) => found.mine.some((r) => r.periodStart === d && spot(r.data) === here))) flags.push('sameSpot');
  }
  if (isNightCheckin(checkedAt)) flags.push('night');
  if (found.holiday) flags.push('holiday');
  return flags;
}

export const flagTexts = (flags: unknown): string[] => (Array.isArray(flags) ? flags.filter((f): f is CheckinFlag => f in CHECKIN_FLAGS).map((f) => CHECKIN_FLAGS[f]) : []);

/** The day's list: every running placement in the viewer's reach (their advisees, or all for the office), checked in first. */
export async function dailyList(db: Database, declaration: RecordKindDeclaration, viewer: Viewer, day: string): Promise<DailyRow[]> {
  const placements = await db
    .select({ enrolmentId: internshipEnrolment.id, studentName: sysUser.realname, studentNo: basicStudent.studentNo, className: basicClass.name })
    .from(internshipEnrolment)
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .where(
      and(
        eq(internshipEnrolment.status, 'active'),
        lte(internshipEnrolment.startDate, day),
        gte(internshipEnrolment.endDate, day),
        placementReach(viewer, declaration.access.review),
      ),
    )
    .orderBy(asc(basicStudent.studentNo));
  if (placements.length === 0) return [];
  const records = await db
    .select({ id: internshipRecord.id, enrolmentId: internshipRecord.enrolmentId, data: internshipRecord.data, submittedAt: internshipRecord.submittedAt, receivedAt: internshipRecord.receivedAt })
    .from(internshipRecord)
    .where(and(eq(internshipRecord.kind, declaration.kind), eq(internshipRecord.periodStart, day), inArray(internshipRecord.enrolmentId, placements.map((p) => p.enrolmentId))));
  const byPlacement = new Map(records.map((r) => [r.enrolmentId, r]));
  const rows = placements.map((p): DailyRow => {
    const record = byPlacement.get(p.enrolmentId);
    const data = (record?.data ?? {}) as RecordValues & { flags?: unknown };
    return {
      ...p,
      recordId: record?.id ?? null,
      checkedAt: data.checkedAt ?? null,
      receivedAt: record?.receivedAt?.toISOString() ?? null,
      location: data.location ?? null,
      accuracy: data.accuracy ?? null,
      notes: flagTexts(data.flags),
    };
  });
  return [...rows.filter((r) => r.recordId), ...rows.filter((r) => !r.recordId)];
}
