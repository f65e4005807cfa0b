import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import '../practice-score.css';

const DesktopView = lazy(() => import('./scores-desktop.tsx'));
const PhoneView = lazy(() => import('./scores-phone.tsx'));

/** 成绩录入 (/practice/score): teachers enter a class's scores of a course on the desktop; the phone lists and shows them. */
export default function ScoresPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
