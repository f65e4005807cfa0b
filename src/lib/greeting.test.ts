import { describe, expect, it } from 'vitest';
import { greetingAt, schoolDateLabel, schoolGreeting } from './greeting.ts';

it.each([
  [0, '夜深了'],
  [2, '夜深了'],
  [4, '夜深了'],
  [5, '早上好'],
  [8, '早上好'],
  [9, '上午好'],
  [11, '上午好'],
  [12, '中午好'],
  [13, '中午好'],
  [14, '下午好'],
  [19, '下午好'],
  [20, '晚上好'],
  [23, '晚上好'],
])('%i 点 → %s', (hour, greeting) => expect(greetingAt(hour)).toBe(greeting));

describe('on the school’s clock (UTC+8), whatever the device’s zone', () => {
  it('greets by the school’s hour', () => {
    expect(schoolGreeting(new Date('2026-11-28T21:30:00Z'))).toBe('早上好');
    expect(schoolGreeting(new Date('2026-11-29T07:00:00Z'))).toBe('下午好');
    expect(schoolGreeting(new Date('2026-11-29T12:00:00Z'))).toBe('晚上好');
    // 02:30 at the school (18:30 UTC the day before): late night, not morning.
    expect(schoolGreeting(new Date('2026-11-28T18:30:00Z'))).toBe('夜深了');
  });

  it('names the school’s date and weekday', () => {
    expect(schoolDateLabel(new Date('2026-11-28T16:00:00Z'))).toBe('2026年11月29日 星期日');
    expect(schoolDateLabel(new Date('2026-11-28T15:59:00Z'))).toBe('2026年11月28日 星期六');
  });
});
