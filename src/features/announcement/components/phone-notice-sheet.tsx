import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { AnnouncementItem } from '@contract/session.ts';
import type { NoticeBell } from '../hooks/use-notice-bell.ts';
import { NoticeList, toEntry } from './notice-list.tsx';

/** The phone bell's sheet: 通知 and 系统消息 in tabs, and 查看更多. */
export default function PhoneNoticeSheet({ bell, visible }: { bell: NoticeBell; visible: boolean }) {
  const [tab, setTab] = useState('notice');
  const pickFrom = (items: AnnouncementItem[]) => (id: string) => {
    const item = items.find((i) => i.id === id);
    if (item) bell.pick(item);
  };
  return (
    <Popup visible={visible} position="bottom" onMaskClick={() => bell.setOpen(false)} onClose={() => bell.setOpen(false)} bodyClassName="phone-notice__sheet">
      <div role="dialog" aria-modal="true" aria-label="消息通知" className="phone-notice__dialog">
        <Tabs activeKey={tab} onChange={setTab}>
          <Tabs.Tab key="notice" title={`通知(${bell.noticeTotal})`}>
            <NoticeList entries={bell.notices.map(toEntry)} loading={bell.loading} onPick={pickFrom(bell.notices)} />
          </Tabs.Tab>
          <Tabs.Tab key="message" title={`系统消息(${bell.messageTotal})`}>
            <NoticeList entries={bell.messages.map(toEntry)} loading={bell.loading} onPick={pickFrom(bell.messages)} />
          </Tabs.Tab>
        </Tabs>
        <Button block color="primary" fill="none" onClick={bell.viewMore}>
          查看更多
        </Button>
      </div>
    </Popup>
  );
}
