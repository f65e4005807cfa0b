import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import type { MyPlacementRecords, RecordReviewRow } from '@contract/records.ts';
import type { PageResult } from '@contract/resource.ts';
import { SEASON_MSG, type SeasonGrid, type SeasonRemindResult } from '@contract/season.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipRecord, sysAnnouncement, sysAnnouncementSend, sysUser } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 学生实习进度: the season grid by relation, 迟交 in days, and 一键催交 to exactly the students missing a week. */

let t: TestApp;
const tokens: Record<string, string> = {};
let programId: string;
let start: string;
let enrolmentOf: (username: string) => Promise<string>;
/** student01's week 4 is submitted two days late, week 5 is missing. */
let week4: string;
let week5: string;

const grid = (token: string, query: Record<string, string> = {}) => t.get<SeasonGrid>('/api/internship/season', token, { pageSize: '200', ...query });
const weekly = (enrolmentId: string, periodStart: string, status: string, submittedAt: Date | null) =>
  t.db.insert(internshipRecord).values({ id: randomUUID(), kind: 'weekly', enrolmentId, periodStart, title: '周记', content: '本周内容', status, submittedAt });

beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['teacher01', 'student01', 'dept01', 'mentor01']) tokens[username] = await t.login(username);
  // A teacher who advises nobody and is nobody's 班主任.
  const [other] = await t.db
    .select({ username: sysUser.username, userId: sysUser.id })
    .from(basicTeacher)
    .innerJoin(sysUser, eq(sysUser.id, basicTeacher.userId))
    .where(
      and(
        notExists(t.db.select({ id: basicClass.id }).from(basicClass).where(eq(basicClass.headTeacherId, basicTeacher.id))),
        notExists(t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(eq(internshipEnrolment.adviserUserId, basicTeacher.userId))),
        sql`${sysUser.username} like 'T20%'`,
      ),
    )
    .limit(1);
  // … who advises one student of another program only.
  const [elsewhere] = await t.db
    .select({ id: internshipEnrolment.id })
    .from(internshipEnrolment)
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .where(sql`${internshipEnrolment.programId} <> (select e.program_id from internship_enrolment e join sys_user u on u.id = e.student_user_id where u.username = 'student01')`)
    .limit(1);
  await t.db.update(internshipEnrolment).set({ adviserUserId: other!.userId, status: 'active' }).where(eq(internshipEnrolment.id, elsewhere!.id));
  tokens.other = await t.login(other!.username);
  const nobody = await t.createUser({ roles: ['role-teacher'] });
  tokens.nobody = await t.login(nobody.username, nobody.password);

  enrolmentOf = async (username: string) => {
    const [row] = await t.db
      .select({ id: internshipEnrolment.id })
      .from(internshipEnrolment)
      .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
      .where(and(eq(sysUser.username, username), eq(internshipEnrolment.programId, programId)));
    return row!.id;
  };
  const [mine] = await t.db
    .select({ programId: internshipEnrolment.programId, startDate: internshipEnrolment.startDate, id: internshipEnrolment.id })
    .from(internshipEnrolment)
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .where(eq(sysUser.username, 'student01'));
  programId = mine!.programId;
  start = mine!.startDate;
  // Mid-season: every placed student of the program is at work (the demo starts them waiting).
  await t.db
    .update(internshipEnrolment)
    .set({ status: 'active' })
    .where(and(eq(internshipEnrolment.programId, programId), isNotNull(internshipEnrolment.unitId)));
  week4 = addDays(start, 21);
  week5 = addDays(start, 28);
  await t.db.delete(internshipRecord).where(and(eq(internshipRecord.enrolmentId, mine!.id), inArray(internshipRecord.periodStart, [week4, week5])));
  // Due by Monday (week end + 1); submitted on the Wednesday after: two days late.
  await weekly(mine!.id, week4, 'submitted', new Date(`${addDays(week4, 9)}T10:00:00+08:00`));
});
afterAll(() => t.close());

