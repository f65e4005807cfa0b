import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { bellText } from '@contract/interactions.ts';
import { addDays, isoWeekday, mondayOf, schoolToday } from '@contract/internship.ts';
import { bookingDates, periodRange } from '@contract/practice-booking.ts';
import { termOf } from '@contract/practice-score.ts';
import type { VisitMode } from '@contract/visits.ts';
import { insertRows } from '../lib/bulk-insert.ts';
import type { Tx } from '../lib/resource/binding.ts';
import {
  basicClass,
  basicClassroom,
  basicStudent,
  basicTeacher,
  internshipEnrolment,
  internshipMessage,
  internshipProgram,
  internshipRecord,
  internshipThread,
  internshipThreadRead,
  internshipUnit,
  internshipVisit,
  internshipVisitStudent,
  practiceBooking,
  practiceBookingSlot,
  practiceCourseRating,
  practiceScoreEntry,
  practiceScoreLog,
  practiceScoreSheet,
  practiceStudentRating,
  sysAnnouncement,
  sysAnnouncementSend,
  sysUser,
  sysUserRole,
  wfHistory,
  wfInstance,
  wfProcessModel,
  wfTask,
  wfTaskCandidate,
} from './schema.ts';

/**
 * The practice side of the demo school's season (after the placements, server/db/seed.ts): 互动 threads of
 * 2026届岗位实习's placed students with their advisers and mentor01, the advisers' 走访记录 of the past eight
 * weeks, 实训预约 of the past four weeks, this week and next (approved ones on the timetables, three waiting
 * for the 教务处), 成绩单 (two submitted, one draft) and 实训评价. Every choice comes from a fixed list or
 * an index and every date from the day it runs, so the same day gives the same season. Dates in the past
 * are yesterday or before, so nothing is later than the moment the seed runs.
 *
 * The timetable keeps out of what the tests and browser specs book: periods 11–12 of every day, periods
 * 1–4 of Wednesdays, and anything after next week.
 */

const at = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);

// ---- 互动 ----------------------------------------------------------------------------------------

type Who = 's' | 'a' | 'm';
interface DemoMessage {
  who: Who;
  /** Days before today (at least 1). */
  ago: number;
  time: string;
  text: string;
}
interface DemoThread {
  title: string;
  messages: DemoMessage[];
  /** How many of the last messages a participant has not read yet (never their own). */
  unread?: Partial<Record<Who, number>>;
}

/** student01's threads with teacher01 and mentor01; the first is about the 周记 teacher01 returned. */
const STUDENT01_THREADS: readonly DemoThread[] = [
  {
    title: '关于第二周周记的修改',
    messages: [
      { who: 's', ago: 0, time: '19:40', text: '王老师，第二周的周记被退回了，我想确认一下主要需要补充哪些内容？' },
      { who: 'a', ago: 0, time: '20:15', text: '把这一周具体完成了多少条测试用例、遇到了什么问题、你是怎么解决的写清楚。字数不是关键，关键是具体。' },
      { who: 's', ago: -1, time: '12:30', text: '明白了，我今晚修改后重新提交，谢谢老师。' },
    ],
  },
  {
    title: '软件测评师考试请假',
    messages: [
      { who: 's', ago: 9, time: '21:05', text: '王老师，下个月有软件测评师考试，需要请一天假回学校考试，这一周的周记要怎么写？' },
      { who: 'a', ago: 8, time: '08:50', text: '考试前一周在平台上提交请假申请，附上准考证照片就行。那一周的周记照常写，把备考和工作情况都写进去。' },
      { who: 's', ago: 3, time: '18:20', text: '好的，准考证已经打印了，我下周一提交请假申请，麻烦老师审批。' },
    ],
    unread: { a: 1 },
  },
  {
    title: '测试环境账号',
    messages: [
      { who: 's', ago: 12, time: '10:15', text: '张工，测试环境的数据库账号还没有开通，今天的接口用例没法执行。' },
      { who: 'm', ago: 12, time: '10:40', text: '我已经提了申请，明天上午找运维小刘拿账号。今天先把用例评审的意见改完。' },
      { who: 's', ago: 12, time: '10:42', text: '收到，谢谢张工！' },
      { who: 'm', ago: 2, time: '17:30', text: '下周开始你负责支付模块的回归测试，周末抽空把需求文档和上一版的缺陷清单看一下。' },
    ],
    unread: { s: 1 },
  },
  {
    title: '下周走访安排',
    messages: [
      { who: 'a', ago: 2, time: '09:10', text: '李明，我下周三下午到星辰公司走访，想看看你的工位，也和张工聊聊你最近的情况。' },
      { who: 'm', ago: 1, time: '14:05', text: '王老师您好，周三下午两点以后都可以，我在公司等您。' },
    ],
    unread: { s: 2, a: 1 },
  },
];

/** A thread of another student at 星辰软件科技有限公司 with mentor01. */
const MENTOR_THREAD: DemoThread = {
  title: '测试脚本评审',
  messages: [
    { who: 's', ago: 4, time: '16:50', text: '张工，今天提交的自动化测试脚本评审没通过，能指点一下主要哪里需要改吗？' },
    { who: 'm', ago: 4, time: '17:20', text: '断言写得太少，每个用例都要校验返回码和关键字段；另外测试数据不要写死在脚本里，放到配置文件中。' },
    { who: 's', ago: 1, time: '18:45', text: '已经按您的意见改好并重新提交了，麻烦您有空再看一下。' },
  ],
  unread: { m: 1 },
};

