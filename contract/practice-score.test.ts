import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PRACTICE_SCORE_MSG, cellProblem, isTerm, parsePastedColumn, registerCounts, sheetCreateSchema, sheetSummary, sheetSummaryText, storedCell, termChoices, termOf } from './practice-score.ts';

describe('the cell rule', () => {
  it('takes 0–100 with at most one decimal in 百分制', () => {
    for (const value of ['0', '60', '85.5', '100', '100.0', ' 92 ', '８５', '.5', '', null]) expect(cellProblem(value, 'percent'), String(value)).toBeNull();
    // The one score rule of every score field: the field and its range are named.
    for (const value of ['101', '100.5', '-1']) expect(cellProblem(value, 'percent'), value).toBe('成绩应在0到100之间');
    expect(cellProblem('85.55', 'percent')).toBe('成绩最多保留一位小数');
    for (const value of ['abc', '优', '8 5', '1e2', '缺席']) expect(cellProblem(value, 'percent'), value).toBe(PRACTICE_SCORE_MSG.percentOrMark);
  });

  it('takes 优/良/中/及格/不及格 in 五级制', () => {
    for (const value of ['优', '良', '中', '及格', '不及格', ' 良 ', '']) expect(cellProblem(value, 'grade'), value).toBeNull();
    for (const value of ['85', '优秀', '差', 'A']) expect(cellProblem(value, 'grade'), value).toBe(PRACTICE_SCORE_MSG.gradeRule);
  });

  it('takes a mark instead of a score in either mode, kept as written', () => {
    for (const mode of ['percent', 'grade']) for (const mark of ['缺考', '缓考', '免修', ' 缺考 ']) expect(cellProblem(mark, mode), `${mode} ${mark}`).toBeNull();
    expect(storedCell(' 免修 ', 'percent')).toBe('免修');
  });

  it('counts scores, each mark and blanks apart; averages and fails the scores only', () => {
    const summary = sheetSummary(['85', '55', '缺考', '缓考', '缓考', '免修', '', null, '101'], 'percent');
    expect(summary).toEqual({ students: 9, scored: 2, marks: { 缺考: 1, 缓考: 2, 免修: 1 }, empty: 3, average: 70, failed: 1 });
    expect(sheetSummaryText(summary)).toBe('共9人，已录入成绩2人，缺考1人，缓考2人，免修1人，未录入3人，平均分70，不及格1人');
    expect(sheetSummary(['优', '不及格', '免修'], 'grade')).toEqual({ students: 3, scored: 2, marks: { 缺考: 0, 缓考: 0, 免修: 1 }, empty: 0, average: null, failed: 1 });
  });

  it('keeps a plain value: numbers without leading zeros or .0, empty as null', () => {
    expect(storedCell('085.0', 'percent')).toBe('85');
    expect(storedCell('92.5', 'percent')).toBe('92.5');
    expect(storedCell(' 良 ', 'grade')).toBe('良');
    expect(storedCell('  ', 'percent')).toBeNull();
  });
});

describe('a block pasted from Excel', () => {
  it('takes the first column of each row, trimmed, without the trailing empty line', () => {
    expect(parsePastedColumn('85\r\n92.5\r\n 优 \r\n')).toEqual(['85', '92.5', '优']);
    expect(parsePastedColumn('85\t张三\n90\t李四\n')).toEqual(['85', '90']);
    expect(parsePastedColumn('77')).toEqual(['77']);
  });

  it('keeps empty rows inside the block (a gap in the column)', () => {
    expect(parsePastedColumn('80\n\n70\n')).toEqual(['80', '', '70']);
  });
});

describe('the term', () => {
  it('is 学年 and 学期, the second year the next of the first', () => {
    expect(isTerm('2026-2027-1')).toBe(true);
    expect(isTerm('2026-2028-1')).toBe(false);
    expect(isTerm('2026-2027-3')).toBe(false);
    const result = z.safeParse(sheetCreateSchema, { courseId: 'c', classId: 'k', term: '2026' });
    expect(result.error?.issues[0]?.message).toBe(PRACTICE_SCORE_MSG.termFormat);
  });

  it('falls in the first term from August to January', () => {
    expect(termOf('2026-09-01')).toBe('2026-2027-1');
    expect(termOf('2027-01-15')).toBe('2026-2027-1');
    expect(termOf('2027-03-01')).toBe('2026-2027-2');
    expect(termChoices('2026-11-27')).toEqual(['2026-2027-2', '2026-2027-1', '2025-2026-2', '2025-2026-1']);
  });
});

describe('a 成绩登记表’s count per grade', () => {
  const count = (counts: { label: string; n: number }[]) => Object.fromEntries(counts.map((c) => [c.label, c.n]));

  it('puts percent scores in five bands by their lower bound, then each mark and the blanks', () => {
    const counts = count(registerCounts(['95', '90', '89.5', '80', '79', '70', '69.5', '60', '59.5', '0', '缺考', '缓考', '免修', '缺考', null, '', '101'], 'percent'));
    expect(counts).toEqual({ '优秀（90–100）': 2, '良好（80–89）': 2, '中等（70–79）': 2, '及格（60–69）': 2, '不及格（60以下）': 2, 缺考: 2, 缓考: 1, 免修: 1, 未录入: 3 });
  });

  it('counts five-level grades by name, and names the blanks as asked (待评 of a total still waiting)', () => {
    const counts = count(registerCounts(['优', '良', '良', '中', '及格', '不及格', null], 'grade', '待评'));
    expect(counts).toEqual({ 优: 1, 良: 2, 中: 1, 及格: 1, 不及格: 1, 缺考: 0, 缓考: 0, 免修: 0, 待评: 1 });
  });
});
