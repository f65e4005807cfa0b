import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const SeasonDesktop = lazy(() => import('./season-desktop.tsx'));
const SeasonPhone = lazy(() => import('./season-phone.tsx'));

/** 学生实习进度 (/internship/season): a program's students × weeks on a computer; one week's students on the phone. */
export default function Season() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <SeasonPhone /> : <SeasonDesktop />}</Suspense>;
}
