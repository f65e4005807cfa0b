import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';
import { termLabelOf } from '@contract/internship-program.ts';
import { PASSWORD_PATTERN } from '@contract/patterns.ts';
import { insertRows } from '../lib/bulk-insert.ts';
import { hashPassword } from '../lib/crypto.ts';
import type { Database } from './database.ts';
import { seedDemoPlacements } from './demo-internship-placements.ts';
import { seedDemoScores } from './demo-internship-scores.ts';
import { seedDemoPrograms } from './demo-internship-programs.ts';
import { seedDemoInternshipUnits } from './demo-internship-units.ts';
import { seedDemoContracts } from './demo-practice-contracts.ts';
import { seedDemoSeasonPractice } from './demo-season-practice.ts';
import { SEASON_WEEKS_BEHIND, raiseDemoWarnings, seedDemoSeason } from './demo-season-records.ts';
import { BUILDINGS, CAMPUSES, CLASSROOMS, COURSES, DEMO_ACCOUNTS, MAJORS, demoSchool, type DemoAccount, type DemoClass, type DemoStudent, type DemoTeacher } from './demo-school.ts';
import {
  basicBuilding,
  basicCampus,
  basicClass,
  basicClassroom,
  basicCourse,
  basicMajor,
  basicStudent,
  basicTeacher,
  dt02,
  internshipEnrolment,
  internshipProgram,
  internshipUnit,
  internshipRecord,
  sysAnnouncement,
  sysDepart,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from './schema.ts';

export const DEMO_PASSWORD = 'Demo@2026';

const DEMO_DEPARTS = [
  { id: 'dep-school', parentId: null, departName: '示范职业技术学院', orgCode: 'A01', orgType: '1', sortNo: 0 },
  { id: 'dep-info', parentId: 'dep-school', departName: '信息工程学院', orgCode: 'A01A01', orgType: '2', sortNo: 1 },
  { id: 'dep-mech', parentId: 'dep-school', departName: '机电工程学院', orgCode: 'A01A02', orgType: '2', sortNo: 2 },
  { id: 'dep-econ', parentId: 'dep-school', departName: '经济管理学院', orgCode: 'A01A03', orgType: '2', sortNo: 3 },
];

const DEMO_UNITS = [
  { dwdm: 'DW01', dwmc: '学校办公室', sortNo: 1 },
  { dwdm: 'DW02', dwmc: '信息工程学院', sortNo: 2 },
  { dwdm: 'DW03', dwmc: '机电工程学院', sortNo: 3 },
  { dwdm: 'DW04', dwmc: '经济管理学院', sortNo: 4 },
  { dwdm: 'DW05', dwmc: '招生就业处', sortNo: 5 },
  { dwdm: 'DW99', dwmc: '已撤销的单位', sortNo: 99, delFlag: 1 },
];

/** Three weeks of student01's 周记: one 已批阅, one 已退回, one waiting for teacher01. */
const DEMO_WEEKLY = [
  {
    title: '第一周：熟悉岗位与团队',
    status: 'reviewed',
    score: 88,
    comment: '内容充实，能结合岗位实际总结收获，继续保持。',
    content:
      '本周是岗位实习的第一周，我来到星辰软件科技有限公司测试部报到。公司安排了入职培训，介绍了企业文化、安全制度和保密要求，我认真学习并签署了相关承诺书。' +
      '随后企业导师张工带我熟悉了团队的工作流程，包括需求评审、测试用例编写、缺陷跟踪和版本发布。我在导师指导下搭建了测试环境，学习使用缺陷管理系统，' +
      '并阅读了正在测试的项目的需求文档。通过这一周的学习，我认识到软件测试不只是找错误，更要理解业务、站在用户角度思考。下周我计划独立编写一个模块的测试用例，' +
      '并主动向导师请教不懂的地方，尽快适应岗位要求。',
  },
  {
    title: '第二周：编写测试用例',
    status: 'returned',
    score: null,
    comment: '内容过于笼统，请补充本周具体完成的工作、遇到的问题以及解决方法后重新提交。',
    content:
      '本周我主要参与了订单模块的测试工作。在导师的安排下，我阅读了订单模块的需求说明，整理出需要覆盖的功能点，并开始编写测试用例。' +
      '编写过程中我发现自己对边界条件考虑得不够全面，导师提醒我要从正常流程、异常流程和边界值几个方面去设计用例。本周一共完成了部分用例的编写，' +
      '也参加了两次团队的站会，了解了项目的进度安排。总体来说这一周收获较多，但也感觉到自己的专业知识还有不足，需要在课余时间继续学习测试理论和数据库知识，' +
      '争取在下周有更好的表现。',
  },
  {
    title: '第三周：执行测试并提交缺陷',
    status: 'submitted',
    score: null,
    comment: null,
    content:
      '本周我按照上周完善后的测试用例，对订单模块进行了第一轮功能测试，共执行用例六十余条，发现并提交缺陷九个，其中两个为严重缺陷：一是优惠券叠加使用时金额计算错误，' +
      '二是取消订单后库存没有回退。提交缺陷时我按照团队规范写清了复现步骤、预期结果和实际结果，并附上了截图，开发同事很快确认并修复。' +
      '在回归测试中我学会了如何判断缺陷是否真正修复以及是否引入新的问题。本周我还学习了使用接口测试工具编写简单的接口用例。' +
      '我体会到细致和耐心是测试工作最重要的品质，今后要继续提高用例设计能力。',
  },
] as const;

async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(sysUser);
  return (row?.n ?? 0) > 0;
}

