import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Popup, Tabs } from 'antd-mobile';
import type { AnnouncementItem } from '@contract/session.ts';
import { useSheetOnceOpened } from '@/hooks/use-sheet-once-opened.ts';
import { bellLabel, useNoticeBell } from '../hooks/use-notice-bell.ts';
import { BellIcon } from './bell-icon.tsx';
import { NoticeList, toEntry } from './notice-list.tsx';
import './phone-notice.css';

/** Loaded with the first notice opened (it brings the HTML sanitiser), not with every page. */
const PhoneNoticeDetail = lazy(() => import('./phone-notice-detail.tsx').then((m) => ({ default: m.PhoneNoticeDetail })));

/** The phone title bar's notice bell (antd-mobile): badge, a sheet with 通知 and 系统消息, and the detail sheet. */
export default function PhoneNoticeEntry() {
  const bell = useNoticeBell();
  const [tab, setTab] = useState('notice');
  const sheet = useSheetOnceOpened(bell.open);
  const pickFrom = (items: AnnouncementItem[]) => (id: string) => {
    const item = items.find((i) => i.id === id);
    if (item) bell.pick(item);
  };
  return (
    <>
      <button type="button" className="phone-notice__button" aria-label={bellLabel(bell.total)} aria-haspopup="dialog" aria-expanded={bell.open} onClick={() => bell.setOpen(true)}>
        <Badge content={bell.total > 0 ? (bell.total > 99 ? '99+' : String(bell.total)) : null}>
          <BellIcon />
        </Badge>
      </button>
      {sheet.mounted && (
        <Popup visible={sheet.visible} position="bottom" onMaskClick={() => bell.setOpen(false)} onClose={() => bell.setOpen(false)} bodyClassName="phone-notice__sheet">
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
      )}
      {bell.detail.id !== null && (
        <Suspense fallback={null}>
          <PhoneNoticeDetail detail={bell.detail} onClose={bell.closeDetail} />
        </Suspense>
      )}
    </>
  );
}
