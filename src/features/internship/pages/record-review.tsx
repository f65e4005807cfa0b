import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useRecordReviewState } from './record-review-parts.tsx';

const DesktopView = lazy(() => import('./record-review-desktop.tsx'));
const PhoneView = lazy(() => import('./record-review-phone.tsx'));

/** 实习记录批阅 (/internship/review): the adviser approves or returns the advisees' records of each declared kind. */
export default function RecordReviewPage() {
  const device = useDevice();
  const state = useRecordReviewState();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView state={state} /> : <DesktopView state={state} />}</Suspense>;
}
