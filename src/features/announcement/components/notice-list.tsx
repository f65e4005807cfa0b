import type { AnnouncementItem } from '@contract/session.ts';
import { noticeTime } from '../utils/notice-time.ts';
import { PriorityTag } from './priority-tag.tsx';
import './notice.css';

export interface NoticeEntry {
  id: string;
  titile: string;
  priority: 'L' | 'M' | 'H';
  time: string | null;
  /** Left out in the bell, which lists only unread ones. */
  read?: boolean;
  sender?: string | null;
}

/** A bell item as a list entry. */
export const toEntry = (item: AnnouncementItem): NoticeEntry => ({ id: item.id, titile: item.titile, priority: item.priority, time: item.createTime });

/** Announcements as a list of buttons (title, priority, time); the same markup in the antd popover and the antd-mobile sheet. */
export function NoticeList({ entries, loading, onPick }: { entries: NoticeEntry[]; loading?: boolean; onPick: (id: string) => void }) {
  if (entries.length === 0) return <p className="notice-list__empty">{loading ? '正在加载…' : '暂无消息'}</p>;
  return (
    <ul className="notice-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button type="button" className={`notice-item${entry.read ? ' notice-item--read' : ''}`} onClick={() => onPick(entry.id)}>
            <span className="notice-item__title">
              {entry.read === false && (
                <span className="notice-item__dot">
                  <span className="notice-hidden">未读</span>
                </span>
              )}
              {entry.titile}
            </span>
            <span className="notice-item__meta">
              <PriorityTag priority={entry.priority} />
              {entry.sender && <span>{entry.sender}</span>}
              {entry.time && <time dateTime={entry.time}>{noticeTime(entry.time)}</time>}
              {entry.read && <span>已读</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