describe('学生实习进度', () => {
  it('shows teacher01 student01’s weeks with their states and days late', async () => {
    const season = expectOk(await grid(tokens.teacher01!, { programId }));
    expect(season.programs.map((p) => p.value)).toContain(programId);
    expect(season.weeks[0]).toMatchObject({ periodNo: 1, periodStart: mondayOf(start), dueDate: addDays(mondayOf(start), 7) });
    expect(season.weeks.at(-1)!.periodStart).toBe(mondayOf(schoolToday()));
    const li = season.rows.find((r) => r.studentNo === '2023010101')!;
    expect(li).toMatchObject({ studentName: '李明', className: '软件技术2023级1班' });
    const cells = li.cells.map((c) => [c.state, c.lateDays]);
    expect(cells.slice(0, 5)).toEqual([
      ['reviewed', null],
      ['returned', null],
      ['submitted', null],
      ['submitted', 2],
      ['missing', expect.any(Number)],
    ]);
    // This week is not due yet.
    expect(li.cells.at(-1)!.state).toBe('upcoming');
    // Sorted by 学号, and the class filter keeps to the class.
    expect(season.rows.map((r) => r.studentNo)).toEqual([...season.rows.map((r) => r.studentNo)].sort());
    const [classId] = season.classes.map((c) => c.value);
    const ofClass = expectOk(await grid(tokens.teacher01!, { programId, classId: classId! }));
    expect(ofClass.rows.length).toBeGreaterThan(0);
    expect(new Set(ofClass.rows.map((r) => r.className))).toEqual(new Set([season.classes[0]!.label]));
  });

  it('gives dept01 their department’s students and the one they advise, another adviser only their own program', async () => {
    const placed = await t.db
      .select({ id: internshipEnrolment.id })
      .from(internshipEnrolment)
      .where(and(eq(internshipEnrolment.programId, programId), inArray(internshipEnrolment.status, ['active', 'ended'])));
    const dept = expectOk(await grid(tokens.dept01!, { programId, pageSize: '10' }));
    // 2026届岗位实习 enrols 信息工程学院's classes only: all of its placements are the department's.
    expect(dept.total).toBe(placed.length);
    expect(dept.rows).toHaveLength(10);
    // student01 (the department's) and 2023010107 (whom dept01 advises) are classmates.
    const classId = dept.classes.find((c) => c.label === '软件技术2023级1班')!.value;
    const ofClass = expectOk(await grid(tokens.dept01!, { programId, classId })).rows.map((r) => r.studentNo);
    expect(ofClass).toEqual(expect.arrayContaining(['2023010101', '2023010107']));
    expect(expectOk(await grid(tokens.teacher01!, { programId })).total).toBeLessThan(placed.length);

    expectError(await grid(tokens.other!, { programId }), 404, SEASON_MSG.programNotFound);
    expect(expectOk(await grid(tokens.other!)).programId).not.toBe(programId);
    expectError(await grid(tokens.student01!, { programId }), 403, /权限/);
    expectError(await grid(tokens.nobody!), 403, /权限/);
    // The mentor reads records but is not of the school's staff: nobody on the grid.
    expect(expectOk(await grid(tokens.mentor01!))).toMatchObject({ programId: null, rows: [], total: 0 });
  });

  it('reminds exactly the students whose week is not in, in one bell message', async () => {
    const [a, b] = (await t.db
      .select({ username: sysUser.username })
      .from(internshipEnrolment)
      .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
      .innerJoin(basicStudent, eq(basicStudent.userId, sysUser.id))
      .where(and(eq(internshipEnrolment.programId, programId), eq(internshipEnrolment.status, 'active'), sql`${basicStudent.studentNo} like '20230101%'`, sql`${sysUser.username} <> 'student01'`))
      .orderBy(basicStudent.studentNo)
      .limit(2)) as { username: string }[];
    // A classmate who sent week 5 in is not reminded; one whose week 5 came back 已退回 is.
    await t.db.delete(internshipRecord).where(and(inArray(internshipRecord.enrolmentId, [await enrolmentOf(a!.username), await enrolmentOf(b!.username)]), eq(internshipRecord.periodStart, week5)));
    await weekly(await enrolmentOf(a!.username), week5, 'submitted', new Date());
    await weekly(await enrolmentOf(b!.username), week5, 'returned', new Date());

    const season = expectOk(await grid(tokens.teacher01!, { programId }));
    const column = season.weeks.findIndex((w) => w.periodStart === week5);
    const expected = season.rows.filter((r) => ['missing', 'returned', 'upcoming'].includes(r.cells[column]!.state)).map((r) => r.studentNo);
    expect(expected).toContain('2023010101');

    expect(season.weeks[column]!.toRemind).toBe(expected.length);
    const answer = await t.post<SeasonRemindResult>('/api/internship/season/remind', { programId, periodStart: week5 }, tokens.teacher01);
    expect(expectOk(answer).reminded).toBe(expected.length);
    const [message] = await t.db.select().from(sysAnnouncement).where(sql`${sysAnnouncement.titile} like '请提交第5周周记%'`);
    expect(message!.titile).toBe(`请提交第5周周记（${week5.slice(5)} ~ ${addDays(week5, 6).slice(5)}）`);
    const recipients = await t.db
      .select({ studentNo: basicStudent.studentNo, username: sysUser.username })
      .from(sysAnnouncementSend)
      .innerJoin(sysUser, eq(sysUser.id, sysAnnouncementSend.userId))
      .innerJoin(basicStudent, eq(basicStudent.userId, sysUser.id))
      .where(eq(sysAnnouncementSend.anntId, message!.id));
    expect(recipients.map((r) => r.studentNo).sort()).toEqual([...expected].sort());
    expect(recipients.map((r) => r.username)).toContain(b!.username);
    expect(recipients.map((r) => r.username)).not.toContain(a!.username);
  });

  it('refuses a week in the future or outside the program, and a student', async () => {
    const remind = (periodStart: string, token = tokens.teacher01) => t.post('/api/internship/season/remind', { programId, periodStart }, token);
    expectError(await remind(addDays(mondayOf(schoolToday()), 7)), 400, SEASON_MSG.weekFuture);
    expectError(await remind(addDays(mondayOf(start), -7)), 400, SEASON_MSG.weekOutside);
    expectError(await remind(addDays(week5, 1)), 400, SEASON_MSG.weekFormat);
    expectError(await remind(week5, tokens.student01), 403, /权限/);
    expectError(await remind(week5, tokens.other), 404, SEASON_MSG.programNotFound);
  });

  it('marks 迟交 in the review list and the student’s own list and detail', async () => {
    const rows = expectOk(await t.get<PageResult<RecordReviewRow>>('/api/internship/weekly/review', tokens.teacher01, { pageSize: '100' })).records.filter((r) => r.studentNo === '2023010101');
    expect(rows.find((r) => r.periodStart === week4)!.lateDays).toBe(2);
    expect(rows.find((r) => r.periodStart === mondayOf(start))!.lateDays).toBeNull();
    const [placement] = expectOk(await t.get<MyPlacementRecords[]>('/api/internship/weekly/mine', tokens.student01)).filter((p) => p.programId === programId);
    const slot = placement!.slots.find((s) => s.periodStart === week4)!;
    expect(slot.record!.lateDays).toBe(2);
    expect(expectOk(await t.get<{ lateDays: number | null }>(`/api/internship/weekly/${slot.record!.id}`, tokens.student01)).lateDays).toBe(2);
  });
});
