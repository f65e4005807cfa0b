import { Modal, Result, Spin } from 'antd';
import { useAnnouncementDetail } from '../api/get-announcement-detail.ts';
import { AnnouncementView } from './announcement-view.tsx';

/** 查看 on desktop: the announcement as readers will see it, with who it is for and its state. */
export function AnnouncementDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useAnnouncementDetail(id);
  let body;
  if (detail.data) body = <AnnouncementView detail={detail.data} />;
  else if (detail.isError) body = <Result status="warning" title="通告加载失败" subTitle={detail.error.message} />;
  else body = <Spin className="annt-form__loading" />;
  return (
    <Modal open={id !== null} title={detail.data?.titile ?? '通告详情'} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      {body}
    </Modal>
  );
}
