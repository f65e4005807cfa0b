import { and, asc, count, eq, gte, inArray, lte, ne, notExists, type SQL } from 'drizzle-orm';
import { RECORD_PERMISSIONS, mondayOf, schoolToday } from '@contract/internship.ts';
import { recordSlots, type RecordStatus } from '@contract/records.ts';
import { SCHOOL_STAFF } from '@contract/relations.ts';
import {
  SEASON_MSG,
  SEASON_URL,
  dueDateOf,
  lateDays,
  monthOf,
  noContacts,
  remindMessage,
  seasonQuerySchema,
  seasonRemindSchema,
  type SeasonCell,
  type SeasonGrid,
  type SeasonRemindResult,
  type SeasonRow,
  type SeasonWeek,
} from '@contract/season.ts';
import type { Database } from '../../db/database.ts';
import { placementContacts } from './contacts.ts';
import { basicClass, basicStudent, internshipEnrolment, internshipProgram, internshipRecord } from '../../db/schema.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { sendSystemMessage } from '../announcement/system-message.ts';
import { placementReach, requestViewer, type Viewer } from '../relation/model.ts';
import { findUserById } from '../user/queries.ts';
import { seasonGridAnswer, seasonRemindAnswer } from './schemas.ts';

/** The placements a season covers: under way or done (not those still waiting or terminated). */
const SEASON_PLACEMENTS = ['active', 'ended'];

/** The viewer's placements of the season: those the school's staff reach by relation (contract/relations.ts). */
const reached = (viewer: Viewer, programId?: string, classId?: string): SQL =>
  and(
    placementReach(viewer, SCHOOL_STAFF),
    inArray(internshipEnrolment.status, SEASON_PLACEMENTS),
    programId ? eq(internshipEnrolment.programId, programId) : undefined,
    classId ? eq(basicStudent.classId, classId) : undefined,
  )!;

type Program = { id: string; name: string; startDate: string; endDate: string; minAdviserContacts: number; minHeadTeacherContacts: number };

/** The programs of the viewer's placements, the running and latest first. */
async function programsOf(db: Database, viewer: Viewer): Promise<Program[]> {
  const programs = await db
    .selectDistinct({
      id: internshipProgram.id,
      name: internshipProgram.name,
      startDate: internshipProgram.startDate,
      endDate: internshipProgram.endDate,
      status: internshipProgram.status,
      minAdviserContacts: internshipProgram.minAdviserContacts,
      minHeadTeacherContacts: internshipProgram.minHeadTeacherContacts,
    })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .where(reached(viewer));
  const running = (p: { status: string }) => (p.status === 'running' ? 0 : 1);
  return programs.sort((a, b) => running(a) - running(b) || b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name, 'zh-CN'));
}

/** A program's weeks (Monday to Sunday) from its first up to this week (or its last), oldest first. */
const weeksOf = (program: Program, today: string): Omit<SeasonWeek, 'toRemind'>[] =>
  recordSlots('week', program.startDate, program.endDate, today)
    .reverse()
    .map((slot) => ({ ...slot, dueDate: dueDateOf(slot.periodEnd) }));

/** A week's 周记 that is in: submitted or reviewed (a returned one is to be sent again). */
const IN_STATUSES = ['submitted', 'reviewed'];

/** Per week, how many of the placements (all pages) owe it and have not sent it in: what 一键催交 would remind. */
async function toRemindOf(db: Database, where: SQL, weeks: Omit<SeasonWeek, 'toRemind'>[]): Promise<SeasonWeek[]> {
  if (weeks.length === 0) return [];
  const [spans, filed] = await Promise.all([
    db
      .select({ startDate: internshipEnrolment.startDate, endDate: internshipEnrolment.endDate, n: count() })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(where)
      .groupBy(internshipEnrolment.startDate, internshipEnrolment.endDate),
    db
      .select({ periodStart: internshipRecord.periodStart, n: count() })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(
        and(
          where,
          eq(internshipRecord.kind, 'weekly'),
          inArray(internshipRecord.status, IN_STATUSES),
          gte(internshipRecord.periodStart, weeks[0]!.periodStart),
          lte(internshipRecord.periodStart, weeks.at(-1)!.periodStart),
        ),
      )
      .groupBy(internshipRecord.periodStart),
  ]);
  return weeks.map((week) => {
    const owing = spans.filter((s) => s.startDate <= week.periodEnd && s.endDate >= week.periodStart).reduce((sum, s) => sum + s.n, 0);
    return { ...week, toRemind: owing - (filed.find((f) => f.periodStart === week.periodStart)?.n ?? 0) };
  });
}

type WeeklyRecord = { id: string; status: string; submittedAt: Date | null };

function cellOf(week: Omit<SeasonWeek, 'toRemind'>, placement: { startDate: string; endDate: string }, record: WeeklyRecord | undefined, now: Date): SeasonCell {
  const cell = { periodStart: week.periodStart, recordId: record?.id ?? null };
  if (week.periodEnd < placement.startDate || week.periodStart > placement.endDate) return { ...cell, state: 'outside', lateDays: null };
  const status = record?.status as RecordStatus | undefined;
  if (status === 'submitted' || status === 'reviewed' || status === 'returned') return { ...cell, state: status, lateDays: record!.submittedAt ? lateDays(week.periodEnd, record!.submittedAt, now) : null };
  const overdue = lateDays(week.periodEnd, null, now);
  return { ...cell, state: overdue === null ? 'upcoming' : 'missing', lateDays: overdue };
}

