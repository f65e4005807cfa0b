import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { NotificationHost } from '@/components/notification/notification-host.tsx';
import { useAppliedSettings } from '@/hooks/use-applied-settings.ts';
import { UpdatePrompt } from '@/offline/pwa/update-prompt.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  useAppliedSettings();
  return (
    <ConfigProvider locale={zhCN}>
      <AppRouter />
      <NotificationHost />
      <UpdatePrompt />
    </ConfigProvider>
  );
}
