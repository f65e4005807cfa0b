import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { createFormCarry } from '@/components/resource/form-carry.ts';
import { useDevice } from '@/hooks/use-device.ts';

const DesktopView = lazy(() => import('./unit-list-desktop.tsx'));
const PhoneView = lazy(() => import('./unit-list-phone.tsx'));

/**
 * 实习单位 (/internship/unit): the generic list of UNIT_RESOURCE with the office's 审核 and each unit's posts and
 * contacts; antd on desktop and tablet, antd-mobile on the phone (as ResourcePage, with each layout's extras).
 */
export default function UnitList() {
  const device = useDevice();
  // The open form and its input move to the other layout with the page.
  const [carry] = useState(createFormCarry);
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView carry={carry} /> : <DesktopView carry={carry} />}</Suspense>;
}
