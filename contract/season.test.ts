import { describe, expect, it } from 'vitest';
import { dueDateOf, lateDays, monthOf, remindMessage, seasonRemindSchema, SEASON_MSG } from './season.ts';
import * as z from 'zod/mini';

// A week of Monday 2026-11-09 to Sunday 2026-11-15: due by Monday 2026-11-16 at school (UTC+8).
const WEEK_END = '2026-11-15';

describe('lateness', () => {
  it('is due the day after the period ends', () => {
    expect(dueDateOf(WEEK_END)).toBe('2026-11-16');
    expect(dueDateOf('2026-11-30')).toBe('2026-12-01');
  });

  it('counts whole days past the due date by the school’s clock, not UTC', () => {
    // 23:59 on the due Monday at school is on time; 00:00 on Tuesday at school (16:00 UTC Monday) is a day late.
    expect(lateDays(WEEK_END, '2026-11-16T23:59:00+08:00')).toBeNull();
    expect(lateDays(WEEK_END, '2026-11-16T15:59:59Z')).toBeNull();
    expect(lateDays(WEEK_END, '2026-11-16T16:00:00Z')).toBe(1);
    expect(lateDays(WEEK_END, '2026-11-19T09:00:00+08:00')).toBe(3);
    // Early, within the week itself.
    expect(lateDays(WEEK_END, '2026-11-13T18:30:00+08:00')).toBeNull();
    expect(lateDays(WEEK_END, new Date('2026-12-01T02:00:00Z'))).toBe(15);
  });

  it('counts a missing record overdue from now, not before its due date has passed', () => {
    expect(lateDays(WEEK_END, null, new Date('2026-11-16T12:00:00+08:00'))).toBeNull();
    expect(lateDays(WEEK_END, null, new Date('2026-11-16T16:30:00Z'))).toBe(1);
    expect(lateDays(WEEK_END, null, new Date('2026-11-10T08:00:00+08:00'))).toBeNull();
  });
});

describe('一键催交', () => {
  it('names the week with its dates', () => {
    expect(remindMessage('2026届岗位实习', { periodNo: 6, periodStart: '2026-11-09', periodEnd: WEEK_END }).title).toBe('请提交第6周周记（11-09 ~ 11-15）');
  });

  it('takes a Monday as the week', () => {
    expect(z.safeParse(seasonRemindSchema, { programId: 'p', periodStart: '2026-11-09' }).success).toBe(true);
    const tuesday = z.safeParse(seasonRemindSchema, { programId: 'p', periodStart: '2026-11-10' });
    expect(tuesday.error?.issues[0]?.message).toBe(SEASON_MSG.weekFormat);
  });
});

describe('the month contacts are counted in', () => {
  it('runs from its first to its last day, whatever its length, and is named by its number', () => {
    expect(monthOf('2026-12-07')).toEqual({ from: '2026-12-01', to: '2026-12-31', name: '12月' });
    expect(monthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29', name: '2月' });
    expect(monthOf('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28', name: '2月' });
    expect(monthOf('2027-04-30')).toEqual({ from: '2027-04-01', to: '2027-04-30', name: '4月' });
  });
});
