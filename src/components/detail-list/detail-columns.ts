import type { Key, ReactNode } from 'react';

/** SPEC.md section 2: a detail list has at most 4 columns, 3 by default. */
export const DETAIL_COLUMNS_DEFAULT = 3;
export const DETAIL_COLUMNS_MAX = 4;

export interface DetailItem {
  key?: Key;
  label: ReactNode;
  content: ReactNode;
  /** Columns this item spans (desktop only; the phone shows one column). */
  span?: number;
  /** What the reader should know about the value, in a line under it. */
  note?: ReactNode;
  /** Long text: the phone shows it under its label rather than beside it. */
  block?: boolean;
}

/** A whole number of columns from 1 to 4; anything unusable falls back to 3. */
export function detailColumns(col: number | undefined): number {
  if (col === undefined || !Number.isFinite(col)) return DETAIL_COLUMNS_DEFAULT;
  return Math.min(DETAIL_COLUMNS_MAX, Math.max(1, Math.floor(col)));
}
