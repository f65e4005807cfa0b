import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useSettings } from '@/lib/settings-store.ts';

/**
 * antd in Chinese with the chosen primary colour, for the desktop layout and for desktop pages
 * (pages render outside the layout's tree, so they need it again). Import it only from antd code.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { primaryColor } = useSettings();
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: primaryColor, borderRadius: 6 } }}>
      {children}
    </ConfigProvider>
  );
}
