import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { HOLIDAY_DICT } from '@contract/dict.ts';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import { CHECKIN_FLAGS, RECORD_KINDS, isNightCheckin, type CheckinFlag } from '@contract/records.ts';
import { insertRows } from '../lib/bulk-insert.ts';
import type { Tx } from '../lib/resource/binding.ts';
import { registerRecordProcesses } from '../modules/internship/processes.ts';
import { raiseWarnings } from '../modules/internship-warning/job.ts';
import { decide, submitApplication } from '../modules/workflow/engine.ts';
import type { Database } from './database.ts';
import { seededRandom } from './demo-school.ts';
import { demoPdfAttachment } from './demo-internship-placements.ts';
import { CHANGE_REASON, LEAVE_REASONS, RETURN_COMMENTS, REVIEW_COMMENTS, monthlyContent, planContent, weeklyContent, weeklyTitle, type Chooser } from './demo-season-texts.ts';
import {
  basicStudent,
  internshipAttachment,
  internshipEnrolment,
  internshipProgram,
  internshipRecord,
  internshipReviewLog,
  internshipUnit,
  sysDict,
  sysDictItem,
  sysUser,
  wfHistory,
  wfInstance,
  wfTask,
} from './schema.ts';

/**
 * The demo school in the middle of its season (DOMAIN.md "some records in every state"): what the 实习中
 * students of the running 2026届岗位实习 have filed in the nine weeks behind this one, and what their advisers
 * did with it, at a student's and an adviser's pace. Everything is derived from the school's date and each
 * student's 学号 (no randomness): the same day gives the same records, ids included.
 *
 * - 实习计划书: most reviewed, some waiting, a few returned or not written;
 * - 周记 for every past week: most on time, some late (after the week's Sunday), some returned with the reason,
 *   some waiting (several for longer than 7 days: 批阅超期), some missing (周记未交), the recent ones waiting
 *   most; every review with its score, reviewer and internship_review_log row, as the review route writes them;
 * - 月报 for each past month the placement mostly covered, likewise;
 * - 签到 on working days, with the flags the server would have noticed (a shared device, the same spot three
 *   days running, after 22:00, a statutory holiday);
 * - 请假 submitted, and approved or waiting, through the workflow engine itself; one 单位变更 approved by the
 *   adviser and waiting at the 实习办.
 *
 * student01 is left as server/db/seed.ts made them (the README's three weeks).
 */

/** How many whole weeks of the 2026届岗位实习 lie behind this one. */
export const SEASON_WEEKS_BEHIND = 9;

export interface SeasonPlacement {
  id: string;
  studentNo: string;
  studentUserId: string;
  adviserUserId: string;
  adviserUsername: string;
  unitId: string;
  unitName: string;
  post: string;
  startDate: string;
  endDate: string;
}

type RecordRow = typeof internshipRecord.$inferInsert & { id: string; enrolmentId: string; kind: string; periodStart: string; status: string };
type ReviewLogRow = typeof internshipReviewLog.$inferInsert;

export interface SeasonApplication {
  kind: 'leave' | 'change';
  record: RecordRow;
  placement: SeasonPlacement;
  /** approved (and back: 销假), pending at the adviser, or (a change) approved by the adviser and at the office. */
  outcome: 'approved' | 'back' | 'pending' | 'second-step';
  submittedAt: Date;
  decidedAt: Date | null;
  comment: string | null;
  attachment?: ReturnType<typeof demoPdfAttachment>;
}

export interface SeasonPlan {
  records: RecordRow[];
  reviewLogs: ReviewLogRow[];
  applications: SeasonApplication[];
}

export interface SeasonFacts {
  today: string;
  /** Minimum characters of a 周记, 月报 or 计划书 (the program's minWeeklyLength). */
  minLength: number;
  /** Statutory holidays (YYYY-MM-DD) from the dictionary. */
  holidays: ReadonlySet<string>;
  /** 合作中 units a company change may go to, by name. */
  units: readonly { id: string; name: string }[];
}

// ---- derived choices ----------------------------------------------------------------------------

