import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./address-book-desktop.tsx'));
const PhoneView = lazy(() => import('./address-book-phone.tsx'));

/** 通讯录 (/system/addressbook): antd on desktop and tablet, antd-mobile on the phone. */
export default function AddressBookPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
