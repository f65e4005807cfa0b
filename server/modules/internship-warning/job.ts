import { and, eq, gt, gte, inArray, isNull, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import { CONTACT_WARNING_DAYS, RAISED_KINDS, REVIEW_OVERDUE_DAYS, WARNING_KINDS, WARNING_KIND_LABELS, WARNING_PAGE, type WarningKind } from '@contract/internship-warning.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipProgram, internshipRecord, internshipWarning, sysUser } from '../../db/schema.ts';
import { notify } from '../announcement/notify.ts';
import { schoolPeople } from '../relation/model.ts';
import { registerJob } from '../job/registry.ts';
import { CONTACT_MINIMUMS, CONTACT_ROLES, CONTACT_ROLE_NAMES, monthOf, type ContactRole } from '@contract/season.ts';
import { placementContacts } from '../internship/contacts.ts';

/**
 * The warnings job (实习预警): finds what needs an adviser's attention and raises each finding once, the
 * unique (kind, placement, period) key making a second run, or a run in another process, add nothing.
 * Each adviser (or 班主任, of their contacts) gets one bell message per run naming their new warnings. no_report waits for the report
 * (issue 13).
 */

const DAY_MS = 86_400_000;
/** Lines of one bell message; the rest are counted and found in the list. */
const MESSAGE_LINES = 20;
const INSERT_CHUNK = 500;

interface Finding {
  kind: WarningKind;
  enrolmentId: string;
  period: string;
  adviserUserId: string | null;
  message: string;
}

/**
 * A run may keep to one program (a program just started, a placement file just imported), and to the placements
 * a person reaches (立即检查: the relation model's condition on internship_enrolment); else the whole school.
 */
export interface WarningScope {
  programId?: string;
  reach?: SQL;
}
const inProgram = (scope: WarningScope): SQL | undefined => and(scope.programId ? eq(internshipEnrolment.programId, scope.programId) : undefined, scope.reach);

const weekNo = (startDate: string, weekStart: string) => Math.round((Date.parse(weekStart) - Date.parse(mondayOf(startDate))) / (7 * DAY_MS)) + 1;
const studentOf = (name: string | null, no: string | null) => `${name ?? '学生'}（${no ?? '—'}）`;

const placementColumns = {
  enrolmentId: internshipEnrolment.id,
  adviserUserId: internshipEnrolment.adviserUserId,
  startDate: internshipEnrolment.startDate,
  studentName: sysUser.realname,
  studentNo: sql<string | null>`coalesce(${basicStudent.studentNo}, ${sysUser.username})`,
};

/** Placements with their student and program, selecting the placement's columns and more of the program's. */
const withProgram = <T extends Record<string, SQL | SQL.Aliased | AnyPgColumn>>(db: Database, columns: T) =>
  db
    .select({ ...placementColumns, ...columns })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .$dynamic();

/** 实习中 students with no 周记 submitted (anything but a draft) for last week, when their placement covered it. */
async function missingWeekly(db: Database, today: string, scope: WarningScope): Promise<Finding[]> {
  const monday = addDays(mondayOf(today), -7);
  const sunday = addDays(monday, 6);
  const rows = await db
    .select(placementColumns)
    .from(internshipEnrolment)
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .where(
      and(
        eq(internshipEnrolment.status, 'active'),
        inProgram(scope),
        lte(internshipEnrolment.startDate, sunday),
        gte(internshipEnrolment.endDate, monday),
        notExists(
          db
            .select({ one: sql`1` })
            .from(internshipRecord)
            .where(and(eq(internshipRecord.enrolmentId, internshipEnrolment.id), eq(internshipRecord.kind, 'weekly'), eq(internshipRecord.periodStart, monday), ne(internshipRecord.status, 'draft'))),
        ),
      ),
    );
  return rows.map((r) => ({
    kind: 'no_weekly',
    enrolmentId: r.enrolmentId,
    period: monday,
    adviserUserId: r.adviserUserId,
    message: `${studentOf(r.studentName, r.studentNo)}第${weekNo(r.startDate, monday)}周（${monday} ~ ${sunday}）未提交周记`,
  }));
}

/** 周记 submitted and not reviewed for longer than REVIEW_OVERDUE_DAYS (counted from when the server received it). */
async function overdueReviews(db: Database, now: Date, scope: WarningScope): Promise<Finding[]> {
  const since = sql<Date>`coalesce(${internshipRecord.receivedAt}, ${internshipRecord.submittedAt})`;
  const rows = await db
    .select({ ...placementColumns, weeklyId: internshipRecord.id, weekStart: internshipRecord.periodStart, title: internshipRecord.title, since })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .where(and(eq(internshipRecord.kind, 'weekly'), eq(internshipRecord.status, 'submitted'), inProgram(scope), sql`${since} < ${new Date(now.getTime() - REVIEW_OVERDUE_DAYS * DAY_MS).toISOString()}::timestamptz`));
  return rows.map((r) => {
    const days = Math.floor((now.getTime() - new Date(r.since).getTime()) / DAY_MS);
    return {
      kind: 'review_overdue',
      enrolmentId: r.enrolmentId,
      period: r.weeklyId,
      adviserUserId: r.adviserUserId,
      message: `${studentOf(r.studentName, r.studentNo)}第${weekNo(r.startDate, r.weekStart)}周（${r.weekStart} ~ ${addDays(r.weekStart, 6)}）的周记“${r.title}”已提交${days}天，尚未批阅`,
    };
  });
}

/** Students of a running program that has begun whose placement (未开始 or 实习中) has no unit. */
async function withoutUnit(db: Database, today: string, scope: WarningScope): Promise<Finding[]> {
  const rows = await withProgram(db, { programName: internshipProgram.name, programStart: internshipProgram.startDate }).where(
    and(
      eq(internshipProgram.status, 'running'),
      inProgram(scope),
      lte(internshipProgram.startDate, today),
      isNull(internshipEnrolment.unitId),
      inArray(internshipEnrolment.status, ['pending', 'active']),
    ),
  );
  return rows.map((r) => ({
    kind: 'no_unit',
    enrolmentId: r.enrolmentId,
    period: r.programStart,
    adviserUserId: r.adviserUserId,
    message: `${studentOf(r.studentName, r.studentNo)}在“${r.programName}”开始（${r.programStart}）后仍未落实实习单位`,
  }));
}

/** The warning each one's shortfall raises, and what counts for them (server/modules/internship/contacts.ts). */
const CONTACT_WARNINGS = {
  adviser: { kind: 'few_contacts', counted: '走访、电话、微信、面谈或互动回复均可' },
  headTeacher: { kind: 'few_head_contacts', counted: '走访、电话、微信或面谈均可' },
} as const satisfies Record<ContactRole, { kind: WarningKind; counted: string }>;

/**
 * In a month's last week: 实习中 students, placed for most of the month, whose adviser (or 班主任) was in touch with
 * them fewer times this month than the program asks of them; raised once a month, to the one who is short.
 */
async function fewContacts(db: Database, today: string, scope: WarningScope): Promise<Finding[]> {
  const month = monthOf(today);
  if (today < addDays(month.to, -(CONTACT_WARNING_DAYS - 1))) return [];
  const rows = await withProgram(db, { minAdviserContacts: internshipProgram.minAdviserContacts, minHeadTeacherContacts: internshipProgram.minHeadTeacherContacts, headTeacher: basicTeacher.userId })
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
    .where(
      and(
        eq(internshipEnrolment.status, 'active'),
        inProgram(scope),
        or(gt(internshipProgram.minAdviserContacts, 0), gt(internshipProgram.minHeadTeacherContacts, 0)),
        lte(internshipEnrolment.startDate, addDays(month.from, 14)),
      ),
    );
  const contacts = await placementContacts(db, rows.map((r) => r.enrolmentId), month);
  return rows.flatMap((r) =>
    CONTACT_ROLES.flatMap((role) => {
      const required = r[CONTACT_MINIMUMS[role]];
      const told = role === 'adviser' ? r.adviserUserId : r.headTeacher;
      const made = contacts.get(r.enrolmentId)?.[role] ?? 0;
      if (required === 0 || !told || made >= required) return [];
      const { kind, counted } = CONTACT_WARNINGS[role];
      return [
        {
          kind,
          enrolmentId: r.enrolmentId,
          period: month.from.slice(0, 7),
          adviserUserId: told,
          message: `${studentOf(r.studentName, r.studentNo)}${month.name}${CONTACT_ROLE_NAMES[role]}联系 ${made} 次，少于每月 ${required} 次的要求（${counted}）`,
        },
      ];
    }),
  );
}

type KindCounts = Record<WarningKind, number>;

/**
 * The office's daily digest (今日新增预警 147 条：周记未交 120，…): one message a school day for each office
 * user, a later run of the same day adding its warnings to it while it is unread.
 */
async function tellOffice(tx: Parameters<Parameters<Database['transaction']>[0]>[0], today: string, byKind: KindCounts) {
  const merge = (runs: KindCounts[]) => {
    const sum = Object.fromEntries(WARNING_KINDS.map((k) => [k, runs.reduce((n, run) => n + (run[k] ?? 0), 0)])) as KindCounts;
    const total = WARNING_KINDS.reduce((n, k) => n + sum[k], 0);
    const parts = WARNING_KINDS.filter((k) => sum[k] > 0).map((k) => `${WARNING_KIND_LABELS[k]} ${sum[k]}`);
    return { title: `今日新增预警 ${total} 条：${parts.join('，')}`, text: `${today} 新增预警 ${total} 条：${parts.join('，')}。\n请在“实习管理 → 实习预警”中查看。` };
  };
  const first = merge([byKind]);
  await notify(tx, {
    ...first,
    sender: '实习预警',
    recipients: await schoolPeople(tx, 'office'),
    link: { page: WARNING_PAGE.path },
    digest: { key: `internship-warning:${today}`, item: byKind, merge, withinMs: DAY_MS },
  });
}

export interface RaisedWarnings {
  byKind: Record<WarningKind, number>;
  advisersNotified: number;
}

/**
 * Raises what is due at `now` (the school's date decides last week), in the whole school or one program, and
 * tells each adviser of their new ones: the daily job, 立即检查, a program's start and a placement import.
 */
export async function raiseWarnings(db: Database, now: Date = new Date(), scope: WarningScope = {}): Promise<RaisedWarnings> {
  const today = schoolToday(now);
  const findings = [
    ...(await missingWeekly(db, today, scope)),
    ...(await overdueReviews(db, now, scope)),
    ...(await withoutUnit(db, today, scope)),
    ...(await fewContacts(db, today, scope)),
  ];
  return db.transaction(async (tx) => {
    const raised: Finding[] = [];
    for (let i = 0; i < findings.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(internshipWarning)
        .values(findings.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing()
        .returning({ kind: internshipWarning.kind, enrolmentId: internshipWarning.enrolmentId, period: internshipWarning.period, adviserUserId: internshipWarning.adviserUserId, message: internshipWarning.message });
      raised.push(...(inserted as Finding[]));
    }
    const byAdviser = new Map<string, Finding[]>();
    for (const warning of raised) if (warning.adviserUserId) byAdviser.set(warning.adviserUserId, [...(byAdviser.get(warning.adviserUserId) ?? []), warning]);
    for (const [adviser, warnings] of byAdviser) {
      const lines = warnings.slice(0, MESSAGE_LINES).map((w) => `【${WARNING_KIND_LABELS[w.kind]}】${w.message}`);
      if (warnings.length > MESSAGE_LINES) lines.push(`……另有 ${warnings.length - MESSAGE_LINES} 条`);
      await notify(tx, {
        title: `实习预警：${warnings.length}条新预警`,
        text: `${lines.join('\n')}\n请在“实习管理 → 实习预警”中查看并处理。`,
        sender: '实习预警',
        recipients: [adviser],
        link: { page: WARNING_PAGE.path },
      });
    }
    const byKind = Object.fromEntries(WARNING_KINDS.map((kind) => [kind, 0])) as KindCounts;
    for (const warning of raised) byKind[warning.kind]++;
    if (raised.length > 0) await tellOffice(tx, today, byKind);
    return { byKind, advisersNotified: byAdviser.size };
  });
}

/** What a run raised, in one line: the job's log, 立即检查's answer. */
export function raisedSummary({ byKind, advisersNotified }: RaisedWarnings): string {
  const total = RAISED_KINDS.reduce((sum, kind) => sum + byKind[kind], 0);
  return `新增预警 ${total} 条（${RAISED_KINDS.map((kind) => `${WARNING_KIND_LABELS[kind]} ${byKind[kind]}`).join('，')}），已通知 ${advisersNotified} 位教师`;
}

export const WARNING_JOB_KEY = 'internship-warning';

registerJob({
  key: WARNING_JOB_KEY,
  name: '实习预警',
  description: `每天检查：实习中的学生上周未提交周记、周记提交超过${REVIEW_OVERDUE_DAYS}天未批阅、实习计划开始后仍未落实实习单位、月末一周指导教师或班主任本月联系学生不足要求；每项只预警一次，并以系统消息通知指导教师（联系不足通知本人），实习办每天收到一条汇总`,
  cron: '0 0 6 * * ?',
  run: async (db) => raisedSummary(await raiseWarnings(db)),
});
