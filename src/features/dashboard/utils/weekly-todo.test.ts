import { describe, expect, it } from 'vitest';
import type { WeeklyStatus } from '@contract/internship.ts';
import type { MyPlacementRecords, MySlot } from '@contract/records.ts';
import { weeklyTodo } from './weekly-todo.ts';

const week = (weekNo: number, weekStart: string, weekEnd: string, status: WeeklyStatus | null): MySlot => ({
  periodNo: weekNo,
  periodStart: weekStart,
  periodEnd: weekEnd,
  closedReason: null,
  record: status ? { id: `s${weekNo}`, title: `第${weekNo}周`, status, score: null, adviserComment: null, submittedAt: null, reviewedAt: null, updatedAt: '2026-11-01T00:00:00Z', attachmentCount: 0, values: {}, instanceId: null, notes: [], lateDays: null, retractable: false } : null,
});

const enrolment = (status: MyPlacementRecords['status'], slots: MySlot[]) => ({ id: 'e1', programName: '2026届软件测试岗位实习', status, slots }) as unknown as MyPlacementRecords;

const WEEKS = [
  week(1, '2026-11-02', '2026-11-08', 'reviewed'),
  week(2, '2026-11-09', '2026-11-15', 'returned'),
  week(3, '2026-11-16', '2026-11-22', null),
  week(4, '2026-11-23', '2026-11-29', 'draft'),
];

describe('weeklyTodo', () => {
  it('names this week’s state, the earlier weeks left empty and the returned ones', () => {
    expect(weeklyTodo([enrolment('active', WEEKS)], '2026-11-23')).toEqual({ programName: '2026届软件测试岗位实习', thisWeekText: '本周周记未提交', missed: 1, returned: 1 });
  });

  it('says this week’s summary is submitted once it is', () => {
    const weeks = [...WEEKS.slice(0, 3), week(4, '2026-11-23', '2026-11-29', 'submitted')];
    expect(weeklyTodo([enrolment('active', weeks)], '2026-11-25')?.thisWeekText).toBe('本周周记已提交');
  });

  it('owes nothing without a running internship', () => {
    expect(weeklyTodo([enrolment('ended', WEEKS)], '2026-11-23')).toBeNull();
    expect(weeklyTodo([], '2026-11-23')).toBeNull();
  });
});