/** Threads of other placed students with their advisers, one or two per adviser in turn. */
const ADVISER_THREADS: readonly DemoThread[] = [
  {
    title: '岗位与专业不太对口',
    messages: [
      { who: 's', ago: 26, time: '20:10', text: '老师您好，公司这两周安排我在仓库做盘点，和专业学的内容关系不大，这样正常吗？' },
      { who: 'a', ago: 25, time: '09:30', text: '实习开始时先熟悉企业流程是正常的，我会和企业沟通，争取尽快把你安排到和专业相关的岗位。盘点的工作也要认真做好。' },
      { who: 'a', ago: 21, time: '15:00', text: '已经和企业人事联系过了，下周一起你调到信息部协助系统维护。' },
      { who: 's', ago: 21, time: '19:25', text: '收到，谢谢老师！' },
    ],
  },
  {
    title: '在外租房',
    messages: [
      { who: 's', ago: 6, time: '22:05', text: '老师，公司宿舍离厂区比较远，晚班下班后没有公交，可以自己在附近租房住吗？' },
      { who: 'a', ago: 5, time: '08:40', text: '在外租房需要家长书面同意并报学校备案，安全第一。你先把租房地址和家长签字的同意书发给我。' },
      { who: 's', ago: 1, time: '20:30', text: '家长同意书已经签好了，照片和租房地址我整理好发在这里：公司东门对面的安居公寓3栋。' },
    ],
    unread: { a: 1 },
  },
  {
    title: '实习工资发放',
    messages: [
      { who: 's', ago: 17, time: '12:20', text: '老师，协议上写每月10号发工资，这个月到今天还没发，我该怎么办？' },
      { who: 'a', ago: 17, time: '14:45', text: '我已经联系企业人事，说是银行卡信息录入有误，这周五前补发。收到了告诉我一声。' },
      { who: 's', ago: 15, time: '18:00', text: '今天已经收到工资了，谢谢老师。' },
    ],
  },
  {
    title: '月报怎么写',
    messages: [
      { who: 's', ago: 3, time: '21:15', text: '老师，月报和周记有什么区别？月报需要写多少字？' },
      { who: 'a', ago: 2, time: '10:05', text: '月报是一个月的总结，重点写完成的主要工作、掌握的技能和存在的不足，字数按实习计划的要求，可以附上工作照片。' },
    ],
    unread: { s: 1 },
  },
  {
    title: '保密协议里的违约金',
    messages: [
      { who: 's', ago: 10, time: '19:50', text: '企业让我们签一份保密协议，里面有违约金条款，我不太敢签。' },
      { who: 'a', ago: 10, time: '20:20', text: '先不要签，把协议拍照发给我，我请学校看一下。按规定不能让实习学生承担高额违约金。' },
      { who: 'a', ago: 2, time: '16:40', text: '学校看过了，已经和企业协商删除了违约金条款，修改后的版本可以签。' },
    ],
    unread: { s: 1 },
  },
  {
    title: '职业技能等级证书考试',
    messages: [
      { who: 's', ago: 14, time: '20:00', text: '老师，下个月有1+X证书考试，需要回学校两天，可以请假吗？' },
      { who: 'a', ago: 13, time: '08:30', text: '可以，考试前一周在平台上提交请假申请，附上准考证，我会尽快审批。' },
      { who: 's', ago: 13, time: '12:10', text: '好的，到时候我提前提交。' },
    ],
  },
  {
    title: '感冒请假',
    messages: [
      { who: 's', ago: 8, time: '07:45', text: '老师，我这两天感冒发烧，已经跟企业请了假，在宿舍休息。' },
      { who: 'a', ago: 8, time: '09:00', text: '注意休息，多喝水，症状加重一定要去医院。记得在平台上补一个病假申请。' },
      { who: 's', ago: 6, time: '19:30', text: '已经退烧了，病假申请也提交了，明天回岗位上班。' },
    ],
    unread: { a: 1 },
  },
];

// ---- 走访 ----------------------------------------------------------------------------------------

interface DemoVisit {
  ago: number;
  mode: VisitMode;
  notes: string;
}

/** teacher01's visits to student01 at 星辰软件科技有限公司. */
const STUDENT01_VISITS: readonly DemoVisit[] = [
  {
    ago: 33,
    mode: 'onsite',
    notes:
      '到星辰软件科技有限公司实地走访，查看了李明在测试部的工位和公司宿舍，与企业导师张工交流了岗前培训和入职情况。李明适应较快，已能在导师指导下编写测试用例。提醒他按时提交周记，注意作息。',
  },
  { ago: 19, mode: 'phone', notes: '电话联系李明，了解第二周周记退回后的修改情况和近期工作。他已参与订单模块测试，反映加班不多，住宿和饮食正常。叮嘱他把具体工作写进周记。' },
  { ago: 5, mode: 'video', notes: '与李明和企业导师张工视频沟通。李明展示了本周提交的缺陷报告，张工评价他细心、沟通主动；下一步安排他参与支付模块的回归测试。' },
];

