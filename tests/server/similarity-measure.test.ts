import { describe, expect, it } from 'vitest';
import { BANDS, FLAG_AT, bandsOf, estimatedJaccard, ignoredShingles, normalized, prepared, shareOf, shingleKeys, signatureOf, similarity } from '../../server/modules/internship/similarity.ts';

const WEEK = '本周我在数控车间跟随师傅学习了加工中心的操作规程，完成了三个零件的粗加工。师傅讲解了刀具的选择和切削参数的设定，我记录了每一步的要点。周五参加了安全培训，学习了车间的消防知识和急救方法，收获很大。';
const OTHER = '这一周主要在仓库盘点物料，核对入库单和出库单，整理了二百多条库存记录，并学会了使用企业的ERP系统录入数据。下周将轮岗到采购部门，了解供应商管理和询价流程。';
const passage = (text: string, [start, end]: [number, number]) => text.slice(start, end);

describe('the similarity measure', () => {
  it('reads past punctuation, white space and full-width forms', () => {
    expect(normalized('本周，我在 车间。ＡＢＣ').chars.join('')).toBe('本周我在车间abc');
    const punctuated = WEEK.replaceAll('，', ' ').replaceAll('。', '.\n');
    expect(similarity(punctuated, WEEK).share).toBe(1);
  });

  it('finds a copy with a few words changed above the flag, and its passages in both texts', () => {
    const copy = WEEK.replace('三个零件', '两个零件').replace('周五', '周四') + '下周继续学习编程。';
    const found = similarity(copy, WEEK);
    expect(found.share).toBeGreaterThan(FLAG_AT);
    expect(found.share).toBeLessThan(1);
    expect(found.ranges.map((range) => passage(copy, range)).join('')).toContain('师傅讲解了刀具的选择和切削参数的设定');
    expect(found.matchRanges.map((range) => passage(WEEK, range)).join('')).toContain('学习了车间的消防知识和急救方法');
    // The student's own sentence is not marked.
    expect(found.ranges.map((range) => passage(copy, range)).join('')).not.toContain('编程');
  });

  it('keeps different work below the flag, sharing a stock phrase or two', () => {
    expect(similarity(OTHER, WEEK).share).toBeLessThan(0.1);
    expect(similarity('本周我在数控车间工作。' + OTHER, WEEK).share).toBeLessThan(FLAG_AT);
  });

  it('does not count the program’s own requirements copied into the text', () => {
    const requirements = '每周记录实习岗位的主要工作内容、遇到的问题和解决办法以及个人收获体会';
    const a = requirements + '。我在车间学习装配，安装了十台电机的底座。';
    const b = requirements + '。我在办公室整理档案，录入了五十份合同。';
    expect(similarity(a, b).share).toBeGreaterThan(FLAG_AT);
    expect(similarity(a, b, ignoredShingles(requirements)).share).toBeLessThan(FLAG_AT);
  });

  it('puts near-duplicates in a shared LSH band and unrelated texts in none, with a signature estimating the overlap', () => {
    const copy = WEEK.replace('三个零件', '两个零件');
    const [sa, sb, sc] = [WEEK, copy, OTHER].map((text) => signatureOf(prepared(text).shingles.keys()));
    const [ba, bb, bc] = [sa!, sb!, sc!].map(bandsOf);
    expect(ba).toHaveLength(BANDS);
    expect(ba!.some((band, i) => band === bb![i])).toBe(true);
    expect(ba!.some((band, i) => band === bc![i])).toBe(false);
    expect(estimatedJaccard(sa!, sb!)).toBeGreaterThan(0.7);
    expect(estimatedJaccard(sa!, sc!)).toBeLessThan(0.1);
  });

  it('measures the same share from sorted shingle keys as from the texts, and marks passages only of a pair to flag', () => {
    const copy = WEEK.replace('三个零件', '两个零件') + '下周继续学习编程。';
    const [a, b, c] = [copy, WEEK, OTHER].map((text) => prepared(text));
    expect(shareOf(shingleKeys(a!), shingleKeys(b!))).toBeCloseTo(similarity(copy, WEEK).share, 10);
    expect(shareOf(shingleKeys(c!), shingleKeys(b!))).toBeCloseTo(similarity(OTHER, WEEK).share, 10);
    expect(similarity(OTHER, WEEK).ranges).toEqual([]);
  });

  it('has nothing to say of a text too short for one shingle', () => {
    expect(similarity('好', '好').share).toBe(0);
  });
});
