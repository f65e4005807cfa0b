import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopList = lazy(() => import('./warning-list-desktop.tsx'));
const PhoneList = lazy(() => import('./warning-list-phone.tsx'));

/** 实习预警 (/internship/warning): what the warnings job raised, in the caller's reach, to look into and mark handled. */
export default function WarningListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneList /> : <DesktopList />}</Suspense>;
}
