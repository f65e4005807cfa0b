import { AntdProvider } from '@/components/antd-provider.tsx';
import { PasswordModal } from '../components/password-modal.tsx';
import { ProfileModal } from '../components/profile-modal.tsx';

export type AccountDialog = 'profile' | 'password';

/** The header's account dialogs (antd) for the account pages on desktop and tablet; loaded on first use. */
export default function AccountDialogs({ dialog, onClose }: { dialog: AccountDialog | null; onClose: () => void }) {
  return (
    <AntdProvider>
      <ProfileModal open={dialog === 'profile'} onClose={onClose} />
      <PasswordModal open={dialog === 'password'} onClose={onClose} />
    </AntdProvider>
  );
}
