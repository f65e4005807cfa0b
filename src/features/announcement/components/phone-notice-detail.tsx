import { useId } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { DetailState } from '../hooks/use-notice-bell.ts';
import { useAnnouncement } from '../api/get-announcement.ts';
import { AnnouncementBody } from './announcement-body.tsx';
import './phone-notice.css';

/** The detail of one announcement in an antd-mobile sheet (the phone never loads antd). */
export function PhoneNoticeDetail({ detail, onClose }: { detail: DetailState; onClose: () => void }) {
  const { data, isError } = useAnnouncement(detail.id);
  const titleId = useId();
  return (
    <Popup visible={detail.open} position="bottom" onMaskClick={onClose} onClose={onClose} bodyClassName="phone-notice__sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="phone-notice__dialog">
        <h2 id={titleId} className="phone-notice__title">
          {data?.titile ?? '消息详情'}
        </h2>
        <div className="phone-notice__scroll">
          {data ? <AnnouncementBody detail={data} /> : isError ? <p>无法加载这条消息。</p> : <DotLoading color="primary" />}
        </div>
        <Button block onClick={onClose}>
          关闭
        </Button>
      </div>
    </Popup>
  );
}
