import { describe, expect, it } from 'vitest';
import { RECORD_MSG, parseScore, schoolToday, scoreProblem, weeklyCorrectionSchema, weeklyReviewSchema } from './internship.ts';
import { schoolTime } from './records.ts';

describe('review scores', () => {
  it('reads what the adviser typed without rounding or clamping it', () => {
    expect(parseScore('150')).toEqual({ value: 150, problem: null });
    expect(parseScore(' 85.5 ')).toEqual({ value: 85.5, problem: null });
    expect(parseScore('８５')).toEqual({ value: null, problem: RECORD_MSG.reviewScoreNumber });
    expect(parseScore('abc')).toEqual({ value: null, problem: RECORD_MSG.reviewScoreNumber });
    expect(parseScore('1e2')).toEqual({ value: null, problem: RECORD_MSG.reviewScoreNumber });
    expect(parseScore('')).toEqual({ value: null, problem: null });
  });

  it('refuses what is out of range or finer than the program allows', () => {
    expect(scoreProblem(150, 0)).toBe(RECORD_MSG.reviewScoreRange);
    expect(scoreProblem(-0.5, 1)).toBe(RECORD_MSG.reviewScoreRange);
    expect(scoreProblem(85.5, 0)).toBe(RECORD_MSG.reviewScoreWhole);
    expect(scoreProblem(85.5, 1)).toBeNull();
    expect(scoreProblem(0.3, 1)).toBeNull();
    expect(scoreProblem(85.55, 1)).toBe(RECORD_MSG.reviewScoreOneDecimal);
    expect(scoreProblem(100, 0)).toBeNull();
  });

  it('the shared schemas refuse the same, with the same words', () => {
    const approve = (score: unknown) => weeklyReviewSchema.safeParse({ action: 'approve', score }).error?.issues[0]?.message;
    expect(approve(101)).toBe(RECORD_MSG.reviewScoreRange);
    expect(approve(90.25)).toBe(RECORD_MSG.reviewScoreOneDecimal);
    expect(approve('90')).toBe(RECORD_MSG.reviewScoreNumber);
    expect(approve(undefined)).toBe(RECORD_MSG.reviewScoreRequired);
    expect(weeklyCorrectionSchema.safeParse({ score: 90 }).error?.issues[0]?.message).toBe(RECORD_MSG.correctionReasonRequired);
  });
});

describe("the school's clock without Intl", () => {
  const zoned = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const byIntl = (moment: Date) => {
    const p = Object.fromEntries(zoned.formatToParts(moment).map((part) => [part.type, part.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };

  it('reads every moment as Asia/Shanghai does, around midnight and across the years', () => {
    const moments = [Date.UTC(2026, 10, 26, 15, 59), Date.UTC(2026, 10, 26, 16, 0), Date.UTC(2026, 11, 31, 16, 30), Date.UTC(2028, 1, 28, 16, 0)];
    for (let t = Date.UTC(1992, 0, 1); t < Date.UTC(2040, 0, 1); t += 86_400_000 * 7 + 3_600_000 * 5 + 60_000 * 7) moments.push(t);
    for (const t of moments) {
      const moment = new Date(t);
      expect(`${schoolToday(moment)} ${schoolTime(moment.toISOString(), true).slice(11)}`).toBe(byIntl(moment));
      expect(schoolTime(moment.toISOString(), true)).toBe(byIntl(moment));
    }
    expect(schoolTime('2026-11-20T00:00:00Z')).toBe('11-20 08:00');
  });
});
