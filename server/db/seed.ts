import { count, eq } from 'drizzle-orm';
import { PASSWORD_PATTERN } from '@contract/validators.ts';
import { hashPassword } from '../lib/crypto.ts';
import type { Database } from './database.ts';
import { dt02, sysAnnouncement, sysDepart, sysUser, sysUserDepart, sysUserRole } from './schema.ts';

export const DEMO_PASSWORD = 'Demo@2026';

/** The demo school's people; the business data of later features joins them. */
const DEMO_USERS = [
  { username: 'admin', realname: '系统管理员', yhlx: '0', workNo: 'A0001', roles: ['role-admin'], departs: ['A01'], orgCode: 'DW01', sex: 1, phone: '13800000001' },
  { username: 'teacher01', realname: '王老师', yhlx: '0', workNo: 'T2018001', roles: ['role-teacher'], departs: ['A01A01'], orgCode: 'DW02', sex: 2, phone: '13800000002' },
  { username: 'student01', realname: '李明', yhlx: '1', workNo: '2023010101', roles: ['role-student'], departs: ['A01A01'], orgCode: 'DW02', sex: 1, phone: '13800000003' },
  { username: 'mentor01', realname: '张工', yhlx: '2', workNo: 'M0001', roles: ['role-mentor'], departs: [], orgCode: null, sex: 1, phone: '13800000004' },
  { username: 'multi01', realname: '赵主任', yhlx: '0', workNo: 'T2015002', roles: ['role-teacher', 'role-admin'], departs: ['A01A01', 'A01A02'], orgCode: 'DW02', sex: 2, phone: '13800000005' },
] as const;

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

async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(sysUser);
  return (row?.n ?? 0) > 0;
}

/** Fills an empty database with the demo school. Does nothing once any user exists. */
export async function seedDemo(db: Database): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(sysDepart).values(DEMO_DEPARTS);
    await tx.insert(dt02).values(DEMO_UNITS);
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(sysUser)
        .values({ username: demo.username, realname: demo.realname, yhlx: demo.yhlx, workNo: demo.workNo, orgCode: demo.orgCode, sex: demo.sex, phone: demo.phone, passwordHash })
        .returning({ id: sysUser.id });
      for (const roleId of demo.roles) await tx.insert(sysUserRole).values({ userId: user!.id, roleId });
      for (const orgCode of demo.departs) {
        const depart = DEMO_DEPARTS.find((d) => d.orgCode === orgCode)!;
        await tx.insert(sysUserDepart).values({ userId: user!.id, departId: depart.id });
      }
      if (demo.departs[0]) {
        const first = DEMO_DEPARTS.find((d) => d.orgCode === demo.departs[0])!;
        await tx.update(sysUser).set({ currentDepartId: first.id }).where(eq(sysUser.id, user!.id));
      }
    }
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
  });
  return true;
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
