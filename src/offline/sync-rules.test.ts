import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE } from '@contract/internship.ts';
import { backoffMs, classifyFailure, isDue, type ReplayFailure } from './sync-rules.ts';

const answer = (status: number | undefined, more: Partial<ReplayFailure> = {}): ReplayFailure => ({
  status,
  unreached: status === undefined,
  retryLater: false,
  message: '服务器说明',
  ...more,
});

describe('classifyFailure', () => {
  it.each([
    { name: 'no answer', failure: answer(undefined), ended: false, kind: 'retry' },
    { name: '500', failure: answer(500), ended: false, kind: 'retry' },
    { name: '503', failure: answer(503), ended: false, kind: 'retry' },
    { name: '408', failure: answer(408), ended: false, kind: 'retry' },
    { name: '429', failure: answer(429), ended: false, kind: 'retry' },
    { name: '400', failure: answer(400), ended: false, kind: 'needs-fix' },
    { name: '403', failure: answer(403), ended: false, kind: 'needs-fix' },
    { name: '401', failure: answer(401), ended: false, kind: 'session' },
    { name: '500 that ended the session', failure: answer(500), ended: true, kind: 'session' },
    { name: 'a captive portal\'s 200 HTML page', failure: answer(200, { unreached: true, message: '网络连接异常，请检查网络后重试' }), ended: false, kind: 'retry' },
    { name: 'a proxy\'s 403 HTML page', failure: answer(403, { unreached: true }), ended: false, kind: 'retry' },
    { name: '409 while the same request runs (Retry-After)', failure: answer(409, { retryLater: true, message: IDEMPOTENCY_IN_PROGRESS_MESSAGE }), ended: false, kind: 'retry' },
    { name: '409 while the same request runs (no header)', failure: answer(409, { message: IDEMPOTENCY_IN_PROGRESS_MESSAGE }), ended: false, kind: 'retry' },
    { name: '409 key used for another request', failure: answer(409, { message: '该请求标识已用于内容不同的请求，请勿重复使用' }), ended: false, kind: 'needs-fix' },
    { name: '409 unique race', failure: answer(409, { message: '数据已存在，请勿重复提交' }), ended: false, kind: 'needs-fix' },
  ] as const)('$name → $kind', ({ failure, ended, kind }) => expect(classifyFailure(failure, ended)).toBe(kind));
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
