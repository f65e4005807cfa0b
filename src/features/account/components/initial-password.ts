import { sessionStore } from '@/lib/session-store.ts';
import { accountDialogStore } from './account-dialog-store.ts';

/** The initial password is changed: the app goes on, and what was typed leaves memory. */
function changed() {
  accountDialogStore.close();
  const { userInfo } = sessionStore.get();
  if (userInfo) sessionStore.saveUserInfo({ ...userInfo, passwordChangeRequired: false });
}

/**
 * After logging in with an initial password the app shows only its change (the server refuses the
 * rest until then): a dialog that cannot be dismissed on desktop, a full-screen sheet on the phone
 * (which loads no antd). 退出登录 is the only other way out. The hook of both renderings
 * (components/device-page.tsx).
 */
export function useInitialPassword(_device: unknown, { onLogout }: { onLogout: () => void }) {
  return { onDone: changed, onLogout };
}
