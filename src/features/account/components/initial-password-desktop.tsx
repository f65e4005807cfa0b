import { AntdProvider } from '@/components/antd-provider.tsx';
import { PasswordModal } from './password-modal.tsx';

/** The first login's password change on desktop and tablet: the 修改密码 dialog, not dismissable. */
export default function DesktopInitialPassword({ onDone, onLogout }: { onDone: () => void; onLogout: () => void }) {
  return (
    <AntdProvider>
      <PasswordModal open required onClose={onDone} onLogout={onLogout} />
    </AntdProvider>
  );
}