const ONSITE_NOTES = [
  '实地查看了学生的工作岗位、操作规程和住宿条件，与企业导师交流了学生的出勤和工作表现。学生能按时到岗，企业反映工作认真。提醒学生注意生产安全，按时提交周记。',
  '到企业查看了实习岗位和安全防护措施，与部门主管、企业导师座谈，了解岗位安排与专业的对口情况。学生总体适应良好，个别学生对倒班不太习惯，已请企业适当调整。',
  '走访了学生所在部门和宿舍，检查了实习协议约定的工作时间和休息安排，未发现加班和夜班情况。与学生逐一谈话，了解生活和思想状况，大家情绪稳定。',
];
const PHONE_NOTES = [
  '电话了解近期工作和生活情况：工作量适中，能按时完成导师安排的任务，住宿和饮食正常。提醒按时提交周记和月报。',
  '电话沟通本周周记未按时提交的原因：近期项目较忙。已提醒合理安排时间，本周内补交。',
  '电话联系，了解工资发放和保险情况，均已按协议落实。叮嘱注意上下班交通安全。',
];
const VIDEO_NOTES = [
  '视频连线，学生展示了工位和近期完成的工作，企业导师介绍了下阶段的任务安排。学生精神状态良好，表示能胜任当前岗位。',
  '视频班会形式与学生集中交流，通报了周记提交情况，讲解了月报的写法，并进行了实习安全和防诈骗教育。',
];

// ---- 实训预约 --------------------------------------------------------------------------------------

type RoomKey = 'plc' | 'elec' | 'robot' | 'acc' | 'live';
const ROOMS: Record<RoomKey, string> = { plc: 'room-b02-101', elec: 'room-b02-102', robot: 'room-b02-201', acc: 'room-b02-301', live: 'room-b03-202' };
/** teacher01, or another teacher of a department by their place in 工号 order (the named demo teachers aside). */
type TeacherKey = 'teacher01' | `${'info' | 'mech' | 'econ'}${number}`;

interface DemoBooking {
  teacher: TeacherKey;
  classId: string;
  courseId: string;
  room: RoomKey;
  /** 0 Monday … 4 Friday. */
  day: number;
  from: number;
  to: number;
  purpose: string;
  /** Weeks from this week's Monday: the first and the last (default four weeks back to next week). */
  weeks?: readonly [number, number];
}

/**
 * Approved weekly bookings: 软件技术2023级1班 (student01's) and teacher01 have a session every weekday.
 * One room, class or teacher holds a period once (checked while the rows are made).
 */
const APPROVED: readonly DemoBooking[] = [
  { teacher: 'teacher01', classId: 'class-20230101', courseId: 'course-51020304', room: 'live', day: 0, from: 3, to: 4, purpose: '移动端应用功能测试与缺陷提交' },
  { teacher: 'teacher01', classId: 'class-20230101', courseId: 'course-51020303', room: 'live', day: 1, from: 1, to: 2, purpose: '电商活动页面制作与多终端适配' },
  { teacher: 'info0', classId: 'class-20230101', courseId: 'course-gb006', room: 'elec', day: 2, from: 7, to: 8, purpose: '传感器数据采集与可视化（物联网入门）' },
  { teacher: 'teacher01', classId: 'class-20230101', courseId: 'course-51020304', room: 'live', day: 3, from: 5, to: 6, purpose: '接口测试与自动化测试脚本编写' },
  { teacher: 'info1', classId: 'class-20230101', courseId: 'course-51020301', room: 'robot', day: 4, from: 3, to: 4, purpose: '用 Python 编写机器人运动控制程序' },
  { teacher: 'teacher01', classId: 'class-20240101', courseId: 'course-51020304', room: 'live', day: 2, from: 5, to: 6, purpose: '测试用例设计与评审' },
  { teacher: 'teacher01', classId: 'class-20230201', courseId: 'course-gb006', room: 'elec', day: 4, from: 1, to: 2, purpose: '单片机与传感器编程实训' },
  { teacher: 'teacher01', classId: 'class-20240101', courseId: 'course-51020303', room: 'live', day: 3, from: 1, to: 2, purpose: '网店首页切图与页面布局', weeks: [-4, -2] },
  { teacher: 'mech0', classId: 'class-20240301', courseId: 'course-46030103', room: 'plc', day: 0, from: 1, to: 2, purpose: 'S7-1200 基本指令编程与调试' },
  { teacher: 'mech0', classId: 'class-20240301', courseId: 'course-46030103', room: 'plc', day: 3, from: 3, to: 4, purpose: '交通信号灯控制系统编程' },
  { teacher: 'mech1', classId: 'class-20250301', courseId: 'course-46030102', room: 'elec', day: 1, from: 3, to: 4, purpose: '常用电工仪表使用与照明电路安装' },
  { teacher: 'mech2', classId: 'class-20240401', courseId: 'course-46030501', room: 'robot', day: 2, from: 5, to: 6, purpose: 'ABB 机器人示教编程与轨迹规划' },
  { teacher: 'mech2', classId: 'class-20250401', courseId: 'course-46030502', room: 'robot', day: 0, from: 7, to: 8, purpose: '机器人周边传感器接线与检测' },
  { teacher: 'econ0', classId: 'class-20240501', courseId: 'course-53030204', room: 'acc', day: 1, from: 1, to: 2, purpose: '用友财务软件账务处理' },
  { teacher: 'econ1', classId: 'class-20250501', courseId: 'course-53030203', room: 'acc', day: 3, from: 3, to: 4, purpose: '产品成本计算与分析' },
  { teacher: 'econ2', classId: 'class-20240601', courseId: 'course-53070103', room: 'live', day: 4, from: 5, to: 6, purpose: '直播带货脚本撰写与试播' },
  { teacher: 'econ2', classId: 'class-20250601', courseId: 'course-53070102', room: 'live', day: 1, from: 7, to: 8, purpose: '短视频营销内容策划与拍摄' },
];

