import { and, eq } from 'drizzle-orm';
import { creditCodeCheckChar } from '@contract/internship-unit.ts';
import type { Database } from './database.ts';
import { internshipEnrolment, internshipUnit, internshipUnitContact, internshipUnitPost, sysUser } from './schema.ts';

/**
 * The demo school's 40 实习单位 (DOMAIN.md "Demo data"), the same on every start: 星辰软件科技有限公司 (student01's,
 * inserted with the internship demo) and 39 more around 东莞, 深圳, 广州, 佛山 and 珠海. Most are 合作中; four wait
 * for the office (one a KTV, which the 2021 rules forbid), two are 停用. Each has a contact and 1–3 posts with
 * their headcounts and probation wages.
 */

type Tx = Pick<Database, 'select' | 'insert' | 'update'>;
type Industry = 'manufacturing' | 'it' | 'retail' | 'hospitality' | 'logistics' | 'construction' | 'health' | 'education' | 'finance' | 'culture' | 'ktv' | 'labour_agency';
type Region = 'guangzhou' | 'shenzhen' | 'dongguan' | 'foshan' | 'zhuhai' | 'other';

interface DemoUnit {
  name: string;
  industry: Industry;
  region: Region;
  employees: number;
  status?: 'pending' | 'disabled';
  /** The review's reason, for a 停用 unit. */
  comment?: string;
  /** A public institution (hospital, school): its code starts 12 rather than 91. */
  institution?: boolean;
}

const STAR_CODE = '91441900MA51XC8T24';

const UNITS: readonly DemoUnit[] = [
  { name: '东莞市华科精密制造有限公司', industry: 'manufacturing', region: 'dongguan', employees: 850 },
  { name: '深圳市云启信息技术有限公司', industry: 'it', region: 'shenzhen', employees: 320 },
  { name: '广州市粤联物流有限公司', industry: 'logistics', region: 'guangzhou', employees: 540 },
  { name: '佛山市美达家电有限公司', industry: 'manufacturing', region: 'foshan', employees: 1200 },
  { name: '珠海市海湾酒店管理有限公司', industry: 'hospitality', region: 'zhuhai', employees: 260 },
  { name: '东莞市恒信财务咨询有限公司', industry: 'finance', region: 'dongguan', employees: 60 },
  { name: '广州市智联数据服务有限公司', industry: 'it', region: 'guangzhou', employees: 180 },
  { name: '深圳市鹏程电子科技有限公司', industry: 'manufacturing', region: 'shenzhen', employees: 960 },
  { name: '东莞市松湖建设工程有限公司', industry: 'construction', region: 'dongguan', employees: 410 },
  { name: '佛山市南海区人民医院', industry: 'health', region: 'foshan', employees: 1500, institution: true },
  { name: '广州市天河区启明幼儿园', industry: 'education', region: 'guangzhou', employees: 48, institution: true },
  { name: '深圳市前海汇通金融服务有限公司', industry: 'finance', region: 'shenzhen', employees: 230 },
  { name: '东莞市万家福超市有限公司', industry: 'retail', region: 'dongguan', employees: 380 },
  { name: '珠海市格林电器配件有限公司', industry: 'manufacturing', region: 'zhuhai', employees: 640 },
  { name: '广州市羊城文化传媒有限公司', industry: 'culture', region: 'guangzhou', employees: 90 },
  { name: '东莞市东城快递服务有限公司', industry: 'logistics', region: 'dongguan', employees: 150 },
  { name: '深圳市海思达软件有限公司', industry: 'it', region: 'shenzhen', employees: 420 },
  { name: '佛山市顺德区味道餐饮管理有限公司', industry: 'hospitality', region: 'foshan', employees: 130 },
  { name: '东莞市长安精工模具有限公司', industry: 'manufacturing', region: 'dongguan', employees: 310 },
  { name: '广州市白云会展服务有限公司', industry: 'culture', region: 'guangzhou', employees: 75 },
  { name: '东莞市智造工业机器人有限公司', industry: 'manufacturing', region: 'dongguan', employees: 280 },
  { name: '深圳市优选电子商务有限公司', industry: 'retail', region: 'shenzhen', employees: 210 },
  { name: '广州市珠江建筑设计院有限公司', industry: 'construction', region: 'guangzhou', employees: 170 },
  { name: '珠海市横琴数字科技有限公司', industry: 'it', region: 'zhuhai', employees: 95 },
  { name: '东莞市康华医疗器械有限公司', industry: 'health', region: 'dongguan', employees: 360 },
  { name: '佛山市禅城区顺联物流有限公司', industry: 'logistics', region: 'foshan', employees: 220 },
  { name: '东莞市新世纪酒店有限公司', industry: 'hospitality', region: 'dongguan', employees: 340 },
  { name: '深圳市创显智能显示有限公司', industry: 'manufacturing', region: 'shenzhen', employees: 1800 },
  { name: '广州市南方财税咨询有限公司', industry: 'finance', region: 'guangzhou', employees: 55 },
  { name: '东莞市职业技能公共实训中心', industry: 'education', region: 'dongguan', employees: 120, institution: true },
  { name: '中山市华宇照明电器有限公司', industry: 'manufacturing', region: 'other', employees: 700 },
  { name: '东莞市鼎盛网络科技有限公司', industry: 'it', region: 'dongguan', employees: 140 },
  { name: '东莞市城市轨道运营服务有限公司', industry: 'logistics', region: 'dongguan', employees: 900 },
  { name: '东莞市金嗓子KTV娱乐有限公司', industry: 'ktv', region: 'dongguan', employees: 80, status: 'pending' },
  { name: '深圳市蓝海跨境电商有限公司', industry: 'retail', region: 'shenzhen', employees: 160, status: 'pending' },
  { name: '广州市绿源环保科技有限公司', industry: 'manufacturing', region: 'guangzhou', employees: 190, status: 'pending' },
  { name: '佛山市大道汽车服务有限公司', industry: 'logistics', region: 'foshan', employees: 110, status: 'pending' },
  { name: '东莞市速达人力资源服务有限公司', industry: 'labour_agency', region: 'dongguan', employees: 40, status: 'disabled', comment: '属于劳务派遣中介机构，不得通过中介机构安排学生实习，停止合作' },
  { name: '珠海市星海电子厂', industry: 'manufacturing', region: 'zhuhai', employees: 260, status: 'disabled', comment: '多次安排实习学生夜班和加班，停止合作' },
];

