import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage.test-support.ts';
import { SEVEN_DAYS_MS } from '@/lib/storage.ts';
import { INSTALL_HINT_DISMISSED_KEY, decideInstallHint, dismissInstallHint, isInstallHintDismissed, isWebKit, type InstallContext } from './install-decision.ts';

const UA = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

const context = (overrides: Partial<InstallContext>): InstallContext => ({
  userAgent: UA.androidChrome,
  maxTouchPoints: 5,
  standalone: false,
  canPrompt: false,
  dismissed: false,
  ...overrides,
});

describe('isWebKit', () => {
  it.each([
    ['iPhone Safari', UA.iphoneSafari, 5, true],
    ['WeChat on an iPhone', UA.wechatIphone, 5, true],
    ['iPadOS (a Mac with a touch screen)', UA.ipadOs, 5, true],
    ['Safari on a Mac', UA.macSafari, 0, true],
    ['WebKitGTK', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15', 0, true],
    ['Android Chrome', UA.androidChrome, 5, false],
    ['WeChat on Android', UA.wechatAndroid, 5, false],
    ['Windows Chrome', UA.windowsChrome, 0, false],
  ])('%s', (_name, userAgent, maxTouchPoints, webkit) => {
    expect(isWebKit(userAgent, maxTouchPoints)).toBe(webkit);
  });
});

describe('decideInstallHint', () => {
  it.each([
    ['Android Chrome that offered its install dialog', { canPrompt: true }, 'prompt'],
    ['Android Chrome without an install dialog (not installable yet)', {}, null],
    ['desktop Chrome that offered its install dialog', { userAgent: UA.windowsChrome, maxTouchPoints: 0, canPrompt: true }, 'prompt'],
    ['iPhone Safari', { userAgent: UA.iphoneSafari }, 'ios'],
    ['iPadOS Safari (claims to be a Mac, has touch)', { userAgent: UA.ipadOs, maxTouchPoints: 5 }, 'ios'],
    ['Mac Safari (no touch)', { userAgent: UA.macSafari, maxTouchPoints: 0 }, null],
    ['WeChat on Android', { userAgent: UA.wechatAndroid }, 'wechat'],
    ['WeChat on iPhone', { userAgent: UA.wechatIphone }, 'wechat'],
    ['WeChat even if an install dialog were offered', { userAgent: UA.wechatAndroid, canPrompt: true }, 'wechat'],
  ] as const)('%s → %s', (_name, overrides, expected) => {
    expect(decideInstallHint(context(overrides))).toBe(expected);
  });

  it.each([
    ['installed (standalone) on iPhone', { userAgent: UA.iphoneSafari, standalone: true }],
    ['installed (standalone) on Android', { canPrompt: true, standalone: true }],
    ['dismissed on iPhone', { userAgent: UA.iphoneSafari, dismissed: true }],
    ['dismissed in WeChat', { userAgent: UA.wechatIphone, dismissed: true }],
    ['dismissed with a prompt available', { canPrompt: true, dismissed: true }],
  ] as const)('shows nothing when %s', (_name, overrides) => {
    expect(decideInstallHint(context(overrides))).toBeNull();
  });
});

describe('the 7-day dismissal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the hint away for 7 days, then it may come back', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
    expect(isInstallHintDismissed()).toBe(false);

    dismissInstallHint();
    expect(isInstallHintDismissed()).toBe(true);
    vi.setSystemTime(Date.now() + SEVEN_DAYS_MS - 60_000);
    expect(isInstallHintDismissed()).toBe(true);
    vi.setSystemTime(Date.now() + 120_000);
    expect(isInstallHintDismissed()).toBe(false);
    expect(localStorage.getItem(INSTALL_HINT_DISMISSED_KEY)).toBeNull();
  });

  it('blocked storage counts as not dismissed instead of breaking the page', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(isInstallHintDismissed()).toBe(false);
  });
});
