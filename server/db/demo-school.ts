/**
 * The demo school's basic data (DOMAIN.md "Demo data"), made from fixed lists and a seeded random
 * generator: every run gives the same campuses, classes, teachers and students, down to each name,
 * 学号, phone and birthday. Plain rows without account ids; server/db/seed.ts inserts them.
 */

/** mulberry32: a small, fast generator whose sequence depends only on its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Common surnames, roughly as often as they occur (weights in tenths of a percent). */
const SURNAMES: readonly (readonly [string, number])[] = [
  ['王', 71], ['李', 70], ['张', 67], ['刘', 54], ['陈', 45], ['杨', 31], ['黄', 22], ['赵', 20], ['吴', 20], ['周', 19],
  ['徐', 15], ['孙', 15], ['马', 12], ['朱', 12], ['胡', 11], ['郭', 11], ['何', 10], ['林', 10], ['高', 10], ['罗', 9],
  ['郑', 8], ['梁', 8], ['谢', 7], ['宋', 6], ['唐', 6], ['许', 6], ['韩', 5], ['冯', 5], ['邓', 5], ['曹', 5],
  ['彭', 5], ['曾', 5], ['肖', 5], ['田', 4], ['董', 4], ['潘', 4], ['袁', 4], ['蔡', 4], ['蒋', 4], ['余', 4],
  ['于', 4], ['杜', 3], ['叶', 3], ['程', 3], ['魏', 3], ['苏', 3], ['吕', 3], ['丁', 3], ['任', 3], ['卢', 3],
  ['姚', 3], ['沈', 3], ['钟', 3], ['姜', 3], ['崔', 2], ['谭', 2], ['陆', 2], ['范', 2], ['汪', 2], ['廖', 2],
  ['石', 2], ['金', 2], ['韦', 2], ['贾', 2], ['夏', 2], ['付', 2], ['方', 2], ['邹', 2], ['熊', 2], ['白', 2],
  ['孟', 2], ['秦', 2], ['邱', 2], ['侯', 2], ['江', 2], ['尹', 2], ['薛', 2], ['闫', 2], ['段', 2], ['雷', 2],
  ['黎', 1], ['史', 1], ['龙', 1], ['陶', 1], ['贺', 1], ['顾', 1], ['毛', 1], ['郝', 1], ['龚', 1], ['邵', 1],
  ['万', 1], ['钱', 1], ['严', 1], ['覃', 1], ['武', 1], ['戴', 1], ['莫', 1], ['孔', 1], ['向', 1], ['汤', 1],
  ['欧阳', 1], ['司马', 0.3], ['上官', 0.3], ['诸葛', 0.2],
];
const SURNAME_TOTAL = SURNAMES.reduce((sum, [, weight]) => sum + weight, 0);

const GIVEN_MALE = '伟强磊军勇杰涛斌超明浩宇轩博文俊鹏辉鑫林凯晨阳鸿昊然子一泽睿天志嘉家豪思铭航宏锐诚毅健康成峰坤龙飞旭东亮刚波建国华平哲翔瑞彬骏煜楷晟恒'.split('');
const GIVEN_FEMALE = '芳娜敏静丽婷雪慧欣怡琳佳颖雨萱梓涵可馨悦琪晓玉婉雅洁倩璐瑶诗梦紫彤妍思语艺菲月岚秀荣蕾薇婧莉燕霞红兰冰清蓉露丹娟芸钰'.split('');

function surname(random: Random): string {
  let left = random() * SURNAME_TOTAL;
  for (const [name, weight] of SURNAMES) {
    left -= weight;
    if (left < 0) return name;
  }
  return SURNAMES[0]![0];
}

/** The demo accounts' names are left to them, so a search for one finds that account. */
const RESERVED_NAMES = new Set(['李明', '王老师', '赵主任', '张工', '陈主任']);

/** A name such as 陈思远 or 王芳: a surname and one or two given characters fitting the sex (1 男, 2 女). */
export function chineseName(random: Random, sex: 1 | 2): string {
  const chars = sex === 1 ? GIVEN_MALE : GIVEN_FEMALE;
  for (;;) {
    const first = pick(random, chars);
    let given = first;
    if (random() >= 0.25) {
      const second = pick(random, chars);
      // A repeated character (婷婷, 浩浩) now and then, otherwise two different ones.
      if (second !== first || random() < 0.3) given += second;
    }
    const name = surname(random) + given;
    if (!RESERVED_NAMES.has(name)) return name;
  }
}

