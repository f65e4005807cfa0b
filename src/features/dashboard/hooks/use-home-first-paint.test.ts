import { describe, expect, it } from 'vitest';
import dayjs from '@/lib/dayjs.ts';
import { homeTrueUntil } from './use-home-first-paint.ts';

const at = (time: string) => dayjs(`2026-11-27 ${time}`);
const until = (time: string) => dayjs(homeTrueUntil(at(time))).format('YYYY-MM-DD HH:mm');

describe('homeTrueUntil: the kept home holds while its greeting and date do', () => {
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
});