const DEPART_ORG_CODE: Record<string, string> = Object.fromEntries(DEMO_DEPARTS.map((d) => [d.id, d.orgCode]));
/** The 单位 (dt02) of each department's people. */
const DEPART_UNIT: Record<string, string> = { 'dep-info': 'DW02', 'dep-mech': 'DW03', 'dep-econ': 'DW04' };

/** Accounts with their role and department links, built in memory and inserted in bulk. */
export class AccountRows {
  readonly users: (typeof sysUser.$inferInsert & { id: string })[] = [];
  readonly roles: (typeof sysUserRole.$inferInsert)[] = [];
  readonly departs: (typeof sysUserDepart.$inferInsert)[] = [];
  readonly idOf = new Map<string, string>();

  constructor(private readonly passwordHash: string) {}

  add(account: Omit<DemoAccount, 'teacher' | 'student'>): string {
    const id = randomUUID();
    const departIds = account.departs.map((code) => DEMO_DEPARTS.find((d) => d.orgCode === code)!.id);
    this.users.push({
      id,
      username: account.username,
      realname: account.realname,
      yhlx: account.yhlx,
      workNo: account.workNo,
      orgCode: account.orgCode,
      sex: account.sex,
      phone: account.phone,
      birthday: account.birthday ?? null,
      currentDepartId: departIds[0] ?? null,
      passwordHash: this.passwordHash,
    });
    for (const roleId of account.roles) this.roles.push({ userId: id, roleId });
    for (const departId of departIds) this.departs.push({ userId: id, departId });
    this.idOf.set(account.workNo, id);
    this.idOf.set(account.username, id);
    return id;
  }

  /** A teacher's or student's own account: username = 工号 / 学号, in their department, with the role of their kind. */
  addPerson(person: DemoTeacher | DemoStudent, kind: 'teacher' | 'student'): string {
    return (
      this.idOf.get(person.no) ??
      this.add({
        username: person.no,
        realname: person.name,
        yhlx: kind === 'teacher' ? '0' : '1',
        workNo: person.no,
        roles: [kind === 'teacher' ? 'role-teacher' : 'role-student'],
        departs: [DEPART_ORG_CODE[person.departId]!],
        orgCode: DEPART_UNIT[person.departId] ?? null,
        sex: person.sex,
        phone: person.phone,
        birthday: 'birthday' in person ? person.birthday : undefined,
      })
    );
  }

