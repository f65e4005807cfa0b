import { WHITELIST, paths } from '@/config/paths.ts';

export type NavigationDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'load-permissions' };

/** The navigation guard of SPEC.md section 2, as a pure function of where the user goes and what they hold. */
export function decideNavigation(input: { path: string; search?: string; hasToken: boolean; permissionsLoaded: boolean; digitalCampus: boolean }): NavigationDecision {
  const { path, hasToken, permissionsLoaded, digitalCampus } = input;
  if (!hasToken) {
    if (WHITELIST.includes(path) || path === paths.notFound) return { type: 'allow' };
    if (digitalCampus) return path === paths.welcome ? { type: 'allow' } : { type: 'redirect', to: paths.welcome };
    const target = `${path}${input.search ?? ''}`;
    const keep = path === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return { type: 'redirect', to: `${paths.login}${keep}` };
  }
  if (path === paths.login && !digitalCampus) return { type: 'redirect', to: paths.workplace };
  if (!permissionsLoaded) return { type: 'load-permissions' };
  return { type: 'allow' };
}