async function seasonGrid(db: Database, viewer: Viewer, query: { programId?: string; classId?: string; pageNo: number; pageSize: number }, now = new Date()): Promise<SeasonGrid> {
  const { pageNo, pageSize } = query;
  const programs = await programsOf(db, viewer);
  const empty: SeasonGrid = { programId: null, programs: [], classes: [], weeks: [], rows: [], contactsRequired: noContacts(), contactMonth: monthOf(schoolToday(now)).name, total: 0, current: pageNo, size: pageSize };
  if (programs.length === 0 && !query.programId) return empty;
  const program = query.programId ? programs.find((p) => p.id === query.programId) : programs[0];
  if (!program) throw notFound(SEASON_MSG.programNotFound);
  const classId = query.classId || undefined;
  const where = reached(viewer, program.id, classId);
  const [classes, page, [total], weeks] = await Promise.all([
    db
      .selectDistinct({ value: basicClass.id, label: basicClass.name })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .innerJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .where(reached(viewer, program.id))
      .orderBy(asc(basicClass.name), asc(basicClass.id)),
    db
      .select({
        enrolmentId: internshipEnrolment.id,
        startDate: internshipEnrolment.startDate,
        endDate: internshipEnrolment.endDate,
        studentName: basicStudent.name,
        studentNo: basicStudent.studentNo,
        className: basicClass.name,
      })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .where(where)
      .orderBy(asc(basicStudent.studentNo), asc(internshipEnrolment.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ n: count() })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(where),
    toRemindOf(db, where, weeksOf(program, schoolToday(now))),
  ]);
  const records =
    page.length && weeks.length
      ? await db
          .select({ id: internshipRecord.id, enrolmentId: internshipRecord.enrolmentId, periodStart: internshipRecord.periodStart, status: internshipRecord.status, submittedAt: internshipRecord.submittedAt })
          .from(internshipRecord)
          .where(
            and(
              eq(internshipRecord.kind, 'weekly'),
              inArray(
                internshipRecord.enrolmentId,
                page.map((p) => p.enrolmentId),
              ),
              // Anyone else's drafts are not theirs to read: a draft is a week not yet submitted.
              ne(internshipRecord.status, 'draft'),
              gte(internshipRecord.periodStart, weeks[0]!.periodStart),
              lte(internshipRecord.periodStart, weeks.at(-1)!.periodStart),
            ),
          )
      : [];
  const byWeek = new Map(records.map((r) => [`${r.enrolmentId}/${r.periodStart}`, r]));
  const month = monthOf(schoolToday(now));
  const contacts = await placementContacts(db, page.map((p) => p.enrolmentId), month);
  const rows: SeasonRow[] = page.map(({ startDate, endDate, ...student }) => ({
    ...student,
    cells: weeks.map((week) => cellOf(week, { startDate, endDate }, byWeek.get(`${student.enrolmentId}/${week.periodStart}`), now)),
    contacts: contacts.get(student.enrolmentId) ?? noContacts(),
  }));
  return {
    programId: program.id,
    programs: programs.map((p) => ({ value: p.id, label: p.name })),
    classes,
    weeks,
    rows,
    contactsRequired: { adviser: program.minAdviserContacts, headTeacher: program.minHeadTeacherContacts },
    contactMonth: month.name,
    total: total?.n ?? 0,
    current: pageNo,
    size: pageSize,
  };
}

/**
 * 学生实习进度 (contract/season.ts): the viewer's students of a program by 学号, each week's 周记 state, and 一键催交:
 * one bell message to every student of the week (in the chosen class) whose 周记 is not in (missing, a draft,
 * or returned and not sent again).
 */
export function registerSeasonRoutes(app: App) {
  const { db } = app;

  app.get(SEASON_URL.grid, { config: { access: { permission: RECORD_PERMISSIONS.read, scope: 'placement' } }, schema: { querystring: seasonQuerySchema, response: { 200: seasonGridAnswer } } }, async (request) =>
    ok(await seasonGrid(db, await requestViewer(request), request.query)),
  );

  app.post(SEASON_URL.remind, { config: { access: { permission: RECORD_PERMISSIONS.review, scope: 'placement' } }, schema: { body: seasonRemindSchema, response: { 200: seasonRemindAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const viewer = await requestViewer(request);
    const { programId, periodStart } = request.body;
    const classId = request.body.classId || undefined;
    const program = (await programsOf(db, viewer)).find((p) => p.id === programId);
    if (!program) throw notFound(SEASON_MSG.programNotFound);
    const today = schoolToday();
    if (periodStart > mondayOf(today)) throw badRequest(SEASON_MSG.weekFuture);
    const week = weeksOf(program, today).find((w) => w.periodStart === periodStart);
    if (!week) throw badRequest(SEASON_MSG.weekOutside);
    const filed = db
      .select({ id: internshipRecord.id })
      .from(internshipRecord)
      .where(
        and(
          eq(internshipRecord.enrolmentId, internshipEnrolment.id),
          eq(internshipRecord.kind, 'weekly'),
          eq(internshipRecord.periodStart, week.periodStart),
          inArray(internshipRecord.status, IN_STATUSES),
        ),
      );
    const missing = await db
      .selectDistinct({ userId: internshipEnrolment.studentUserId })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .where(and(reached(viewer, program.id, classId), lte(internshipEnrolment.startDate, week.periodEnd), gte(internshipEnrolment.endDate, week.periodStart), notExists(filed)));
    const result: SeasonRemindResult = { reminded: missing.length };
    if (missing.length === 0) return ok(result, SEASON_MSG.nobody);
    const sender = await findUserById(db, userId);
    await sendSystemMessage(db, { ...remindMessage(program.name, week), sender: sender?.realname ?? null, recipients: missing.map((m) => m.userId) });
    return ok(result, SEASON_MSG.reminded(missing.length));
  });
}
