import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useWorkflowListState } from '../components/workflow-parts.tsx';

const DesktopView = lazy(() => import('./todo-list-desktop.tsx'));
const PhoneView = lazy(() => import('./todo-list-phone.tsx'));

/** 我的待办: the applications waiting for my decision; opening one shows it with 同意 / 驳回 / 退回修改. */
export default function TodoListPage() {
  const device = useDevice();
  const state = useWorkflowListState();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView state={state} /> : <DesktopView state={state} />}</Suspense>;
}
