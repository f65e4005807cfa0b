import { describe, expect, it } from 'vitest';
import type { MyPlacementRecords, MySlot, RecordBrief, RecordKindCode, RecordStatus } from '@contract/records.ts';
import { recordDeadlines, studentToday } from './student-today.ts';

const PATHS = Object.fromEntries(['plan', 'weekly', 'monthly', 'report', 'leave', 'change', 'checkin'].map((k) => [k, `/internship/${k}`])) as Record<RecordKindCode, string>;
const TODAY = '2026-11-27';
const record = (status: RecordStatus, values: RecordBrief['values'] = {}): RecordBrief => ({
  id: `r-${status}-${JSON.stringify(values)}`,
  title: 't',
  status,
  score: null,
  adviserComment: null,
  submittedAt: null,
  reviewedAt: null,
  updatedAt: '2026-11-27T00:00:00Z',
  attachmentCount: 0,
  values,
  instanceId: null,
  notes: [],
  lateDays: null,
  retractable: false,
});
const slot = (periodStart: string, periodEnd: string, rec: RecordBrief | null = null): MySlot => ({ periodStart, periodEnd, periodNo: 1, closedReason: null, record: rec });
const placement = (slots: MySlot[], status: MyPlacementRecords['status'] = 'active') => [{ id: 'p1', status, slots } as unknown as MyPlacementRecords];

describe('the student’s tiles for today', () => {
  it('says what is owed: no check-in yet, this week’s 周记 missing with one returned, this month’s 月报 submitted', () => {
    const tiles = studentToday(
      {
        checkin: placement([slot('2026-11-26', '2026-11-26', record('recorded', { checkedAt: '2026-11-26T00:50:00Z' }))]),
        weekly: placement([slot('2026-11-23', '2026-11-29'), slot('2026-11-16', '2026-11-22', record('returned'))]),
        monthly: placement([slot('2026-11-01', '2026-11-30', record('submitted'))]),
      },
      PATHS,
      TODAY,
    );
    expect(tiles.map((t) => [t.label, t.text, t.owed])).toEqual([
      ['签到', '今日未签到', true],
      ['周记', '本周周记未提交，1 篇已退回待修改', true],
      ['月报', '本月月报已提交', false],
    ]);
  });

  it('shows today’s check-in by the school’s clock, and a leave to close with 销假', () => {
    const tiles = studentToday(
      {
        checkin: placement([slot(TODAY, TODAY, record('recorded', { checkedAt: '2026-11-27T00:55:00Z' }))]),
        leave: placement([slot('2026-11-27', '2026-11-27', record('approved', { startsAt: '2026-11-27T01:00:00Z', endsAt: '2026-11-27T09:00:00Z' }))]),
      },
      PATHS,
      TODAY,
    );
    expect(tiles.map((t) => t.text)).toEqual(['今日已签到 08:55', '请假至 11-27 17:00，返岗后请销假']);
  });

  it('adds 互动 once the unread count is known, owed while a message waits', () => {
    const unread = (count: number) => studentToday({}, PATHS, TODAY, { count, path: '/internship/interaction' }).map((t) => [t.label, t.text, t.owed, t.path]);
    expect(unread(2)).toEqual([['互动', '2 条新消息未读', true, '/internship/interaction']]);
    expect(unread(0)).toEqual([['互动', '暂无未读消息', false, '/internship/interaction']]);
  });

  it('leaves out kinds without a running placement or a list yet', () => {
    expect(studentToday({ weekly: placement([], 'ended') }, PATHS, TODAY)).toEqual([]);
  });
});

describe('the 日程 box’s deadlines', () => {
  it('names this week’s 周记 and this month’s 月报 until handed in, a returned one to mend, by their period’s end', () => {
    const lists = {
      weekly: placement([slot('2026-11-23', '2026-11-29', record('draft'))]),
      monthly: placement([slot('2026-11-01', '2026-11-30', record('returned'))]),
    };
    expect(recordDeadlines(lists, PATHS, TODAY)).toEqual([
      { label: '本周周记', due: '2026-11-29', path: '/internship/weekly' },
      { label: '本月月报（已退回，请修改）', due: '2026-11-30', path: '/internship/monthly' },
    ]);
    expect(recordDeadlines({ weekly: placement([slot('2026-11-23', '2026-11-29', record('submitted'))]) }, PATHS, TODAY)).toEqual([]);
  });
});
