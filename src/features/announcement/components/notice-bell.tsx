import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Tabs } from 'antd';
import type { AnnouncementItem } from '@contract/session.ts';
import { bellLabel, useNoticeBell } from '../hooks/use-notice-bell.ts';
import { NoticeDetailModal } from './notice-detail-modal.tsx';
import { NoticeList, toEntry } from './notice-list.tsx';
import './notice.css';

/** The desktop and tablet header's notice bell (antd): badge, popover with 通知 and 系统消息, and the detail dialog. */
export default function NoticeBell() {
  const bell = useNoticeBell();
  const pickFrom = (items: AnnouncementItem[]) => (id: string) => {
    const item = items.find((i) => i.id === id);
    if (item) bell.pick(item);
  };
  const content = (
    <div className="notice-popover">
      <Tabs
        size="small"
        items={[
          {
            key: 'notice',
            label: `通知(${bell.noticeTotal})`,
            children: <NoticeList entries={bell.notices.map(toEntry)} loading={bell.loading} onPick={pickFrom(bell.notices)} />,
          },
          {
            key: 'message',
            label: `系统消息(${bell.messageTotal})`,
            children: <NoticeList entries={bell.messages.map(toEntry)} loading={bell.loading} onPick={pickFrom(bell.messages)} />,
          },
        ]}
      />
      <div className="notice-popover__footer">
        <Button type="link" onClick={bell.viewMore}>
          查看更多
        </Button>
      </div>
    </div>
  );
  return (
    <>
      <Popover open={bell.open} onOpenChange={bell.setOpen} trigger="click" placement="bottomRight" content={content} arrow={{ pointAtCenter: true }}>
        <Button type="text" className="notice-bell" aria-label={bellLabel(bell.total)} aria-haspopup="dialog" aria-expanded={bell.open}>
          <Badge count={bell.total} size="small" overflowCount={99}>
            <BellOutlined className="notice-bell__icon" />
          </Badge>
        </Button>
      </Popover>
      <NoticeDetailModal detail={bell.detail} onClose={bell.closeDetail} />
    </>
  );
}
