import { lazy, Suspense, useState } from 'react';
import { hasLoginUser } from '../components/account-checks.ts';
import type { AccountDialog } from './account-dialogs.tsx';

const AccountDialogs = lazy(() => import('./account-dialogs.tsx'));

/**
 * Opens the existing profile or password dialog (antd, desktop and tablet only). The dialogs' code
 * loads the first time one is asked for, so a page that never opens one loads no antd.
 */
export function useAccountDialog() {
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = (which: AccountDialog) => {
    if (which === 'profile' && !hasLoginUser()) return;
    setWanted(true);
    setDialog(which);
  };
  const element = wanted ? (
    <Suspense fallback={null}>
      <AccountDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Suspense>
  ) : null;
  return { open, element };
}
