import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import type { RecordKindCode } from './records.ts';

/**
 * 统计报表 (issue 36), the second tab of 实习统计: the placements of the programs chosen (by the programs' start years
 * and/or by name) counted by 专业, 实习单位, 地区, 行业 and 岗位对口, one column per program; and each department's
 * records submitted against those due and reviewed against those submitted. The same reach as 实习统计 (the office
 * the school, a department administrator the department); each table exports as .xlsx and prints, and each figure
 * opens the placements list searched for what it counts.
 */

export const REPORT_DIMENSIONS = ['major', 'unit', 'region', 'industry', 'majorMatch'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
export const REPORT_TABLES = [...REPORT_DIMENSIONS, 'rates'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const isReportTable = (value: unknown): value is ReportTable => REPORT_TABLES.includes(value as ReportTable);

/** Each table's name (its tab, its heading, its sheet and file). */
export const REPORT_TABLE_TITLES: Record<ReportTable, string> = {
  major: '按专业统计',
  unit: '按实习单位统计',
  region: '按地区统计',
  industry: '按行业统计',
  majorMatch: '按岗位对口统计',
  rates: '院系提交与批阅',
};
/** The first column's heading of a placements table. */
export const REPORT_DIMENSION_LABELS: Record<ReportDimension, string> = { major: '专业', unit: '实习单位', region: '地区', industry: '行业', majorMatch: '岗位对口' };

/** The tables of a unit's properties count the placements with a unit (已落实); the others every placement. */
export const UNIT_DIMENSIONS: readonly ReportDimension[] = ['unit', 'region', 'industry'];

/**
 * The group of placements without the value (no 专业对口 given, a unit without an industry or a place, a student
 * without a class), and the placements list's search for it.
 */
export const UNFILLED = '未填写';
/** What the group without a value is called in a table, where 未填写 would mislead. */
export const UNFILLED_LABELS: Partial<Record<ReportDimension, string>> = { major: '未分班' };

/**
 * The placements list's search (contract/internship-placement.ts PLACEMENT_RESOURCE) that finds a row's placements:
 * the row's key, or UNFILLED for the row without one.
 */
export const REPORT_SEARCH: Record<ReportDimension, string> = { major: 'majorId', unit: 'unitId', region: 'unitRegion', industry: 'unitIndustry', majorMatch: 'majorMatch' };
/** The placements list's search by the programs' start years (2025, or 2024-2026). */
export const PROGRAM_YEAR_SEARCH = 'programYear';

/** A range of years as the placements list's 实习年份 search takes it: 2025, or 2024-2026. */
export const yearRangeText = (from: number, to: number) => (from === to ? String(from) : `${from}-${to}`);

/** 2025, 2024-2026 (also 2024~2026, 2024至2026, 2024—2026) as a range of years; null when it is none. */
export function parseYearRange(text: string): { from: number; to: number } | null {
  const match = /^(\d{4})(?:\s*[-~～—–至]\s*(\d{4}))?$/.exec(text.trim());
  if (!match) return null;
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  return from <= to ? { from, to } : null;
}

/** A program's year, as the report's and the list's searches take it: the year it starts. */
export const programYear = (program: { startDate: string }) => Number(program.startDate.slice(0, 4));

/** The reviewed records whose submission and review rates the departments' table counts, due by their periods. */
export const RATE_KINDS = ['weekly', 'monthly'] as const satisfies readonly RecordKindCode[];
export type RateKind = (typeof RATE_KINDS)[number];
export const RATE_KIND_LABELS: Record<RateKind, string> = { weekly: '周记', monthly: '月报' };

export const STATS_REPORT_URL = {
  placements: '/internship/stats/report',
  rates: '/internship/stats/report/rates',
  exportXls: '/internship/stats/report/exportXls',
} as const;

export const REPORT_MSG = {
  programNotFound: '实习计划不存在或无权查看',
  yearOrder: '起始年份不能晚于截止年份',
  year: '年份应为2000到2100之间的整数',
} as const;

const year = z.optional(z.coerce.number({ error: REPORT_MSG.year }).check(z.int(REPORT_MSG.year), z.minimum(2000, REPORT_MSG.year), z.maximum(2100, REPORT_MSG.year)));
const selection = {
  yearFrom: year,
  yearTo: year,
  /** Program ids, comma separated: none for every program of the years. */
  programIds: z.optional(z.string().check(z.maxLength(4000))),
};
const ordered = z.refine<{ yearFrom?: number; yearTo?: number }>((v) => v.yearFrom === undefined || v.yearTo === undefined || v.yearFrom <= v.yearTo, { error: REPORT_MSG.yearOrder, path: ['yearTo'] });

export const reportQuerySchema = lazySchema(() => z.object(selection).check(ordered));
export const placementReportQuerySchema = lazySchema(() => z.object({ ...selection, dimension: z.enum(REPORT_DIMENSIONS) }).check(ordered));
export const reportExportQuerySchema = lazySchema(() => z.object({ ...selection, table: z.enum(REPORT_TABLES) }).check(ordered));
/** The selection as the client sends it. */
export interface ReportQuery {
  yearFrom?: number;
  yearTo?: number;
  programIds?: string;
}

export interface ReportProgram {
  id: string;
  name: string;
  year: number;
}

/** What a report counts: the programs chosen, and the placements list's search for all of them at once. */
export interface ReportSelection {
  yearFrom: number | null;
  yearTo: number | null;
  /** Oldest first: the columns of a placements table. */
  programs: ReportProgram[];
  /**
   * The list's search for every placement of the programs ({ programId } for one, { programYear: '2024-2026' } for every
   * program in reach of those years); null when the programs are some of their years' only (the totals then link nowhere).
   */
  programSearch: Record<string, string> | null;
}

/** A row of a placements table: its value (the key the list searches by; null for the row without one) and its counts. */
export interface PlacementReportRow {
  key: string | null;
  label: string;
  /** Placements by program id (a program without any is left out). */
  byProgram: Record<string, number>;
  total: number;
  /** Of the table's placements, in percent with one decimal. */
  share: number | null;
}

/** GET STATS_REPORT_URL.placements. */
export interface PlacementReport {
  dimension: ReportDimension;
  selection: ReportSelection;
  rows: PlacementReportRow[];
  /** The 合计 row. */
  total: { byProgram: Record<string, number>; total: number };
}

/** A department's records of a kind: due so far (a 周记 a week, a 月报 a month of each placement under way or ended), in (not drafts), reviewed (批阅 or 退回). */
export interface KindRate {
  expected: number;
  submitted: number;
  reviewed: number;
  submitRate: number | null;
  reviewRate: number | null;
}
export interface RateReportRow {
  departId: string | null;
  departName: string | null;
  /** The department's placements of the programs, of any status (the figure leads to them). */
  placements: number;
  kinds: Record<RateKind, KindRate>;
}
/** GET STATS_REPORT_URL.rates. */
export interface RateReport {
  selection: ReportSelection;
  rows: RateReportRow[];
  total: RateReportRow;
}

/** The departments' table's columns after 院系, on the page and in its workbook alike. */
export const rateColumns = (): { key: string; label: string; kind?: RateKind; field?: keyof KindRate }[] => [
  { key: 'placements', label: '实习安排' },
  ...RATE_KINDS.flatMap((kind) => {
    const label = RATE_KIND_LABELS[kind];
    return [
      { key: `${kind}.expected`, label: `${label}应交`, kind, field: 'expected' as const },
      { key: `${kind}.submitted`, label: `${label}已交`, kind, field: 'submitted' as const },
      { key: `${kind}.submitRate`, label: `${label}提交率(%)`, kind, field: 'submitRate' as const },
      { key: `${kind}.reviewed`, label: `${label}已批阅`, kind, field: 'reviewed' as const },
      { key: `${kind}.reviewRate`, label: `${label}批阅率(%)`, kind, field: 'reviewRate' as const },
    ];
  }),
];

/** How a selection reads on the page and on paper: 2025—2026年 · 实习计划 3 个（…）. */
export function selectionText(selection: ReportSelection): string {
  const { yearFrom, yearTo, programs } = selection;
  const years = yearFrom !== null && yearTo !== null ? (yearFrom === yearTo ? `${yearFrom}年` : `${yearFrom}—${yearTo}年`) : '全部年份';
  return `${years} · 实习计划 ${programs.length} 个${programs.length ? `（${programs.map((p) => p.name).join('、')}）` : ''}`;
}
