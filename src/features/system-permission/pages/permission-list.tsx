import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./permission-list-desktop.tsx'));
const PhoneView = lazy(() => import('./permission-list-phone.tsx'));

/** 菜单管理 (/system/permission): the menu and button tree; edited on desktop and tablet (antd), read on the phone (antd-mobile). */
export default function PermissionListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
