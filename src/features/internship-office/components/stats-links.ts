import { WARNING_KIND_LABELS, type PlacementStats, type WarningKind, type WarningStats } from '@contract/internship-warning.ts';

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

/** A figure of 实习统计 and the list it leads to. */
export interface FigureLink {
  key: string;
  label: string;
  value: number | undefined;
  to: string;
  /** A count of problems (drawn in the warning colour). */
  warn?: boolean;
}

/** 实习概况: the program's placement figures, then its open warnings. */
export const overviewFigures = (programId: string, stats: PlacementStats, openWarnings: number | undefined): FigureLink[] => [
  ...FIGURES.map((figure) => ({ key: figure.key, label: figure.label, value: stats.total[figure.key], to: placementsLink(programId, figure.key) })),
  { key: 'warnings', label: '待处理预警', value: openWarnings, to: warningsLink(programId), warn: true },
];

/** 待处理预警 by kind, each leading to the open warnings of that kind. */
export const warningFigures = (programId: string, warnings: WarningStats | undefined): FigureLink[] =>
  (warnings?.byKind ?? []).map((k) => ({ key: k.kind, label: WARNING_KIND_LABELS[k.kind], value: k.open, to: warningsLink(programId, { kind: k.kind }) }));
