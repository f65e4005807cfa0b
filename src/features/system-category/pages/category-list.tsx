import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./category-list-desktop.tsx'));
const PhoneView = lazy(() => import('./category-list-phone.tsx'));

/** 分类字典 (/system/category): the category tree; antd on desktop and tablet, antd-mobile on the phone. */
export default function CategoryListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
