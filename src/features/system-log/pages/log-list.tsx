import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./log-list-desktop.tsx'));
const PhoneView = lazy(() => import('./log-list-phone.tsx'));

/** 日志管理 (/system/log): the login log and the operation log; antd on desktop and tablet, antd-mobile on the phone. */
export default function LogListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
