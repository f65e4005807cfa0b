import { describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '@contract/records.ts';
import { nextStatusOf, periodStartOf, submitTimesOf } from '../../server/modules/internship/record-write.ts';

/** The pure rules of a record's save (server/modules/internship/record-write.ts), apart from the route. */
describe('a record save', () => {
  const { weekly, leave, checkin, plan, change } = RECORD_KINDS;

  it('submits to where the kind goes: the reviewer, the approvers, or simply kept', () => {
    expect(nextStatusOf(weekly, true)).toBe('submitted');
    expect(nextStatusOf(leave, true, 'withdrawn')).toBe('pending');
    expect(nextStatusOf(checkin, true)).toBe('recorded');
  });

  it('saves a draft as a draft, but a returned or withdrawn record stays so until submitted again', () => {
    expect(nextStatusOf(weekly, false)).toBe('draft');
    expect(nextStatusOf(weekly, false, 'draft')).toBe('draft');
    expect(nextStatusOf(weekly, false, 'returned')).toBe('returned');
    expect(nextStatusOf(leave, false, 'withdrawn')).toBe('withdrawn');
  });

  it('files a once-per-placement record under the placement, a free one under its own date, the rest under the period named', () => {
    const named = { periodStart: '2026-11-30', placementStart: '2026-09-01' };
    expect(periodStartOf(plan, {}, named)).toBe('2026-09-01');
    expect(periodStartOf(plan, {}, { ...named, storedStart: '2026-09-07' })).toBe('2026-09-07');
    expect(periodStartOf(change, { changeDate: '2026-12-03' }, named)).toBe('2026-12-03');
    expect(periodStartOf(weekly, {}, named)).toBe('2026-11-30');
  });

  it('writes the device’s time of 提交 when submitting, clears it on a draft, and keeps it otherwise', () => {
    const actedAt = new Date('2026-12-01T08:00:00+08:00');
    const receivedAt = new Date('2026-12-01T09:30:00+08:00');
    expect(submitTimesOf({ actedAt, receivedAt, flag: 'clock-corrected', clockOffsetMs: 0 }, 'submitted')).toEqual({ submittedAt: actedAt, receivedAt, submitTimeFlag: 'clock-corrected' });
    expect(submitTimesOf(null, 'draft')).toEqual({ submittedAt: null, receivedAt: null, submitTimeFlag: null });
    expect(submitTimesOf(null, 'returned')).toEqual({});
  });
});