  async insert(tx: Pick<Database, 'execute'>): Promise<void> {
    await insertRows(tx, sysUser, this.users);
    await insertRows(tx, sysUserRole, this.roles);
    await insertRows(tx, sysUserDepart, this.departs);
  }
}

export const classRow = (c: DemoClass, teacherIds: ReadonlyMap<string, string> = new Map()): typeof basicClass.$inferInsert => ({
  id: c.id,
  code: c.code,
  name: c.name,
  majorId: c.majorId,
  grade: c.grade,
  headTeacherId: c.headTeacherWorkNo ? (teacherIds.get(c.headTeacherWorkNo) ?? null) : null,
});

export const studentRow = (s: DemoStudent, userId: string): typeof basicStudent.$inferInsert => ({
  studentNo: s.no,
  name: s.name,
  sex: String(s.sex),
  birthday: s.birthday,
  phone: s.phone,
  classId: s.classId,
  grade: s.grade,
  status: s.status,
  userId,
});

/**
 * Fills an empty database with the demo school (DOMAIN.md "Demo data", server/db/demo-school.ts) in
 * bulk: one password hash for every account, multi-row inserts. Does nothing once any user exists.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const school = demoSchool();
  const accounts = new AccountRows(passwordHash);
  for (const account of DEMO_ACCOUNTS) accounts.add(account);
  const teacherIds = new Map<string, string>();
  const teachers = school.teachers.map((t) => {
    const id = randomUUID();
    teacherIds.set(t.no, id);
    return { id, workNo: t.no, name: t.name, sex: String(t.sex), phone: t.phone, departId: t.departId, title: t.title, userId: accounts.addPerson(t, 'teacher') };
  });
  const students = school.students.map((s) => studentRow(s, accounts.addPerson(s, 'student')));
  const userIds = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.username, accounts.idOf.get(a.username)!]));
  await db.transaction(async (tx) => {
    await tx.insert(sysDepart).values(DEMO_DEPARTS);
    await tx.insert(dt02).values(DEMO_UNITS);
    await accounts.insert(tx);
    await tx.insert(basicCampus).values([...CAMPUSES]);
    await tx.insert(basicBuilding).values([...BUILDINGS]);
    await tx.insert(basicClassroom).values([...CLASSROOMS]);
    await tx.insert(basicMajor).values(MAJORS.map(({ no: _no, maleShare: _share, ...major }) => major));
    await tx.insert(basicTeacher).values(teachers);
    await tx.insert(basicClass).values(school.classes.map((c) => classRow(c, teacherIds)));
    await tx.insert(basicCourse).values([...COURSES]);
    await insertRows(tx, basicStudent, students);
    await tx.insert(sysAnnouncement).values([
      {
        titile: '关于做好2026年岗位实习工作的通知',
        msgContent: '<p>各位同学：请按时在平台提交周记和月报，指导教师将在7天内批阅。</p>',
        msgAbstract: '请按时提交周记和月报',
        sender: '系统管理员',
        priority: 'M',
        msgCategory: '1',
        msgType: 'ALL',
        sendStatus: '1',
        sendTime: new Date(),
      },
      {
        titile: '平台已升级，支持离线填写实习记录',
        msgContent: '<p>在校园网络不稳定时，记录会先保存在手机上，联网后自动提交。</p>',
        msgAbstract: '支持离线填写',
        sender: '系统管理员',
        priority: 'L',
        msgCategory: '2',
        msgType: 'ALL',
        sendStatus: '1',
        sendTime: new Date(),
      },
    ]);

    // A running 岗位实习 that began nine weeks before this week: the school is in the middle of its season.
    const start = addDays(mondayOf(schoolToday()), -SEASON_WEEKS_BEHIND * 7);
    const [unit] = await tx
      .insert(internshipUnit)
      .values({ name: '星辰软件科技有限公司', creditCode: '91441900MA51XC8T24', address: '东莞市松山湖高新区科技九路8号', contact: '张工', phone: '0769-22880001', status: 'active' })
      .returning({ id: internshipUnit.id });
    const [program] = await tx
      .insert(internshipProgram)
      .values({ name: '2026届岗位实习', type: 'post', term: termLabelOf(start), startDate: start, endDate: addDays(start, 181), minWeeklyLength: 200, minWeeklyCount: 16, minHeadTeacherContacts: 2, status: 'running' })
      .returning({ id: internshipProgram.id });
    const [enrolment] = await tx
      .insert(internshipEnrolment)
      .values({
        programId: program!.id,
        studentUserId: userIds.student01!,
        unitId: unit!.id,
        post: '软件测试实习生',
        mentorUserId: userIds.mentor01!,
        adviserUserId: userIds.teacher01!,
        startDate: start,
        endDate: addDays(start, 181),
        status: 'active',
      })
      .returning({ id: internshipEnrolment.id });
    for (const [index, demo] of DEMO_WEEKLY.entries()) {
      const weekStart = addDays(start, index * 7);
      const submittedAt = new Date(`${addDays(weekStart, 4)}T18:30:00+08:00`);
      const reviewedAt = demo.status === 'submitted' ? null : new Date(`${addDays(weekStart, 6)}T09:00:00+08:00`);
      await tx.insert(internshipRecord).values({
        id: randomUUID(),
        kind: 'weekly',
        enrolmentId: enrolment!.id,
        periodStart: weekStart,
        title: demo.title,
        content: demo.content,
        status: demo.status,
        adviserComment: demo.comment,
        score: demo.score,
        submittedAt,
        reviewedAt,
        reviewerId: reviewedAt ? userIds.teacher01! : null,
        createdAt: submittedAt,
        updatedAt: reviewedAt ?? submittedAt,
      });
    }
    await seedDemoInternshipUnits(tx);
    await seedDemoPrograms(tx, { id: program!.id, startDate: start, endDate: addDays(start, 181) });
    await seedDemoPlacements(tx, { id: program!.id, startDate: start, endDate: addDays(start, 181) });
    await seedDemoScores(tx, program!.id);
    await seedDemoSeason(tx, program!.id);
    await seedDemoContracts(tx);
    await seedDemoSeasonPractice(tx);
    // Last, as the daily job would find the school this morning: 实习预警 has what is due.
    await raiseDemoWarnings(tx);
  });
  await settleBulkTables(db);
  return true;
}

/**
 * VACUUM (ANALYZE) of the tables a bulk insert filled. PGlite has no autovacuum: without it every
 * count of the student list checks each row's visibility one by one (about 5 times slower there), and
 * the planner has no statistics. Outside any transaction, as VACUUM must be.
 */
export async function settleBulkTables(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) sys_user, sys_user_role, sys_user_depart, basic_teacher, basic_class, basic_student`);
}

/** An installation without demo data starts with one administrator whose password the operator chose. */
export async function ensureFirstAdmin(db: Database, adminPassword: string | null): Promise<boolean> {
  if (await hasUsers(db)) return false;
  if (!adminPassword || !PASSWORD_PATTERN.test(adminPassword)) {
    throw new Error('数据库中还没有用户：请用 ADMIN_PASSWORD 设置首个管理员 admin 的密码（至少8位，含字母、数字和特殊符号），或用 DEMO_DATA=true 载入示范学校。');
  }
  const passwordHash = await hashPassword(adminPassword);
  await db.transaction(async (tx) => {
    const [user] = await tx.insert(sysUser).values({ username: 'admin', realname: '系统管理员', yhlx: '0', passwordHash }).returning({ id: sysUser.id });
    await tx.insert(sysUserRole).values({ userId: user!.id, roleId: 'role-admin' });
  });
  return true;
}
