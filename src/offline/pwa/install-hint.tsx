import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { decideInstallHint, dismissInstallHint, isInstallHintDismissed, isStandalone } from './install-decision.ts';
import { promptInstall, useCanPromptInstall } from './install-prompt.ts';
import { usePwaState } from './pwa-store.ts';
import './pwa.css';

const TEXT = {
  prompt: '安装到桌面后可以像应用一样打开，没有网络也能使用。',
  ios: '安装到主屏幕：点击分享按钮，然后选择「添加到主屏幕」。',
  wechat: '微信内无法安装和离线使用：请点击右上角「…」，选择「在浏览器中打开」。',
} as const;

/**
 * A small banner offering to install the app, in every layout (a teacher installs on a desktop or an
 * iPad too): the browser's own dialog where it has one, the steps on iOS, or inside WeChat the way
 * out to the system browser. Only on the workplace, where login
 * lands, so it does not follow the user around; 关闭 keeps it away for 7 days.
 */
export function InstallHint() {
  const { pathname } = useLocation();
  const canPrompt = useCanPromptInstall();
  const { needRefresh } = usePwaState();
  const [dismissed, setDismissed] = useState(isInstallHintDismissed);
  const kind = decideInstallHint({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0, standalone: isStandalone(), canPrompt, dismissed });
  // The update prompt sits in the same place and matters more.
  if (!kind || needRefresh || pathname !== paths.workplace) return null;

  const close = () => {
    dismissInstallHint();
    setDismissed(true);
  };
  const install = async () => {
    if ((await promptInstall()) === 'dismissed') close();
  };
  return (
    <aside className="pwa-card pwa-install" aria-label="安装应用">
      <span className="pwa-card__text">{TEXT[kind]}</span>
      {kind === 'prompt' && (
        <button type="button" className="pwa-button pwa-button--primary" onClick={() => void install()}>
          安装到桌面
        </button>
      )}
      <button type="button" className="pwa-button pwa-button--close" aria-label="关闭" onClick={close}>
        ×
      </button>
    </aside>
  );
}
