import { createHash } from 'node:crypto';
import {
  CODE_SHEET,
  columnDictionary,
  DEFAULT_CODES,
  PROVENANCE_SHEET,
  REPORT_KINDS,
  type CodeDictionary,
  type CodeSettings,
  type ReportColumn,
  type ReportColumnId,
  type ReportKind,
} from '@contract/internship-report.ts';
import { safeCell } from '../../lib/excel.ts';
import type { MonthActivity, PlacementFacts } from './queries.ts';

export type Cell = string | number;

/** The month a 月度实习情况 row is for: YYYY-MM, its last day, and what the placement did in it. */
export interface RowMonth {
  month: string;
  to: string;
  activity: MonthActivity;
}

/** A placement's state in a month: ended (中止, 已结束) only once its end has come by the month's last day. */
export function monthStatus(status: string, endDate: string, monthEnd: string): 'active' | 'ended' | 'terminated' {
  if ((status === 'terminated' || status === 'ended') && endDate <= monthEnd) return status;
  return 'active';
}

const SEX_ENTRY: Record<string, 'male' | 'female'> = { '1': 'male', '2': 'female' };

/** One row's cells in the map's columns: categories as the dictionaries' codes, dates as text, counts as numbers. */
export function rowCells(columns: readonly ReportColumn[], facts: PlacementFacts, seq: number, codes: CodeSettings, month?: RowMonth): Cell[] {
  const code = (dictionary: CodeDictionary, entry: string | null | undefined): string => (entry ? ((codes[dictionary] as Record<string, { code: string }>)[entry]?.code ?? '') : '');
  const value = (id: ReportColumnId): Cell | null => {
    switch (id) {
      case 'seq':
        return seq;
      case 'reportMonth':
        return month?.month ?? null;
      case 'internshipType':
        return code('internshipType', facts.programType);
      case 'organization':
        return facts.unitId ? code('organization', facts.concentrated ? 'concentrated' : 'dispersed') : null;
      case 'arrangement':
        return facts.unitId ? code('arrangement', facts.selfFound ? 'self' : 'school') : null;
      case 'sex':
        return code('sex', facts.sex ? SEX_ENTRY[facts.sex] : null);
      case 'majorMatch':
        return code('majorMatch', facts.majorMatch);
      case 'insured':
        return code('yesNo', facts.insured ? 'yes' : 'no');
      case 'status':
        return code('status', month ? monthStatus(facts.status, facts.endDate, month.to) : facts.status);
      case 'checkinDays':
      case 'leaveDays':
      case 'weeklyCount':
      case 'visits':
        return month?.activity[id] ?? null;
      case 'monthlyFiled':
        return month ? code('yesNo', month.activity.monthlyFiled ? 'yes' : 'no') : null;
      case 'exception':
        return facts.exceptions.join('；');
      case 'term':
      case 'programName':
      case 'departName':
      case 'majorCode':
      case 'majorName':
      case 'className':
      case 'studentNo':
      case 'studentName':
      case 'unitName':
      case 'creditCode':
      case 'unitRegion':
      case 'unitIndustry':
      case 'post':
      case 'startDate':
      case 'endDate':
      case 'adviserName':
      case 'mentorName':
      case 'pay':
        return facts[id];
      case 'policyNo':
        return facts.policyNo;
    }
  };
  // As written to the sheet (text that looks like a formula marked as text), so the hash is of what the file holds.
  return columns.map((c) => safeCell(value(c.id) ?? '') as Cell);
}

/**
 * The data rows' SHA-256 as the provenance sheet states it: each cell as text (an empty cell as ''), the rows as a
 * JSON array of arrays, in UTF-8. Anyone holding the file can recompute it from the sheet.
 */
export const rowsHash = (rows: readonly (readonly unknown[])[]): string =>
  createHash('sha256')
    .update(JSON.stringify(rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))))), 'utf8')
    .digest('hex');

export const HASH_METHOD = '表头以下各数据行，每格取其文本（空格为空文本），按JSON数组[[…],[…]]序列化为UTF-8后计算SHA-256';

/** The 代码说明 sheet: each dictionary the columns use, with its codes in force. */
export function codeRows(columns: readonly ReportColumn[], codes: CodeSettings): string[][] {
  const used = [...new Set(columns.map((c) => columnDictionary(c.id)).filter((d): d is CodeDictionary => d !== undefined))];
  return used.flatMap((d) => Object.values(codes[d] as Record<string, { code: string; label: string }>).map((entry) => [DEFAULT_CODES[d].name, entry.code, entry.label]));
}

export interface ReportBook {
  kind: ReportKind;
  columns: readonly ReportColumn[];
  rows: readonly Cell[][];
  codes: string[][];
  provenance: readonly (readonly [string, Cell])[];
}

const widthOf = (header: string) => Math.max(10, header.length * 2 + 4);

/** The export: the data sheet under the map's headers (codes and dates as text, counts and pay as numbers), 代码说明 and 数据来源说明. */
export async function reportWorkbook(book: ReportBook): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet(REPORT_KINDS[book.kind]);
  data.columns = book.columns.map((c) => ({ header: c.header, width: widthOf(c.header) }));
  data.getRow(1).font = { bold: true };
  data.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of book.rows) data.addRow(row);

  const codes = workbook.addWorksheet(CODE_SHEET);
  codes.columns = [
    { header: '类别', width: 16 },
    { header: '编码', width: 10 },
    { header: '名称', width: 16 },
  ];
  codes.getRow(1).font = { bold: true };
  for (const row of book.codes) codes.addRow(row);

  const provenance = workbook.addWorksheet(PROVENANCE_SHEET);
  provenance.columns = [
    { header: '项目', width: 20 },
    { header: '内容', width: 90 },
  ];
  provenance.getRow(1).font = { bold: true };
  for (const [label, value] of book.provenance) provenance.addRow([label, safeCell(value)]);
  provenance.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
