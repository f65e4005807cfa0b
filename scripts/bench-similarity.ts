/**
 * npm run bench:similarity — 雷同提示 at DOMAIN's size: the demo school's placements (2,000 students) with 20
 * 周记 each (40,000 records), written from a bank of phrases students share, 2 % of them copies of a classmate's
 * with a few words changed.
 *
 * Prints the full rebuild's seconds (every fingerprint and flag made anew, rebuildSimilarity; target ≤ 60 s)
 * and the time to compare one newly submitted 周记 with the program's others (compareSubmitted, as a
 * submission does; p50/p95 of NEW records, target p95 ≤ 50 ms), and how many of the planted copies were
 * flagged. On PGlite (.tmp/bench-similarity-data) and, with DATABASE_URL set, on PostgreSQL (isps_bench_similarity).
 * Exits 1 when a target is missed or a planted copy goes unflagged.
 */
import { randomUUID } from 'node:crypto';
import { count, desc, eq, inArray, notExists } from 'drizzle-orm';
import type { Database } from '../server/db/database.ts';
import { seededRandom } from '../server/db/demo-school.ts';
import { basicStudent, internshipEnrolment, internshipProgram, internshipRecord, internshipSimilarityFlag } from '../server/db/schema.ts';
import { insertRows } from '../server/lib/bulk-insert.ts';
import { compareSubmitted, rebuildSimilarity } from '../server/modules/internship/similarity-store.ts';
import { schoolOnPglite, schoolOnPostgres, type PreparedSchool } from './bench-school.ts';
import { percentile, runBench } from './bench-support.ts';

const WEEKS = 20;
const NEW = 200;
const COPY_SHARE = 0.02;
const TARGET_REBUILD_S = 60;
const TARGET_P95_MS = 50;

const WHEN = ['本周', '周一', '周二', '周三', '周四', '周五', '这几天', '上午', '下午', '晚班时'];
const WHO = ['我', '我和师傅', '班组', '车间主任带着我们', '质检员和我', '带教老师', '项目组', '我跟同组的同学', '主管安排我', '我独自'];
const VERBS = ['学习了', '完成了', '参与了', '整理了', '检查了', '记录了', '调试了', '讨论了', '复盘了', '协助处理了', '核对了', '测量了', '清点了', '编写了'];
const PLACES = ['加工中心', '装配线', '仓库', '电气柜', '包装车间', '来料检验区', '门店', '客服中心', '财务室', '焊接工位', '喷涂线', '实验室', '机房', '展厅', '物流中转站', '前台'];
const THINGS = ['操作规程', '尺寸检测', '日常点检', '出入库登记', '售后回访', '换型准备', '安全考试', '工艺文件', '接线图', '月度盘点', '程序模拟', '检验报告', '包装规范', '原因分析', '岗前培训', '维修记录', '参数设定', '节拍统计', '送检流程', '现场整理', '订单核对', '凭证录入', '数据维护', '陈列调整'];
const UNITS = ['件', '台', '份', '条', '箱', '张', '批'];
const TAILS = ['，收获很大', '，发现了问题并上报', '，得到了肯定', '，还需要继续练习', '，并写了总结', '，效率比上周提高了', '，过程中请教了同事', '', '', ''];

/** A 周记 of about 300 characters from the bank: students' words are alike (本周、师傅、收获很大), their sentences rarely. */
function weeklyText(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let text = '';
  while (text.length < 300) text += `${pick(WHEN)}${pick(WHO)}在${pick(PLACES)}${pick(VERBS)}${1 + Math.floor(random() * 60)}${pick(UNITS)}${pick(THINGS)}${pick(TAILS)}。`;
  return text;
}

/** A copy with a few words changed and a sentence added, as a student hands in a classmate's 周记. */
const copyOf = (text: string, random: () => number) => text.replace('本周', '这周').replace('师傅', '老师傅').replace('收获很大', '收获不少') + weeklyText(random).slice(0, 30);

/** The demo school places only some of its students: the rest join its biggest program, so that all 2,000 file 周记. */
async function placeEveryStudent(db: Database) {
  const [program] = await db
    .select({ id: internshipProgram.id, startDate: internshipProgram.startDate, endDate: internshipProgram.endDate })
    .from(internshipProgram)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.programId, internshipProgram.id))
    .groupBy(internshipProgram.id)
    .orderBy(desc(count()))
    .limit(1);
  const unplaced = await db
    .select({ userId: basicStudent.userId })
    .from(basicStudent)
    .where(notExists(db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(eq(internshipEnrolment.studentUserId, basicStudent.userId))));
  await insertRows(
    db,
    internshipEnrolment,
    unplaced.map((student) => ({ programId: program!.id, studentUserId: student.userId, startDate: program!.startDate, endDate: program!.endDate, status: 'active' })),
  );
}

