import { describe, expect, it } from 'vitest';
import { OPEN_RELOAD_MS, POLL_MS, noticePollInterval, noticeTarget, reloadsNotices } from './notice-rules.ts';

describe('noticePollInterval', () => {
  const base = { open: false, visible: true, online: true, failed: false };

  it('polls every 60 s while the page is shown and online', () => {
    expect(noticePollInterval(base)).toBe(POLL_MS);
    expect(POLL_MS).toBe(60_000);
  });

  it('reloads every 6 s only while the list is open', () => {
    expect(noticePollInterval({ ...base, open: true })).toBe(OPEN_RELOAD_MS);
    expect(OPEN_RELOAD_MS).toBe(6_000);
  });

  it.each([
    ['the page is hidden', { visible: false }],
    ['the browser is offline', { online: false }],
    ['the last load failed', { failed: true }],
    ['the last load failed, even with the list open', { failed: true, open: true }],
    ['the page is hidden, even with the list open', { visible: false, open: true }],
  ])('stops when %s', (_name, change) => {
    expect(noticePollInterval({ ...base, ...change })).toBe(false);
  });
});

describe('reloadsNotices', () => {
  it.each([
    ['topic', true],
    ['user', true],
    ['heartcheck', false],
    ['', false],
  ])('cmd %s → %s', (cmd, reloads) => {
    expect(reloadsNotices({ cmd })).toBe(reloads);
  });
});

describe('noticeTarget', () => {
  it('opens the page of a component announcement with ?id=busId', () => {
    expect(noticeTarget({ openType: 'component', openPage: '/isps/leave', busId: 'a b' })).toEqual({ kind: 'page', to: '/isps/leave?id=a%20b' });
    expect(noticeTarget({ openType: 'component', openPage: 'isps/leave', busId: null })).toEqual({ kind: 'page', to: '/isps/leave' });
    expect(noticeTarget({ openType: 'component', openPage: '/internship/review?kind=weekly', busId: 'r1' })).toEqual({ kind: 'page', to: '/internship/review?kind=weekly&id=r1' });
  });

  it('shows the detail otherwise, or when the page is missing', () => {
    expect(noticeTarget({ openType: 'url', openPage: '/x', busId: '1' })).toEqual({ kind: 'detail' });
    expect(noticeTarget({ openType: null, openPage: null, busId: null })).toEqual({ kind: 'detail' });
    expect(noticeTarget({ openType: 'component', openPage: null, busId: '1' })).toEqual({ kind: 'detail' });
  });
});
