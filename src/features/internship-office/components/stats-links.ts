import { WARNING_KIND_LABELS, type AdviserStats, type PlacementStats, type WarningKind, type WarningStats, type WeeklyStats } from '@contract/internship-warning.ts';
import {
  RATE_KINDS,
  RATE_KIND_LABELS,
  REPORT_SEARCH,
  REPORT_TABLE_TITLES,
  UNFILLED,
  UNIT_DIMENSIONS,
  type PlacementReport,
  type RateReport,
  type ReportDimension,
  type ReportSelection,
} from '@contract/stats-report.ts';
import type { StatFigure, StatSection } from '@/components/stat-figures/stat-figure.ts';

/**
 * Where each figure of 实习统计 leads: the list behind it, filtered by the address's query (the lists keep
 * their search in the address). The placements list (/internship/placement) reads programId and status;
 * departId, classId and placed=0|1 (without or with a unit) narrow it further where it offers those searches.
 */
export type PlacementFigure = 'total' | 'placed' | 'unplaced' | 'active' | 'ended';

/** A program's placement figures, as the cards, tables and the phone's list name them. */
export const FIGURES: { key: PlacementFigure; label: string }[] = [
  { key: 'total', label: '学生数' },
  { key: 'placed', label: '已落实单位' },
  { key: 'unplaced', label: '未落实单位' },
  { key: 'active', label: '实习中' },
  { key: 'ended', label: '已结束' },
];

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

const FIGURE_QUERY: Record<PlacementFigure, Record<string, string>> = {
  total: {},
  placed: { placed: '1' },
  unplaced: { placed: '0' },
  active: { status: 'active' },
  ended: { status: 'ended' },
};

export const placementsLink = (programId: string, figure: PlacementFigure, scope: { classId?: string | null; departId?: string | null } = {}) =>
  withQuery('/internship/placement', { programId, departId: scope.departId, classId: scope.classId, ...FIGURE_QUERY[figure] });

export const warningsLink = (programId: string, filters: { kind?: WarningKind; classId?: string | null; departId?: string | null } = {}) =>
  withQuery('/internship/warning', { programId, status: 'open', kind: filters.kind, classId: filters.classId, departId: filters.departId });

/** 实习概况: the program's placement figures, then its open warnings. */
export const overviewFigures = (programId: string, stats: PlacementStats, openWarnings: number | undefined): StatFigure[] => [
  ...FIGURES.map((figure) => ({ key: figure.key, label: figure.label, value: stats.total[figure.key], to: placementsLink(programId, figure.key) })),
  { key: 'warnings', label: '待处理预警', value: openWarnings, to: warningsLink(programId), warn: true },
];

/** 待处理预警 by kind, each leading to the open warnings of that kind. */
export const warningFigures = (programId: string, warnings: WarningStats | undefined): StatFigure[] =>
  (warnings?.byKind ?? []).map((k) => ({ key: k.kind, label: WARNING_KIND_LABELS[k.kind], value: k.open, to: warningsLink(programId, { kind: k.kind }) }));

const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

/** The phone's 实习统计, a list of figures per heading (the desktop draws charts and tables of the same counts). */
export const phoneSections = (programId: string, stats: PlacementStats, warnings: WarningStats | undefined, weekly: WeeklyStats | undefined, advisers: AdviserStats | undefined): StatSection[] => [
  { header: '实习概况', figures: overviewFigures(programId, stats, warnings?.open) },
  { header: '待处理预警', figures: warningFigures(programId, warnings) },
  {
    header: '周记提交与批阅',
    figures: (weekly?.weeks ?? []).map((w) => ({
      key: w.weekStart,
      label: `第${w.weekNo}周`,
      value: w.submitted,
      shown: `提交率 ${rate(w.submitRate)} · 批阅率 ${rate(w.reviewRate)}`,
      description: `应交 ${w.expected} · 已交 ${w.submitted} · 已批阅 ${w.reviewed}`,
      to: warningsLink(programId, { kind: 'no_weekly' }),
    })),
  },
  {
    header: '按院系',
    figures: stats.byDepart.map((d) => ({
      key: d.departId ?? 'none',
      label: d.departName ?? '未分班',
      value: d.total,
      shown: `${d.total} 人`,
      description: `已落实 ${d.placed} · 未落实 ${d.unplaced} · 实习中 ${d.active} · 已结束 ${d.ended}`,
      to: placementsLink(programId, 'total', { departId: d.departId }),
    })),
  },
  {
    header: '按班级',
    figures: stats.byClass.map((c) => ({
      key: c.classId ?? 'none',
      label: c.className ?? '未分班',
      value: c.total,
      shown: `${c.total} 人`,
      description: `已落实 ${c.placed} · 未落实 ${c.unplaced} · 实习中 ${c.active} · 已结束 ${c.ended} · 预警 ${c.openWarnings}`,
      to: placementsLink(programId, c.unplaced > 0 ? 'unplaced' : 'total', { classId: c.classId }),
    })),
  },
  {
    header: '按指导教师',
    figures: (advisers?.advisers ?? []).map((a) => ({
      key: a.adviserUserId,
      label: `${a.adviserName}${a.departName ? `（${a.departName}）` : ''}`,
      value: a.contacted,
      shown: `覆盖率 ${rate(a.coverage)} · 批阅率 ${rate(a.reviewRate)}`,
      description: `实习中 ${a.active} · ${advisers!.month}联系达标 ${a.contacted} · 及时率 ${rate(a.timelyRate)}`,
      to: warningsLink(programId, { kind: 'few_contacts' }),
    })),
  },
];

