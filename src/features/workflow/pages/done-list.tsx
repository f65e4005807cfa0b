import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useWorkflowListState } from '../components/workflow-parts.tsx';

const DesktopView = lazy(() => import('./done-list-desktop.tsx'));
const PhoneView = lazy(() => import('./done-list-phone.tsx'));

/** 我的已办: the tasks I decided, with my decision; opening one shows the application as it stands now. */
export default function DoneListPage() {
  const device = useDevice();
  const state = useWorkflowListState();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView state={state} /> : <DesktopView state={state} />}</Suspense>;
}