/** Waiting for 教务处审批 (office01), periods 9–10 that no other booking uses; none of teacher01's. */
const PENDING: readonly (Omit<DemoBooking, 'day' | 'weeks'> & { date: (today: string, monday: string) => string })[] = [
  { teacher: 'mech0', classId: 'class-20240301', courseId: 'course-46030103', room: 'plc', from: 9, to: 10, purpose: 'PLC 综合项目：自动分拣线控制（补课）', date: (today) => nextWeekday(today) },
  { teacher: 'econ2', classId: 'class-20250602', courseId: 'course-53070103', room: 'live', from: 9, to: 10, purpose: '网店开设与商品上架实训', date: (_today, monday) => addDays(monday, 8) },
  { teacher: 'econ0', classId: 'class-20240501', courseId: 'course-53030204', room: 'acc', from: 9, to: 10, purpose: '期末综合实训：月末结账与报表编制', date: (_today, monday) => addDays(monday, 10) },
];

function nextWeekday(date: string): string {
  let next = addDays(date, 1);
  while (isoWeekday(next) > 5) next = addDays(next, 1);
  return next;
}

const COURSE_COMMENTS: Record<number, readonly string[]> = {
  5: ['老师讲解细致，实训设备充足，收获很大。', '项目贴近企业实际，动手机会多。', '老师很耐心，有问题随时解答。', '实训内容安排合理，节奏刚好。'],
  4: ['整体不错，希望多安排一些综合项目。', '讲得清楚，就是课时有点紧。', '设备够用，个别设备偶尔出故障。'],
  3: ['内容偏难，希望多讲一些基础。', '分组人数偏多，轮到自己操作的时间少。'],
  2: ['节奏太快，很多步骤没跟上。'],
};
const RATING_PATTERN = [5, 4, 5, 5, 4, 3, 5, 4, 4, 5, 2, 4, 5, 4, 3, 5, 5, 4, 4, 5];
const STUDENT_COMMENTS: Record<number, readonly string[]> = {
  5: ['动手能力强，能独立完成项目。', '操作规范，积极帮助同组同学。'],
  4: ['学习态度认真，完成质量较好。', '进步明显，继续保持。'],
  3: ['基础尚可，操作速度需要提高。', '课堂参与度不够，需加强练习。'],
  2: ['多次未完成实训任务，需加强练习。'],
};

/** Scores of a sheet by the student's place: mostly 60–95, now and then half a point, once in a while a fail. */
const percentCell = (i: number) => (i % 19 === 5 ? '52' : `${60 + ((i * 37 + 17) % 36)}${i % 7 === 3 ? '.5' : ''}`);
const GRADE_CELLS = ['良', '优', '中', '良', '及格', '优', '良', '中', '良', '不及格', '良', '优', '中'];

export async function seedDemoSeasonPractice(tx: Tx, today: string = schoolToday()): Promise<void> {
  const monday = mondayOf(today);
  const yesterday = addDays(today, -1);
  const users = await tx.select({ id: sysUser.id, username: sysUser.username, name: sysUser.realname }).from(sysUser).where(inArray(sysUser.username, ['teacher01', 'student01', 'mentor01', 'office01']));
  const idOf = (username: string) => users.find((u) => u.username === username)?.id;
  const teacher01 = idOf('teacher01');
  const student01 = idOf('student01');
  if (!teacher01 || !student01) return;
  const nameOf = new Map<string, string>(users.map((u) => [u.id, u.name ?? '']));

  // Teachers by department in 工号 order, the named demo teachers (teacher01, multi01, dept01) aside.
  const named = new Set(['teacher01', 'multi01', 'dept01']);
  const staff = await tx
    .select({ userId: basicTeacher.userId, name: basicTeacher.name, departId: basicTeacher.departId, username: sysUser.username })
    .from(basicTeacher)
    .innerJoin(sysUser, eq(sysUser.id, basicTeacher.userId))
    .orderBy(asc(basicTeacher.workNo));
  for (const s of staff) if (s.userId) nameOf.set(s.userId, s.name);
  const byDepart = { info: 'dep-info', mech: 'dep-mech', econ: 'dep-econ' } as const;
  const teacherId = (key: TeacherKey): string => {
    if (key === 'teacher01') return teacher01;
    const match = /^(info|mech|econ)(\d+)$/.exec(key)!;
    const list = staff.filter((s) => s.departId === byDepart[match[1] as keyof typeof byDepart] && !named.has(s.username));
    return list[Number(match[2])]!.userId!;
  };

  await seedThreads(tx, { today, student01, teacher01, nameOf });
  await seedVisits(tx, { today, teacher01 });
  const held = await seedBookings(tx, { today, monday, yesterday, teacherId, office: await officeUsers(tx), nameOf });
  await seedScoreSheets(tx, { today, monday, yesterday, teacher01, econ2: teacherId('econ2') });
  await seedRatings(tx, { yesterday, student01, teacher01, held, mech2: teacherId('mech2') });
}

async function officeUsers(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: sysUser.id }).from(sysUserRole).innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId)).where(and(eq(sysUserRole.roleId, 'role-office'), eq(sysUser.status, 1), eq(sysUser.delFlag, 0)));
  return rows.map((r) => r.id);
}

/** A bell message as the server sends it (server/modules/announcement/system-message.ts), unread, at a given time. */
function bell(rows: BellRows, title: string, text: string, recipients: string[], sentAt: Date) {
  const id = randomUUID();
  rows.messages.push({
    id,
    titile: title,
    msgContent: `<p>${text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/gu, '<br>')}</p>`,
    msgAbstract: text.slice(0, 100),
    priority: 'M',
    msgCategory: '2',
    msgType: 'USER',
    userIds: recipients.join(','),
    sendStatus: '1',
    sendTime: sentAt,
    createdAt: sentAt,
  });
  for (const userId of recipients) rows.sends.push({ anntId: id, userId, readFlag: 0 });
}
interface BellRows {
  messages: (typeof sysAnnouncement.$inferInsert)[];
  sends: (typeof sysAnnouncementSend.$inferInsert)[];
}
async function insertBells(tx: Tx, rows: BellRows) {
  await insertRows(tx, sysAnnouncement, rows.messages);
  await insertRows(tx, sysAnnouncementSend, rows.sends);
}

