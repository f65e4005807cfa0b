import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogoResult } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

export const getLogo = (logoCode?: string) => http.get<LogoResult>('/sys/logo/getLogo', logoCode ? { logoCode } : undefined, { silent: true });

export const logoQuery = () => queryOptions({ queryKey: ['logo'], queryFn: () => getLogo(), staleTime: Infinity, retry: false });

/** The server's login logo as a data URL, or null to fall back to the bundled one. */
export function useLoginLogo(): string | null {
  const { data } = useQuery(logoQuery());
  const logo = data?.logologin;
  if (!logo) return null;
  return logo.startsWith('data:') ? logo : `data:image/png;base64,${logo}`;
}
