// antd-mobile's global styles, then its ConfigProvider alone: importing 'antd-mobile' itself here
// would put all of its components in the first load's chunk (vite.config.ts groups what the entry
// reaches statically).
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useLayoutEffect } from 'react';
import { NotificationHost } from '@/components/notification/notification-host.tsx';
import { useAppliedSettings } from '@/hooks/use-applied-settings.ts';
import { UpdatePrompt } from '@/offline/pwa/update-prompt.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  useAppliedSettings();
  // index.html's first paint of the login card, when the first render is not the login form that
  // takes it over (a 数字校园 deployment's first visit opens on its welcome page).
  useLayoutEffect(() => document.getElementById('first-paint')?.remove(), []);
  return (
    <ConfigProvider locale={zhCN}>
      <AppRouter />
      <NotificationHost />
      <UpdatePrompt />
    </ConfigProvider>
  );
}