/** The running 岗位实习's placed students with an adviser, by 学号. */
async function placements(tx: Tx) {
  return tx
    .select({
      id: internshipEnrolment.id,
      studentUserId: internshipEnrolment.studentUserId,
      adviserUserId: internshipEnrolment.adviserUserId,
      mentorUserId: internshipEnrolment.mentorUserId,
      startDate: internshipEnrolment.startDate,
      unitName: internshipUnit.name,
      studentName: basicStudent.name,
      studentNo: basicStudent.studentNo,
      adviserUsername: sysUser.username,
      headTeacherUserId: basicTeacher.userId,
    })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .innerJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
    .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.adviserUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
    .where(and(eq(internshipProgram.name, '2026届岗位实习'), isNotNull(internshipEnrolment.adviserUserId), inArray(internshipEnrolment.status, ['pending', 'active'])))
    .orderBy(asc(basicStudent.studentNo), asc(internshipEnrolment.startDate));
}
type Placement = Awaited<ReturnType<typeof placements>>[number];

/** Advisers of the running program who file 走访 and use 互动 (指导教师 accounts, teacher01 aside), by account. */
async function teachingAdvisers(tx: Tx, all: Placement[], teacher01: string): Promise<string[]> {
  const ids = [...new Set(all.map((p) => p.adviserUserId!))].filter((id) => id !== teacher01);
  if (ids.length === 0) return [];
  const rows = await tx.select({ userId: sysUserRole.userId }).from(sysUserRole).where(and(eq(sysUserRole.roleId, 'role-teacher'), inArray(sysUserRole.userId, ids)));
  const teaching = new Set(rows.map((r) => r.userId));
  return [...new Set(all.filter((p) => teaching.has(p.adviserUserId!)).sort((a, b) => a.adviserUsername.localeCompare(b.adviserUsername)).map((p) => p.adviserUserId!))];
}

async function seedThreads(tx: Tx, ctx: { today: string; student01: string; teacher01: string; nameOf: Map<string, string> }) {
  const all = await placements(tx);
  const own = all.find((p) => p.studentUserId === ctx.student01 && p.adviserUserId === ctx.teacher01);
  const threads: (typeof internshipThread.$inferInsert)[] = [];
  const messages: (typeof internshipMessage.$inferInsert)[] = [];
  const reads: (typeof internshipThreadRead.$inferInsert)[] = [];
  const bells: BellRows = { messages: [], sends: [] };
  const [returned] = own
    ? await tx
        .select({ id: internshipRecord.id, reviewedAt: internshipRecord.reviewedAt })
        .from(internshipRecord)
        .where(and(eq(internshipRecord.enrolmentId, own.id), eq(internshipRecord.kind, 'weekly'), eq(internshipRecord.status, 'returned')))
        .orderBy(asc(internshipRecord.periodStart))
        .limit(1)
    : [];

  const add = (placement: Placement, demo: DemoThread, recordId: string | null = null, anchor: string | null = null) => {
    const people: Record<Who, string | null> = { s: placement.studentUserId, a: placement.adviserUserId, m: placement.mentorUserId };
    if (demo.messages.some((m) => !people[m.who])) return;
    const id = randomUUID();
    // A thread about a record dates from the day it was returned (ago 0 = that day); the others count back from today.
    const dayOf = (m: DemoMessage) => (anchor ? addDays(anchor, -m.ago) : addDays(ctx.today, -m.ago));
    const made = demo.messages.map((m, index) => ({ ...m, index, createdAt: at(maxDate(dayOf(m), addDays(placement.startDate, 1)), m.time) }));
    made.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.index - b.index);
    threads.push({ id, enrolmentId: placement.id, recordId, title: demo.title, createdBy: people[made[0]!.who], createdAt: made[0]!.createdAt, lastAt: made.at(-1)!.createdAt });
    made.forEach((m, index) => messages.push({ id: index === 0 ? id : randomUUID(), threadId: id, authorId: people[m.who], content: m.text, createdAt: m.createdAt }));
    for (const who of ['s', 'a', 'm'] as const) {
      const userId = people[who];
      if (!userId) continue;
      const unread = demo.unread?.[who] ?? 0;
      const seen = made.slice(0, made.length - unread);
      // Read a little after the last message they had seen; the unread ones came later, each also in their bell.
      const later = made.slice(made.length - unread);
      if (seen.length > 0) {
        const readAt = Math.min(seen.at(-1)!.createdAt.getTime() + 10 * 60_000, (later[0]?.createdAt.getTime() ?? Infinity) - 60_000);
        reads.push({ threadId: id, userId, readAt: new Date(readAt) });
      }
      for (const m of later) {
        const author = ctx.nameOf.get(people[m.who]!) ?? '';
        bell(bells, '新的互动消息', `${bellText(author, demo.title, m.text)}\n请到“互动”查看并回复。`, [userId], m.createdAt);
      }
    }
  };

  if (own) {
    const [first, ...rest] = STUDENT01_THREADS;
    const anchor = returned?.reviewedAt ? schoolToday(returned.reviewedAt) : null;
    if (anchor && addDays(anchor, 1) < ctx.today) add(own, first!, returned!.id, anchor);
    else add(own, { ...first!, messages: first!.messages.map((m) => ({ ...m, ago: m.ago + 30 })) });
    for (const demo of rest) add(own, demo);
  }
  const mentored = all.find((p) => p.studentUserId !== ctx.student01 && p.mentorUserId && own && p.mentorUserId === own.mentorUserId);
  if (mentored) add(mentored, MENTOR_THREAD);
  const advisers = await teachingAdvisers(tx, all, ctx.teacher01);
  const taken = new Set([own?.id, mentored?.id]);
  ADVISER_THREADS.forEach((demo, index) => {
    if (advisers.length === 0) return;
    const adviser = advisers[index % advisers.length]!;
    const placement = all.filter((p) => p.adviserUserId === adviser && !taken.has(p.id))[Math.floor(index / advisers.length)];
    if (!placement) return;
    taken.add(placement.id);
    add(placement, demo);
  });
  await insertRows(tx, internshipThread, threads);
  await insertRows(tx, internshipMessage, messages);
  await insertRows(tx, internshipThreadRead, reads);
  await insertBells(tx, bells);
}

