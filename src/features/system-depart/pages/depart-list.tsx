import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./depart-list-desktop.tsx'));
const PhoneView = lazy(() => import('./depart-list-phone.tsx'));

/** 部门管理 (/system/depart): the department tree; antd on desktop and tablet, antd-mobile on the phone. */
export default function DepartListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
