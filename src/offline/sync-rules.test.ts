import { describe, expect, it } from 'vitest';
import { backoffMs, classifyFailure, isDue } from './sync-rules.ts';

describe('classifyFailure', () => {
  it.each([
    [undefined, false, 'retry'],
    [500, false, 'retry'],
    [503, false, 'retry'],
    [408, false, 'retry'],
    [429, false, 'retry'],
    [400, false, 'needs-fix'],
    [409, false, 'needs-fix'],
    [403, false, 'needs-fix'],
    [401, false, 'session'],
    [500, true, 'session'],
  ] as const)('status %s (session ended: %s) → %s', (status, ended, kind) => expect(classifyFailure(status, ended)).toBe(kind));
});

describe('backoffMs', () => {
  it('doubles from 2 s and stops at 5 minutes', () => {
    const none = () => 0;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, none))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(20, none)).toBe(300_000);
  });
  it('adds at most 20 % jitter', () => expect(backoffMs(1, () => 1)).toBe(2_400));
});

describe('isDue', () => {
  it('runs pending and interrupted entries at once, retrying ones after their time, never finished ones', () => {
    expect(isDue({ state: 'pending', nextAttemptAt: 0 }, 10)).toBe(true);
    expect(isDue({ state: 'syncing', nextAttemptAt: 0 }, 10)).toBe(true);
    expect(isDue({ state: 'retrying', nextAttemptAt: 11 }, 10)).toBe(false);
    expect(isDue({ state: 'retrying', nextAttemptAt: 10 }, 10)).toBe(true);
    expect(isDue({ state: 'needs-fix', nextAttemptAt: 0 }, 10)).toBe(false);
    expect(isDue({ state: 'synced', nextAttemptAt: 0 }, 10)).toBe(false);
  });
});
