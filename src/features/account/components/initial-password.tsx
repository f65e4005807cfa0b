import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { accountDialogStore } from './account-dialog-store.ts';

const DesktopInitialPassword = lazy(() => import('./initial-password-desktop.tsx'));
const PhoneInitialPassword = lazy(() => import('./initial-password-phone.tsx'));

/** The initial password is changed: the app goes on, and what was typed leaves memory. */
function changed() {
  accountDialogStore.close();
  const { userInfo } = sessionStore.get();
  if (userInfo) sessionStore.saveUserInfo({ ...userInfo, passwordChangeRequired: false });
}

/**
 * After logging in with an initial password the app shows only its change (the server refuses the
 * rest until then): a dialog that cannot be dismissed on desktop, a full-screen sheet on the phone
 * (which loads no antd). 退出登录 is the only other way out.
 */
export default function InitialPassword({ onLogout }: { onLogout: () => void }) {
  const device = useDevice();
  return (
    <Suspense fallback={<PageLoading />}>
      {device === 'phone' ? <PhoneInitialPassword onDone={changed} onLogout={onLogout} /> : <DesktopInitialPassword onDone={changed} onLogout={onLogout} />}
    </Suspense>
  );
}
