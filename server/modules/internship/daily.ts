import { and, asc, eq, gt, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_WORK_RADIUS, distanceMetres, fasterThanTrain, type LatLng } from '@contract/geo.ts';
import { flagTexts, isNightCheckin, schoolDateOf, type CheckinFlag, type DailyRow, type RecordKindDeclaration, type RecordValues } from '@contract/records.ts';
import { HOLIDAY_DICT } from '@contract/dict.ts';
import type { AttachmentMeta } from '@contract/internship.ts';
import { addDays } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicStudent, internshipAttachment, internshipEnrolment, internshipRecord, sysDictItem, sysDict, sysUser } from '../../db/schema.ts';
import { placementReach, type Viewer } from '../relation/model.ts';
import { attachmentMeta, toAttachmentMeta } from './queries.ts';

/**
 * A record a student files once a day (签到): what the server notices about one (flags for the adviser, never
 * a refusal), and the day's list of the adviser's students, checked in or not.
 */

/** Days a location must repeat to the metre before it is flagged. */
const SAME_SPOT_DAYS = 3;
/** How far back another student's use of the same device counts. */
const SHARED_DEVICE_DAYS = 14;
const located = (values: RecordValues): LatLng | null => (values.location === 'granted' ? { latitude: Number(values.latitude), longitude: Number(values.longitude) } : null);
/** A location to the metre (about five decimal places of a degree). */
const spotOf = (place: LatLng | null) => place && `${place.latitude.toFixed(5)},${place.longitude.toFixed(5)}`;

/** The placement's workplace, where the office recorded one. */
export type Workplace = { workLatitude: number | null; workLongitude: number | null; workRadius: number | null };

/** What the server noticed about a check-in, and how far from the workplace it was made (metres), where both are known. */
export interface CheckinFindings {
  flags: CheckinFlag[];
  distance: number | null;
}

/**
 * What a check-in shows the adviser: a device another student checked in from lately (paid services check in
 * on students' behalf), the same spot to the metre day after day, a time at night (22:00–06:00) or a statutory holiday
 * (the 2021 rules keep night and holiday work out of a placement), a place outside the workplace's radius, one too far
 * from the last check-in to have been reached since (faster than a train), a check-in while an approved leave runs.
 */
export async function checkinFlags(
  db: Database,
  declaration: RecordKindDeclaration,
  values: RecordValues,
  self: { recordId: string; studentUserId: string; workplace: Workplace },
): Promise<CheckinFindings> {
  const checkedAt = values.checkedAt!;
  const day = schoolDateOf(checkedAt);
  const place = located(values);
  const here = spotOf(place);
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
  // A leave of the student's that was approved and runs at that moment (销假 ends it: its status is then back),
  // found by the partial index of approved leaves by their end: those not over yet are few, whatever the season holds.
  const onLeave = db
    .select({ id: internshipRecord.id })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .where(
      and(
        // Literals, as the partial index's condition reads, so that a prepared statement's plan can use it.
        sql`${internshipRecord.kind} = 'leave' and ${internshipRecord.status} = 'approved'`,
        lte(internshipRecord.startsAt, new Date(checkedAt)),
        gt(internshipRecord.endsAt, new Date(checkedAt)),
        eq(internshipEnrolment.studentUserId, self.studentUserId),
      ),
    );
  const result = (await db.execute(sql`select exists (${sharedDevice}) as "sharedDevice", exists (${holiday}) as "holiday", exists (${onLeave}) as "onLeave",
    ${here ? sql`(select coalesce(json_agg(m.spot), '[]'::json) from (${mine}) m)` : sql`'[]'::json`} as "mine"`)) as unknown as {
    rows: { sharedDevice: boolean; holiday: boolean; onLeave: boolean; mine: { periodStart: string; data: RecordValues }[] }[];
  };
  const found = result.rows[0]!;
  const flags: CheckinFlag[] = [];
  if (values.deviceId && found.sharedDevice) flags.push('sharedDevice');
  let distance: number | null = null;
  if (place) {
    const earlier = found.mine.map((r) => ({ periodStart: r.periodStart, at: r.data.checkedAt, place: located(r.data) }));
    const previousDays = Array.from({ length: SAME_SPOT_DAYS - 1 }, (_, i) => addDays(day, -(i + 1)));
    if (previousDays.every((d) => earlier.some((r) => r.periodStart === d && spotOf(r.place) === here))) flags.push('sameSpot');
    const { workLatitude, workLongitude, workRadius } = self.workplace;
    if (workLatitude !== null && workLongitude !== null) {
      distance = Math.round(distanceMetres(place, { latitude: workLatitude, longitude: workLongitude }));
      if (distance > (workRadius ?? DEFAULT_WORK_RADIUS)) flags.push('outside');
    }
    const last = earlier
      .flatMap((r) => (r.place && r.at && r.at < checkedAt ? [{ ...r.place, at: r.at }] : []))
      .sort((a, b) => b.at.localeCompare(a.at))[0];
    if (last && fasterThanTrain(last, { ...place, at: checkedAt })) flags.push('jump');
  }
  if (isNightCheckin(checkedAt)) flags.push('night');
  if (found.holiday) flags.push('holiday');
  if (found.onLeave) flags.push('onLeave');
  return { flags, distance };
}

