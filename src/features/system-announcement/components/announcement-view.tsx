import { useMemo } from 'react';
import { MSG_CATEGORY_LABELS, MSG_TYPE_LABELS, OPEN_TYPE_OPTIONS, type AnnouncementAdminDetail } from '@contract/announcement.ts';
import { formatDate } from '@/lib/format.ts';
import { sanitizeHtml } from '@/lib/sanitize-html.ts';
import { userLabel } from '../utils/announcement-form.ts';
import { PriorityBadge } from './priority-badge.tsx';
import { StatusBadge } from './status-badge.tsx';
import './system-announcement.css';

const label = <K extends string>(labels: Record<K, string>, value: string) => (value in labels ? labels[value as K] : value);

/** 查看: what an announcement says and to whom, its content sanitised again before it is shown; plain markup for both layouts. */
export function AnnouncementView({ detail }: { detail: AnnouncementAdminDetail }) {
  const html = useMemo(() => sanitizeHtml(detail.msgContent), [detail.msgContent]);
  const openType = OPEN_TYPE_OPTIONS.find((o) => o.value === (detail.openType ?? ''));
  return (
    <article className="annt-view">
      <dl className="annt-view__meta">
        <div>
          <dt>优先级</dt>
          <dd>
            <PriorityBadge priority={detail.priority} />
          </dd>
        </div>
        <div>
          <dt>发布状态</dt>
          <dd>
            <StatusBadge status={detail.sendStatus} />
          </dd>
        </div>
        <div>
          <dt>消息类型</dt>
          <dd>{label(MSG_CATEGORY_LABELS, detail.msgCategory)}</dd>
        </div>
        <div>
          <dt>通告对象</dt>
          <dd>{detail.msgType === 'USER' ? detail.users.map(userLabel).join('、') || '—' : label(MSG_TYPE_LABELS, detail.msgType)}</dd>
        </div>
        <div>
          <dt>发布人</dt>
          <dd>{detail.sender || '—'}</dd>
        </div>
        <div>
          <dt>发布时间</dt>
          <dd>{formatDate(detail.sendTime) || '—'}</dd>
        </div>
        {openType?.value ? (
          <div className="annt-view__wide">
            <dt>打开方式</dt>
            <dd>
              {openType.label}：{detail.openPage}
              {detail.busId ? `（业务ID ${detail.busId}）` : ''}
            </dd>
          </div>
        ) : null}
        {detail.msgAbstract ? (
          <div className="annt-view__wide">
            <dt>摘要</dt>
            <dd>{detail.msgAbstract}</dd>
          </div>
        ) : null}
      </dl>
      <div className="annt-html" aria-label="通告内容" role="region" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
