import { SEVEN_DAYS_MS, local } from '@/lib/storage.ts';

/**
 * Which install hint a browser gets (pure, unit-tested):
 * - 'wechat': WeChat's in-app browser can install nothing; the page has to be opened in the system browser.
 * - 'prompt': the browser offered its install dialog (beforeinstallprompt): a 安装到桌面 button.
 * - 'ios': iOS installs only through the share sheet's 添加到主屏幕.
 * - null: already installed (standalone), dismissed in the last 7 days, or nothing to offer.
 */
export type InstallHintKind = 'prompt' | 'ios' | 'wechat';

export interface InstallContext {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS reports itself as a Mac but has a touch screen. */
  maxTouchPoints: number;
  /** Running as an installed app (display-mode standalone, or navigator.standalone on iOS). */
  standalone: boolean;
  /** The browser's install prompt was captured. */
  canPrompt: boolean;
  dismissed: boolean;
}

export const isWeChat = (userAgent: string) => /MicroMessenger/i.test(userAgent);

export const isIos = (userAgent: string, maxTouchPoints: number) =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);

/**
 * WebKit, the engine of every iPhone browser (Safari, WeChat, Chrome for iOS) and of Safari on a Mac:
 * it clears a site's storage after seven days without a visit unless the site is on the home screen.
 */
export const isWebKit = (userAgent: string, maxTouchPoints: number) =>
  isIos(userAgent, maxTouchPoints) || (/AppleWebKit/.test(userAgent) && !/Chrome|Chromium|Edg|OPR|Android/.test(userAgent));

/** Running as an installed app (display-mode standalone, or navigator.standalone on iOS). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

export function decideInstallHint({ userAgent, maxTouchPoints, standalone, canPrompt, dismissed }: InstallContext): InstallHintKind | null {
  if (standalone || dismissed) return null;
  if (isWeChat(userAgent)) return 'wechat';
  if (canPrompt) return 'prompt';
  if (isIos(userAgent, maxTouchPoints)) return 'ios';
  return null;
}

export const INSTALL_HINT_DISMISSED_KEY = 'PWA_INSTALL_HINT_DISMISSED';

/** 关闭 on the hint keeps it away for 7 days (src/lib/storage.ts drops the key when it expires). */
export function dismissInstallHint(): void {
  local.set(INSTALL_HINT_DISMISSED_KEY, true, SEVEN_DAYS_MS);
}

export function isInstallHintDismissed(): boolean {
  try {
    return local.get<boolean>(INSTALL_HINT_DISMISSED_KEY) === true;
  } catch {
    return false;
  }
}
