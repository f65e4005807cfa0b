import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useDevice } from '@/hooks/use-device.ts';
import { useSession } from '@/lib/session-store.ts';
import { useAccountDialog } from '../use-account-dialog.tsx';
import { SettingsLayout } from './settings-layout.tsx';

const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2');

/** 安全设置: the password (修改 opens the password dialog; on the phone the 修改密码 page), the phone and e-mail. */
export default function SecuritySettingPage() {
  const { userInfo } = useSession();
  const device = useDevice();
  const dialogs = useAccountDialog();
  const base = `${paths.accountSettings}/base`;
  return (
    <SettingsLayout section="security">
      <ul className="account-list">
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">账户密码</span>
            <span className="account-list__description">密码至少8位，需包含字母、数字和符号；建议定期修改</span>
          </span>
          {device === 'phone' ? (
            <Link className="account-link" to={paths.alteration}>
              修改
            </Link>
          ) : (
            <button type="button" className="account-link" onClick={() => dialogs.open('password')}>
              修改
            </button>
          )}
        </li>
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">密保手机</span>
            <span className="account-list__description">{userInfo?.phone ? `已绑定手机：${maskPhone(userInfo.phone)}（用于找回密码）` : '未绑定手机，将无法通过短信找回密码'}</span>
          </span>
          <Link className="account-link" to={base}>
            {userInfo?.phone ? '修改' : '绑定'}
          </Link>
        </li>
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">备用邮箱</span>
            <span className="account-list__description">{userInfo?.email ? `已绑定邮箱：${userInfo.email}` : '未绑定邮箱'}</span>
          </span>
          <Link className="account-link" to={base}>
            {userInfo?.email ? '修改' : '绑定'}
          </Link>
        </li>
      </ul>
      {dialogs.element}
    </SettingsLayout>
  );
}