/** The running placements of those the viewer reviews the kind for (their advisees, or all for the office), by 学号, with a further condition. */
export function runningPlacements(db: Database, declaration: RecordKindDeclaration, viewer: Viewer, condition: SQL | undefined) {
  return db
    .select({ enrolmentId: internshipEnrolment.id, studentName: sysUser.realname, studentNo: basicStudent.studentNo, className: basicClass.name })
    .from(internshipEnrolment)
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .where(and(eq(internshipEnrolment.status, 'active'), condition, placementReach(viewer, declaration.access.review)))
    .orderBy(asc(basicStudent.studentNo));
}

/** The day's list: every running placement in the viewer's reach (their advisees, or all for the office), checked in first. */
export async function dailyList(db: Database, declaration: RecordKindDeclaration, viewer: Viewer, day: string): Promise<DailyRow[]> {
  const placements = await runningPlacements(db, declaration, viewer, and(lte(internshipEnrolment.startDate, day), gte(internshipEnrolment.endDate, day)));
  if (placements.length === 0) return [];
  const records = await db
    .select({ id: internshipRecord.id, enrolmentId: internshipRecord.enrolmentId, data: internshipRecord.data, submittedAt: internshipRecord.submittedAt, receivedAt: internshipRecord.receivedAt })
    .from(internshipRecord)
    .where(and(eq(internshipRecord.kind, declaration.kind), eq(internshipRecord.periodStart, day), inArray(internshipRecord.enrolmentId, placements.map((p) => p.enrolmentId))));
  type Data = RecordValues & { flags?: unknown; distance?: unknown };
  const photosOf = new Map<string, AttachmentMeta[]>();
  // The sealed photos (their original noted) of the day's check-ins.
  const photos =
    records.length === 0
      ? []
      : await db
          .select(attachmentMeta)
          .from(internshipAttachment)
          .where(and(inArray(internshipAttachment.recordId, records.map((r) => r.id)), sql`${internshipAttachment.originalSha256} is not null`));
  for (const photo of photos) photosOf.set(photo.recordId, [...(photosOf.get(photo.recordId) ?? []), toAttachmentMeta(photo)]);
  // The day's first check-in (上班, or the one of a program asking for one) and 下班 where there is one.
  const isOut = (r: (typeof records)[number]) => (r.data as Data).shift === 'out';
  const firstOf = new Map(records.filter((r) => !isOut(r)).map((r) => [r.enrolmentId, r]));
  const outOf = new Map(records.filter(isOut).map((r) => [r.enrolmentId, r]));
  const rows = placements.map((p): DailyRow => {
    const record = firstOf.get(p.enrolmentId) ?? outOf.get(p.enrolmentId);
    const out = outOf.get(p.enrolmentId);
    const data = (record === out ? {} : (record?.data ?? {})) as Data;
    const outData = (out?.data ?? {}) as Data;
    return {
      ...p,
      recordId: record?.id ?? null,
      checkedAt: data.checkedAt ?? null,
      receivedAt: record?.receivedAt?.toISOString() ?? null,
      checkedOutAt: outData.checkedAt ?? null,
      location: (data.location || outData.location) ?? null,
      accuracy: (data.accuracy || outData.accuracy) ?? null,
      distance: typeof data.distance === 'number' ? data.distance : typeof outData.distance === 'number' ? outData.distance : null,
      notes: [...flagTexts(data), ...flagTexts(outData).map((note) => `下班：${note}`)],
      photos: [...new Set([record, out])].flatMap((r) => (r ? (photosOf.get(r.id) ?? []) : [])),
    };
  });
  return [...rows.filter((r) => r.recordId), ...rows.filter((r) => !r.recordId)];
}