// ---- 统计报表 ------------------------------------------------------------------------------------

/**
 * A figure of 统计报表: the placements list searched for a program's placements (or, without one, the selection's:
 * ReportSelection.programSearch) and for what the figure counts. Null where the list cannot find just those (the
 * totals of programs that are some of their years' only).
 */
export function reportLink(selection: ReportSelection, programId: string | null, search: Record<string, string>): string | null {
  const programs = programId ? { programId } : selection.programSearch;
  return programs ? withQuery('/internship/placement', { ...programs, ...search }) : null;
}

/** A row's search: its value, or 未填写 for the row without one. */
export const reportRowSearch = (dimension: ReportDimension, key: string | null): Record<string, string> => ({ [REPORT_SEARCH[dimension]]: key ?? UNFILLED });
/** The 合计 row's: every placement counted (those with a unit, for the unit's dimensions). */
export const reportTotalSearch = (dimension: ReportDimension): Record<string, string> => (UNIT_DIMENSIONS.includes(dimension) ? { placed: '1' } : {});
/** 院系提交与批阅's 实习安排: the department's placements (the 合计 row's, every one); none for the students without a class. */
export const rateRowSearch = (departId: string | null, isTotal: boolean): Record<string, string> | null => (isTotal ? {} : departId ? { departId } : null);

const shareText = (share: number | null) => (share === null ? '' : ` · ${share}%`);

/** A placements table on the phone: each row's total (and its share), its programs' counts beneath, a tap to its placements; then 合计. */
export function reportSection(report: PlacementReport): StatSection {
  const { selection, dimension } = report;
  const several = selection.programs.length > 1;
  const figure = (key: string, label: string, byProgram: Record<string, number>, total: number, share: string, search: Record<string, string>): StatFigure => ({
    key,
    label,
    value: total,
    shown: `${total}${share}`,
    description: several ? selection.programs.map((p) => `${p.name} ${byProgram[p.id] ?? 0}`).join(' · ') : undefined,
    to: reportLink(selection, null, search) ?? undefined,
  });
  return {
    header: REPORT_TABLE_TITLES[dimension],
    figures: report.rows.length
      ? [
          ...report.rows.map((row) => figure(row.key ?? 'none', row.label, row.byProgram, row.total, shareText(row.share), reportRowSearch(dimension, row.key))),
          figure('total', '合计', report.total.byProgram, report.total.total, '', reportTotalSearch(dimension)),
        ]
      : [],
  };
}

/** 院系提交与批阅 on the phone: each department's 提交率 and 批阅率 of each kind, a tap to its placements. */
export function rateSection(report: RateReport): StatSection {
  return {
    header: REPORT_TABLE_TITLES.rates,
    figures: (report.rows.length ? [...report.rows, report.total] : []).map((row) => {
      const isTotal = row === report.total;
      const search = rateRowSearch(row.departId, isTotal);
      return {
        key: isTotal ? 'total' : (row.departId ?? 'none'),
        label: row.departName ?? '未分班',
        value: row.placements,
        shown: `实习安排 ${row.placements}`,
        description: RATE_KINDS.map((kind) => {
          const k = row.kinds[kind];
          return `${RATE_KIND_LABELS[kind]} 已交 ${k.submitted}/${k.expected}（${rate(k.submitRate)}）· 批阅率 ${rate(k.reviewRate)}`;
        }).join('；'),
        to: (search && reportLink(report.selection, null, search)) ?? undefined,
      };
    }),
  };
}
