import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./dict-list-desktop.tsx'));
const PhoneView = lazy(() => import('./dict-list-phone.tsx'));

/** 数据字典 (/system/dict): dictionaries and their items; antd on desktop and tablet, antd-mobile on the phone. */
export default function DictListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