async function seedVisits(tx: Tx, ctx: { today: string; teacher01: string }) {
  const all = await placements(tx);
  const visits: (typeof internshipVisit.$inferInsert)[] = [];
  const links: (typeof internshipVisitStudent.$inferInsert)[] = [];
  const add = (adviserUserId: string, students: Placement[], demo: DemoVisit) => {
    const date = addDays(ctx.today, -demo.ago);
    // Only while the placements ran, and the eight weeks before today.
    if (students.length === 0 || demo.ago > 56 || students.some((s) => date <= s.startDate)) return;
    const id = randomUUID();
    const createdAt = at(date, '18:00');
    visits.push({ id, adviserUserId, visitDate: date, mode: demo.mode, notes: demo.notes, createdAt, updatedAt: createdAt });
    for (const s of students) links.push({ visitId: id, enrolmentId: s.id });
  };
  const own = all.filter((p) => p.adviserUserId === ctx.teacher01);
  for (const demo of STUDENT01_VISITS) add(ctx.teacher01, own, demo);

  const advisers = await teachingAdvisers(tx, all, ctx.teacher01);
  advisers.forEach((adviser, a) => {
    const mine = all.filter((p) => p.adviserUserId === adviser);
    if (mine.length === 0) return;
    // 实地: the unit with most of their students; 电话 one or two; 视频 a group.
    const units = [...new Set(mine.map((p) => p.unitName))].sort((x, y) => mine.filter((p) => p.unitName === y).length - mine.filter((p) => p.unitName === x).length || x.localeCompare(y));
    const onsite = (unit: string) => ({ students: mine.filter((p) => p.unitName === unit).slice(0, 6), unit });
    const first = onsite(units[0]!);
    const second = onsite(units[1 % units.length]!);
    const names = (list: Placement[]) => list.map((p) => p.studentName).join('、');
    const plan: [Placement[], DemoVisit][] = [
      [first.students, { ago: 50 + a, mode: 'onsite', notes: `到${first.unit}实地走访（${names(first.students)}）。${ONSITE_NOTES[a % ONSITE_NOTES.length]!}` }],
      [mine.slice(a % mine.length, (a % mine.length) + 2), { ago: 36 + a, mode: 'phone', notes: `与${names(mine.slice(a % mine.length, (a % mine.length) + 2))}通话。${PHONE_NOTES[a % PHONE_NOTES.length]!}` }],
      [mine.slice(0, 8), { ago: 22 + a, mode: 'video', notes: VIDEO_NOTES[a % VIDEO_NOTES.length]! }],
      [second.students, { ago: 8 + a, mode: 'onsite', notes: `到${second.unit}实地走访（${names(second.students)}）。${ONSITE_NOTES[(a + 1) % ONSITE_NOTES.length]!}` }],
      [mine.slice(-1), { ago: 1 + (a % 3), mode: 'phone', notes: `与${names(mine.slice(-1))}通话。${PHONE_NOTES[(a + 1) % PHONE_NOTES.length]!}` }],
    ];
    for (const [students, demo] of plan) add(adviser, students, demo);
  });

  // Each 班主任 (the program asks two contacts a month of them) wrote to their class in its WeChat group early this
  // month and talked to a few of them since: some students have both, the rest one.
  const intoMonth = Number(ctx.today.slice(8, 10)) - 1;
  const classes = new Map<string, Placement[]>();
  for (const p of all) if (p.headTeacherUserId) classes.set(p.headTeacherUserId, [...(classes.get(p.headTeacherUserId) ?? []), p]);
  for (const [head, students] of classes) {
    const met = students.slice(0, 5);
    add(head, students, { ago: Math.min(5, intoMonth), mode: 'wechat', notes: '在班级微信群了解大家本周的实习情况，提醒按时提交周记，注意安全。' });
    add(head, met, { ago: Math.min(2, intoMonth), mode: 'meeting', notes: `与${met.map((p) => p.studentName).join('、')}面谈，了解岗位适应情况和生活安排。` });
  }
  await insertRows(tx, internshipVisit, visits);
  await insertRows(tx, internshipVisitStudent, links);
}

/** The held groups (course, teacher, class) of approved bookings, with the date of their first session. */
type Held = { courseId: string; teacherUserId: string; classId: string }[];

