import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useMyAnnouncementList } from '../hooks/use-my-announcement-list.ts';

const DesktopView = lazy(() => import('../components/my-announcements-table.tsx'));
const PhoneView = lazy(() => import('../components/my-announcements-phone.tsx'));

/** 我的消息 (/isps/userAnnouncement): antd table on desktop and tablet, antd-mobile list on the phone. */
export default function UserAnnouncementPage() {
  const device = useDevice();
  const list = useMyAnnouncementList(device === 'phone');
  return <Suspense fallback={<PageLoading />}>{device === 'phone' ? <PhoneView list={list} /> : <DesktopView list={list} />}</Suspense>;
}