const AREA: Record<Region, string> = { dongguan: '441900', shenzhen: '440300', guangzhou: '440100', foshan: '440600', zhuhai: '440400', other: '442000' };
const ADDRESS: Record<Region, string> = { dongguan: '东莞市', shenzhen: '深圳市', guangzhou: '广州市', foshan: '佛山市', zhuhai: '珠海市', other: '中山市' };
const STREETS = ['科技路', '工业大道', '建设路', '东城大道', '南湖路', '创业路', '迎宾路', '港口大道'];

const POSTS: Record<Industry, readonly string[]> = {
  it: ['软件开发实习生', '软件测试实习生', '运维支持实习生'],
  manufacturing: ['生产线操作员', '质量检验员', '设备维护技术员'],
  logistics: ['仓储管理员', '物流调度员', '客服专员'],
  hospitality: ['前厅接待', '餐饮服务员', '客房服务员'],
  construction: ['施工员', '资料员', '测量员'],
  health: ['护理助理', '药房助理', '导诊员'],
  education: ['助教', '教务助理'],
  finance: ['会计助理', '出纳助理', '客户经理助理'],
  retail: ['门店营业员', '电商运营助理', '收银员'],
  culture: ['新媒体运营', '活动策划助理'],
  ktv: ['包房服务员'],
  labour_agency: ['派遣专员'],
};
const WAGE: Record<Industry, number> = {
  it: 4800, manufacturing: 4200, logistics: 4000, hospitality: 3600, construction: 4300, health: 3800,
  education: 3400, finance: 4000, retail: 3500, culture: 3800, ktv: 3500, labour_agency: 3500,
};
const SURNAMES = ['陈', '李', '黄', '张', '梁', '刘', '吴', '何', '林', '罗', '郑', '谢'];
const GIVEN = ['伟', '敏', '志强', '丽华', '建国', '晓红', '海波', '雪梅', '国良', '婷'];
const TITLES = ['人事经理', '人力资源主管', '培训主管', '生产部经理', '行政主管'];

/** A 统一社会信用代码 with its check character: 91 (a company) or 12 (a public institution), the area, nine characters. */
function creditCode(unit: DemoUnit, index: number): string {
  const body = `${unit.institution ? '12' : '91'}${AREA[unit.region]}${String(((index + 1) * 1_000_003) % 1e9).padStart(9, '0')}`;
  return body + creditCodeCheckChar(body);
}

