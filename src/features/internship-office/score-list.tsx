import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./score-desktop.tsx'));
const PhoneView = lazy(() => import('./score-phone.tsx'));

/** 实习成绩 (/internship/score): the office publishes, advisers score, mentors evaluate (on the phone), students read theirs. */
export default function ScoreListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
