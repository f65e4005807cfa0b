// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { SEVEN_DAYS_MS, local } from './storage.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

it('keeps a value for 7 days in the old client format, then drops it', () => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
  local.set('Access-Token', 'abc');
  expect(JSON.parse(localStorage.getItem('Access-Token')!)).toEqual({ value: 'abc', expire: Date.now() + SEVEN_DAYS_MS });
  vi.setSystemTime(Date.now() + SEVEN_DAYS_MS - 1000);
  expect(local.get('Access-Token')).toBe('abc');
  vi.setSystemTime(Date.now() + 2000);
  expect(local.get('Access-Token')).toBeNull();
  expect(localStorage.getItem('Access-Token')).toBeNull();
});

it('a value without lifetime stays, and a corrupt entry reads as missing', () => {
  local.set('REMEMBER_USERNAME', 'student01', null);
  expect(local.get('REMEMBER_USERNAME')).toBe('student01');
  localStorage.setItem('broken', '{not json');
  expect(local.get('broken')).toBeNull();
});
