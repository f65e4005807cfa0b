import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import '../evaluation.css';

const DesktopView = lazy(() => import('./evaluation-desktop.tsx'));
const PhoneView = lazy(() => import('./evaluation-phone.tsx'));

/** 实训评价: students rate their courses (mostly on the phone); teachers rate students and read their averages; the office reads all. */
export default function EvaluationPage() {
  return <Suspense fallback={<PageLoading />}>{useDevice() === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
