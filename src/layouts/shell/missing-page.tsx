import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { http } from '@/lib/api-client.ts';

/**
 * An address outside the user's menu: a page of the product that their roles and relations do not open
 * answers 403 (SPEC's page), anything else 404. The server knows every page (its menus), the user's menu only theirs.
 */
export function MissingPage({ pathname }: { pathname: string }) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<boolean>('/sys/permission/isPage', { path: pathname }, { silent: true })
      .then((isPage) => live && setTarget(isPage ? paths.forbidden : paths.notFound))
      .catch(() => live && setTarget(paths.notFound));
    return () => {
      live = false;
    };
  }, [pathname]);
  return target ? <Navigate to={target} replace /> : null;
}
