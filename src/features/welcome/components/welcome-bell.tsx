import { useEffect, useId, useRef, useState } from 'react';
import type { AnnouncementLists } from '@contract/session.ts';
import { paths } from '@/config/paths.ts';
import { userMessageListUrl } from '../utils/welcome-view.ts';
import { NoticeItems } from './notice-items.tsx';

type Tab = 'notice' | 'message';

/**
 * The welcome page's notice bell: the unread count, a panel with 通知 and 系统消息, and 查看更多,
 * which opens /user-message-list in a new tab (SPEC.md section 2).
 */
export function WelcomeBell({ lists }: { lists: AnnouncementLists | undefined }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('notice');
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const total = (lists?.anntMsgTotal ?? 0) + (lists?.sysMsgTotal ?? 0);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const viewMore = () => {
    setOpen(false);
    window.open(userMessageListUrl(window.location, paths.userMessageList), '_blank', 'noopener');
  };
  const tabs: { key: Tab; label: string }[] = [
    { key: 'notice', label: `通知(${lists?.anntMsgTotal ?? 0})` },
    { key: 'message', label: `系统消息(${lists?.sysMsgTotal ?? 0})` },
  ];

  return (
    <div className="welcome-bell" ref={root}>
      <button
        type="button"
        className="welcome-bell__button"
        aria-label={total > 0 ? `消息通知，${total}条未读` : '消息通知'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" fill="currentColor" />
        </svg>
        {total > 0 && <span className="welcome-bell__badge">{total > 99 ? '99+' : total}</span>}
      </button>
      {open && (
        <div id={panelId} role="dialog" aria-label="消息通知" className="welcome-bell__panel">
          <div role="tablist" className="welcome-tabs">
            {tabs.map((t) => (
              <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} className="welcome-tabs__tab" onClick={() => setTab(t.key)}>
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="welcome-bell__list">
            <NoticeItems items={(tab === 'notice' ? lists?.anntMsgList : lists?.sysMsgList) ?? []} loading={!lists} />
          </div>
          <button type="button" className="welcome-bell__more" onClick={viewMore}>
            查看更多
          </button>
        </div>
      )}
    </div>
  );
}
