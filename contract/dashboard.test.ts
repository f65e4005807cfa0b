import { describe, expect, it } from 'vitest';
import { countWeeks, type WeekState } from './dashboard.ts';

// A 4-week placement from Monday 2 March 2026 to Sunday 29 March; "today" is Wednesday of week 3.
const placement = { startDate: '2026-03-02', endDate: '2026-03-29', status: 'active' as const };
const TODAY = '2026-03-18';
const week = (weekStart: string, status: WeekState['status'], score: number | null = null, submittedAt: string | null = null): WeekState => ({ weekStart, status, score, submittedAt });

describe('countWeeks', () => {
  it('counts handed-in summaries, weeks missed and weeks to come; drafts are nothing handed in', () => {
    const counted = countWeeks(placement, [week('2026-03-02', 'reviewed', 80), week('2026-03-09', 'draft')], TODAY);
    expect(counted).toEqual({ totalWeeks: 4, currentWeek: 3, weeksLeft: 1, written: 1, waiting: 0, reviewed: 1, returned: 0, missed: 1, averageScore: 80, latestScore: 80, oldestWaitingAt: null });
  });

  it('averages scores to one decimal, takes the newest week’s score as latest, and the oldest waiting time', () => {
    const counted = countWeeks(
      placement,
      [week('2026-03-09', 'reviewed', 90), week('2026-03-02', 'reviewed', 85.5), week('2026-03-16', 'submitted', null, '2026-03-18T02:00:00.000Z'), week('2026-03-23', 'returned')],
      '2026-03-30',
    );
    expect(counted).toMatchObject({ written: 4, waiting: 1, returned: 1, missed: 0, averageScore: 87.8, latestScore: 90, oldestWaitingAt: '2026-03-18T02:00:00.000Z', currentWeek: null, weeksLeft: 0 });
  });

  it('a placement not begun has every week to come and none missed; an ended one none to come', () => {
    expect(countWeeks({ ...placement, status: 'pending' }, [], TODAY)).toMatchObject({ currentWeek: null, weeksLeft: 4, missed: 0 });
    expect(countWeeks({ ...placement, status: 'ended' }, [], '2026-04-10')).toMatchObject({ currentWeek: null, weeksLeft: 0, missed: 4 });
  });
});
