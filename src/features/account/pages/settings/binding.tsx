import { runtimeConfig } from '@/config/runtime.ts';
import { SettingsLayout } from './settings-layout.tsx';

/** 账户绑定: no third-party accounts can be bound yet; single sign-on is shown when this school uses it. */
export default function BindingSettingPage() {
  const { enableCas } = runtimeConfig();
  return (
    <SettingsLayout section="binding">
      <ul className="account-list">
        <li className="account-list__item">
          <span className="account-list__text">
            <span className="account-list__title">统一身份认证</span>
            <span className="account-list__description">{enableCas ? '本校已启用统一身份认证，可使用学校账号登录' : '本校未启用统一身份认证'}</span>
          </span>
          <span className="account-list__value">{enableCas ? '已启用' : '未启用'}</span>
        </li>
      </ul>
      <p className="account-empty">暂无绑定的第三方账号</p>
    </SettingsLayout>
  );
}
