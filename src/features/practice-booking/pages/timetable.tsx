import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import '../practice-booking.css';

const DesktopView = lazy(() => import('./timetable-desktop.tsx'));
const PhoneView = lazy(() => import('./timetable-phone.tsx'));

/** 实训课表: the desktop grid (days × periods) or the phone's day view with a week strip. */
export default function TimetablePage() {
  return <Suspense fallback={<PageLoading />}>{useDevice() === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
