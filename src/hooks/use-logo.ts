import { useEffect, useState } from 'react';
import type { LogoResult } from '@contract/session.ts';
import bundledLogo from '@/assets/logo.svg';
import { http } from '@/lib/api-client.ts';

export const getLogo = (logoCode?: string) => http.get<LogoResult>('/sys/logo/getLogo', logoCode ? { logoCode } : undefined, { silent: true });

/** Asked once per page load (the login page and the side menu share the answer); a failure just means the bundled logo. */
let logos: Promise<LogoResult | null> | null = null;
const loadLogos = () => (logos ??= getLogo().catch(() => null));

const toDataUrl = (image: string | null | undefined) => (image ? (image.startsWith('data:') ? image : `data:image/png;base64,${image}`) : null);

/**
 * The school's logo from the server (SPEC.md sections 2 and 7): `logologin` on the login page, `logo`
 * in the side menu; the bundled logo until it arrives and whenever the server has none.
 */
export function useLogo(kind: keyof LogoResult): string {
  const [logo, setLogo] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadLogos().then((result) => live && setLogo(toDataUrl(result?.[kind])));
    return () => {
      live = false;
    };
  }, [kind]);
  return logo ?? bundledLogo;
}
