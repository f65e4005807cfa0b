import { describe, expect, it } from 'vitest';
import { detailColumns } from './detail-columns.ts';

describe('detailColumns', () => {
  it('defaults to 3', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(Number.NaN)).toBe(3);
  });
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 4],
    [12, 4],
    [0, 1],
    [-2, 1],
    [2.7, 2],
  ])('%s → %s', (input, expected) => expect(detailColumns(input)).toBe(expected));
});
