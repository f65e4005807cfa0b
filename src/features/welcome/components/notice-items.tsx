import { Link } from 'react-router-dom';
import type { AnnouncementItem } from '@contract/session.ts';
import { paths } from '@/config/paths.ts';
import dayjs from '@/lib/dayjs.ts';

const PRIORITY: Record<AnnouncementItem['priority'], string> = { L: '一般', M: '重要', H: '紧急' };

/** Unread announcements as links to their detail page (which marks them read). */
export function NoticeItems({ items, loading }: { items: AnnouncementItem[]; loading?: boolean }) {
  if (items.length === 0) return <p className="welcome-empty">{loading ? '正在加载…' : '暂无未读消息'}</p>;
  return (
    <ul className="welcome-notices">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={`${paths.detailPage}?id=${encodeURIComponent(item.id)}`} className="welcome-notices__link">
            <span className={`welcome-notices__priority welcome-notices__priority--${item.priority}`}>{PRIORITY[item.priority]}</span>
            <span className="welcome-notices__title">{item.titile}</span>
            <time className="welcome-notices__time" dateTime={item.createTime}>
              {dayjs(item.createTime).format('MM-DD HH:mm')}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
