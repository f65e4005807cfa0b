import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PRIORITY_LABELS } from '@contract/announcement.ts';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import dayjs from '@/lib/dayjs.ts';
import { useSession } from '@/lib/session-store.ts';
import { myAnnouncementsQuery } from '../api/get-my-announcements.ts';
import './screen.css';

const SHOWN = 12;
const REFRESH_MS = 60_000;

function useNow() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The newest published announcements the viewer may see, reloaded every minute. */
function Board() {
  const { data, isError, isPending } = useQuery({ ...myAnnouncementsQuery({ pageNo: 1, pageSize: SHOWN }), refetchInterval: REFRESH_MS });
  if (isError) return <p className="screen__message">公告加载失败</p>;
  if (isPending) return <p className="screen__message">正在加载…</p>;
  if (!data?.records.length) return <p className="screen__message">暂无公告</p>;
  return (
    <ol className="screen__list">
      {data.records.map((r) => (
        <li key={r.id} className={`screen__item screen__item--${r.priority}`}>
          <span className="screen__priority">{PRIORITY_LABELS[r.priority]}</span>
          <span className="screen__item-title">{r.titile}</span>
          <span className="screen__meta">
            {r.sender && <span>{r.sender}</span>}
            {r.sendTime && <time dateTime={r.sendTime}>{dayjs(r.sendTime).format('YYYY-MM-DD HH:mm')}</time>}
          </span>
          {r.msgAbstract && <span className="screen__abstract">{r.msgAbstract}</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * /screen: a full-screen announcement board for a hall display: the clock and the newest published
 * announcements. The server gives announcements only to a logged-in user, so without one it asks for a login.
 */
export default function ScreenPage() {
  usePageTitle('公告大屏');
  const { token } = useSession();
  const now = useNow();
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <div className="screen">
      <header className="screen__header">
        <h1 className="screen__title">{deployment().title} · 公告栏</h1>
        <div className="screen__clock">
          <time dateTime={now.toISOString()}>{now.format('HH:mm:ss')}</time>
          <span>{now.format('YYYY年M月D日 dddd')}</span>
        </div>
        <button type="button" className="screen__fullscreen" onClick={toggleFullscreen}>
          全屏
        </button>
      </header>
      <main className="screen__body">
        {token ? (
          <Board />
        ) : (
          <div className="screen__message">
            <p>请登录后查看</p>
            <Link to={`${paths.login}?redirect=${encodeURIComponent(paths.screen)}`} className="screen__login">
              去登录
            </Link>
          </div>
        )}
      </main>
    </div>
  );
}
