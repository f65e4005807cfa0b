import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useWeeklyReviewState } from './weekly-review-parts.tsx';

const DesktopView = lazy(() => import('./weekly-review-desktop.tsx'));
const PhoneView = lazy(() => import('./weekly-review-phone.tsx'));

/** 周记批阅 (/internship/weekly-review): the adviser approves or returns the advisees' weekly summaries. */
export default function WeeklyReviewPage() {
  const device = useDevice();
  const state = useWeeklyReviewState();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView state={state} /> : <DesktopView state={state} />}</Suspense>;
}
