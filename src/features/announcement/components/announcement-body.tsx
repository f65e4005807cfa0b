import { useMemo } from 'react';
import type { AnnouncementDetail } from '@contract/announcement.ts';
import { fullTime } from '../utils/notice-time.ts';
import { sanitizeHtml } from '@/lib/sanitize-html.ts';
import { PriorityTag } from './priority-tag.tsx';
import './notice.css';

/** Sender, time and the sanitised content of an announcement; its title is the dialog's. */
export function AnnouncementBody({ detail }: { detail: AnnouncementDetail }) {
  const html = useMemo(() => sanitizeHtml(detail.msgContent), [detail.msgContent]);
  return (
    <article className="announcement-body">
      <p className="announcement-body__meta">
        <PriorityTag priority={detail.priority} />
        <span>发布人：{detail.sender || '—'}</span>
        <span>
          发布时间：<time dateTime={detail.sendTime ?? undefined}>{fullTime(detail.sendTime)}</time>
        </span>
      </p>
      <div className="announcement-body__content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
