import { describe, expect, it } from 'vitest';
import { schoolClock } from '@contract/internship.ts';
import { homeTrueUntil } from './use-home-first-paint.ts';

/** A moment given on the school's clock (UTC+8), and the answer read back on it. */
const until = (time: string) => schoolClock(new Date(homeTrueUntil(new Date(`2026-11-27T${time}:00+08:00`)))).slice(0, 16).replace('T', ' ');

describe('homeTrueUntil: the kept home holds while its greeting and date do, on the school clock', () => {
  it('ends at the next hour with another greeting', () => {
    expect(until('07:30')).toBe('2026-11-27 09:00');
    expect(until('09:00')).toBe('2026-11-27 12:00');
    expect(until('11:59')).toBe('2026-11-27 12:00');
    expect(until('13:10')).toBe('2026-11-27 14:00');
    expect(until('19:59')).toBe('2026-11-27 20:00');
  });

  it('ends at midnight in the evening, when the date changes', () => {
    expect(until('20:00')).toBe('2026-11-28 00:00');
    expect(until('23:59')).toBe('2026-11-28 00:00');
  });

  it('just after the school’s midnight, which is the evening before in UTC, holds until 05:00 (夜深了 → 早上好)', () => {
    expect(until('00:10')).toBe('2026-11-27 05:00');
  });
});
