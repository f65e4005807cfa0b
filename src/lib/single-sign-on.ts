import { runtimeConfig } from '@/config/runtime.ts';

/**
 * The CAS server's addresses for this app (SPEC.md section 7). The service is the address the CAS server sends the
 * browser back to with its ticket: the configured one (the server checks tickets against the same setting), else
 * this page without its query and hash (a ticket is never issued for a hash route).
 */
export function casService(): string {
  return runtimeConfig().casServiceUrl || `${window.location.origin}${window.location.pathname}`;
}

const casPrefix = () => runtimeConfig().casPrefixUrl.replace(/\/$/, '');

/** Whether the login page hands over to the CAS server (the OAuth variant has no browser flow here). */
export const casLoginEnabled = (): boolean => {
  const { enableCas, casPrefixUrl, casType } = runtimeConfig();
  return enableCas && casPrefixUrl !== '' && casType !== 'oauth';
};

export const casLoginUrl = () => `${casPrefix()}/login?service=${encodeURIComponent(casService())}`;
export const casLogoutUrl = () => `${casPrefix()}/logout?service=${encodeURIComponent(casService())}`;
