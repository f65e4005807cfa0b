import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./job-list-desktop.tsx'));
const PhoneView = lazy(() => import('./job-list-phone.tsx'));

/** 定时任务 (/system/job): the server's scheduled jobs; antd on desktop and tablet, antd-mobile on the phone. */
export default function JobListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
