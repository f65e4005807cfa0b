import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import type { EvaluationStats } from '@contract/practice-evaluation.ts';
import type { Timetable } from '@contract/practice-booking.ts';
import type { PageResult } from '@contract/resource.ts';
import type { SeasonGrid } from '@contract/season.ts';
import type { TaskRow } from '@contract/workflow.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { demoSchool } from '../../server/db/demo-school.ts';
import { planDemoSeason, SEASON_WEEKS_BEHIND, seasonFacts, seasonPlacements } from '../../server/db/demo-season-records.ts';
import { seedDemo } from '../../server/db/seed.ts';
import {
  basicBuilding,
  basicCampus,
  basicClass,
  basicClassroom,
  basicCourse,
  basicMajor,
  basicStudent,
  basicTeacher,
  internshipEnrolment,
  internshipProgram,
  internshipRecord,
  sysUser,
} from '../../server/db/schema.ts';
import { expectOk, startTestApp, userRow, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CHINESE_NAME = /^[\u4e00-\u9fa5]{2,4}$/;
/** Both drivers answer execute() with { rows }. */
const rowsOf = async (db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const rows = (query: ReturnType<typeof sql>) => rowsOf(t.db, query);

/** The practice side of the demo season (server/db/demo-season-practice.ts) by what it says, without the ids a run makes. */
async function practiceSeason(db: Database) {
  const text = (query: ReturnType<typeof sql>) => rowsOf(db, query);
  return {
    threads: await text(sql`
      select t.title, s.username as student, t.created_at::text as created, t.last_at::text as last,
             (select string_agg(a.username || ' ' || m.created_at::text || ' ' || m.content, ' | ' order by m.created_at, m.content)
              from internship_message m join sys_user a on a.id = m.author_id where m.thread_id = t.id) as messages,
             (select string_agg(r.username || ' ' || tr.read_at::text, ' | ' order by r.username)
              from internship_thread_read tr join sys_user r on r.id = tr.user_id where tr.thread_id = t.id) as reads
      from internship_thread t join internship_enrolment e on e.id = t.enrolment_id join sys_user s on s.id = e.student_user_id
      order by t.last_at, t.title`),
    visits: await text(sql`
      select a.username as adviser, v.visit_date::text as date, v.mode, v.notes,
             (select string_agg(st.student_no, ',' order by st.student_no) from internship_visit_student vs
              join internship_enrolment e on e.id = vs.enrolment_id join basic_student st on st.user_id = e.student_user_id where vs.visit_id = v.id) as students
      from internship_visit v join sys_user a on a.id = v.adviser_user_id order by v.visit_date, a.username, v.mode`),
    bookings: await text(sql`
      select b.classroom_id, b.course_id, b.class_id, u.username as teacher, b.first_date::text as first, b.weeks, b.period_from, b.period_to, b.status, b.purpose,
             b.created_at::text as created, i.status as application, i.title,
             (select count(*)::int from practice_booking_slot sl where sl.booking_id = b.id) as slots
      from practice_booking b join sys_user u on u.id = b.teacher_user_id left join wf_instance i on i.business_id = b.id and i.process_key = 'booking'
      order by b.first_date, b.classroom_id, b.period_from`),
    sheets: await text(sql`
      select sh.course_id, sh.class_id, sh.term, sh.status, u.username as teacher, sh.submitted_at::text as submitted,
             (select string_agg(st.student_no || '=' || coalesce(en.value, ''), ',' order by st.student_no)
              from practice_score_entry en join basic_student st on st.id = en.student_id where en.sheet_id = sh.id) as cells
      from practice_score_sheet sh join sys_user u on u.id = sh.teacher_user_id order by sh.course_id, sh.class_id`),
    courseRatings: await text(sql`
      select r.course_id, te.username as teacher, st.username as student, r.score, r.comment, r.created_at::text as created
      from practice_course_rating r join sys_user te on te.id = r.teacher_user_id join sys_user st on st.id = r.student_user_id
      order by r.course_id, te.username, st.username`),
    studentRatings: await text(sql`
      select r.course_id, r.class_id, te.username as teacher, st.username as student, r.score, r.comment
      from practice_student_rating r join sys_user te on te.id = r.teacher_user_id join sys_user st on st.id = r.student_user_id
      order by r.course_id, te.username, st.username`),
  };
}

describe('the demo school (DEMO_DATA=true)', () => {
  it('has DOMAIN.md’s numbers: 2 campuses, 4 buildings, 20 rooms, 6 majors, 24 classes, 30 courses, 60 teachers, 2,000 students', async () => {
    const counts = {
      campuses: await t.db.$count(basicCampus),
      buildings: await t.db.$count(basicBuilding),
      classrooms: await t.db.$count(basicClassroom),
      majors: await t.db.$count(basicMajor),
      classes: await t.db.$count(basicClass),
      courses: await t.db.$count(basicCourse),
      teachers: await t.db.$count(basicTeacher),
      students: await t.db.$count(basicStudent),
    };
    expect(counts).toEqual({ campuses: 2, buildings: 4, classrooms: 20, majors: 6, classes: 24, courses: 30, teachers: 60, students: 2000 });
    // Every account: the seven named ones, 57 more teachers, 1,999 more students.
    expect(await t.db.$count(sysUser)).toBe(7 + 57 + 1999);
  });

  it('spreads them as a school is: two majors and 20 teachers per department, four classes per major in grades 2023–2025, rooms of every type', async () => {
    const perDepart = await rows(sql`
      select d.depart_name as depart,
             (select count(*)::int from basic_major m where m.depart_id = d.id) as majors,
             (select count(*)::int from basic_teacher te where te.depart_id = d.id) as teachers
      from sys_depart d where d.org_type = '2' order by d.sort_no`);
    expect(perDepart).toEqual([
      { depart: '信息工程学院', majors: 2, teachers: 20 },
      { depart: '机电工程学院', majors: 2, teachers: 20 },
      { depart: '经济管理学院', majors: 2, teachers: 20 },
    ]);
    const classes = await t.db.select().from(basicClass).orderBy(asc(basicClass.code));
    const majors = await t.db.select().from(basicMajor);
    for (const major of majors) expect(classes.filter((c) => c.majorId === major.id).map((c) => c.grade), major.name).toEqual([2023, 2024, 2025, 2025]);
    expect(classes.find((c) => c.code === '20230101')?.name).toBe('软件技术2023级1班');
    // Each class has a 班主任 from its own department, and no teacher heads two classes.
    const heads = await rows(sql`
      select c.code, te.depart_id as teacher_depart, m.depart_id as class_depart
      from basic_class c join basic_major m on m.id = c.major_id left join basic_teacher te on te.id = c.head_teacher_id`);
    expect(heads.every((h) => h.teacher_depart === h.class_depart)).toBe(true);
    expect(new Set(classes.map((c) => c.headTeacherId)).size).toBe(24);
    const rooms = await t.db.select({ type: basicClassroom.type }).from(basicClassroom);
    expect(new Set(rooms.map((r) => r.type))).toEqual(new Set(['1', '2', '3', '4']));
    const common = await t.db.select().from(basicCourse).where(sql`${basicCourse.majorId} is null`);
    expect(common.length).toBeGreaterThan(0);
    // Classes of 83 to 85: 学号 keep their two-digit number in the class.
    const sizes = await rows(sql`select count(*)::int as n from basic_student group by class_id`);
    expect(Math.min(...sizes.map((s) => s.n as number))).toBeGreaterThanOrEqual(80);
    expect(Math.max(...sizes.map((s) => s.n as number))).toBeLessThanOrEqual(99);
  });

  it('gives every student an account: username = 学号 (student01 aside), yhlx 1, 学生 role, the class’s department, no forced password change', async () => {
    const students = await rows(sql`
      select s.student_no, s.name, s.sex, s.birthday::text as birthday, s.phone, s.grade, u.username, u.realname, u.yhlx, u.work_no, u.phone as user_phone,
             u.password_change_required, u.current_depart_id, m.depart_id as class_depart, c.grade as class_grade,
             (select string_agg(ur.role_id, ',') from sys_user_role ur where ur.user_id = u.id) as roles,
             (select string_agg(ud.depart_id, ',') from sys_user_depart ud where ud.user_id = u.id) as departs
      from basic_student s join sys_user u on u.id = s.user_id join basic_class c on c.id = s.class_id join basic_major m on m.id = c.major_id`);
    expect(students).toHaveLength(2000);
    const wrong = students.filter(
      (s) =>
        (s.username !== s.student_no && s.username !== 'student01') ||
        s.work_no !== s.student_no ||
        s.yhlx !== '1' ||
        s.roles !== 'role-student' ||
        s.departs !== s.class_depart ||
        s.current_depart_id !== s.class_depart ||
        s.password_change_required !== false ||
        s.realname !== s.name ||
        s.user_phone !== s.phone ||
        s.grade !== s.class_grade,
    );
    expect(wrong).toEqual([]);
    expect(students.filter((s) => s.username !== s.student_no).map((s) => [s.username, s.student_no, s.name])).toEqual([['student01', '2023010101', '李明']]);
    // 学号: entry year, major, class, number in the class.
    expect(students.every((s) => String(s.student_no).startsWith(String(s.grade)) && /^\d{10}$/.test(String(s.student_no)))).toBe(true);
    expect(students.filter((s) => !CHINESE_NAME.test(String(s.name)))).toEqual([]);
    expect(students.filter((s) => !/^1[3-9]\d{9}$/.test(String(s.phone)))).toEqual([]);
    expect(new Set(students.map((s) => s.phone)).size).toBe(2000);
    // 16 to 20 years old in 2026.
    const years = students.map((s) => 2026 - Number(String(s.birthday).slice(0, 4)));
    expect(Math.min(...years)).toBeGreaterThanOrEqual(16);
    expect(Math.max(...years)).toBeLessThanOrEqual(20);
    const sexes = new Set(students.map((s) => s.sex));
    expect(sexes).toEqual(new Set(['1', '2']));
  });

  it('gives every teacher an account: username = 工号 (the named demo teachers aside), yhlx 0, 指导教师 role, their department', async () => {
    const teachers = await rows(sql`
      select te.work_no, te.name, u.username, u.realname, u.yhlx, u.work_no as user_work_no, u.password_change_required, te.depart_id,
             (select string_agg(ur.role_id, ',' order by ur.role_id) from sys_user_role ur where ur.user_id = u.id) as roles,
             (select string_agg(ud.depart_id, ',' order by ud.depart_id) from sys_user_depart ud where ud.user_id = u.id) as departs
      from basic_teacher te join sys_user u on u.id = te.user_id order by te.work_no`);
    expect(teachers).toHaveLength(60);
    const named = teachers.filter((te) => te.username !== te.work_no);
    expect(named.map((te) => [te.username, te.name, te.roles, te.depart_id])).toEqual([
      ['dept01', '陈主任', 'role-depart-admin', 'dep-info'],
      ['multi01', '赵主任', 'role-admin,role-teacher', 'dep-info'],
      ['teacher01', '王老师', 'role-teacher', 'dep-info'],
    ]);
    const others = teachers.filter((te) => te.username === te.work_no);
    expect(others.filter((te) => te.yhlx !== '0' || te.roles !== 'role-teacher' || te.departs !== te.depart_id || te.realname !== te.name || te.password_change_required !== false)).toEqual([]);
    expect(teachers.filter((te) => !CHINESE_NAME.test(String(te.name)))).toEqual([]);
    expect(teachers.every((te) => te.user_work_no === te.work_no)).toBe(true);
  });

  it('puts student01 in 软件技术2023级1班 of 信息工程学院 with teacher01 as 班主任, and keeps the internship demo', async () => {
    const [row] = await rows(sql`
      select s.student_no, c.name as class_name, d.depart_name, te.username as head
      from basic_student s join sys_user u on u.id = s.user_id join basic_class c on c.id = s.class_id join basic_major m on m.id = c.major_id
      join sys_depart d on d.id = m.depart_id join basic_teacher ht on ht.id = c.head_teacher_id join sys_user te on te.id = ht.user_id
      where u.username = 'student01'`);
    expect(row).toEqual({ student_no: '2023010101', class_name: '软件技术2023级1班', depart_name: '信息工程学院', head: 'teacher01' });
    const student01 = await userRow(t.db, 'student01');
    const [enrolment] = await t.db.select().from(internshipEnrolment).where(eq(internshipEnrolment.studentUserId, student01!.id));
    const weeks = await t.db.select({ status: internshipRecord.status }).from(internshipRecord).where(eq(internshipRecord.enrolmentId, enrolment!.id));
    expect(weeks.map((w) => w.status).sort()).toEqual(['returned', 'reviewed', 'submitted']);
  });

  it('lets a generated student, a generated teacher and dept01 log in with the demo password, without a forced change', async () => {
    const [student] = await t.db.select({ username: sysUser.username }).from(sysUser).where(eq(sysUser.username, '2025060201'));
    const [teacher] = await t.db.select({ username: sysUser.username }).from(basicTeacher).innerJoin(sysUser, eq(sysUser.id, basicTeacher.userId)).where(eq(basicTeacher.departId, 'dep-econ')).limit(1);
    for (const username of [student!.username, teacher!.username, 'dept01']) {
      const response = await t.loginRequest(username);
      expect(response.body, username).toMatchObject({ success: true, code: 200 });
      expect(response.body.result.userInfo.username).toBe(username);
    }
  });

  it('is the same school on every run: the names, 学号, phones and birthdays a new run makes are those in the database', async () => {
    const again = demoSchool();
    const stored = await t.db
      .select({ no: basicStudent.studentNo, name: basicStudent.name, sex: basicStudent.sex, phone: basicStudent.phone, birthday: basicStudent.birthday, classId: basicStudent.classId, status: basicStudent.status })
      .from(basicStudent)
      .orderBy(asc(basicStudent.studentNo));
    const made = again.students.map((s) => ({ no: s.no, name: s.name, sex: String(s.sex), phone: s.phone, birthday: s.birthday, classId: s.classId, status: s.status })).sort((a, b) => a.no.localeCompare(b.no));
    expect(stored).toEqual(made);
    const storedTeachers = await t.db.select({ no: basicTeacher.workNo, name: basicTeacher.name, phone: basicTeacher.phone }).from(basicTeacher).orderBy(asc(basicTeacher.workNo));
    expect(storedTeachers).toEqual(again.teachers.map((te) => ({ no: te.no, name: te.name, phone: te.phone })).sort((a, b) => a.no.localeCompare(b.no)));
    expect(demoSchool()).toEqual(again);
  });
});

describe('the demo season: 2026届岗位实习 in the middle of its season', () => {
  const programId = async () => (await t.db.select({ id: internshipProgram.id }).from(internshipProgram).where(eq(internshipProgram.name, '2026届岗位实习')))[0]!.id;

  it('began nine weeks before this week; its placed students are 实习中 with the start checklist, the others wait for a unit', async () => {
    const [program] = await t.db.select().from(internshipProgram).where(eq(internshipProgram.id, await programId()));
    expect(program!.startDate).toBe(addDays(mondayOf(schoolToday()), -SEASON_WEEKS_BEHIND * 7));
    const placements = await rows(sql`
      select e.status, e.unit_id is not null as placed, count(*)::int as n,
             count(*) filter (where e.agreement_attachment_id is not null and e.pre_training_date is not null and e.insured and e.insurance_policy_no is not null)::int as checked,
             count(*) filter (where a.record_id = 'placement' and a.mime_type = 'application/pdf')::int as files
      from internship_enrolment e left join internship_attachment a on a.id = e.agreement_attachment_id
      where e.program_id = ${program!.id} group by 1, 2 order by 1`);
    expect(placements).toEqual([
      { status: 'active', placed: true, n: 100, checked: 100, files: 100 },
      { status: 'pending', placed: false, n: 65, checked: 0, files: 0 },
    ]);
  });

  it('has teacher01 advising student01 only, and dept01 (陈主任) several students, 2023010107 among them', async () => {
    const advised = await rows(sql`
      select a.username, count(*)::int as n, bool_or(s.student_no = '2023010107') as has_0107, bool_or(s.student_no = '2023010101') as has_student01
      from internship_enrolment e join sys_user a on a.id = e.adviser_user_id join basic_student s on s.user_id = e.student_user_id
      where a.username in ('teacher01', 'dept01') group by 1 order by 1`);
    expect(advised).toEqual([
      { username: 'dept01', n: 17, has_0107: true, has_student01: false },
      { username: 'teacher01', n: 1, has_0107: false, has_student01: true },
    ]);
  });

  it('has 计划书, 周记 and 月报 in every status, late 周记 among them, each review logged as the review route logs it', async () => {
    const byStatus = await rows(sql`select kind, status, count(*)::int as n from internship_record where kind in ('plan', 'weekly', 'monthly') group by 1, 2`);
    for (const kind of ['plan', 'weekly', 'monthly']) {
      expect(byStatus.filter((r) => r.kind === kind).map((r) => r.status).sort(), kind).toEqual(['returned', 'reviewed', 'submitted']);
    }
    const [weekly] = await rows(sql`
      select count(*)::int as n,
             count(*) filter (where submitted_at >= ((period_start + 7)::timestamp at time zone 'Asia/Shanghai'))::int as late,
             count(*) filter (where status = 'submitted' and submitted_at < now() - interval '7 days')::int as overdue
      from internship_record where kind = 'weekly'`);
    // Nine weeks of some hundred students, a few missing.
    expect(weekly!.n as number).toBeGreaterThan(700);
    expect(weekly!.late as number).toBeGreaterThan(20);
    expect(weekly!.overdue as number).toBeGreaterThan(5);
    // Every reviewed or returned one (student01's three weeks predate the log) has its reviewer and its log row.
    const unlogged = await rows(sql`
      select r.id from internship_record r join internship_enrolment e on e.id = r.enrolment_id join sys_user u on u.id = e.student_user_id
      where r.status in ('reviewed', 'returned') and u.username <> 'student01'
        and (r.reviewer_id is distinct from e.adviser_user_id or not exists (select 1 from internship_review_log l where l.record_id = r.id and l.action = case r.status when 'reviewed' then 'approve' else 'return' end))`);
    expect(unlogged).toEqual([]);
    const [scores] = await rows(sql`select count(*) filter (where score is null)::int as unscored from internship_record where status = 'reviewed'`);
    expect(scores!.unscored).toBe(0);
  });

  it('has 签到 of many students on many days, a few flagged as daily.ts flags them', async () => {
    const [checkins] = await rows(sql`select count(*)::int as n, count(distinct enrolment_id)::int as students, count(distinct period_start)::int as days from internship_record where kind = 'checkin'`);
    expect(checkins!.students as number).toBeGreaterThan(60);
    expect(checkins!.days as number).toBeGreaterThan(30);
    const flags = await rows(sql`select distinct f as flag from internship_record r, jsonb_array_elements_text(r.data->'flags') f where r.kind = 'checkin'`);
    expect(flags.map((f) => f.flag)).toEqual(expect.arrayContaining(['sharedDevice', 'sameSpot', 'night']));
  });

  it('has leaves approved (and 销假) and waiting at the adviser, and a company change approved by the adviser and waiting at the 实习办', async () => {
    const applications = await rows(sql`
      select i.process_key, r.status, i.status as instance, i.step_index, count(*)::int as n,
             bool_and((select count(*) from wf_task k where k.instance_id = i.id and k.status = 'open') = case i.status when 'running' then 1 else 0 end) as tasks
      from wf_instance i join internship_record r on r.id = i.business_id group by 1, 2, 3, 4 order by 1, 2`);
    expect(applications).toEqual([
      { process_key: 'company_change', status: 'pending', instance: 'running', step_index: 1, n: 1, tasks: true },
      { process_key: 'leave', status: 'approved', instance: 'approved', step_index: 0, n: 3, tasks: true },
      { process_key: 'leave', status: 'back', instance: 'approved', step_index: 0, n: 5, tasks: true },
      { process_key: 'leave', status: 'pending', instance: 'running', step_index: 0, n: 4, tasks: true },
    ]);
    const [atOffice] = await rows(sql`
      select u.username from wf_instance i join wf_task k on k.instance_id = i.id and k.status = 'open' join wf_task_candidate c on c.task_id = k.id join sys_user u on u.id = c.user_id
      where i.process_key = 'company_change'`);
    expect(atOffice).toEqual({ username: 'office01' });
  });

  it('raised the warnings the daily job raises: 周记未交, 批阅超期 and 未落实单位', async () => {
    const warnings = await rows(sql`select kind, count(*)::int as n from internship_warning where status = 'open' group by 1 order by 1`);
    expect(warnings.map((w) => w.kind)).toEqual(['no_unit', 'no_weekly', 'review_overdue']);
    expect(warnings.every((w) => (w.n as number) > 0)).toBe(true);
  });

  it('is the same season for the same day: a new plan gives the stored records, ids and statuses', async () => {
    const id = await programId();
    const placements = await seasonPlacements(t.db, id);
    const plan = planDemoSeason(placements, await seasonFacts(t.db, id));
    expect(planDemoSeason(placements, await seasonFacts(t.db, id))).toEqual(plan);
    const stored = await t.db
      .select({ id: internshipRecord.id, status: internshipRecord.status })
      .from(internshipRecord)
      .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
      .where(sql`${internshipEnrolment.programId} = ${id} and ${internshipRecord.kind} in ('plan', 'weekly', 'monthly', 'checkin') and ${internshipEnrolment.id} in ${placements.map((p) => p.id)}`);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(stored.sort(byId)).toEqual(plan.records.map((r) => ({ id: r.id, status: r.status })).sort(byId));
  });
});

describe('the demo season, practice side (server/db/demo-season-practice.ts)', () => {
  const today = schoolToday();
  const week = Array.from({ length: 5 }, (_, i) => addDays(mondayOf(today), i));

  it('has 互动 threads of placed students with their adviser and mentor, with messages over the past weeks, some unread', async () => {
    const threads = await rows(sql`
      select t.title, s.username as student, a.username as adviser, m.username as mentor,
             (select count(*)::int from internship_message x where x.thread_id = t.id) as messages,
             (select string_agg(distinct au.username, ',') from internship_message x join sys_user au on au.id = x.author_id where x.thread_id = t.id) as authors,
             t.last_at < now() as past
      from internship_thread t join internship_enrolment e on e.id = t.enrolment_id join sys_user s on s.id = e.student_user_id
      left join sys_user a on a.id = e.adviser_user_id left join sys_user m on m.id = e.mentor_user_id`);
    expect(threads.length).toBeGreaterThanOrEqual(10);
    expect(threads.every((r) => (r.messages as number) >= 2 && r.past === true)).toBe(true);
    expect(threads.filter((r) => r.student === 'student01' && r.authors === 'student01,teacher01').length).toBeGreaterThan(0);
    expect(threads.filter((r) => r.student === 'student01' && r.authors === 'mentor01,student01').length).toBeGreaterThan(0);
    expect(new Set(threads.map((r) => r.adviser)).size).toBeGreaterThanOrEqual(4);
    for (const username of ['student01', 'teacher01', 'mentor01']) {
      const { count } = expectOk(await t.get<{ count: number }>('/api/internship/interaction/unread', await t.login(username)));
      expect(count, username).toBeGreaterThan(0);
    }
  });

  it('has the advisers’ 走访记录 of the past eight weeks, teacher01’s among them, in every mode', async () => {
    const visits = await rows(sql`
      select a.username as adviser, v.visit_date::text as date, v.mode, (select count(*)::int from internship_visit_student vs where vs.visit_id = v.id) as students
      from internship_visit v join sys_user a on a.id = v.adviser_user_id`);
    expect(visits.filter((v) => v.adviser === 'teacher01').length).toBeGreaterThanOrEqual(3);
    expect(new Set(visits.map((v) => v.adviser)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(visits.map((v) => v.mode))).toEqual(new Set(['onsite', 'phone', 'video', 'wechat', 'meeting']));
    expect(visits.every((v) => (v.date as string) <= today && (v.date as string) >= addDays(today, -56) && (v.students as number) > 0)).toBe(true);
    // teacher01 is 班主任 of student01's class: each of its students had one or two contacts this month, of two asked.
    const grid = expectOk(await t.get<SeasonGrid>('/api/internship/season', await t.login('teacher01'), { pageSize: '200' }));
    expect(grid.contactsRequired.headTeacher).toBe(2);
    expect(grid.rows.length).toBeGreaterThan(20);
    expect(grid.rows.filter((r) => r.contacts.headTeacher === 0).map((r) => r.studentName)).toEqual([]);
    expect(grid.rows.filter((r) => r.contacts.headTeacher >= 2).length).toBeGreaterThanOrEqual(1);
  });

  it('fills this week’s 实训课表 of teacher01 and of student01’s class, and leaves bookings waiting for the 教务处', async () => {
    for (const username of ['teacher01', 'student01']) {
      const mine = expectOk(await t.get<Timetable>('/api/practice/timetable/mine', await t.login(username), { week: today }));
      expect(new Set(mine.entries.filter((e) => e.status === 'approved').map((e) => e.date)), username).toEqual(new Set(week));
    }
    const todo = expectOk(await t.get<PageResult<TaskRow>>('/api/workflow/todo', await t.login('office01'), { pageSize: '100' })).records;
    const waiting = todo.filter((r) => r.processName === '实训预约' && r.stepName === '教务处审批');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const pending = await rows(sql`select first_date::text as date from practice_booking where status = 'pending'`);
    expect(pending.length).toBe(waiting.length);
    expect(pending.every((p) => (p.date as string) > today && (p.date as string) <= addDays(mondayOf(today), 13))).toBe(true);
    // Each slot has one holder per room, class and teacher (the unique indexes), and the approved past weeks are there too.
    const [past] = await rows(sql`select count(*)::int as n from practice_booking_slot sl join practice_booking b on b.id = sl.booking_id where b.status = 'approved' and sl.slot_date < ${week[0]}`);
    expect(past!.n as number).toBeGreaterThan(0);
  });

  it('has a submitted 成绩单 of teacher01 with every cell filled, a draft, and a 五级制 sheet', async () => {
    const sheets = await rows(sql`
      select u.username as teacher, c.score_mode, sh.status,
             (select count(*)::int from practice_score_entry en where en.sheet_id = sh.id) as cells,
             (select count(*)::int from practice_score_entry en where en.sheet_id = sh.id and en.value is not null) as filled
      from practice_score_sheet sh join sys_user u on u.id = sh.teacher_user_id join basic_course c on c.id = sh.course_id`);
    const submitted = sheets.filter((s) => s.teacher === 'teacher01' && s.status === 'submitted');
    expect(submitted.length).toBeGreaterThan(0);
    expect(submitted.every((s) => (s.cells as number) > 0 && s.filled === s.cells)).toBe(true);
    expect(sheets.some((s) => s.teacher === 'teacher01' && s.status === 'draft')).toBe(true);
    expect(sheets.some((s) => s.score_mode === 'grade' && s.status === 'submitted' && s.filled === s.cells)).toBe(true);
  });

  it('gives the office averages of the students’ ratings, and has the teachers’ ratings of students', async () => {
    const stats = expectOk(await t.get<EvaluationStats>('/api/practice/evaluation/stats', await t.login('office01')));
    expect(stats.courses.length).toBeGreaterThanOrEqual(5);
    expect(stats.courses.every((c) => c.count > 0 && c.average >= 1 && c.average <= 5)).toBe(true);
    expect(stats.teachers.map((r) => r.teacherName)).toContain('王老师');
    const [given] = await rows(sql`select count(*)::int as n from practice_student_rating r join sys_user u on u.id = r.teacher_user_id where u.username = 'teacher01'`);
    expect(given!.n as number).toBeGreaterThan(0);
  });

  it('is the same season for the same day', async () => {
    const pglite = new PGlite();
    const again = await openDatabase({ pglite });
    try {
      await seedDemo(again.db);
      expect(await practiceSeason(again.db)).toEqual(await practiceSeason(t.db));
    } finally {
      await again.close();
    }
  }, 60_000);
});
