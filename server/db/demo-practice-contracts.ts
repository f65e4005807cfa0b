import { inArray } from 'drizzle-orm';
import { addDays, schoolToday } from '@contract/internship.ts';
import type { Database } from './database.ts';
import { internshipUnit, practiceContract } from './schema.ts';

/**
 * The demo school's 校企合作协议, dated from the day the seed runs so the screen always has each case: most in
 * force for a year or more, one ending within 60 days (the expiry job warns the office of it), one already
 * past its end date and still 生效中 (已到期), and one 已终止.
 */

type Tx = Pick<Database, 'select' | 'insert'>;

interface DemoContract {
  no: string;
  name: string;
  unit: string;
  /** contract_type: 1 顶岗实习, 2 订单培养, 3 共建实训基地, 4 现代学徒制, 5 其他. */
  type: string;
  /** Days from the seed day. */
  start: number;
  end: number;
  status?: 'terminated';
  remark?: string;
}

const CONTRACTS: readonly DemoContract[] = [
  { no: 'XQHZ-2025-001', name: '岗位实习合作协议（软件测试方向）', unit: '星辰软件科技有限公司', type: '1', start: -300, end: 430, remark: '每年接收软件技术专业岗位实习学生不少于20人' },
  { no: 'XQHZ-2025-002', name: '精密制造订单班培养协议', unit: '东莞市华科精密制造有限公司', type: '2', start: -320, end: 45, remark: '订单班“华科班”，协议到期前需商议续签' },
  { no: 'XQHZ-2025-003', name: '云计算实训基地共建协议', unit: '深圳市云启信息技术有限公司', type: '3', start: -200, end: 900 },
  { no: 'XQHZ-2024-004', name: '现代物流现代学徒制合作协议', unit: '广州市粤联物流有限公司', type: '4', start: -760, end: -12, remark: '已到期，待续签' },
  { no: 'XQHZ-2024-005', name: '酒店管理岗位实习协议', unit: '珠海市海湾酒店管理有限公司', type: '1', start: -500, end: 200, status: 'terminated', remark: '企业经营调整，双方协商提前终止' },
  { no: 'XQHZ-2025-006', name: '护理专业岗位实习协议', unit: '佛山市南海区人民医院', type: '1', start: -90, end: 640 },
];

export async function seedDemoContracts(tx: Tx, today: string = schoolToday()): Promise<void> {
  const units = await tx
    .select({ id: internshipUnit.id, name: internshipUnit.name })
    .from(internshipUnit)
    .where(inArray(internshipUnit.name, CONTRACTS.map((c) => c.unit)));
  const idOf = new Map(units.map((u) => [u.name, u.id]));
  const rows = CONTRACTS.filter((c) => idOf.has(c.unit)).map((c) => ({
    contractNo: c.no,
    name: c.name,
    unitId: idOf.get(c.unit)!,
    type: c.type,
    startDate: addDays(today, c.start),
    endDate: addDays(today, c.end),
    status: c.status ?? 'active',
    remark: c.remark ?? null,
  }));
  if (rows.length > 0) await tx.insert(practiceContract).values(rows);
}
