import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./interactions-desktop.tsx'));
const PhoneView = lazy(() => import('./interactions-phone.tsx'));

/** 互动: threads between a student and their adviser and mentor, general or about a record; replies go to the bell. */
export default function InteractionsPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
