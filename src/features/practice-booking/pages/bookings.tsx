import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import '../practice-booking.css';

const DesktopView = lazy(() => import('./bookings-desktop.tsx'));
const PhoneView = lazy(() => import('./bookings-phone.tsx'));

/** 实训预约: booked on desktop (the week's free slots beside the form); the phone lists one's bookings. */
export default function BookingsPage() {
  return <Suspense fallback={<PageLoading />}>{useDevice() === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
