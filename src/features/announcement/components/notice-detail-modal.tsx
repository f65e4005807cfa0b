import { Modal, Spin } from 'antd';
import type { DetailState } from '../hooks/use-notice-bell.ts';
import { useAnnouncement } from '../api/get-announcement.ts';
import { AnnouncementBody } from './announcement-body.tsx';

/** The detail of one announcement in an antd dialog: title, sender, time and the sanitised content. */
export function NoticeDetailModal({ detail, onClose }: { detail: DetailState; onClose: () => void }) {
  const { data, isError } = useAnnouncement(detail.id);
  return (
    <Modal open={detail.open} title={data?.titile ?? '消息详情'} footer={null} width={720} onCancel={onClose} centered>
      {data ? <AnnouncementBody detail={data} /> : isError ? <p>无法加载这条消息。</p> : <Spin className="notice-detail__loading" />}
    </Modal>
  );
}
