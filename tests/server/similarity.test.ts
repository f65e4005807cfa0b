import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS, type MyPlacementRecords, type RecordDetail } from '@contract/records.ts';
import { SIMILARITY_MSG, dismissSimilarityUrl, similarityUrl, type SimilarityFlag } from '@contract/similarity.ts';
import { internshipEnrolment, internshipProgram, internshipRecordFingerprint, internshipSimilarityFlag } from '../../server/db/schema.ts';
import { BANDS } from '../../server/modules/internship/similarity.ts';
import { rebuildSimilarity } from '../../server/modules/internship/similarity-store.ts';
import { newAdvisees, type Advisee } from './advisee-support.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/** 雷同提示 (contract/similarity.ts): a submitted 周记 much of whose text is in an earlier one is flagged to its reviewer. */

const { weekly } = RECORD_KINDS;
const ORIGINAL =
  '本周我在数控车间跟随师傅学习了加工中心的操作规程，完成了三个零件的粗加工。师傅讲解了刀具的选择和切削参数的设定，我记录了每一步的要点。周五参加了安全培训，学习了车间的消防知识和急救方法，收获很大。' +
  '周三协助质检员测量了二十件成品的尺寸，发现两件超差并登记在不合格品台账中，师傅让我分析了超差的原因。';
const COPY = ORIGINAL.replace('三个零件', '两个零件').replace('周五', '周四') + '下周我会继续学习数控编程。';
const OWN_WORK =
  '这一周主要在仓库盘点物料，核对入库单和出库单，整理了二百多条库存记录，并学会了使用企业的ERP系统录入数据。下周将轮岗到采购部门，了解供应商管理和询价流程，向采购主管学习合同审核。' +
  '周四跟随主管去供应商现场验货，核对了三批原材料的质量证明文件。';
const FORBIDDEN = '没有权限执行此操作';
const REQUIREMENTS = '每周记录实习岗位的主要工作内容、遇到的问题和解决办法以及个人收获体会，字数不少于二百字';

let t: TestApp;
let weeks: string[];
let placement: MyPlacementRecords;
const students: Advisee[] = [];
let adviserToken: string;
let otherTeacherToken: string;

