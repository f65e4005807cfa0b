import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { readableOnWhite } from '@/lib/readable-color.ts';
import { prefersReducedMotion } from '@/lib/reduced-motion.ts';
import { useSettings } from '@/lib/settings-store.ts';

/**
 * Colours that read at WCAG AA (4.5:1) where antd's defaults do not: links (antd takes them from its
 * info blue, not the primary colour), 删除 and errors, secondary text and the placeholders of pickers.
 */
const READABLE_TOKENS = {
  colorError: readableOnWhite('#FF4D4F'),
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
};

/**
 * antd in Chinese with the chosen primary colour (darkened where white text on it would not read), for
 * the desktop layout and for desktop pages (pages render outside the layout's tree, so they need it
 * again). Import it only from antd code. Without animations when the system asks for reduced motion.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const primary = readableOnWhite(useSettings().primaryColor);
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: primary, colorLink: primary, ...READABLE_TOKENS, borderRadius: 6, motion: !prefersReducedMotion() } }}
    >
      {children}
    </ConfigProvider>
  );
}
