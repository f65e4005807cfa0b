import { ListPhone } from '@/components/list/list-phone.tsx';
import { PhoneNoticeDetail } from '../components/phone-notice-detail.tsx';
import type { MyAnnouncementsPage } from './my-announcements.tsx';

/** 我的消息 on the phone (antd-mobile only): read filter tabs, the messages page after page, the message in a sheet. */
export default function MyAnnouncementsPhone({ list, detail, closeDetail }: MyAnnouncementsPage) {
  return (
    <ListPhone list={list}>
      <PhoneNoticeDetail detail={detail} onClose={closeDetail} />
    </ListPhone>
  );
}