/** Adds the demo units after the internship demo inserted 星辰软件科技有限公司 (server/db/seed.ts), in its transaction. */
/** The teachers the demo's site assessments name. */
const VISITORS = ['周老师', '王老师', '李老师', '陈老师'] as const;

export async function seedDemoInternshipUnits(tx: Tx): Promise<void> {
  const [office] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'office01')).limit(1);
  const [mentor] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'mentor01')).limit(1);
  const reviewedBy = office?.id ?? null;
  const reviewedAt = new Date('2025-08-20T10:00:00+08:00');

  // student01's unit: its industry, headcount and posts, and mentor01 (张工) as its contact.
  const [star] = await tx
    .update(internshipUnit)
    .set({ industry: 'it', region: 'dongguan', employeeCount: 260, capacity: 20, reviewComment: '资质齐全，岗位与专业对口，同意合作', reviewedBy, reviewedAt, siteVisitDate: '2025-08-15', siteVisitBy: '王老师' })
    .where(eq(internshipUnit.creditCode, STAR_CODE))
    .returning({ id: internshipUnit.id });
  if (star) {
    const posts = await tx
      .insert(internshipUnitPost)
      .values([
        { unitId: star.id, name: '软件测试实习生', headcount: 30, probationWage: 4500 },
        { unitId: star.id, name: '前端开发实习生', headcount: 24, probationWage: 5000 },
        { unitId: star.id, name: '运维支持实习生', headcount: 12, probationWage: 4200 },
      ])
      .returning({ id: internshipUnitPost.id, name: internshipUnitPost.name });
    await tx.insert(internshipUnitContact).values({ unitId: star.id, name: '张工', phone: '13800000004', title: '测试部经理', userId: mentor?.id ?? null });
    const tester = posts.find((p) => p.name === '软件测试实习生')!;
    await tx
      .update(internshipEnrolment)
      .set({ postId: tester.id })
      .where(and(eq(internshipEnrolment.unitId, star.id), eq(internshipEnrolment.post, tester.name)));
  }

  const rows = UNITS.map((unit, index) => {
    const contact = `${SURNAMES[index % SURNAMES.length]}${GIVEN[(index * 7) % GIVEN.length]}`;
    const phone = `1470769${String(1000 + index * 37).padStart(4, '0')}`;
    const status = unit.status ?? 'active';
    return {
      unit: {
        name: unit.name,
        creditCode: creditCode(unit, index),
        industry: unit.industry,
        region: unit.region,
        address: `${ADDRESS[unit.region]}${STREETS[index % STREETS.length]}${(index * 13) % 200 + 1}号`,
        contact,
        phone,
        employeeCount: unit.employees,
        capacity: Math.max(2, Math.floor(unit.employees / 20)),
        status,
        reviewComment: status === 'pending' ? null : (unit.comment ?? '资质齐全，同意合作'),
        reviewedBy: status === 'pending' ? null : reviewedBy,
        reviewedAt: status === 'pending' ? null : reviewedAt,
        // Assessed on site before the review, but for one in seven: 合规检查 shows those.
        siteVisitDate: status === 'pending' || index % 7 === 3 ? null : `2025-08-${String(1 + (index % 18)).padStart(2, '0')}`,
        siteVisitBy: status === 'pending' || index % 7 === 3 ? null : VISITORS[index % VISITORS.length]!,
      },
      contact: { name: contact, phone, title: TITLES[index % TITLES.length]! },
      posts: POSTS[unit.industry].slice(0, 1 + (index % 3)).map((name, j) => ({
        name,
        headcount: Math.max(5, Math.floor((unit.employees * (3 - j)) / 12)),
        probationWage: WAGE[unit.industry] + j * 300 + (index % 5) * 100,
      })),
    };
  });
  const units = await tx
    .insert(internshipUnit)
    .values(rows.map((r) => r.unit))
    .returning({ id: internshipUnit.id });
  await tx.insert(internshipUnitContact).values(rows.map((r, i) => ({ ...r.contact, unitId: units[i]!.id })));
  await tx.insert(internshipUnitPost).values(rows.flatMap((r, i) => r.posts.map((p) => ({ ...p, unitId: units[i]!.id }))));
}
