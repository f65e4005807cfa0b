import { formatCount } from '@/lib/chart-scale.ts';

/**
 * A figure of a statistics screen, declared once (no UI library here) for both renderings: what it counts,
 * the count, and the list behind it. The desktop draws figures as cards (stat-figures.tsx), the phone as rows
 * of a list (stat-figures-phone.tsx); each leads to its list.
 */
export interface StatFigure {
  key: string;
  label: string;
  /** The count; unknown while it loads. */
  value: number | undefined;
  /** What shows instead of the bare count (提交率 80% · 批阅率 60%, 12 人). */
  shown?: string;
  /** The phone's line under the label (应交 30 · 已交 28). */
  description?: string;
  /** The list behind the figure (a route of the app); none where no list holds just what it counts. */
  to?: string;
  /** A count of problems, drawn in the warning colour. */
  warn?: boolean;
}

/** A group of figures under its heading (the phone's 按院系). */
export interface StatSection {
  header: string;
  figures: StatFigure[];
}

export const figureText = (figure: StatFigure) => figure.shown ?? formatCount(figure.value);
