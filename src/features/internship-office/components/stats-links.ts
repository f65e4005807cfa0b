import { WARNING_KIND_LABELS, type AdviserStats, type PlacementStats, type WarningKind, type WarningStats, type WeeklyStats } from '@contract/internship-warning.ts';
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
