import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useWorkflowListState } from '../components/workflow-parts.tsx';

const DesktopView = lazy(() => import('./my-applications-desktop.tsx'));
const PhoneView = lazy(() => import('./my-applications-phone.tsx'));

/** 我的申请: the applications I submitted, where each stands; one nobody decided on yet may be withdrawn. */
export default function MyApplicationsPage() {
  const device = useDevice();
  const state = useWorkflowListState();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView state={state} /> : <DesktopView state={state} />}</Suspense>;
}
