import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AnnouncementItem } from '@contract/session.ts';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session-store.ts';
import { useAnnouncementLists } from '@/hooks/use-announcement-lists.ts';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read.ts';
import { NoticeList, toEntry } from '../components/notice-list.tsx';
import { USER_ANNOUNCEMENT_PATH, noticeTarget } from '../utils/notice-rules.ts';
import { LoginFirst, StandalonePage } from './standalone-page.tsx';

type Tab = 'notice' | 'message';

function UnreadMessages() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('notice');
  const { data, isPending, isError } = useAnnouncementLists();
  const markRead = useMarkAnnouncementRead();
  const items = (tab === 'notice' ? data?.anntMsgList : data?.sysMsgList) ?? [];
  const pick = (id: string) => {
    const item = items.find((i) => i.id === id);
    if (!item) return;
    open(item);
  };
  /** Same rule as the bell: openType 'component' opens its page, anything else the detail (which marks it read). */
  const open = (item: AnnouncementItem) => {
    const target = noticeTarget(item);
    if (target.kind === 'page') {
      markRead.mutate({ anntId: item.id });
      navigate(target.to);
    } else {
      navigate(`${paths.detailPage}?id=${encodeURIComponent(item.id)}`);
    }
  };
  const tabs: { key: Tab; label: string }[] = [
    { key: 'notice', label: `通知(${data?.anntMsgTotal ?? 0})` },
    { key: 'message', label: `系统消息(${data?.sysMsgTotal ?? 0})` },
  ];
  return (
    <section className="standalone__card" aria-label="未读消息">
      <div role="tablist" className="standalone__tabs">
        {tabs.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} className="standalone__tab" onClick={() => setTab(t.key)}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {isError ? <p className="notice-list__empty">消息加载失败</p> : <NoticeList entries={items.map(toEntry)} loading={isPending} onPick={pick} />}
      </div>
      <Link className="standalone__more" to={USER_ANNOUNCEMENT_PATH}>
        查看全部消息
      </Link>
    </section>
  );
}

/**
 * /message-list and /user-message-list: the user's unread 通知 and 系统消息 on a full page without the
 * shell (the welcome page's bell opens it in a new tab). Someone not logged in is asked to log in.
 */
export default function MessageListPage() {
  const { token } = useSession();
  const location = useLocation();
  return <StandalonePage title="我的消息">{token ? <UnreadMessages /> : <LoginFirst from={location.pathname} />}</StandalonePage>;
}