/** Mobile number blocks of the three carriers; 138 and 139 are left to the named demo accounts and the tests. */
const PHONE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '150', '151', '152', '155', '156', '157', '158', '159', '166', '173', '176', '177', '180', '181', '182', '185', '186', '187', '188', '189', '191', '198', '199'];

/** Phone numbers that are new to `taken` (which remembers them). */
export function phoneMaker(random: Random, taken: Set<string>): () => string {
  return () => {
    for (;;) {
      const phone = pick(random, PHONE_PREFIXES) + String(Math.floor(random() * 1e8)).padStart(8, '0');
      if (!taken.has(phone)) {
        taken.add(phone);
        return phone;
      }
    }
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export interface DemoCampus { id: string; code: string; name: string; address: string; sortNo: number }
export interface DemoBuilding { id: string; campusId: string; code: string; name: string; floors: number }
export interface DemoClassroom { id: string; buildingId: string; code: string; name: string; type: string; capacity: number; equipment: string | null; status: string }
export interface DemoMajor { id: string; code: string; name: string; departId: string; level: string; years: number; no: number; maleShare: number }
export interface DemoClass { id: string; code: string; name: string; majorId: string; grade: number; classNo: number; headTeacherWorkNo: string | null }
export interface DemoCourse { id: string; code: string; name: string; type: string; credits: number; hours: number; majorId: string | null; scoreMode: 'percent' | 'grade' }
/** A person of the school with the details both the basic row and the account carry. */
export interface DemoPerson { no: string; name: string; sex: 1 | 2; phone: string; departId: string }
export interface DemoTeacher extends DemoPerson { title: string }
export interface DemoStudent extends DemoPerson { classId: string; grade: number; birthday: string; status: string }

export const CAMPUSES: readonly DemoCampus[] = [
  { id: 'campus-c01', code: 'C01', name: '松山湖校区', address: '东莞市松山湖高新区大学路1号', sortNo: 1 },
  { id: 'campus-c02', code: 'C02', name: '南城校区', address: '东莞市南城街道体育路12号', sortNo: 2 },
];

export const BUILDINGS: readonly DemoBuilding[] = [
  { id: 'building-b01', campusId: 'campus-c01', code: 'B01', name: '第一教学楼', floors: 6 },
  { id: 'building-b02', campusId: 'campus-c01', code: 'B02', name: '实训楼', floors: 5 },
  { id: 'building-b03', campusId: 'campus-c02', code: 'B03', name: '第二教学楼', floors: 5 },
  { id: 'building-b04', campusId: 'campus-c02', code: 'B04', name: '信息中心', floors: 4 },
];

/** classroom_type: 1 普通教室, 2 多媒体, 3 实训室, 4 机房; classroom_status: 1 可用, 0 停用. */
const ROOMS: readonly (readonly [building: string, room: string, name: string, type: string, capacity: number, equipment: string | null, status?: string])[] = [
  ['B01', '101', '第一教学楼101', '1', 60, null],
  ['B01', '102', '第一教学楼102', '1', 60, null],
  ['B01', '201', '第一教学楼201', '2', 90, '投影仪、音响、电子白板'],
  ['B01', '202', '第一教学楼202', '2', 90, '投影仪、音响'],
  ['B01', '301', '阶梯教室', '2', 180, '投影仪、音响、录播设备'],
  ['B02', '101', 'PLC控制实训室', '3', 40, '西门子S7-1200实训台20套'],
  ['B02', '102', '电工电子实训室', '3', 40, '电工实训台20套、示波器20台'],
  ['B02', '201', '工业机器人实训室', '3', 30, 'ABB IRB120工业机器人6台'],
  ['B02', '202', '液压与气动实训室', '3', 40, '液压气动综合实训台10套', '0'],
  ['B02', '301', '会计综合实训室', '3', 50, '会计手工实训台、财务软件'],
  ['B03', '101', '第二教学楼101', '1', 60, null],
  ['B03', '102', '第二教学楼102', '1', 60, null],
  ['B03', '201', '第二教学楼201', '2', 80, '投影仪、音响'],
  ['B03', '202', '电商直播实训室', '3', 40, '直播设备4套、补光灯、摄像机'],
  ['B03', '301', '第二教学楼301', '1', 50, null],
  ['B04', '101', '第一机房', '4', 60, '计算机60台'],
  ['B04', '102', '第二机房', '4', 60, '计算机60台'],
  ['B04', '201', '网络技术实训室', '4', 40, '路由器、交换机、计算机40台'],
  ['B04', '202', '软件开发机房', '4', 50, '计算机50台、双显示器'],
  ['B04', '301', '信息中心会议室', '2', 30, '投影仪、视频会议系统'],
];

export const CLASSROOMS: readonly DemoClassroom[] = ROOMS.map(([building, room, name, type, capacity, equipment, status = '1']) => ({
  id: `room-${building.toLowerCase()}-${room}`,
  buildingId: `building-${building.toLowerCase()}`,
  code: `${building}-${room}`,
  name,
  type,
  capacity,
  equipment,
  status,
}));

/** Two majors per department, with their codes in the 高职 catalogue (major_level 2 高职). */
export const MAJORS: readonly DemoMajor[] = [
  { id: 'major-510203', code: '510203', name: '软件技术', departId: 'dep-info', level: '2', years: 3, no: 1, maleShare: 0.65 },
  { id: 'major-510202', code: '510202', name: '计算机网络技术', departId: 'dep-info', level: '2', years: 3, no: 2, maleShare: 0.7 },
  { id: 'major-460301', code: '460301', name: '机电一体化技术', departId: 'dep-mech', level: '2', years: 3, no: 3, maleShare: 0.85 },
  { id: 'major-460305', code: '460305', name: '工业机器人技术', departId: 'dep-mech', level: '2', years: 3, no: 4, maleShare: 0.85 },
  { id: 'major-530302', code: '530302', name: '大数据与会计', departId: 'dep-econ', level: '2', years: 3, no: 5, maleShare: 0.25 },
  { id: 'major-530701', code: '530701', name: '电子商务', departId: 'dep-econ', level: '2', years: 3, no: 6, maleShare: 0.4 },
];

/** Each major's classes: one of 2023, one of 2024, two of 2025 (the intake grows). */
const CLASS_GRADES: readonly (readonly [grade: number, classNo: number])[] = [
  [2023, 1],
  [2024, 1],
  [2025, 1],
  [2025, 2],
];

/** A class's code, and the first eight digits of its students' 学号: entry year, major number, class number. */
export const classCode = (grade: number, major: DemoMajor, classNo: number) => `${grade}${pad(major.no)}${pad(classNo)}`;

export function demoClass(major: DemoMajor, grade: number, classNo: number, headTeacherWorkNo: string | null): DemoClass {
  const code = classCode(grade, major, classNo);
  return { id: `class-${code}`, code, name: `${major.name}${grade}级${classNo}班`, majorId: major.id, grade, classNo, headTeacherWorkNo };
}

const MAJOR_COURSES: Record<string, readonly (readonly [name: string, type: string, credits: number, hours: number])[]> = {
  '510203': [['程序设计基础', '3', 4, 64], ['Java程序设计', '3', 4, 64], ['Web前端开发', '3', 4, 64], ['软件测试技术', '2', 3, 48]],
  '510202': [['计算机网络基础', '1', 3, 48], ['路由与交换技术', '3', 4, 64], ['Linux操作系统', '3', 3, 48], ['网络安全技术', '2', 3, 48]],
  '460301': [['机械制图', '1', 4, 64], ['电工电子技术', '3', 4, 64], ['PLC应用技术', '2', 4, 64], ['液压与气动技术', '3', 3, 48]],
  '460305': [['工业机器人编程与操作', '2', 4, 64], ['传感器与检测技术', '3', 3, 48], ['机器视觉技术', '3', 3, 48], ['工业机器人系统集成', '2', 4, 64]],
  '530302': [['基础会计', '1', 4, 64], ['财务会计', '1', 4, 64], ['成本核算与管理', '3', 3, 48], ['会计信息系统应用', '2', 3, 48]],
  '530701': [['电子商务基础', '1', 3, 48], ['网络营销', '3', 3, 48], ['网店运营', '2', 4, 64], ['商务数据分析', '3', 3, 48]],
};
/** 成绩录入 in 五级制 (优/良/中/及格/不及格); every other course in 百分制. */
const GRADED_COURSES = new Set(['网店运营']);
/** course_type: 1 理论, 2 实训, 3 理实一体. Courses without a major are 公共课. */
const COMMON_COURSES: readonly (readonly [code: string, name: string, type: string, credits: number, hours: number])[] = [
  ['GB001', '思想道德与法治', '1', 3, 48],
  ['GB002', '毛泽东思想和中国特色社会主义理论体系概论', '1', 2, 32],
  ['GB003', '大学英语', '1', 4, 64],
  ['GB004', '高等数学', '1', 4, 64],
  ['GB005', '体育与健康', '2', 2, 36],
  ['GB006', '信息技术', '3', 3, 48],
];

export const COURSES: readonly DemoCourse[] = [
  ...COMMON_COURSES.map(([code, name, type, credits, hours]) => ({ id: `course-${code.toLowerCase()}`, code, name, type, credits, hours, majorId: null, scoreMode: 'percent' as const })),
  ...MAJORS.flatMap((major) =>
    MAJOR_COURSES[major.code]!.map(([name, type, credits, hours], index) => {
      const code = `${major.code}${pad(index + 1)}`;
      return { id: `course-${code}`, code, name, type, credits, hours, majorId: major.id, scoreMode: GRADED_COURSES.has(name) ? ('grade' as const) : ('percent' as const) };
    }),
  ),
];

export interface DemoAccount {
  username: string;
  realname: string;
  /** 0 教职工, 1 学生, 2 企业导师. */
  yhlx: '0' | '1' | '2';
  workNo: string;
  roles: readonly string[];
  /** Department org codes; the first is the current one. */
  departs: readonly string[];
  orgCode: string | null;
  sex: 1 | 2;
  phone: string;
  birthday?: string;
  /** The school's teacher (工号 = workNo) or student (学号 = workNo) this account belongs to. */
  teacher?: { departId: string; title: string };
  student?: { classId: string; grade: number };
}

/** The named demo accounts (README "Demo accounts"); teacher01, multi01 and dept01 teach at the school, student01 studies there, office01 runs the 实习办. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', realname: '系统管理员', yhlx: '0', workNo: 'A0001', roles: ['role-admin'], departs: ['A01'], orgCode: 'DW01', sex: 1, phone: '13800000001' },
  { username: 'teacher01', realname: '王老师', yhlx: '0', workNo: 'T2018001', roles: ['role-teacher'], departs: ['A01A01'], orgCode: 'DW02', sex: 2, phone: '13800000002', teacher: { departId: 'dep-info', title: '3' } },
  {
    username: 'student01', realname: '李明', yhlx: '1', workNo: '2023010101', roles: ['role-student'], departs: ['A01A01'], orgCode: 'DW02', sex: 1, phone: '13800000003', birthday: '2006-05-12',
    student: { classId: 'class-20230101', grade: 2023 },
  },
  { username: 'mentor01', realname: '张工', yhlx: '2', workNo: 'M0001', roles: ['role-mentor'], departs: [], orgCode: null, sex: 1, phone: '13800000004' },
  { username: 'multi01', realname: '赵主任', yhlx: '0', workNo: 'T2015002', roles: ['role-teacher', 'role-admin'], departs: ['A01A01', 'A01A02'], orgCode: 'DW02', sex: 2, phone: '13800000005', teacher: { departId: 'dep-info', title: '2' } },
  { username: 'dept01', realname: '陈主任', yhlx: '0', workNo: 'T2010003', roles: ['role-depart-admin'], departs: ['A01A01'], orgCode: 'DW02', sex: 1, phone: '13800000006', teacher: { departId: 'dep-info', title: '1' } },
  { username: 'office01', realname: '周老师', yhlx: '0', workNo: 'T2012004', roles: ['role-office'], departs: ['A01'], orgCode: 'DW01', sex: 2, phone: '13800000007' },
];

export const TEACHERS_PER_DEPART = 20;
export const DEMO_STUDENTS = 2000;
const DEPARTS = ['dep-info', 'dep-mech', 'dep-econ'];
/** teacher_title: 1 教授, 2 副教授, 3 讲师, 4 助教, 5 高级讲师, 6 实习指导教师, as often as a vocational college has them. */
const TITLES = ['1', '2', '2', '2', '3', '3', '3', '3', '3', '4', '4', '5', '6', '6'];

export interface DemoSchool {
  classes: DemoClass[];
  teachers: DemoTeacher[];
  students: DemoStudent[];
}

/** A student's 学号: the class's eight digits and a two-digit number in the class. */
export const studentNo = (klass: DemoClass, seq: number) => `${klass.code}${pad(seq)}`;

/**
 * Students for the given classes, spread evenly, numbered in each class from `firstSeq` (student01 is
 * 01 of 20230101). Born so that they are 16–20 in 2026: two years by grade; 1% are 休学.
 */
export function makeStudents(random: Random, newPhone: () => string, classes: readonly DemoClass[], count: number, skip: ReadonlySet<string> = new Set()): DemoStudent[] {
  const students: DemoStudent[] = [];
  const perClass = Math.floor(count / classes.length);
  let extra = count % classes.length;
  for (const klass of classes) {
    const major = MAJORS.find((m) => m.id === klass.majorId)!;
    let size = perClass + (extra > 0 ? 1 : 0);
    if (extra > 0) extra -= 1;
    for (let seq = 1; size > 0; seq += 1) {
      const no = studentNo(klass, seq);
      if (skip.has(no)) continue;
      size -= 1;
      const sex = random() < major.maleShare ? 1 : 2;
      const born = klass.grade - 17 + Math.floor(random() * 2);
      students.push({
        no,
        name: chineseName(random, sex),
        sex,
        phone: newPhone(),
        departId: major.departId,
        classId: klass.id,
        grade: klass.grade,
        birthday: `${born}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`,
        status: random() < 0.01 ? '2' : '1',
      });
    }
  }
  return students;
}

/** The demo school: 24 classes with their 班主任, 60 teachers and 2,000 students (the named demo accounts among them). */
export function demoSchool(): DemoSchool {
  const random = seededRandom(20260101);
  const newPhone = phoneMaker(random, new Set(DEMO_ACCOUNTS.map((a) => a.phone)));
  const teachers: DemoTeacher[] = DEMO_ACCOUNTS.flatMap((a) => (a.teacher ? [{ no: a.workNo, name: a.realname, sex: a.sex, phone: a.phone, ...a.teacher }] : []));
  let seq = teachers.length;
  for (const departId of DEPARTS) {
    while (teachers.filter((t) => t.departId === departId).length < TEACHERS_PER_DEPART) {
      seq += 1;
      const sex = random() < 0.5 ? 1 : 2;
      const hired = 2005 + Math.floor(random() * 20);
      teachers.push({ no: `T${hired}${pad(seq, 3)}`, name: chineseName(random, sex), sex, phone: newPhone(), departId, title: pick(random, TITLES) });
    }
  }
  // 班主任: plain teachers of the class's department in turn, so teacher01 has student01's class (the first); not the two with another office.
  const busy = new Set(DEMO_ACCOUNTS.filter((a) => a.teacher && a.roles.join() !== 'role-teacher').map((a) => a.workNo));
  const headTeachers = new Map(DEPARTS.map((d) => [d, teachers.filter((t) => t.departId === d && !busy.has(t.no)).map((t) => t.no)]));
  const classes = MAJORS.flatMap((major) => CLASS_GRADES.map(([grade, classNo]) => demoClass(major, grade, classNo, headTeachers.get(major.departId)!.shift()!)));
  const named: DemoStudent[] = DEMO_ACCOUNTS.flatMap((a) =>
    a.student ? [{ no: a.workNo, name: a.realname, sex: a.sex, phone: a.phone, departId: departOfClass(classes, a.student.classId), birthday: a.birthday!, status: '1', ...a.student }] : [],
  );
  const students = [...named, ...makeStudents(random, newPhone, classes, DEMO_STUDENTS - named.length, new Set(named.map((s) => s.no)))];
  return { classes, teachers, students };
}

const departOfClass = (classes: readonly DemoClass[], classId: string) => MAJORS.find((m) => m.id === classes.find((c) => c.id === classId)!.majorId)!.departId;
