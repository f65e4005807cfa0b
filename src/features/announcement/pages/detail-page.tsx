import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '@/lib/session-store.ts';
import { useAnnouncement } from '../api/get-announcement.ts';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read.ts';
import { AnnouncementBody } from '../components/announcement-body.tsx';
import { LoginFirst, StandalonePage } from './standalone-page.tsx';

/** One announcement, its content sanitised; reading it here marks it read. */
function AnnouncementDetail({ id }: { id: string }) {
  const { data, isError } = useAnnouncement(id);
  const markRead = useMarkAnnouncementRead();
  const { mutate } = markRead;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!data || marked.current === data.id) return;
    marked.current = data.id;
    mutate({ anntId: data.id });
  }, [data, mutate]);
  if (isError) return <p className="standalone__placeholder">这条消息不存在或已撤销</p>;
  if (!data) return <p className="standalone__placeholder">正在加载…</p>;
  return (
    <article className="standalone__card" aria-labelledby="detail-title">
      <h2 id="detail-title" className="standalone__heading">
        {data.titile}
      </h2>
      <AnnouncementBody detail={data} />
    </article>
  );
}

/** /detail-page?id=: an announcement on a full page (SPEC.md section 2); someone not logged in is asked to log in. */
export default function DetailPage() {
  const { token } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id');
  let content;
  if (!token) content = <LoginFirst from={`${location.pathname}${location.search}`} />;
  else if (!id) content = <p className="standalone__placeholder">缺少消息编号</p>;
  else content = <AnnouncementDetail id={id} />;
  return <StandalonePage title="消息详情">{content}</StandalonePage>;
}
