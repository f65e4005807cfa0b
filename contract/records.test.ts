import { describe, expect, it } from 'vitest';
import { RECORD_KINDS, approvedActionOf, attachmentsLabel, missingAttachment, recordSlots, slotLabel, spanText, startsPeriod } from './records.ts';

describe('a leave’s time', () => {
  it('is said as its duration in days, hours and minutes', () => {
    expect(spanText('2026-12-03T00:00:00+08:00', '2026-12-05T18:00:00+08:00')).toBe('共2天18小时');
    expect(spanText('2026-12-03T09:00:00+08:00', '2026-12-03T12:30:00+08:00')).toBe('共3小时30分');
    expect(spanText('2026-12-03T09:00:00+08:00', '2026-12-04T09:00:00+08:00')).toBe('共1天');
    expect(spanText('2026-12-03T09:00:00+08:00', '2026-12-03T08:00:00+08:00')).toBeNull();
    expect(spanText(null, '2026-12-03T08:00:00+08:00')).toBeNull();
  });

  it('offers 销假 once the approved leave has begun, 撤回 before; a kind without an after-approval action neither', () => {
    const values = { startsAt: '2026-12-03T08:00:00+08:00', endsAt: '2026-12-03T18:00:00+08:00' };
    expect(approvedActionOf(RECORD_KINDS.leave, values, new Date('2026-12-02T16:00:00+08:00'))).toBe('withdraw');
    expect(approvedActionOf(RECORD_KINDS.leave, values, new Date('2026-12-03T08:00:00+08:00'))).toBe('after');
    expect(approvedActionOf(RECORD_KINDS.change, { changeDate: '2026-12-08' })).toBeNull();
  });
});

describe('a kind’s required attachments', () => {
  it('are named where the files are and in the refusal', () => {
    expect(attachmentsLabel(RECORD_KINDS.change)).toBe('新三方协议');
    expect(attachmentsLabel(RECORD_KINDS.weekly)).toBe('附件');
    expect(missingAttachment(RECORD_KINDS.change, 0)).toBe('请上传新三方协议');
    expect(missingAttachment(RECORD_KINDS.change, 1)).toBeNull();
    expect(missingAttachment(RECORD_KINDS.weekly, 0)).toBeNull();
  });

  it('a change’s title names the new unit, chosen or proposed', () => {
    expect(RECORD_KINDS.change.titleOf!({ changeDate: '2026-12-08' }, { toUnitId: '云启科技有限公司' })).toBe('单位变更：云启科技有限公司（2026-12-08起）');
    expect(RECORD_KINDS.change.titleOf!({ changeDate: '2026-12-08', proposedUnitName: ' 新华书店 ' })).toBe('单位变更：新华书店（2026-12-08起）');
    expect(RECORD_KINDS.change.titleOf!({ changeDate: '2026-12-08' })).toBe('单位变更（2026-12-08起）');
  });
});

describe('a day’s period (日报)', () => {
  it('is every day of the placement up to today, newest first, each named by its date and weekday', () => {
    const slots = recordSlots('day', '2026-11-29', '2027-01-10', '2026-12-02');
    expect(slots.map((s) => [s.periodStart, s.periodEnd, s.periodNo])).toEqual([
      ['2026-12-02', '2026-12-02', 4],
      ['2026-12-01', '2026-12-01', 3],
      ['2026-11-30', '2026-11-30', 2],
      ['2026-11-29', '2026-11-29', 1],
    ]);
    expect(slots.map((s) => slotLabel(RECORD_KINDS.daily, s))).toEqual(['12-02 周三', '12-01 周二', '11-30 周一', '11-29 周日']);
    expect(recordSlots('day', '2026-12-05', '2027-01-10', '2026-12-02')).toEqual([]);
    expect(startsPeriod('day', '2026-12-02', '2026-11-29')).toBe(true);
    expect(startsPeriod('day', '2026-12-32', '2026-11-29')).toBe(false);
  });
});
