import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./role-list-desktop.tsx'));
const PhoneView = lazy(() => import('./role-list-phone.tsx'));

/** 角色管理 (/system/role): the role resource plus 授权; antd on desktop and tablet, antd-mobile on the phone. */
export default function RoleListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
