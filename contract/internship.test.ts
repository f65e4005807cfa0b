import { describe, expect, it } from 'vitest';
import { RECORD_MSG, parseScore, scoreProblem, weeklyCorrectionSchema, weeklyReviewSchema } from './internship.ts';

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