async function seedBookings(
  tx: Tx,
  ctx: { today: string; monday: string; yesterday: string; teacherId: (key: TeacherKey) => string; office: string[]; nameOf: Map<string, string> },
): Promise<Held> {
  const [model] = await tx.select({ steps: wfProcessModel.steps }).from(wfProcessModel).where(eq(wfProcessModel.key, 'booking'));
  const rooms = await tx.select({ id: basicClassroom.id, name: basicClassroom.name }).from(basicClassroom);
  const roomName = (key: RoomKey) => rooms.find((r) => r.id === ROOMS[key])?.name ?? '';
  const office = ctx.office[0];
  if (!model || !office) return [];
  const steps = model.steps as { name: string }[];
  const bookings: (typeof practiceBooking.$inferInsert & { id: string })[] = [];
  const slots: (typeof practiceBookingSlot.$inferInsert)[] = [];
  const instances: (typeof wfInstance.$inferInsert & { id: string })[] = [];
  const tasks: (typeof wfTask.$inferInsert & { id: string })[] = [];
  const candidates: (typeof wfTaskCandidate.$inferInsert)[] = [];
  const history: (typeof wfHistory.$inferInsert)[] = [];
  const bells: BellRows = { messages: [], sends: [] };
  const holders = new Set<string>();
  const held: Held = [];

  const add = (demo: Omit<DemoBooking, 'day' | 'weeks'>, dates: string[], approved: boolean) => {
    const teacherUserId = ctx.teacherId(demo.teacher);
    const classroomId = ROOMS[demo.room];
    const periods = Array.from({ length: demo.to - demo.from + 1 }, (_, i) => demo.from + i);
    for (const date of dates)
      for (const period of periods)
        for (const holder of [`room:${classroomId}`, `class:${demo.classId}`, `teacher:${teacherUserId}`]) {
          const key = `${holder}|${date}|${period}`;
          if (holders.has(key)) throw new Error(`demo booking conflict: ${key}`);
          holders.add(key);
        }
    const id = randomUUID();
    const first = dates[0]!;
    const createdAt = at(minDate(addDays(first, -10), ctx.yesterday), '10:00');
    const decidedAt = at(minDate(addDays(first, -9), ctx.yesterday), '15:30');
    bookings.push({
      id,
      classroomId,
      courseId: demo.courseId,
      classId: demo.classId,
      teacherUserId,
      applicantId: teacherUserId,
      purpose: demo.purpose,
      firstDate: first,
      repeatUntil: dates.length > 1 ? dates.at(-1)! : null,
      weeks: dates.length,
      periodFrom: demo.from,
      periodTo: demo.to,
      status: approved ? 'approved' : 'pending',
      createdAt,
      updatedAt: approved ? decidedAt : createdAt,
    });
    for (const slotDate of dates) for (const period of periods) slots.push({ bookingId: id, slotDate, period, classroomId, classId: demo.classId, teacherUserId });
    const title = `实训预约：${roomName(demo.room)} ${first.slice(5)} ${periodRange(demo.from, demo.to)}${dates.length > 1 ? ` 每周×${dates.length}` : ''}`;
    const instanceId = randomUUID();
    instances.push({
      id: instanceId,
      processKey: 'booking',
      businessId: id,
      title,
      applicantId: teacherUserId,
      enrolmentId: null,
      status: approved ? 'approved' : 'running',
      stepIndex: 0,
      steps,
      createdAt,
      updatedAt: approved ? decidedAt : createdAt,
      endedAt: approved ? decidedAt : null,
    });
    const taskId = randomUUID();
    const stepName = steps[0]?.name ?? '教务处审批';
    tasks.push({ id: taskId, instanceId, stepIndex: 0, stepName, status: approved ? 'done' : 'open', decision: approved ? 'approve' : null, decidedBy: approved ? office : null, createdAt, decidedAt: approved ? decidedAt : null });
    for (const userId of ctx.office) candidates.push({ taskId, userId });
    history.push({ instanceId, action: 'submit', actorId: teacherUserId, stepName: null, comment: null, createdAt });
    if (approved) {
      history.push({ instanceId, action: 'approve', actorId: office, stepName, comment: null, createdAt: decidedAt });
      if (first <= ctx.today && !held.some((h) => h.courseId === demo.courseId && h.teacherUserId === teacherUserId && h.classId === demo.classId)) held.push({ courseId: demo.courseId, teacherUserId, classId: demo.classId });
    } else {
      bell(bells, '新的待办', `${ctx.nameOf.get(teacherUserId) ?? ''}的“${title}”等待您${stepName}，请到“我的待办”处理。`, ctx.office, createdAt);
    }
  };

  for (const demo of APPROVED) {
    const [from, to] = demo.weeks ?? [-4, 1];
    add(demo, bookingDates(addDays(ctx.monday, from * 7 + demo.day), addDays(ctx.monday, to * 7 + demo.day)), true);
  }
  for (const demo of PENDING) add(demo, [demo.date(ctx.today, ctx.monday)], false);

  await insertRows(tx, practiceBooking, bookings);
  await insertRows(tx, practiceBookingSlot, slots);
  await insertRows(tx, wfInstance, instances);
  await insertRows(tx, wfTask, tasks);
  await insertRows(tx, wfTaskCandidate, candidates);
  await insertRows(tx, wfHistory, history);
  await insertBells(tx, bells);
  return held;
}

