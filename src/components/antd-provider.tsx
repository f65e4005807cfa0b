import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { prefersReducedMotion } from '@/lib/reduced-motion.ts';
import { useSettings } from '@/lib/settings-store.ts';

/**
 * antd in Chinese with the chosen primary colour, for the desktop layout and for desktop pages
 * (pages render outside the layout's tree, so they need it again). Import it only from antd code.
 * Without animations when the system asks for reduced motion.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { primaryColor } = useSettings();
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: primaryColor, borderRadius: 6, motion: !prefersReducedMotion() } }}>
      {children}
    </ConfigProvider>
  );
}
