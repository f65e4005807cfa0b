import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useCheckinDay } from './checkin-daily-parts.ts';

const DesktopView = lazy(() => import('./checkin-daily-desktop.tsx'));
const PhoneView = lazy(() => import('./checkin-daily-phone.tsx'));

/** 今日签到 (/internship/checkin-daily): the adviser's students on a day, who checked in, how located, and what the server noticed. */
export default function CheckinDailyPage() {
  usePageTitle('今日签到');
  const device = useDevice();
  const day = useCheckinDay();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView day={day} /> : <DesktopView day={day} />}</Suspense>;
}
