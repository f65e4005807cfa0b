import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./fill-rule-list-desktop.tsx'));
const PhoneView = lazy(() => import('./fill-rule-list-phone.tsx'));

/** 编码规则 (/system/fillrule): antd on desktop and tablet, antd-mobile on the phone. */
export default function FillRuleListPage() {
  const device = useDevice();
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView /> : <DesktopView />}</Suspense>;
}
