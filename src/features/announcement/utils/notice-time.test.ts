import { describe, expect, it } from 'vitest';
import dayjs from '@/lib/dayjs.ts';
import { fullTime, noticeTime } from './notice-time.ts';

describe('noticeTime', () => {
  const now = dayjs('2026-03-10T12:00:00');
  const ago = (minutes: number) => now.subtract(minutes, 'minute').toISOString();

  it.each([
    [0, '刚刚'],
    [-2, '刚刚'],
    [1, '1分钟前'],
    [59, '59分钟前'],
    [60, '1小时前'],
    [23 * 60 + 59, '23小时前'],
  ])('%i minutes ago reads %s', (minutes, text) => {
    expect(noticeTime(ago(minutes), now)).toBe(text);
  });

  it('gives the date and time from a day on, and for times far in the future', () => {
    expect(noticeTime(ago(24 * 60), now)).toBe('2026-03-09 12:00');
    expect(noticeTime(now.add(1, 'day').toISOString(), now)).toBe('2026-03-11 12:00');
  });

  it('is empty for no time or a bad one', () => {
    expect(noticeTime(null, now)).toBe('');
    expect(noticeTime('soon', now)).toBe('');
  });

  it('gives the detail time to the second', () => {
    expect(fullTime(dayjs('2026-03-10T08:05:09').toISOString())).toBe('2026-03-10 08:05:09');
    expect(fullTime(null)).toBe('');
  });
});
