import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { NoticeDetailModal } from '../components/notice-detail-modal.tsx';
import type { MyAnnouncementsPage } from './my-announcements.tsx';

/** 我的消息 on desktop and tablet: the read filter, the paged table, the message in a dialog. */
export default function MyAnnouncementsDesktop({ list, detail, closeDetail }: MyAnnouncementsPage) {
  return (
    <ListDesktop list={list}>
      <NoticeDetailModal detail={detail} onClose={closeDetail} />
    </ListDesktop>
  );
}
