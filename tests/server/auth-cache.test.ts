import { describe, expect, it } from 'vitest';
import { AuthCache } from '../../server/modules/auth/auth-cache.ts';
import { SESSION_TOUCH_MS } from '../../server/modules/auth/sessions.ts';
import type { AuthContext } from '../../server/types.ts';

const AUTH: AuthContext = { sessionId: 's1', userId: 'u1', username: 'teacher01', activeRoleId: 'role-teacher', relationRoleIds: [], departScoped: false, passwordChangeRequired: false };
const NOW = Date.parse('2026-11-25T08:00:00Z');
const LATER = new Date(NOW + 30 * 60_000);

function listening(): AuthCache {
  const cache = new AuthCache();
  cache.ready();
  return cache;
}

describe('the authentication cache', () => {
  it('serves a stored session and decision until a change is announced', () => {
    const cache = listening();
    cache.storeSession(cache.stamp(), 'hash', AUTH, LATER, NOW);
    cache.storeDecision(cache.stamp(), ['role-teacher'], 'basic:student:list', false);
    expect(cache.session('hash', NOW + 1000)).toEqual(AUTH);
    expect(cache.decision(['role-teacher'], 'basic:student:list')).toBe(false);
    cache.clear();
    expect(cache.session('hash', NOW + 1000)).toBeNull();
    expect(cache.decision(['role-teacher'], 'basic:student:list')).toBeUndefined();
  });

  it('does not store what was read before a change that was announced meanwhile', () => {
    const cache = listening();
    const stamp = cache.stamp();
    cache.clear();
    cache.storeSession(stamp, 'hash', AUTH, LATER, NOW);
    cache.storeDecision(stamp, ['role-teacher'], 'basic:student:list', true);
    expect(cache.session('hash', NOW)).toBeNull();
    expect(cache.decision(['role-teacher'], 'basic:student:list')).toBeUndefined();
  });

  it('serves nothing before it listens or after the listening connection was lost', () => {
    const cache = new AuthCache();
    cache.storeSession(cache.stamp(), 'hash', AUTH, LATER, NOW);
    expect(cache.session('hash', NOW)).toBeNull();
    cache.ready();
    cache.storeSession(cache.stamp(), 'hash', AUTH, LATER, NOW);
    cache.lost();
    expect(cache.session('hash', NOW)).toBeNull();
    cache.storeSession(cache.stamp(), 'hash', AUTH, LATER, NOW);
    expect(cache.session('hash', NOW)).toBeNull();
  });

  it('lets a session go at its expiry, and reads it again after a minute so its idle expiry slides', () => {
    const cache = listening();
    cache.storeSession(cache.stamp(), 'soon', AUTH, new Date(NOW + 5000), NOW);
    expect(cache.session('soon', NOW + 4999)).toEqual(AUTH);
    expect(cache.session('soon', NOW + 5000)).toBeNull();
    cache.storeSession(cache.stamp(), 'hash', AUTH, LATER, NOW);
    expect(cache.session('hash', NOW + SESSION_TOUCH_MS - 1)).toEqual(AUTH);
    expect(cache.session('hash', NOW + SESSION_TOUCH_MS)).toBeNull();
  });

  it('lets go of sessions when a table the relation roles are read from changes, not for other tables', () => {
    const cache = listening();
    cache.storeSession(cache.stamp(), 'hash', AUTH, LATER, NOW);
    cache.storeViewer(cache.stamp(), AUTH.sessionId, { userId: AUTH.userId, school: null, departIds: null });
    cache.message('table:basic_student');
    expect(cache.session('hash', NOW)).toEqual(AUTH);
    expect(cache.viewer(AUTH.sessionId)).toEqual({ userId: AUTH.userId, school: null, departIds: null });
    cache.message('table:internship_enrolment');
    expect(cache.session('hash', NOW)).toBeNull();
    expect(cache.viewer(AUTH.sessionId)).toBeUndefined();
  });
});
