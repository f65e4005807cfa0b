import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { NotificationHost } from '@/components/notification/notification-host.tsx';
import { queryClient } from './query-client.ts';
import { AppRouter } from './router.tsx';

export function App() {
  return (
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
        <NotificationHost />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
