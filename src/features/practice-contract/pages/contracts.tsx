import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { createFormCarry } from '@/components/resource/form-carry.ts';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./contracts-desktop.tsx'));
const PhoneView = lazy(() => import('./contracts-phone.tsx'));

/**
 * 校企合作协议 (/practice/contract): the generic list of CONTRACT_RESOURCE with its 到期提醒 filter and each
 * contract's files; antd on desktop and tablet, antd-mobile on the phone.
 */
export default function Contracts() {
  const device = useDevice();
  // The open form and its input move to the other layout with the page.
  const [carry] = useState(createFormCarry);
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView carry={carry} /> : <DesktopView carry={carry} />}</Suspense>;
}
