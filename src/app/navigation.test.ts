import { describe, expect, it } from 'vitest';
import { decideNavigation } from './navigation.ts';

const base = { hasToken: false, permissionsLoaded: false, digitalCampus: false };

describe('navigation guard (SPEC.md section 2)', () => {
  it.each(['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/user/retrieve', '/common/sys_info', '/clock', '/screen', '/detail-page', '/message-list'])(
    'whitelisted %s is open without a token',
    (path) => expect(decideNavigation({ ...base, path })).toEqual({ type: 'allow' }),
  );

  it('no token on a protected path: to login, keeping where the user wanted to go', () => {
    expect(decideNavigation({ ...base, path: '/dashboard/workplace', search: '?tab=1' })).toEqual({
      type: 'redirect',
      to: '/user/login?redirect=%2Fdashboard%2Fworkplace%3Ftab%3D1',
    });
    expect(decideNavigation({ ...base, path: '/' })).toEqual({ type: 'redirect', to: '/user/login' });
  });

  it('no token on the digital campus: to the welcome page', () => {
    expect(decideNavigation({ ...base, digitalCampus: true, path: '/dashboard/workplace' })).toEqual({ type: 'redirect', to: '/welcome' });
    expect(decideNavigation({ ...base, digitalCampus: true, path: '/welcome' })).toEqual({ type: 'allow' });
  });

  it('token on the login page: to the workplace, except on the digital campus', () => {
    expect(decideNavigation({ ...base, hasToken: true, path: '/user/login' })).toEqual({ type: 'redirect', to: '/dashboard/workplace' });
    expect(decideNavigation({ ...base, hasToken: true, digitalCampus: true, path: '/user/login' })).toEqual({ type: 'load-permissions' });
  });

  it('token without permissions: load them first, then allow', () => {
    expect(decideNavigation({ ...base, hasToken: true, path: '/dashboard/workplace' })).toEqual({ type: 'load-permissions' });
    expect(decideNavigation({ ...base, hasToken: true, permissionsLoaded: true, path: '/dashboard/workplace' })).toEqual({ type: 'allow' });
  });
});
