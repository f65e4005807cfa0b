import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const StatsDesktop = lazy(() => import('./stats-desktop.tsx'));
const StatsPhone = lazy(() => import('./stats-phone.tsx'));

/** 实习统计 (/internship/stats): a program's placements, 周记 and open warnings; cards and charts on desktop, a list on the phone. */
export default function StatsPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <StatsPhone /> : <StatsDesktop />}</Suspense>;
}