const submit = async (student: { token: string; enrolmentId: string }, content: string, week = weeks[0]!, id: string = randomUUID()) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api${weekly.base}/${id}`,
    headers: { 'X-Access-Token': student.token },
    payload: { enrolmentId: student.enrolmentId, periodStart: week, title: '本周总结', content, submit: true },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return id;
};
const flagsOf = async (id: string, token = adviserToken) => expectOk(await t.get<SimilarityFlag[]>(`/api${similarityUrl(weekly.base, id)}`, token));

beforeAll(async () => {
  t = await startTestApp();
  // Three students of the program under one adviser, and a teacher of none of them.
  const advising = await newAdvisees(t, ['甲', '乙', '丙'], 50);
  ({ placement, weeks, adviserToken } = advising);
  students.push(...advising.advisees);
  await t.db.update(internshipProgram).set({ requirements: REQUIREMENTS }).where(eq(internshipProgram.id, placement.programId));
  const other = await t.createUser({ roles: ['role-teacher'] });
  otherTeacherToken = await t.login(other.username, other.password);
});
afterAll(() => t.close());

describe('雷同提示', () => {
  let original: string;
  let copy: string;
  let again: string;

  it('flags a copy of another student’s 周记 with the share and the passages of both, and not the original', async () => {
    original = await submit(students[0]!, ORIGINAL);
    copy = await submit(students[1]!, COPY);
    expect(await flagsOf(original)).toEqual([]);
    const [flag, ...more] = await flagsOf(copy);
    expect(more).toEqual([]);
    expect(flag!.percent).toBeGreaterThanOrEqual(80);
    expect(flag!.percent).toBeLessThan(100);
    expect(flag!.match).toMatchObject({ recordId: original, title: '本周总结', own: false, submittedAt: expect.any(String) });
    expect(flag!.match.passages.join('')).toContain('师傅讲解了刀具的选择和切削参数的设定');
    const marked = flag!.ranges.map(([start, end]) => COPY.slice(start, end)).join('');
    expect(marked).toContain('学习了车间的消防知识和急救方法');
    expect(marked).not.toContain('数控编程');
    expect(flag!.dismissed).toBeNull();
  });

  it('flags a student repeating their own earlier 周记, and leaves different work and quoted requirements alone', async () => {
    again = await submit(students[0]!, ORIGINAL + '本周还整理了工具柜。', weeks[1]);
    // Their own earlier one first; the other student's copy of it repeats it almost as much.
    expect((await flagsOf(again)).map((flag) => ({ own: flag.match.own, recordId: flag.match.recordId }))).toEqual([
      { own: true, recordId: original },
      { own: false, recordId: copy },
    ]);
    const quoting = await submit(students[2]!, `${REQUIREMENTS}。${OWN_WORK}`);
    const alsoQuoting = await submit(students[2]!, `${REQUIREMENTS}。${ORIGINAL.slice(0, 20)}另外本周去了质检科轮岗，学会了使用三坐标测量仪检测箱体孔位，并整理了检测报告模板。`, weeks[1]);
    expect(await flagsOf(quoting)).toEqual([]);
    expect(await flagsOf(alsoQuoting)).toEqual([]);
  });

  it('shows the flags to the record’s reviewers only', async () => {
    // A teacher reads records by relation (指导教师 of the placement): one of none holds no such right.
    expectError(await t.get(`/api${similarityUrl(weekly.base, copy)}`, otherTeacherToken), 403, FORBIDDEN);
    expectError(await t.get(`/api${similarityUrl(weekly.base, copy)}`, students[1]!.token), 403, FORBIDDEN);
  });

  it('is dismissed by the reviewer with a reason, which a resubmission keeps', async () => {
    const [flag] = await flagsOf(copy);
    const url = `/api${dismissSimilarityUrl(weekly.base, copy, flag!.id)}`;
    expectError(await t.post(url, { reason: '  ' }, adviserToken), 400, SIMILARITY_MSG.reasonRequired);
    expectError(await t.post(url, { reason: '小组共同完成' }, otherTeacherToken), 403, FORBIDDEN);
    expectError(await t.post(`/api${dismissSimilarityUrl(weekly.base, copy, randomUUID())}`, { reason: '小组共同完成' }, adviserToken), 404, SIMILARITY_MSG.notFound);
    expectOk(await t.post(url, { reason: '小组共同完成的任务' }, adviserToken), SIMILARITY_MSG.dismissed);
    expect((await flagsOf(copy))[0]!.dismissed).toMatchObject({ reason: '小组共同完成的任务', at: expect.any(String) });

    // Returned and submitted again with the same text: the dismissal stands, no new flag for the same pair.
    expectOk(await t.post<RecordDetail>(`/api${weekly.base}/${copy}/review`, { action: 'return', comment: '请补充本周的问题' }, adviserToken));
    await submit(students[1]!, COPY + '遇到的问题：对刀不准。', weeks[0], copy);
    const flags = await flagsOf(copy);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.dismissed?.reason).toBe('小组共同完成的任务');
  });

  it('is rebuilt whole to the same flags, the dismissed one kept', async () => {
    const before = { copy: await flagsOf(copy), again: await flagsOf(again) };
    await t.db.delete(internshipSimilarityFlag).where(eq(internshipSimilarityFlag.recordId, again));
    const rebuilt = await rebuildSimilarity(t.db, ['weekly']);
    expect(rebuilt.records).toBeGreaterThanOrEqual(5);
    expect((await t.db.select().from(internshipRecordFingerprint)).length).toBe(rebuilt.records);
    expect((await flagsOf(again)).map(({ percent, match }) => ({ percent, match }))).toEqual(before.again.map(({ percent, match }) => ({ percent, match })));
    expect(await flagsOf(copy)).toEqual(before.copy);
  });

  it('keeps a fingerprint of each submitted record, and the flags go with the record', async () => {
    const fingerprints = await t.db.select().from(internshipRecordFingerprint).where(eq(internshipRecordFingerprint.recordId, copy));
    expect(fingerprints[0]!.bands).toHaveLength(BANDS);
    await t.db.delete(internshipEnrolment).where(eq(internshipEnrolment.id, students[1]!.enrolmentId));
    expect(await t.db.select().from(internshipSimilarityFlag).where(eq(internshipSimilarityFlag.recordId, copy))).toEqual([]);
  });
});
