import { Button, NoticeBar } from 'antd-mobile';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { INITIAL_PASSWORD_NOTICE } from './initial-password-notice.ts';
import PhonePasswordForm from './phone-password-form.tsx';
import './phone-account.css';

/** The first login's password change on the phone (antd-mobile only): a full screen without a way back. */
export default function PhoneInitialPassword({ onDone, onLogout }: { onDone: () => void; onLogout: () => void }) {
  return (
    <div role="dialog" aria-modal="true" aria-label="修改初始密码" className="phone-account__sheet phone-account__page">
      <PhoneNavBar right={<Button size="mini" fill="none" onClick={onLogout}>退出登录</Button>}>
        修改初始密码
      </PhoneNavBar>
      <div className="phone-account__body">
        <NoticeBar content={INITIAL_PASSWORD_NOTICE} color="info" wrap />
        <PhonePasswordForm onDone={onDone} />
      </div>
    </div>
  );
}
