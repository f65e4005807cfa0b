import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./announcement-list-desktop.tsx'));
const PhoneView = lazy(() => import('./announcement-list-phone.tsx'));

/** 系统通告 (/system/announcement): write, publish and revoke announcements; antd on desktop and tablet, antd-mobile on the phone. */
export default function AnnouncementListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