async function seedScoreSheets(tx: Tx, ctx: { today: string; monday: string; yesterday: string; teacher01: string; econ2: string }) {
  const sheets: { courseId: string; classId: string; term: string; teacherUserId: string; submittedAt: Date | null; cell: (i: number) => string | null }[] = [
    // teacher01's Web前端开发 of 软件技术2024级1班 ended two weeks ago (its bookings): submitted the next day.
    { courseId: 'course-51020303', classId: 'class-20240101', term: termOf(addDays(ctx.monday, -10)), teacherUserId: ctx.teacher01, submittedAt: at(addDays(ctx.monday, -10), '16:20'), cell: percentCell },
    // The running 软件测试技术 of 软件技术2023级1班: a draft, two in three typed.
    { courseId: 'course-51020304', classId: 'class-20230101', term: termOf(ctx.today), teacherUserId: ctx.teacher01, submittedAt: null, cell: (i) => (i % 3 === 2 ? null : percentCell(i + 5)) },
    // Last term's 网店运营 (五级制) of 电子商务2023级1班.
    { courseId: 'course-53070103', classId: 'class-20230601', term: termOf(addDays(ctx.today, -200)), teacherUserId: ctx.econ2, submittedAt: at(addDays(ctx.today, -170), '11:00'), cell: (i) => GRADE_CELLS[i % GRADE_CELLS.length]! },
  ];
  const classIds = sheets.map((s) => s.classId);
  const students = await tx.select({ id: basicStudent.id, classId: basicStudent.classId }).from(basicStudent).where(inArray(basicStudent.classId, classIds)).orderBy(asc(basicStudent.studentNo));
  const rows: (typeof practiceScoreSheet.$inferInsert & { id: string })[] = [];
  const entries: (typeof practiceScoreEntry.$inferInsert)[] = [];
  const logs: (typeof practiceScoreLog.$inferInsert)[] = [];
  for (const sheet of sheets) {
    const id = randomUUID();
    const made = sheet.submittedAt ? new Date(sheet.submittedAt.getTime() - 3 * 86_400_000) : at(addDays(ctx.today, -12), '20:00');
    const updated = sheet.submittedAt ?? at(ctx.yesterday, '21:10');
    rows.push({ id, courseId: sheet.courseId, classId: sheet.classId, term: sheet.term, teacherUserId: sheet.teacherUserId, status: sheet.submittedAt ? 'submitted' : 'draft', submittedAt: sheet.submittedAt, createdAt: made, updatedAt: updated });
    students.filter((s) => s.classId === sheet.classId).forEach((s, i) => entries.push({ sheetId: id, studentId: s.id, value: sheet.cell(i), updatedAt: updated }));
    if (sheet.submittedAt) logs.push({ sheetId: id, action: 'submit', actorId: sheet.teacherUserId, reason: null, createdAt: sheet.submittedAt });
  }
  await insertRows(tx, practiceScoreSheet, rows);
  await insertRows(tx, practiceScoreEntry, entries);
  await insertRows(tx, practiceScoreLog, logs);
}

async function seedRatings(tx: Tx, ctx: { yesterday: string; student01: string; teacher01: string; held: Held; mech2: string }) {
  if (ctx.held.length === 0) return;
  const students = await tx
    .select({ userId: basicStudent.userId, classId: basicStudent.classId })
    .from(basicStudent)
    .where(and(inArray(basicStudent.classId, [...new Set(ctx.held.map((h) => h.classId))]), eq(basicStudent.status, '1')))
    .orderBy(asc(basicStudent.studentNo));
  const courseRatings: (typeof practiceCourseRating.$inferInsert)[] = [];
  const studentRatings: (typeof practiceStudentRating.$inferInsert)[] = [];
  ctx.held.forEach((group, g) => {
    students
      .filter((s) => s.classId === group.classId && s.userId)
      .forEach((s, i) => {
        // Seven in ten rate; student01 has rated teacher01's 软件测试技术 and not yet the Web前端开发.
        const own = s.userId === ctx.student01;
        if (own ? group.courseId !== 'course-51020304' : (i + g) % 10 >= 7) return;
        const score = RATING_PATTERN[(i * 3 + g * 7) % RATING_PATTERN.length]!;
        const comments = COURSE_COMMENTS[score]!;
        courseRatings.push({
          courseId: group.courseId,
          teacherUserId: group.teacherUserId,
          studentUserId: s.userId!,
          score,
          comment: i % 3 === 1 ? null : comments[(i + g) % comments.length]!,
          createdAt: at(addDays(ctx.yesterday, -((i * 5 + g) % 21)), '20:15'),
        });
      });
  });
  // The teachers' ratings: teacher01 every student of the finished Web前端开发 and half of 软件测试技术's; the robot lab's teacher a third.
  const rated: [string, string, string, (i: number) => boolean][] = [
    [ctx.teacher01, 'course-51020303', 'class-20240101', () => true],
    [ctx.teacher01, 'course-51020304', 'class-20230101', (i) => i % 2 === 0],
    [ctx.mech2, 'course-46030501', 'class-20240401', (i) => i % 3 === 0],
  ];
  for (const [teacherUserId, courseId, classId, chosen] of rated) {
    if (!ctx.held.some((h) => h.teacherUserId === teacherUserId && h.courseId === courseId && h.classId === classId)) continue;
    students
      .filter((s) => s.classId === classId && s.userId)
      .forEach((s, i) => {
        if (!chosen(i)) return;
        const score = Math.max(2, RATING_PATTERN[(i * 7 + 3) % RATING_PATTERN.length]!);
        const comments = STUDENT_COMMENTS[score]!;
        const when = at(addDays(ctx.yesterday, -(i % 9)), '21:00');
        studentRatings.push({ courseId, classId, teacherUserId, studentUserId: s.userId!, score, comment: i % 4 === 3 ? null : comments[i % comments.length]!, createdAt: when, updatedAt: when });
      });
  }
  await insertRows(tx, practiceCourseRating, courseRatings);
  await insertRows(tx, practiceStudentRating, studentRatings);
}