/** A number in [0, 1) that depends only on the keys. */
export function chance(...keys: (string | number)[]): number {
  let hash = 2166136261;
  for (const char of keys.join('\u0001')) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return seededRandom(hash >>> 0)();
}
const pick: Chooser = (items, ...keys) => items[Math.floor(chance(...keys) * items.length)]!;
const between = (low: number, high: number, ...keys: (string | number)[]) => low + Math.floor(chance(...keys) * (high - low + 1));

/** A UUID made from the keys, so the same day's records keep their ids. */
function uuidOf(...keys: (string | number)[]): string {
  const hex = createHash('sha256').update(keys.join('\u0001')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment of the school's day. */
const at = (day: string, hour: number, minute: number) => new Date(`${day}T${pad(hour)}:${pad(minute)}:00+08:00`);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const lastOfMonth = (first: string) => {
  const [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  return addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`, -1);
};

function baseRow(placement: SeasonPlacement, kind: string, periodStart: string, title: string, content: string, submittedAt: Date): RecordRow {
  return {
    id: uuidOf(placement.studentNo, kind, periodStart),
    kind,
    enrolmentId: placement.id,
    periodStart,
    title,
    content,
    status: 'submitted',
    adviserComment: null,
    score: null,
    submittedAt,
    receivedAt: submittedAt,
    submitTimeFlag: null,
    reviewedAt: null,
    reviewerId: null,
    startsAt: null,
    endsAt: null,
    data: {},
    createdAt: submittedAt,
    updatedAt: submittedAt,
  };
}

/**
 * What the adviser did with a submitted record, days after it came, never today or later (so the day decides
 * it): reviewed with a score, returned with the reason (and, now and then, written again and reviewed), or
 * still waiting.
 */
function review(row: RecordRow, placement: SeasonPlacement, logs: ReviewLogRow[], today: string, odds: { waiting: number; returned: number }, key: (string | number)[]) {
  const submittedDay = schoolToday(row.submittedAt!);
  const roll = chance(...key, 'review');
  if (roll < odds.waiting) return;
  const reviewDay = addDays(submittedDay, between(1, 3, ...key, 'reviewDay'));
  if (reviewDay >= today) return;
  const reviewedAt = at(reviewDay, between(9, 16, ...key, 'reviewHour'), between(0, 59, ...key, 'reviewMinute'));
  const score = Math.min(98, between(72, 96, ...key, 'score') - (chance(placement.studentNo, 'profile') < 0.1 ? 8 : 0));
  const approve = (when: Date) => {
    const comment = pick(REVIEW_COMMENTS, ...key, 'comment');
    Object.assign(row, { status: 'reviewed', score, adviserComment: comment, reviewedAt: when, reviewerId: placement.adviserUserId, updatedAt: when });
    logs.push({ recordId: row.id, action: 'approve', score, comment, reviewerId: placement.adviserUserId, createdAt: when });
  };
  if (roll >= odds.waiting + odds.returned) return approve(reviewedAt);
  const reason = pick(RETURN_COMMENTS, ...key, 'return');
  Object.assign(row, { status: 'returned', adviserComment: reason, reviewedAt, reviewerId: placement.adviserUserId, updatedAt: reviewedAt });
  logs.push({ recordId: row.id, action: 'return', score: null, comment: reason, reviewerId: placement.adviserUserId, createdAt: reviewedAt });
  // Half of the returned ones were written again and reviewed, when there was time for it.
  const againDay = addDays(reviewDay, between(1, 2, ...key, 'againDay'));
  const secondDay = addDays(againDay, between(1, 2, ...key, 'secondDay'));
  if (chance(...key, 'again') < 0.5 || secondDay >= today) return;
  const again = at(againDay, between(19, 22, ...key, 'againHour'), between(0, 59, ...key, 'againMinute'));
  Object.assign(row, { status: 'submitted', submittedAt: again, receivedAt: again, content: `${row.content}（已根据指导教师意见补充修改）`, adviserComment: null, reviewedAt: null, reviewerId: null, updatedAt: again });
  approve(at(secondDay, between(9, 16, ...key, 'secondHour'), between(0, 59, ...key, 'secondMinute')));
}

// ---- the plan -----------------------------------------------------------------------------------

/** A struggling student (one in ten) misses and is late far more often, and scores lower. */
const struggling = (placement: SeasonPlacement) => chance(placement.studentNo, 'profile') < 0.1;

function planRecords(placement: SeasonPlacement, facts: SeasonFacts, logs: ReviewLogRow[]): RecordRow[] {
  const key = [placement.studentNo, 'plan'];
  if (chance(...key, 'missing') < (struggling(placement) ? 0.4 : 0.05)) return [];
  const day = addDays(placement.startDate, between(1, 6, ...key, 'day'));
  if (day >= facts.today) return [];
  const row = baseRow(placement, 'plan', placement.startDate, '个人实习计划', planContent(pick, { unit: placement.unitName, post: placement.post }, placement.studentNo, facts.minLength), at(day, between(18, 22, ...key, 'hour'), between(0, 59, ...key, 'minute')));
  review(row, placement, logs, facts.today, { waiting: 0.1, returned: 0.06 }, key);
  return [row];
}

function weeklyRecords(placement: SeasonPlacement, facts: SeasonFacts, logs: ReviewLogRow[]): RecordRow[] {
  const rows: RecordRow[] = [];
  const weeks = Math.floor((Date.parse(mondayOf(facts.today)) - Date.parse(mondayOf(placement.startDate))) / (7 * 86_400_000));
  const weak = struggling(placement);
  // 陈主任 has a department to run: more of their students' 周记 wait.
  const busy = placement.adviserUsername === 'dept01';
  for (let week = 1; week <= weeks; week++) {
    const key = [placement.studentNo, 'weekly', week];
    const monday = addDays(mondayOf(placement.startDate), (week - 1) * 7);
    const sunday = addDays(monday, 6);
    if (chance(...key, 'missing') < (weak ? 0.35 : week === weeks ? 0.1 : 0.03)) continue;
    let day = addDays(monday, between(4, 6, ...key, 'day'));
    if (chance(...key, 'late') < (weak ? 0.35 : 0.1)) {
      const late = addDays(sunday, between(1, 5, ...key, 'lateBy'));
      if (late < facts.today) day = late;
    }
    const submittedAt = at(day, between(17, 22, ...key, 'hour'), between(0, 59, ...key, 'minute'));
    const row = baseRow(placement, 'weekly', monday, weeklyTitle(pick, placement.studentNo, week), weeklyContent(pick, { unit: placement.unitName, post: placement.post }, placement.studentNo, week, facts.minLength), submittedAt);
    // Last week's mostly wait; of the older ones a few (批阅超期), more of them 陈主任's.
    const waiting = week === weeks ? 0.6 : week === weeks - 1 ? 0.15 : busy ? 0.15 : 0.02;
    review(row, placement, logs, facts.today, { waiting, returned: 0.07 }, key);
    rows.push(row);
  }
  return rows;
}

function monthlyRecords(placement: SeasonPlacement, facts: SeasonFacts, logs: ReviewLogRow[]): RecordRow[] {
  const rows: RecordRow[] = [];
  const months: string[] = [];
  for (let first = `${placement.startDate.slice(0, 8)}01`; lastOfMonth(first) < facts.today; first = addDays(lastOfMonth(first), 1)) {
    // A month the placement covered for ten days or more has its 月报.
    if (addDays(lastOfMonth(first), -9) >= placement.startDate) months.push(first);
  }
  for (const [index, first] of months.entries()) {
    const month = Number(first.slice(5, 7));
    const key = [placement.studentNo, 'monthly', first];
    if (chance(...key, 'missing') < (struggling(placement) ? 0.3 : 0.05)) continue;
    const day = addDays(lastOfMonth(first), between(1, 4, ...key, 'day'));
    if (day >= facts.today) continue;
    const title = `${Number(first.slice(0, 4))}年${month}月月报`;
    const row = baseRow(placement, 'monthly', first, title, monthlyContent(pick, { unit: placement.unitName, post: placement.post }, placement.studentNo, month, facts.minLength), at(day, between(19, 22, ...key, 'hour'), between(0, 59, ...key, 'minute')));
    review(row, placement, logs, facts.today, { waiting: index === months.length - 1 ? 0.5 : 0.08, returned: 0.05 }, key);
    rows.push(row);
  }
  return rows;
}

/** 请假: eight in the past weeks (approved, most of them 销假), four coming up and waiting for the adviser. */
function leaveApplications(placements: readonly SeasonPlacement[], facts: SeasonFacts): SeasonApplication[] {
  const chosen = [...placements].sort((a, b) => chance(a.studentNo, 'leave') - chance(b.studentNo, 'leave')).slice(0, 12);
  const weeks = Math.floor((Date.parse(mondayOf(facts.today)) - Date.parse(mondayOf(chosen[0]?.startDate ?? facts.today))) / (7 * 86_400_000));
  return chosen.flatMap((placement, index): SeasonApplication[] => {
    const key = [placement.studentNo, 'leave'];
    const leaveType = chance(...key, 'type') < 0.5 ? 'sick' : 'personal';
    const past = index < 8;
    let day: string;
    if (past) {
      if (weeks < 3) return [];
      day = addDays(mondayOf(placement.startDate), between(1, weeks - 2, ...key, 'week') * 7 + between(0, 4, ...key, 'weekday'));
    } else {
      day = addDays(facts.today, between(1, 6, ...key, 'ahead'));
      if (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, weekday(day) === 6 ? 2 : 1);
    }
    if (day > placement.endDate) return [];
    const days = leaveType === 'sick' ? 1 : between(1, 2, ...key, 'days');
    const startsAt = at(day, 8, 30);
    const endsAt = at(addDays(day, days - 1), 17, 30);
    let submittedAt = leaveType === 'sick' && past ? at(day, 7, between(10, 50, ...key, 'minute')) : at(addDays(day, -between(1, 3, ...key, 'before')), between(19, 21, ...key, 'hour'), between(0, 59, ...key, 'minute'));
    if (!past && schoolToday(submittedAt) >= facts.today) submittedAt = at(addDays(facts.today, -1), 20, between(0, 59, ...key, 'minute'));
    const decidedAt = past ? new Date(submittedAt.getTime() + between(1, 5, ...key, 'hours') * 3_600_000) : null;
    const values = { leaveType, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
    const record = baseRow(placement, 'leave', schoolToday(startsAt), RECORD_KINDS.leave.titleOf!(values), pick(LEAVE_REASONS[leaveType], ...key, 'reason'), submittedAt);
    Object.assign(record, { id: uuidOf(placement.studentNo, 'leave', day), status: 'pending', startsAt, endsAt, data: { leaveType } });
    const back = past && index < 5;
    if (back) record.data = { leaveType, backAt: new Date(endsAt.getTime() + 15 * 3_600_000).toISOString() };
    return [{ kind: 'leave', record, placement, outcome: past ? (back ? 'back' : 'approved') : 'pending', submittedAt, decidedAt, comment: past ? pick(['同意，注意休息。', '同意，请按时返岗。', '同意。', null], ...key, 'comment') : null }];
  });
}

/** One 单位变更 from next Monday, approved by the adviser two days ago, at the 实习办 since. */
function changeApplication(placements: readonly SeasonPlacement[], facts: SeasonFacts, leaving: ReadonlySet<string>): SeasonApplication[] {
  const [placement] = [...placements].filter((p) => !leaving.has(p.id)).sort((a, b) => chance(a.studentNo, 'change') - chance(b.studentNo, 'change'));
  if (!placement) return [];
  const toUnit = [...facts.units].filter((u) => u.id !== placement.unitId).sort((a, b) => chance(a.name, 'change') - chance(b.name, 'change'))[0];
  const changeDate = addDays(mondayOf(facts.today), 7);
  const submittedAt = at(addDays(facts.today, -3), 20, 15);
  if (!toUnit || changeDate > placement.endDate || schoolToday(submittedAt) <= placement.startDate) return [];
  const record = baseRow(placement, 'change', changeDate, RECORD_KINDS.change.titleOf!({ changeDate }, { toUnitId: toUnit.name }), CHANGE_REASON, submittedAt);
  Object.assign(record, { id: uuidOf(placement.studentNo, 'change', changeDate), status: 'pending', data: { toUnitId: toUnit.id, proposedUnitName: null, changeDate } });
  const attachment = demoPdfAttachment(record.id, placement.studentUserId, `新三方协议-${placement.studentNo}.pdf`, ['Tripartite internship agreement (new unit)', `Student ${placement.studentNo}`, `From ${changeDate}`], new Date(submittedAt.getTime() - 5 * 60_000), uuidOf(record.id, 'agreement'));
  return [{ kind: 'change', record, placement, outcome: 'second-step', submittedAt, decidedAt: at(addDays(facts.today, -2), 10, 30), comment: '情况属实，新岗位与专业对口，同意变更。', attachment }];
}

const spotOf = (data: Record<string, unknown>) => (data.location === 'granted' ? `${Number(data.latitude).toFixed(5)},${Number(data.longitude).toFixed(5)}` : null);

/**
 * 签到 on working days up to yesterday (not on a leave's days), by 85 % of the students, each with their phone and
 * location habit; two students' phones report one spot day after day (a location-faking app), one student's
 * check-ins come from a classmate's phone for a few days, two work late shifts, and two check in on a
 * statutory holiday in the placement. The flags are what daily.ts checkinFlags would have stored, worked out
 * here in the order of the check-ins.
 */
function checkinRecords(placements: readonly SeasonPlacement[], facts: SeasonFacts, onLeave: ReadonlyMap<string, ReadonlySet<string>>): RecordRow[] {
  const users = placements.filter((p) => chance(p.studentNo, 'checks') < 0.85);
  const ranked = [...users].sort((a, b) => chance(a.studentNo, 'odd') - chance(b.studentNo, 'odd'));
  const [spotA, spotB, nightA, nightB, lender, borrower, holidayA, holidayB] = ranked;
  const device = (p: SeasonPlacement) => createHash('sha256').update(`device:${p.studentNo}`).digest('hex').slice(0, 32);
  const yesterday = addDays(facts.today, -1);
  const recentFrom = addDays(mondayOf(facts.today), -14);
  const checks: { placement: SeasonPlacement; day: string; checkedAt: Date; data: Record<string, unknown> }[] = [];
  for (const placement of users) {
    const key = placement.studentNo;
    const weak = struggling(placement);
    const habit = chance(key, 'location');
    const unitLat = 22.5 + chance(placement.unitName, 'lat') * 0.6;
    const unitLng = 113.3 + chance(placement.unitName, 'lng') * 0.8;
    for (let day = placement.startDate; day <= yesterday && day <= placement.endDate; day = addDays(day, 1)) {
      const holiday = facts.holidays.has(day);
      const working = weekday(day) !== 0 && weekday(day) !== 6 && !holiday;
      const onHoliday = holiday && (placement === holidayA || placement === holidayB);
      if ((!working && !onHoliday) || onLeave.get(placement.id)?.has(day)) continue;
      if (!onHoliday && chance(key, 'checkin', day) >= (weak ? 0.5 : 0.92)) continue;
      const lateShift = (placement === nightA || placement === nightB) && day >= recentFrom && chance(key, 'night', day) < 0.5;
      const checkedAt = lateShift ? at(day, 22, between(5, 55, key, 'nightMinute', day)) : at(day, between(7, 8, key, 'hour', day), between(0, 59, key, 'minute', day));
      const faking = (placement === spotA || placement === spotB) && day >= recentFrom;
      const location = faking || habit >= 0.2 ? 'granted' : habit < 0.12 ? 'denied' : chance(key, 'unavailable', day) < 0.4 ? 'unavailable' : 'granted';
      const granted = location === 'granted';
      const lat = faking ? unitLat + 0.01 : unitLat + (chance(key, 'dlat', day) - 0.5) * 0.002;
      const lng = faking ? unitLng - 0.01 : unitLng + (chance(key, 'dlng', day) - 0.5) * 0.002;
      const borrowed = placement === borrower && lender && day >= recentFrom && chance(key, 'borrow', day) < 0.5;
      checks.push({
        placement,
        day,
        checkedAt: borrowed ? new Date(checkedAt.getTime() + 60_000) : checkedAt,
        data: {
          checkedAt: checkedAt.toISOString(),
          location,
          latitude: granted ? lat.toFixed(6) : null,
          longitude: granted ? lng.toFixed(6) : null,
          accuracy: granted ? (faking ? '5' : String(between(8, 65, key, 'accuracy', day))) : null,
          deviceId: device(borrowed ? lender : placement),
        },
      });
    }
  }
  checks.sort((a, b) => a.checkedAt.getTime() - b.checkedAt.getTime() || a.placement.studentNo.localeCompare(b.placement.studentNo));
  // checkinFlags over the check-ins as they came in.
  const byDevice = new Map<string, { student: string; day: string }[]>();
  const spots = new Map<string, string | null>();
  return checks.map(({ placement, day, data }) => {
    const flags: CheckinFlag[] = [];
    const deviceId = data.deviceId as string;
    const since = addDays(day, -14);
    if ((byDevice.get(deviceId) ?? []).some((u) => u.student !== placement.studentUserId && u.day >= since && u.day <= day)) flags.push('sharedDevice');
    const here = spotOf(data);
    if (here && [1, 2].every((back) => spots.get(`${placement.id}|${addDays(day, -back)}`) === here)) flags.push('sameSpot');
    if (isNightCheckin(data.checkedAt as string)) flags.push('night');
    if (facts.holidays.has(day)) flags.push('holiday');
    byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), { student: placement.studentUserId, day }]);
    spots.set(`${placement.id}|${day}`, here);
    const checkedAt = new Date(data.checkedAt as string);
    const receivedAt = new Date(checkedAt.getTime() + between(1, 20, placement.studentNo, 'received', day) * 1000);
    const row = baseRow(placement, 'checkin', day, RECORD_KINDS.checkin.titleOf!({ checkedAt: data.checkedAt as string }), '', checkedAt);
    return { ...row, status: 'recorded', receivedAt, data: { ...data, flags: flags.filter((f) => f in CHECKIN_FLAGS) }, createdAt: receivedAt, updatedAt: receivedAt };
  });
}

/** Every record of the season for these placements, and the review log behind the reviewed and returned ones. */
export function planDemoSeason(placements: readonly SeasonPlacement[], facts: SeasonFacts): SeasonPlan {
  const reviewLogs: ReviewLogRow[] = [];
  const ordered = [...placements].sort((a, b) => a.studentNo.localeCompare(b.studentNo));
  const records = ordered.flatMap((p) => [...planRecords(p, facts, reviewLogs), ...weeklyRecords(p, facts, reviewLogs), ...monthlyRecords(p, facts, reviewLogs)]);
  const leaves = leaveApplications(ordered, facts);
  const applications = [...leaves, ...changeApplication(ordered, facts, new Set(leaves.map((l) => l.placement.id)))];
  const onLeave = new Map<string, Set<string>>();
  for (const leave of leaves) {
    if (leave.outcome === 'pending') continue;
    const days = new Set<string>();
    for (let day = schoolToday(leave.record.startsAt!); day <= schoolToday(leave.record.endsAt!); day = addDays(day, 1)) days.add(day);
    onLeave.set(leave.placement.id, days);
  }
  records.push(...checkinRecords(ordered, facts, onLeave));
  return { records, reviewLogs, applications };
}

// ---- into the database --------------------------------------------------------------------------

/** The 实习中 placements of the program beside student01's, with what the records name. */
export async function seasonPlacements(tx: Reader, programId: string): Promise<SeasonPlacement[]> {
  const adviser = sysUser;
  const rows = await tx
    .select({
      id: internshipEnrolment.id,
      studentNo: basicStudent.studentNo,
      studentUserId: internshipEnrolment.studentUserId,
      adviserUserId: internshipEnrolment.adviserUserId,
      adviserUsername: adviser.username,
      unitId: internshipEnrolment.unitId,
      unitName: internshipUnit.name,
      post: internshipEnrolment.post,
      startDate: internshipEnrolment.startDate,
      endDate: internshipEnrolment.endDate,
    })
    .from(internshipEnrolment)
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .innerJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .innerJoin(adviser, eq(adviser.id, internshipEnrolment.adviserUserId))
    .where(and(eq(internshipEnrolment.programId, programId), eq(internshipEnrolment.status, 'active'), isNotNull(internshipEnrolment.post), ne(basicStudent.studentNo, '2023010101')))
    .orderBy(asc(basicStudent.studentNo));
  return rows.map((r) => ({ ...r, adviserUserId: r.adviserUserId!, unitId: r.unitId!, post: r.post! }));
}
type Reader = Pick<Database, 'select'>;

/** What the plan needs from the database besides the placements. */
export async function seasonFacts(tx: Reader, programId: string, today: string = schoolToday()): Promise<SeasonFacts> {
  const [program] = await tx.select({ minLength: internshipProgram.minWeeklyLength }).from(internshipProgram).where(eq(internshipProgram.id, programId));
  const holidays = await tx
    .select({ day: sysDictItem.itemValue })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, HOLIDAY_DICT), eq(sysDictItem.status, 1)));
  const units = await tx.select({ id: internshipUnit.id, name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.status, 'active')).orderBy(asc(internshipUnit.name));
  return { today, minLength: program?.minLength ?? 200, holidays: new Set(holidays.map((h) => h.day)), units };
}

/** Files a leave or a company change as the record route does, and lets the adviser (and the office) decide as 我的待办 would. */
async function apply(tx: Tx, application: SeasonApplication): Promise<void> {
  const { record, placement } = application;
  const engine = tx as unknown as Database;
  const label = RECORD_KINDS[application.kind].label;
  const instance = await submitApplication(tx, { processKey: application.kind === 'leave' ? 'leave' : 'company_change', businessId: record.id, title: `${label}：${record.title}`, applicantId: placement.studentUserId, enrolmentId: placement.id });
  if (application.outcome !== 'pending') {
    const [task] = await tx.select({ id: wfTask.id }).from(wfTask).where(and(eq(wfTask.instanceId, instance.id), eq(wfTask.status, 'open')));
    await decide(engine, { taskId: task!.id, userId: placement.adviserUserId, decision: 'approve', comment: application.comment });
  }
  // The engine wrote its rows now; they happened when the student submitted and the adviser decided.
  const { submittedAt, decidedAt } = application;
  const approved = application.outcome === 'approved' || application.outcome === 'back';
  await tx.update(wfInstance).set({ createdAt: submittedAt, updatedAt: decidedAt ?? submittedAt, endedAt: approved ? decidedAt : null }).where(eq(wfInstance.id, instance.id));
  await tx.update(wfHistory).set({ createdAt: submittedAt }).where(and(eq(wfHistory.instanceId, instance.id), eq(wfHistory.action, 'submit')));
  await tx.update(wfTask).set({ createdAt: submittedAt }).where(and(eq(wfTask.instanceId, instance.id), eq(wfTask.stepIndex, 0)));
  if (decidedAt) {
    await tx.update(wfHistory).set({ createdAt: decidedAt }).where(and(eq(wfHistory.instanceId, instance.id), eq(wfHistory.action, 'approve')));
    await tx.update(wfTask).set({ decidedAt }).where(and(eq(wfTask.instanceId, instance.id), eq(wfTask.stepIndex, 0)));
    await tx.update(wfTask).set({ createdAt: decidedAt }).where(and(eq(wfTask.instanceId, instance.id), eq(wfTask.stepIndex, 1)));
  }
  // 销假 the morning after the leave, as the student's button does.
  const back = application.outcome === 'back' ? { status: 'back' } : {};
  await tx.update(internshipRecord).set({ ...back, data: record.data, updatedAt: decidedAt ?? submittedAt }).where(eq(internshipRecord.id, record.id));
}

/** The season of the running 岗位实习, after its placements and scores (server/db/seed.ts), in the seed's transaction. */
export async function seedDemoSeason(tx: Tx, programId: string, today: string = schoolToday()): Promise<SeasonPlan> {
  const placements = await seasonPlacements(tx, programId);
  const plan = planDemoSeason(placements, await seasonFacts(tx, programId, today));
  await insertRows(tx, internshipRecord, [...plan.records, ...plan.applications.map((a) => a.record)]);
  await insertRows(tx, internshipReviewLog, plan.reviewLogs);
  const files = plan.applications.flatMap((a) => (a.attachment ? [a.attachment] : []));
  if (files.length) await tx.insert(internshipAttachment).values(files);
  registerRecordProcesses();
  for (const application of plan.applications) await apply(tx, application);
  return plan;
}

/** The 实习预警 job's own run, once, at the end of the seed: what it would raise this morning. */
export async function raiseDemoWarnings(tx: Tx, now: Date = new Date()): Promise<void> {
  await raiseWarnings(tx as unknown as Database, now);
}
