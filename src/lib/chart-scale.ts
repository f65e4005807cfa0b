/**
 * Ticks for a count axis from 0: `count` equal steps of 1, 2 or 5 × 10^k, the smallest that reach
 * `max`. Counts are whole, so the step is at least 1; an empty chart still gets an axis (0 … count).
 */
export function countTicks(max: number, count = 4): number[] {
  const target = Math.max(max, 0) / count;
  let step = 1;
  if (target > 1) {
    const power = 10 ** Math.floor(Math.log10(target));
    step = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= target) ?? 10 * power);
  }
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** A count as people read it: thousands grouped (12,345). */
export const formatCount = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('zh-CN'));
