import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const Desktop = lazy(() => import('./user-list-desktop.tsx'));
const Phone = lazy(() => import('./user-list-phone.tsx'));

/** 用户管理 (/system/user): the antd screen on desktop and tablet, the antd-mobile one on the phone. */
export default function UserListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <Phone /> : <Desktop />}</Suspense>;
}
