import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./model-editor-desktop.tsx'));
const PhoneView = lazy(() => import('./model-editor-phone.tsx'));

/** 流程模型: the administrator's steps of each kind of application; edited on desktop and tablet, the phone says so. */
export default function ModelEditorPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
