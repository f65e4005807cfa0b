import { useEffect, useState } from 'react';
import type { LogoResult } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

export const getLogo = (logoCode?: string) => http.get<LogoResult>('/sys/logo/getLogo', logoCode ? { logoCode } : undefined, { silent: true });

/** Asked once per page load; a failure just means the bundled logo. */
let loginLogo: Promise<string | null> | null = null;
const loadLoginLogo = () =>
  (loginLogo ??= getLogo().then(
    ({ logologin }) => (logologin ? (logologin.startsWith('data:') ? logologin : `data:image/png;base64,${logologin}`) : null),
    () => null,
  ));

/** The server's login logo as a data URL, or null to fall back to the bundled one. */
export function useLoginLogo(): string | null {
  const [logo, setLogo] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadLoginLogo().then((value) => live && setLogo(value));
    return () => {
      live = false;
    };
  }, []);
  return logo;
}
