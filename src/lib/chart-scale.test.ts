import { describe, expect, it } from 'vitest';
import { countTicks, formatCount } from './chart-scale.ts';

describe('countTicks', () => {
  it('gives whole steps from 0 for small and empty charts', () => {
    expect(countTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(5)).toEqual([0, 2, 4, 6, 8]);
  });

  it('rounds the step up to 1, 2 or 5 × 10^k so the last tick reaches the maximum', () => {
    expect(countTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(countTicks(41)).toEqual([0, 20, 40, 60, 80]);
    expect(countTicks(399)).toEqual([0, 100, 200, 300, 400]);
    expect(countTicks(401)).toEqual([0, 200, 400, 600, 800]);
    expect(countTicks(9_001).at(-1)).toBeGreaterThanOrEqual(9_001);
  });
});

describe('formatCount', () => {
  it('groups thousands and shows a dash while loading', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(undefined)).toBe('—');
  });
});
