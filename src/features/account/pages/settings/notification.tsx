import { SettingsLayout } from './settings-layout.tsx';

/** 新消息通知: how messages reach the user today, stated as it is (nothing here can be switched yet). */
export default function NotificationSettingPage() {
  return (
    <SettingsLayout section="notification">
      <ul className="account-list">
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">通知公告</span>
            <span className="account-list__description">学校发布的通知在页头的消息铃铛中提醒，并列在“我的消息”中</span>
          </span>
          <span className="account-list__value">已开启</span>
        </li>
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">系统消息</span>
            <span className="account-list__description">平台发出的系统消息同样在消息铃铛中提醒</span>
          </span>
          <span className="account-list__value">已开启</span>
        </li>
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">短信与邮件提醒</span>
            <span className="account-list__description">暂不支持通过短信或邮件发送消息提醒</span>
          </span>
          <span className="account-list__value">未开通</span>
        </li>
      </ul>
    </SettingsLayout>
  );
}