async function measure(db: Database, label: string): Promise<boolean> {
  const random = seededRandom(35);
  await placeEveryStudent(db);
  const placements = await db
    .select({ id: internshipEnrolment.id, programId: internshipEnrolment.programId, startDate: internshipEnrolment.startDate, requirements: internshipProgram.requirements })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId));
  await db.delete(internshipRecord).where(eq(internshipRecord.kind, 'weekly'));
  const rows: (typeof internshipRecord.$inferInsert)[] = [];
  const planted: string[] = [];
  // The twenty weeks ending last week: each 周记 submitted before the new ones of this week.
  const started = Date.now() - (WEEKS + 1) * 7 * 86_400_000;
  for (let week = 0; week < WEEKS; week++) {
    const ofWeek: { content: string; programId: string }[] = [];
    placements.forEach((placement, i) => {
      const classmate = ofWeek[i - 1];
      const copies = classmate && classmate.programId === placement.programId && random() < COPY_SHARE;
      const id = randomUUID();
      const content = copies ? copyOf(classmate.content, random) : weeklyText(random);
      if (copies) planted.push(id);
      ofWeek.push({ content, programId: placement.programId });
      const submittedAt = new Date(started + week * 7 * 86_400_000 + i * 1000);
      const periodStart = new Date(Date.parse(`${placement.startDate}T00:00:00Z`) + week * 7 * 86_400_000).toISOString().slice(0, 10);
      rows.push({ id, kind: 'weekly', enrolmentId: placement.id, periodStart, title: `第${week + 1}周周记`, content, status: 'submitted', submittedAt, receivedAt: submittedAt, data: {} });
    });
  }
  await insertRows(db, internshipRecord, rows);
  console.log(`  ${label}：${placements.length} 个实习安排 × ${WEEKS} 周 = ${rows.length} 篇周记，其中 ${planted.length} 篇抄自同学`);

  let begun = performance.now();
  const rebuilt = await rebuildSimilarity(db, ['weekly']);
  const rebuildSeconds = (performance.now() - begun) / 1000;
  const flagged = new Set((await db.select({ recordId: internshipSimilarityFlag.recordId }).from(internshipSimilarityFlag).where(inArray(internshipSimilarityFlag.recordId, planted))).map((r) => r.recordId));
  console.log(`  全部重建：${rebuildSeconds.toFixed(1)} 秒（${rebuilt.records} 篇，${rebuilt.flags} 条雷同提示；抄写的 ${flagged.size} / ${planted.length} 篇被提示）（目标 ≤ ${TARGET_REBUILD_S} 秒）`);

  // Week 21: NEW submissions one after another, every other one a copy of the next placement's week 20 in the same program.
  const times: number[] = [];
  let copies = 0;
  let caught = 0;
  const lastWeek = rows.slice((WEEKS - 1) * placements.length);
  for (let i = 0; i < NEW; i++) {
    const at = (i * 7919) % placements.length;
    const placement = placements[at]!;
    const next = (at + 1) % placements.length;
    const source = i % 2 === 0 && placements[next]!.programId === placement.programId ? lastWeek[next]! : null;
    const content = source ? copyOf(source.content, random) : weeklyText(random);
    const id = randomUUID();
    const periodStart = new Date(Date.parse(`${placement.startDate}T00:00:00Z`) + WEEKS * 7 * 86_400_000).toISOString().slice(0, 10);
    const submittedAt = new Date();
    await db.insert(internshipRecord).values({ id, kind: 'weekly', enrolmentId: placement.id, periodStart, title: '第21周周记', content, status: 'submitted', submittedAt, receivedAt: submittedAt });
    begun = performance.now();
    await compareSubmitted(db, { id, kind: 'weekly', programId: placement.programId, content, requirements: placement.requirements });
    times.push(performance.now() - begun);
    if (!source) continue;
    copies++;
    const flags = await db.select({ matchRecordId: internshipSimilarityFlag.matchRecordId }).from(internshipSimilarityFlag).where(eq(internshipSimilarityFlag.recordId, id));
    if (flags.some((flag) => flag.matchRecordId === source.id)) caught++;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(`  新提交一篇：p50 ${percentile(times, 50).toFixed(1)} 毫秒，p95 ${p95.toFixed(1)} 毫秒，最长 ${times.at(-1)!.toFixed(1)} 毫秒（${NEW} 篇；目标 p95 ≤ ${TARGET_P95_MS} 毫秒）；抄写的 ${caught} / ${copies} 篇被提示`);
  const met = rebuildSeconds <= TARGET_REBUILD_S && p95 <= TARGET_P95_MS && flagged.size === planted.length && caught === copies;
  console.log(`  ${label}：${met ? '达标' : '未达标'}`);
  return met;
}

runBench(async () => {
  const run = async (prepare: (extend: (db: Database) => Promise<boolean>) => Promise<PreparedSchool<boolean>>, label: string) => {
    const prepared = await prepare((db) => measure(db, label));
    await prepared.dispose();
    return prepared.extra;
  };
  let met = await run((extend) => schoolOnPglite('.tmp/bench-similarity-data', { moreStudents: 0, extend }), 'PGlite');
  if (process.env.DATABASE_URL) met = (await run((extend) => schoolOnPostgres(process.env.DATABASE_URL!, 'isps_bench_similarity', '.tmp/bench-similarity-data', { moreStudents: 0, extend }), 'PostgreSQL')) && met;
  else console.log('未设置 DATABASE_URL：跳过 PostgreSQL。');
  return met ? 0 : 1;
});
