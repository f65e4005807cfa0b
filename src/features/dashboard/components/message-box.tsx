import type { AnnouncementItem } from '@contract/session.ts';
import { newestFirst } from '@contract/order.ts';
import { PageLink } from '@/components/page-link.tsx';
import { paths } from '@/config/paths.ts';
import { useAnnouncementLists } from '@/hooks/use-announcement-lists.ts';
import dayjs from '@/lib/dayjs.ts';
import './dashboard.css';

/** 我的消息, the notice bell's 查看更多 page (a hidden menu route, contract/announcement.ts). */
const MY_MESSAGES_PATH = '/isps/userAnnouncement';
const SHOWN = 5;

const PRIORITY: Record<AnnouncementItem['priority'], string> = { L: '一般', M: '重要', H: '紧急' };

/** The workplace's message box (未读消息): unread 通知 and 系统消息, the newest five, each opening its detail. */
export function MessageBox() {
  // An answer the bell loaded in the last few seconds is used as it is: the box mounts just after the bell.
  const { data, isError, fetchStatus } = useAnnouncementLists({ staleTime: 10_000 });
  const items = data ? [...data.anntMsgList, ...data.sysMsgList].sort((a, b) => newestFirst(a.createTime, b.createTime)).slice(0, SHOWN) : [];
  return (
    <section className="dashboard-card home-box" aria-labelledby="home-messages">
      <div className="dashboard-card__head">
        <h2 id="home-messages" className="dashboard-card__title">
          未读消息
        </h2>
        <PageLink to={MY_MESSAGES_PATH} className="home-box__more">
          查看更多
        </PageLink>
      </div>
      <p className="home-box__counts">
        未读通知 <strong>{data?.anntMsgTotal ?? '—'}</strong> 条，未读系统消息 <strong>{data?.sysMsgTotal ?? '—'}</strong> 条
      </p>
      {/* The messages the device kept stay in view when a later load fails; offline, the load waits for the network. */}
      {isError && !data ? (
        <p className="dashboard-card__error">消息加载失败</p>
      ) : !data ? (
        <p className="dashboard-card__empty">{fetchStatus === 'paused' ? '离线，联网后更新' : '正在加载…'}</p>
      ) : items.length === 0 ? (
        <p className="dashboard-card__empty">暂无未读消息</p>
      ) : (
        <ul className="home-box__list">
          {items.map((item) => (
            <li key={item.id}>
              <PageLink to={`${paths.detailPage}?id=${encodeURIComponent(item.id)}`} className="home-box__link">
                <span className={`home-box__priority home-box__priority--${item.priority}`}>{PRIORITY[item.priority]}</span>
                <span className="home-box__title">{item.titile}</span>
                <time className="home-box__time" dateTime={item.createTime}>
                  {dayjs(item.createTime).format('MM-DD HH:mm')}
                </time>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
