import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { onRecordsSynced } from '@/offline/outbox.ts';
import { VISITS_KEY } from '../api/visit-api.ts';
import '../visit.css';

const DesktopView = lazy(() => import('./visits-desktop.tsx'));
const PhoneView = lazy(() => import('./visits-phone.tsx'));

/** 走访/巡查: the adviser's visits to their students, filed on the phone offline; the list read again once the outbox has sent them. */
export default function VisitsPage() {
  const device = useDevice();
  const client = useQueryClient();
  useEffect(() => onRecordsSynced(() => void client.invalidateQueries({ queryKey: VISITS_KEY })), [client]);
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
